// API credentials: create, list, get, reissue, revoke. Only an admin session manages them: no machine
// credential can mint another. The client secret appears in the create and reissue responses only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { CredentialService } from '../identity/credential-service.ts';
import { credentialView, DEFAULT_EXPIRY_DAYS, EXPIRY_DAYS } from '../identity/credential-types.ts';
import { requestOrigin } from './request-origin.ts';
import { Id, NullableTimestamp, ScopeName, Timestamp, errorResponses } from './schemas.ts';

const IpList = Type.Array(Type.String({ maxLength: 64 }), {
  maxItems: 100,
  description: 'IPv4 or IPv6 addresses and CIDR ranges. A deny entry wins over an allow entry.',
});

const CredentialView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    scopes: Type.Array(ScopeName),
    client_id: Type.String(),
    status: Type.Enum(['active', 'revoked']),
    expired: Type.Boolean(),
    created_at: Timestamp,
    expires_at: Timestamp,
    revoked_at: NullableTimestamp,
    last_used_at: Type.Union([Timestamp, Type.Null()], { description: 'null means never used' }),
    ip_allowlist: Type.Array(Type.String()),
    ip_denylist: Type.Array(Type.String()),
  },
  { $id: 'Credential' },
);

const WithSecret = Type.Intersect([
  Type.Ref('Credential'),
  Type.Object({
    client_secret: Type.String({ description: 'Shown in this response only; it cannot be retrieved again.' }),
  }),
]);

const Confirm = Type.Object(
  { confirm: Type.String({ maxLength: 200, description: "The credential's exact name." }) },
  { additionalProperties: false },
);
const Params = Type.Object({ id: Id });

export const credentialRoutes: FastifyPluginAsyncTypebox<{ credentials: CredentialService }> = async (
  app,
  { credentials },
) => {
  app.addSchema(CredentialView);

  app.post(
    '/credentials',
    {
      config: { access: { role: 'admin' } },
      schema: {
        operationId: 'createCredential',
        tags: ['credentials'],
        summary: 'Create an API credential',
        description:
          'Returns the client id and the client secret; the secret is shown in this response and never again.',
        body: Type.Object(
          {
            name: Type.String({
              minLength: 1,
              maxLength: 100,
              pattern: '\\S',
              description: 'Name it after the system that uses it.',
            }),
            scopes: Type.Array(ScopeName, { minItems: 1, maxItems: 7, uniqueItems: true }),
            expires_in_days: Type.Optional(Type.Enum([...EXPIRY_DAYS], { default: DEFAULT_EXPIRY_DAYS })),
            ip_allowlist: Type.Optional(IpList),
            ip_denylist: Type.Optional(IpList),
          },
          { additionalProperties: false },
        ),
        response: { 201: WithSecret, ...errorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const { credential, clientSecret } = await credentials.create(
        {
          name: b.name.trim(),
          scopes: b.scopes,
          expiresInDays: b.expires_in_days ?? DEFAULT_EXPIRY_DAYS,
          ipAllowlist: b.ip_allowlist ?? [],
          ipDenylist: b.ip_denylist ?? [],
        },
        requestOrigin(request),
      );
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ ...credentialView(credential), client_secret: clientSecret });
    },
  );

  app.get(
    '/credentials',
    {
      config: { access: { role: 'viewer' } },
      schema: {
        operationId: 'listCredentials',
        tags: ['credentials'],
        summary: 'List API credentials (never their secrets)',
        response: {
          200: Type.Object({ credentials: Type.Array(Type.Ref('Credential')) }),
          ...errorResponses,
        },
      },
    },
    async () => {
      const now = Date.now();
      return { credentials: (await credentials.list()).map((c) => credentialView(c, now)) };
    },
  );

  app.get(
    '/credentials/:id',
    {
      config: { access: { role: 'viewer' } },
      schema: {
        operationId: 'getCredential',
        tags: ['credentials'],
        summary: 'Get one API credential (never its secret)',
        params: Params,
        response: { 200: Type.Ref('Credential'), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request) => credentialView(await credentials.get(request.params.id)),
  );

  app.post(
    '/credentials/:id/reissue',
    {
      config: { access: { role: 'admin' } },
      schema: {
        operationId: 'reissueCredential',
        tags: ['credentials'],
        summary: 'Issue a new client secret; the old secret and its tokens stop working at once',
        params: Params,
        body: Confirm,
        response: { 200: WithSecret, ...errorResponses, 404: Type.Ref('Error'), 409: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      const { credential, clientSecret } = await credentials.reissue(
        request.params.id,
        request.body.confirm,
        requestOrigin(request),
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ ...credentialView(credential), client_secret: clientSecret });
    },
  );

  app.post(
    '/credentials/:id/revoke',
    {
      config: { access: { role: 'admin' } },
      schema: {
        operationId: 'revokeCredential',
        tags: ['credentials'],
        summary: 'Revoke an API credential, permanently; its tokens stop working at once',
        params: Params,
        body: Confirm,
        response: { 200: Type.Ref('Credential'), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request) =>
      credentialView(
        await credentials.revoke(request.params.id, request.body.confirm, requestOrigin(request)),
      ),
  );
};
