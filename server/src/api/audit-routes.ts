// The SIEM pull: audit events in commit order after a cursor. A poller keeps the last next_cursor and
// asks again with it; it never misses or repeats an event.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Store } from '../store/database.ts';
import { queryAudit } from '../audit/audit-store.ts';
import { AUDIT_ACTIONS } from '../audit/audit-actions.ts';
import { errorResponses } from './schemas.ts';
import { pagingDescription, pagingQuery, pageSchema, readPaging, sendPage } from './log-paging.ts';

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

export const auditRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.addSchema(AuditEvent);
  app.get(
    '/audit/events',
    {
      config: { access: { role: 'viewer', scope: 'audit:read' } },
      schema: {
        operationId: 'listAuditEvents',
        tags: ['audit'],
        summary: 'Audit events after a cursor (the SIEM pull), or newest first',
        description: pagingDescription,
        querystring: Type.Object(
          {
            ...pagingQuery,
            action: Type.Optional(Type.String({ maxLength: 64 })),
            actor_id: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: pageSchema('events', Type.Ref('AuditEvent')),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const paging = readPaging(q);
      const page = await queryAudit(store.db, { ...paging, action: q.action, actorId: q.actor_id });
      return sendPage(reply, 'events', page, paging);
    },
  );

  app.get(
    '/audit/actions',
    {
      config: { access: { role: 'viewer', scope: 'audit:read' } },
      schema: {
        operationId: 'listAuditActions',
        tags: ['audit'],
        summary: 'Every action an audit event may carry, in alphabetical order',
        description:
          'The names the server writes, from its own code: what the action filter of the audit events ' +
          'takes and what a SIEM rule can match. A name is added, never renamed.',
        response: {
          200: Type.Object({ actions: Type.Array(Type.String()) }),
          ...errorResponses,
        },
      },
    },
    async () => ({ actions: [...AUDIT_ACTIONS] }),
  );
};
