// Developers: read with users:read, invited, approved and offboarded with users:write (or an admin
// session). The list pages with the logs' cursor, in order of creation.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DeveloperService } from '../identity/developer-service.ts';
import { DEVELOPER_STATUSES, developerView } from '../identity/developer-types.ts';
import { requestOrigin } from './request-origin.ts';
import { pagingQuery, pageSchema, readPaging, sendPage } from './log-paging.ts';
import { Email, Id, SearchText, errorResponses } from './schemas.ts';
import { DeveloperSchema, invitationFields, invitationView } from './people-schemas.ts';

const Params = Type.Object({ id: Id });
const read = { role: 'viewer', scope: 'users:read' } as const;
const write = { role: 'admin', scope: 'users:write' } as const;

export const developerRoutes: FastifyPluginAsyncTypebox<{ developers: DeveloperService }> = async (
  app,
  { developers },
) => {
  app.addSchema(DeveloperSchema);
  const tags = ['developers'];
  const one = {
    200: Type.Ref('Developer'),
    ...errorResponses,
    404: Type.Ref('Error'),
    409: Type.Ref('Error'),
  };
  const invited = Type.Object({ developer: Type.Ref('Developer'), ...invitationFields });

  app.get(
    '/developers',
    {
      config: { access: read },
      schema: {
        operationId: 'listDevelopers',
        tags,
        summary:
          'Developers in order of creation, after a cursor or newest first, by status, e-mail or search',
        description: 'since and until select by creation time.',
        querystring: Type.Object(
          {
            ...pagingQuery,
            status: Type.Optional(Type.Enum([...DEVELOPER_STATUSES])),
            email: Type.Optional(Email),
            q: Type.Optional(SearchText('Part of the name or e-mail address (any case), or the exact id.')),
          },
          { additionalProperties: false },
        ),
        response: {
          200: pageSchema('developers', Type.Ref('Developer')),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const paging = readPaging(q);
      const page = await developers.list({
        ...paging,
        status: q.status,
        email: q.email?.toLowerCase(),
        text: q.q,
      });
      return sendPage(reply, 'developers', page, paging);
    },
  );

  app.get(
    '/developers/:id',
    {
      config: { access: read },
      schema: {
        operationId: 'getDeveloper',
        tags,
        summary: 'One developer',
        params: Params,
        response: { 200: Type.Ref('Developer'), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request) => developerView(await developers.get(request.params.id)),
  );

  app.post(
    '/developers',
    {
      config: { access: write },
      schema: {
        operationId: 'inviteDeveloper',
        tags,
        summary: 'Invite a developer; returns the invitation link, and e-mails it when a mail server is set',
        description:
          'Inviting an address that is invited already replaces its link, and an offboarded developer can be ' +
          'invited back: both answer 200 instead of 201. An active or pending developer is a 409.',
        body: Type.Object(
          {
            email: Email,
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
          },
          { additionalProperties: false },
        ),
        response: { 201: invited, 200: invited, ...errorResponses, 409: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      const { developer, invitation, created } = await developers.invite(
        { email: request.body.email, name: request.body.name?.trim() ?? null },
        requestOrigin(request),
      );
      return reply
        .code(created ? 201 : 200)
        .send({ developer: developerView(developer), ...invitationView(invitation) });
    },
  );

  app.post(
    '/developers/:id/approve',
    {
      config: { access: write },
      schema: {
        operationId: 'approveDeveloper',
        tags,
        summary: 'Approve a developer who asked for access at device sign-in (pending → active)',
        params: Params,
        response: one,
      },
    },
    async (request) => developerView(await developers.approve(request.params.id, requestOrigin(request))),
  );

  app.post(
    '/developers/:id/offboard',
    {
      config: { access: write },
      schema: {
        operationId: 'offboardDeveloper',
        tags,
        summary:
          'Offboard a developer: every device and session revoked at once, the record and history kept',
        params: Params,
        body: Type.Object(
          { confirm: Type.String({ maxLength: 254, description: "The developer's e-mail address." }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            developer: Type.Ref('Developer'),
            devices_revoked: Type.Integer(),
            sessions_revoked: Type.Integer(),
          }),
          ...errorResponses,
          404: Type.Ref('Error'),
          409: Type.Ref('Error'),
        },
      },
    },
    async (request) => {
      const done = await developers.offboard(request.params.id, request.body.confirm, requestOrigin(request));
      return {
        developer: developerView(done.developer),
        devices_revoked: done.devicesRevoked,
        sessions_revoked: done.sessionsRevoked,
      };
    },
  );
};
