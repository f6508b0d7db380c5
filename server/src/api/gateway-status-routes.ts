// The Gateway's per-provider health (what its GET /v1/status answers a gateway:invoke token) for the
// console's overview and dashboards, with audit:read. The health lives in the memory of each Gateway
// process, so only a console serving beside its Gateway (role all) can tell it; a console-only process
// says so rather than answering "unknown" for every provider.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UpstreamHealth } from '../gateway/upstream-health.ts';
import { PROVIDER_FAMILIES } from '../provider-keys/provider-key-types.ts';
import { errorResponses } from './schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const GatewayStatus = Type.Object(
  {
    gateway: Type.Enum(['in_process', 'separate'], {
      description:
        'in_process: the Gateway runs in this process, and providers is its health; separate: this process ' +
        'serves the console only (GATEHOUSE_ROLE=console), so providers is empty: ask each Gateway ' +
        'replica’s own GET /v1/status.',
    }),
    providers: Type.Array(
      Type.Object({
        provider: Type.Enum([...PROVIDER_FAMILIES]),
        status: Type.Enum(['operational', 'degraded', 'down', 'unknown'], {
          description:
            'From the share of 5xx, unreachable and timed-out upstream answers in the window: 5 % or more ' +
            'degraded, 50 % or more down; unknown with no request in the window.',
        }),
        window_seconds: Type.Integer(),
        requests: Type.Integer(),
        error_rate: Type.Number(),
        rate_limited: Type.Integer(),
        mean_latency_ms: Nullable(Type.Number()),
        last_error: Nullable(
          Type.Object({
            status: Nullable(Type.Integer()),
            reason: Type.String(),
            at: Type.String({ format: 'date-time' }),
          }),
        ),
      }),
    ),
  },
  { $id: 'GatewayStatus' },
);

export const gatewayStatusRoutes: FastifyPluginAsyncTypebox<{
  health: UpstreamHealth;
  gatewayInProcess: boolean;
}> = async (app, { health, gatewayInProcess }) => {
  app.addSchema(GatewayStatus);
  app.get(
    '/gateway/status',
    {
      config: { access: { role: 'viewer', scope: 'audit:read' } },
      schema: {
        operationId: 'getGatewayStatus',
        tags: ['activity'],
        summary: 'The Gateway’s health per provider over the last five minutes (as its GET /v1/status)',
        response: { 200: Type.Ref('GatewayStatus'), ...errorResponses },
      },
    },
    async () =>
      gatewayInProcess
        ? { gateway: 'in_process' as const, providers: health.report() }
        : { gateway: 'separate' as const, providers: [] },
  );
};
