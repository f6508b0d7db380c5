// Console sign-in, the current session, sign-out, and the one-time first-run setup.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AdminService } from '../identity/admin-service.ts';
import { adminView } from '../identity/admin-types.ts';
import { originOf } from '../http/origin.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { AdminView, Email, Password, errorResponses } from './schemas.ts';

const SessionResponse = Type.Object({ admin: AdminView, csrf_token: Type.String() });

export const sessionRoutes: FastifyPluginAsyncTypebox<{ admins: AdminService }> = async (app, { admins }) => {
  app.post(
    '/session',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'signIn',
        tags: ['session'],
        summary: 'Sign in to the console',
        description:
          'Sets an HttpOnly session cookie. Send the returned csrf_token as x-csrf-token with every change.',
        body: Type.Object({ email: Email, password: Password }, { additionalProperties: false }),
        response: { 200: SessionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { admin, session, csrfToken } = await admins.signIn(
        request.body.email,
        request.body.password,
        originOf(request),
      );
      setSessionCookie(request, reply, session);
      return { admin: adminView(admin), csrf_token: csrfToken };
    },
  );

  app.get(
    '/session',
    {
      config: { access: { role: 'viewer' } },
      schema: {
        operationId: 'getSession',
        tags: ['session'],
        summary: 'The signed-in admin',
        response: { 200: SessionResponse, ...errorResponses },
      },
    },
    async (request) => {
      const p = request.principal!;
      if (p.kind !== 'admin') throw new Error('unreachable: session routes admit sessions only');
      return { admin: adminView(p.session.admin), csrf_token: p.session.csrfToken };
    },
  );

  app.delete(
    '/session',
    {
      config: { access: { role: 'viewer' } },
      schema: {
        operationId: 'signOut',
        tags: ['session'],
        summary: 'Sign out',
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      if (p.kind === 'admin') await admins.signOut(p.session, originOf(request));
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/setup',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'completeSetup',
        tags: ['session'],
        summary: 'Create the first owner with the one-time setup link printed at first start',
        body: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 128 }), email: Email, password: Password },
          { additionalProperties: false },
        ),
        response: { 201: SessionResponse, ...errorResponses, 410: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      const { token, email, password } = request.body;
      const { admin, session, csrfToken } = await admins.completeSetup(
        token,
        email,
        password,
        originOf(request),
      );
      setSessionCookie(request, reply, session);
      return reply.code(201).send({ admin: adminView(admin), csrf_token: csrfToken });
    },
  );
};
