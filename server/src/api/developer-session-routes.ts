// A developer's own console session (to approve a device sign-in), and asking for access from the
// device sign-in page when there is no account yet. The cookie is gatehouse_developer_session, apart
// from the admins' (docs/decisions/device-sign-in.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DeveloperSessionService, DeveloperSignedIn } from '../identity/developer-session-service.ts';
import type { Developer } from '../identity/developer-types.ts';
import { DEVELOPER_STATUSES } from '../identity/developer-types.ts';
import { originOf } from '../http/origin.ts';
import { DEVELOPER_SESSION_COOKIE, clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { Email, Password, errorResponses } from './schemas.ts';
import { UserCode } from './developer-device-routes.ts';

const developerAccess = { developer: true } as const;

/** What a developer sees of themselves. */
const DeveloperSelf = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum([...DEVELOPER_STATUSES], {
    description: 'pending: the account waits for an admin to approve it; devices sign in once it is active.',
  }),
});
const SessionResponse = Type.Object({ developer: DeveloperSelf, csrf_token: Type.String() });

const self = (d: Developer) => ({ id: d.id, email: d.email, name: d.name, status: d.status });

export const developerSessionRoutes: FastifyPluginAsyncTypebox<{
  developerSessions: DeveloperSessionService;
}> = async (app, { developerSessions }) => {
  const tags = ['developer'];
  const signedIn = (s: DeveloperSignedIn) => ({ developer: self(s.developer), csrf_token: s.csrfToken });

  app.post(
    '/developer/session',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'developerSignIn',
        tags,
        summary: 'Sign a developer in to the console (to approve a device sign-in)',
        description:
          'Sets the HttpOnly gatehouse_developer_session cookie (12 hours). Send the returned csrf_token as ' +
          'x-csrf-token with every change. Repeated failures are slowed down per account and per address.',
        body: Type.Object({ email: Email, password: Password }, { additionalProperties: false }),
        response: { 200: SessionResponse, ...errorResponses, 409: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      const s = await developerSessions.signIn(request.body.email, request.body.password, originOf(request));
      setSessionCookie(request, reply, s.session, DEVELOPER_SESSION_COOKIE);
      return signedIn(s);
    },
  );

  app.get(
    '/developer/session',
    {
      config: { access: developerAccess },
      schema: {
        operationId: 'getDeveloperSession',
        tags,
        summary: 'The signed-in developer',
        response: { 200: SessionResponse, ...errorResponses },
      },
    },
    async (request) => {
      const p = request.principal!;
      if (p.kind !== 'developer')
        throw new Error('unreachable: developer routes admit developer sessions only');
      return { developer: self(p.session.developer), csrf_token: p.session.csrfToken };
    },
  );

  app.delete(
    '/developer/session',
    {
      config: { access: developerAccess },
      schema: {
        operationId: 'developerSignOut',
        tags,
        summary: 'Sign the developer out of the console',
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      if (p.kind === 'developer') await developerSessions.signOut(p.session, originOf(request));
      clearSessionCookie(request, reply, DEVELOPER_SESSION_COOKIE);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/developer/access-requests',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'requestDeveloperAccess',
        tags,
        summary:
          'Ask for access while signing a device in: a pending account, the device approved on its behalf',
        description:
          'For someone without an account: creates a pending developer with this password, signs them in (the ' +
          'cookie, as POST /developer/session) and approves the device code, which then waits for an admin to ' +
          'approve the account. 201 when the account is new; 200 when the same pending developer asks again ' +
          '(with the same password). An invited developer opens their invitation instead (409); an active one ' +
          'signs in (409); an offboarded one is refused (403). Wrong user codes count against the address.',
        body: Type.Object(
          {
            email: Email,
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
            password: Password,
            user_code: UserCode,
          },
          { additionalProperties: false },
        ),
        response: {
          201: SessionResponse,
          200: SessionResponse,
          ...errorResponses,
          404: Type.Ref('Error'),
          409: Type.Ref('Error'),
          410: Type.Ref('Error'),
        },
      },
    },
    async (request, reply) => {
      const { email, name, password, user_code } = request.body;
      const s = await developerSessions.requestAccess(
        { email, name: name?.trim() ?? null, password, userCode: user_code },
        originOf(request),
      );
      setSessionCookie(request, reply, s.session, DEVELOPER_SESSION_COOKIE);
      return reply.code(s.created ? 201 : 200).send(signedIn(s));
    },
  );
};
