// Admins of the console: an owner's to manage (list, invite with a role, change a role, remove), never
// a machine credential's (no credential can make an admin); a token with users:read may list them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AdminManagement } from '../identity/admin-management.ts';
import { adminRecordView } from '../identity/admin-types.ts';
import { requestOrigin } from './request-origin.ts';
import { Email, Id, errorResponses } from './schemas.ts';
import { AdminRecordSchema, Role, invitationFields, invitationView } from './people-schemas.ts';

const Params = Type.Object({ id: Id });
const owner = { role: 'owner' } as const;

export const adminRoutes: FastifyPluginAsyncTypebox<{ adminManagement: AdminManagement }> = async (
  app,
  { adminManagement },
) => {
  app.addSchema(AdminRecordSchema);
  const tags = ['admins'];
  const one = {
    200: Type.Ref('AdminRecord'),
    ...errorResponses,
    404: Type.Ref('Error'),
    409: Type.Ref('Error'),
  };
  const invited = Type.Object({ admin: Type.Ref('AdminRecord'), ...invitationFields });

  app.get(
    '/admins',
    {
      config: { access: { role: 'owner', scope: 'users:read' } },
      schema: {
        operationId: 'listAdmins',
        tags,
        summary: 'List the admins, invited ones included, oldest first',
        response: { 200: Type.Object({ admins: Type.Array(Type.Ref('AdminRecord')) }), ...errorResponses },
      },
    },
    async () => ({ admins: (await adminManagement.list()).map(adminRecordView) }),
  );

  app.post(
    '/admins',
    {
      config: { access: owner },
      schema: {
        operationId: 'inviteAdmin',
        tags,
        summary:
          'Invite an admin with a role; returns the invitation link, and e-mails it when a mail server is set',
        description:
          'Inviting an address that is invited already replaces its link (and sets the role): 200 instead of 201.',
        body: Type.Object({ email: Email, role: Role }, { additionalProperties: false }),
        response: { 201: invited, 200: invited, ...errorResponses, 409: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      const { admin, invitation, created } = await adminManagement.invite(
        request.body,
        requestOrigin(request),
      );
      return reply
        .code(created ? 201 : 200)
        .send({ admin: adminRecordView(admin), ...invitationView(invitation) });
    },
  );

  app.patch(
    '/admins/:id',
    {
      config: { access: owner },
      schema: {
        operationId: 'changeAdminRole',
        tags,
        summary: "Change an admin's role; 409 if it would leave no active owner",
        params: Params,
        body: Type.Object({ role: Role }, { additionalProperties: false }),
        response: one,
      },
    },
    async (request) =>
      adminRecordView(
        await adminManagement.changeRole(request.params.id, request.body.role, requestOrigin(request)),
      ),
  );

  app.delete(
    '/admins/:id',
    {
      config: { access: owner },
      schema: {
        operationId: 'removeAdmin',
        tags,
        summary: 'Remove an admin (their sessions end at once); 409 for the last active owner',
        params: Params,
        response: { 204: Type.Null(), ...errorResponses, 404: Type.Ref('Error'), 409: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      await adminManagement.remove(request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
