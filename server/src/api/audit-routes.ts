// The SIEM pull: audit events in commit order after a cursor. A poller keeps the last next_cursor and
// asks again with it; it never misses or repeats an event.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Store } from '../store/database.ts';
import { queryAudit } from '../audit/audit-store.ts';
import { ApiError } from '../errors.ts';
import { errorResponses } from './schemas.ts';

const AuditEvent = Type.Object(
  {
    id: Type.String(),
    time: Type.String({ format: 'date-time' }),
    action: Type.String({
      description: '<entity>.<verb>, e.g. credential.created, credential.token_issued, api.request',
    }),
    actor: Type.Object({
      type: Type.String(),
      id: Type.Union([Type.String(), Type.Null()]),
      name: Type.Union([Type.String(), Type.Null()]),
    }),
    target: Type.Union([
      Type.Object({
        type: Type.String(),
        id: Type.Union([Type.String(), Type.Null()]),
        name: Type.Union([Type.String(), Type.Null()]),
      }),
      Type.Null(),
    ]),
    ip: Type.Union([Type.String(), Type.Null()]),
    user_agent: Type.Union([Type.String(), Type.Null()]),
    outcome: Type.Enum(['success', 'failure']),
    request_id: Type.Union([Type.String(), Type.Null()]),
    details: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'AuditEvent' },
);

// RFC 3339 requires the offset: without one, Date.parse would read the server's local time.
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

function time(field: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  if (!RFC_3339.test(value) || Number.isNaN(t)) {
    throw new ApiError('invalid_request', `${field} must be an RFC 3339 time such as 2026-01-31T12:00:00Z.`);
  }
  return t;
}

export const auditRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.addSchema(AuditEvent);
  app.get(
    '/audit/events',
    {
      config: { access: { role: 'viewer', scope: 'audit:read' } },
      schema: {
        operationId: 'listAuditEvents',
        tags: ['audit'],
        summary: 'Audit events in ascending order, after a cursor (the SIEM pull)',
        description:
          'Poll with the last next_cursor to receive every event exactly once. since is inclusive, until exclusive. ' +
          'When no event follows, next_cursor repeats the cursor you sent.',
        querystring: Type.Object(
          {
            after: Type.Optional(
              Type.String({ pattern: '^[0-9]{1,15}$', description: 'A next_cursor from an earlier page.' }),
            ),
            since: Type.Optional(Type.String({ maxLength: 40 })),
            until: Type.Optional(Type.String({ maxLength: 40 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
            action: Type.Optional(Type.String({ maxLength: 64 })),
            actor_id: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            events: Type.Array(Type.Ref('AuditEvent')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const after = q.after === undefined ? undefined : Number(q.after);
      const { events, lastSeq } = await queryAudit(store.db, {
        after,
        since: time('since', q.since),
        until: time('until', q.until),
        action: q.action,
        actorId: q.actor_id,
        limit: q.limit ?? 100,
      });
      const cursor = lastSeq !== null ? String(lastSeq) : (q.after ?? null);
      // The stored documents are already the events' JSON: spliced, not parsed and serialised again.
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"events":[${events.join(',')}],"next_cursor":${JSON.stringify(cursor)}}`);
    },
  );
};
