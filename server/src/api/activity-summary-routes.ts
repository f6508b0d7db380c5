// GET /api/v1/activity/summary: the figures of the console's overview, for a SIEM or a dashboard too,
// from the rollups the activity writer keeps (activity/activity-summary.ts). Opened by audit:read, as
// the activity itself.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Store } from '../store/database.ts';
import { SUMMARY_WINDOW_NAMES, TOP_N, summarise } from '../activity/activity-summary.ts';
import { SEVERITIES } from '../../../shared/policy-terms.ts';
import { errorResponses } from './schemas.ts';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

const counts = {
  requests: Count('Every activity record: model requests and MCP calls.'),
  allowed: Count('Answered, with nothing redacted.'),
  redacted: Count('Answered, with something of the prompt or the answer redacted by the policy.'),
  blocked: Count('Stopped by the policy.'),
  upstream_errors: Count('The provider (or MCP server) failed or could not be reached.'),
  gateway_errors: Count('Refused or failed by the Gateway itself (no token, no provider key, …).'),
  findings: Count('Risk findings raised (first seen) in the period.'),
  tokens_in: Count('Input tokens the providers reported.'),
  tokens_out: Count('Output tokens the providers reported.'),
};

const Busiest = Type.Object({
  name: Type.String(),
  requests: Count('Requests in the window.'),
  blocked: Count('Of them, stopped by the policy.'),
});

const Summary = Type.Object(
  {
    window: Type.Enum(SUMMARY_WINDOW_NAMES),
    from: Type.String({ format: 'date-time', description: 'until minus the window.' }),
    until: Type.String({ format: 'date-time', description: 'Now.' }),
    bucket_seconds: Type.Integer({ description: '3600 (24h), 21600 (7d) or 86400 (30d).' }),
    totals: Type.Object(counts, {
      description:
        'The window’s figures: the sum of the series. Counted by whole hours, so the hour `from` falls in is counted whole.',
    }),
    series: Type.Array(Type.Object({ start: Type.String({ format: 'date-time' }), ...counts }), {
      description:
        'One bucket per UTC hour, 6-hour block or day, oldest first, empty ones included; the first and last may be partial.',
    }),
    top: Type.Object(
      {
        developers: Type.Array(
          Type.Object({
            id: Type.String({ description: 'The actor’s id: a developer’s or an API credential’s.' }),
            name: Type.String({ description: 'A developer’s name (or e-mail), a credential’s name.' }),
            requests: Count('Requests in the window.'),
            blocked: Count('Of them, stopped by the policy.'),
          }),
        ),
        tools: Type.Array(Busiest),
        models: Type.Array(Busiest),
        providers: Type.Array(Busiest),
      },
      { description: `Each list the ${TOP_N} busiest at most, busiest first.` },
    ),
    findings_open: Type.Object(
      Object.fromEntries(SEVERITIES.map((s) => [s, Count(`Open ${s} findings now.`)])) as Record<
        (typeof SEVERITIES)[number],
        ReturnType<typeof Count>
      >,
    ),
    devices_signed_in: Count('Devices with a live (not revoked, not expired) session now.'),
  },
  { $id: 'ActivitySummary' },
);

export const activitySummaryRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.addSchema(Summary);
  app.get(
    '/activity/summary',
    {
      config: { access: { role: 'viewer', scope: 'audit:read' } },
      schema: {
        operationId: 'summariseActivity',
        tags: ['activity'],
        summary: 'Requests by outcome over time, the busiest, findings and devices, for a window',
        description:
          'Computed from hourly rollups kept with the activity (never by reading the activity): the same figures as the console’s overview.',
        querystring: Type.Object(
          {
            window: Type.Optional(
              Type.Enum(SUMMARY_WINDOW_NAMES, {
                default: '7d',
                description: 'The last 24 hours, 7 days or 30 days (default 7d).',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('ActivitySummary'), ...errorResponses },
      },
    },
    async (request) => summarise(store.db, request.query.window ?? '7d', Date.now()),
  );
};
