// The invitee's side of an invitation, public (the token is the proof): what the invitation is for,
// and accepting it with a password. Accepting an admin invitation signs the new admin in, as the setup
// link does; a developer goes on to sign their devices in with the endpoint client. Refused tokens are
// slowed down per address like failed sign-ins (identity/invitation-service.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { InvitationService } from '../identity/invitation-service.ts';
import { adminView } from '../identity/admin-types.ts';
import { developerView } from '../identity/developer-types.ts';
import { originOf } from '../http/origin.ts';
import { setSessionCookie } from './session-cookie.ts';
import { AdminView, Password, Timestamp, errorResponses } from './schemas.ts';
import { DeveloperInline, Role } from './people-schemas.ts';

const Token = Type.String({
  minLength: 1,
  maxLength: 128,
  description: 'The token from the invitation link (after #token=).',
});
const public_ = { public: true } as const;

export const invitationRoutes: FastifyPluginAsyncTypebox<{ invitations: InvitationService }> = async (
  app,
  { invitations },
) => {
  const tags = ['invitations'];
  const refused = { ...errorResponses, 410: Type.Ref('Error') };

  app.post(
    '/invitations/inspect',
    {
      config: { access: public_ },
      schema: {
        operationId: 'inspectInvitation',
        tags,
        summary: 'What an invitation is for (kind, e-mail address, role), before accepting it',
        description: 'A used, expired or unknown token is a 410 that says which.',
        body: Type.Object({ token: Token }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            kind: Type.Enum(['admin', 'developer']),
            email: Type.String(),
            role: Type.Union([Role, Type.Null()], { description: 'The role an admin is invited to.' }),
            expires_at: Timestamp,
          }),
          ...refused,
        },
      },
    },
    async (request) => {
      const i = await invitations.inspect(request.body.token, originOf(request));
      return { kind: i.kind, email: i.email, role: i.role, expires_at: new Date(i.expiresAt).toISOString() };
    },
  );

  app.post(
    '/invitations/accept',
    {
      config: { access: public_ },
      schema: {
        operationId: 'acceptInvitation',
        tags,
        summary: 'Accept an invitation by choosing a password; an admin is signed in at once',
        description:
          'For an admin, sets the session cookie and returns the csrf_token, as signing in does. The link ' +
          'works once: a used, expired or unknown token is a 410 that says which.',
        body: Type.Object(
          {
            token: Token,
            password: Password,
            name: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 200,
                pattern: '\\S',
                description: 'Developers: your name.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Union([
            Type.Object({ kind: Type.Literal('admin'), admin: AdminView, csrf_token: Type.String() }),
            Type.Object({ kind: Type.Literal('developer'), developer: DeveloperInline }),
          ]),
          ...refused,
        },
      },
    },
    async (request, reply) => {
      const { token, password, name } = request.body;
      const accepted = await invitations.accept(
        { token, password, name: name?.trim() ?? null },
        originOf(request),
      );
      if (accepted.kind === 'developer')
        return { kind: 'developer' as const, developer: developerView(accepted.developer) };
      setSessionCookie(request, reply, accepted.session);
      return { kind: 'admin' as const, admin: adminView(accepted.admin), csrf_token: accepted.csrfToken };
    },
  );
};
