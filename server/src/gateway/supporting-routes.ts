// The Gateway's supporting endpoints, for a caller holding a gateway:invoke token: GET /v1/models (the
// curated model list, in OpenAI's list shape, or Anthropic's when the caller is an Anthropic client)
// and GET /v1/status (per-provider health from this replica's recent upstream outcomes).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ModelCatalog } from '../provider-keys/model-catalog.ts';
import { auditRefusal, checkRequest, type CallerAuthority } from './caller-auth.ts';
import { sendGatewayError } from './gateway-errors.ts';
import { anthropic } from './providers/anthropic.ts';
import { openai } from './providers/openai.ts';
import type { UpstreamHealth } from './upstream-health.ts';

// The catalog has no dates; a fixed one keeps the list stable across calls and replicas.
const LISTED_AT = Date.UTC(2025, 0, 1);

export const supportingRoutes: FastifyPluginAsync<{
  authority: CallerAuthority;
  catalog: ModelCatalog;
  health: UpstreamHealth;
}> = async (app, { authority, catalog, health }) => {
  /** Anthropic's SDK (and Claude Code) send anthropic-version: they get Anthropic's shapes. */
  const shapeFor = (request: FastifyRequest) => (request.headers['anthropic-version'] ? anthropic : openai);

  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const provider = shapeFor(request);
    let check = checkRequest(authority, request, provider, null);
    if (check instanceof Promise) check = await check;
    const { error } = check;
    if (error) {
      auditRefusal(authority, request, check);
      return sendGatewayError(reply, provider, error);
    }
  }

  app.get('/v1/models', { onRequest: authenticate }, async (request) => {
    const models = catalog.models();
    if (shapeFor(request) === anthropic) {
      const data = models.map((m) => ({
        type: 'model',
        id: m.id,
        display_name: m.id,
        created_at: new Date(LISTED_AT).toISOString(),
      }));
      return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
    }
    return {
      object: 'list',
      data: models.map((m) => ({
        id: m.id,
        object: 'model',
        created: LISTED_AT / 1000,
        owned_by: m.provider ?? 'gatehouse',
      })),
    };
  });

  app.get('/v1/status', { onRequest: authenticate }, async () => ({ providers: health.report() }));
};
