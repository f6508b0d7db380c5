// POST /api/oauth/revoke (RFC 7009): the endpoint client signs out. A refresh or device token ends its
// session and its device (revoked_reason signed_out). The answer is 200 whatever the token, unknown ones
// included (§2.2), so that it tells nothing about tokens.
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../http/origin.ts';
import type { DeviceSessions } from '../device-sessions.ts';
import { PUBLIC_CLIENT_ID, publicClient } from './client-authentication.ts';
import { invalidRequest } from './oauth-errors.ts';
import { NO_STORE, readForm } from './oauth-form.ts';

export function registerRevocationEndpoint(app: FastifyInstance, deps: { sessions: DeviceSessions }): void {
  app.post(
    '/revoke',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'revokeToken',
        tags: ['oauth'],
        summary: 'Sign a device out (RFC 7009 token revocation)',
        description:
          `Form-encoded: token (a ghdr_ refresh token or a ghdt_ device token), client_id=${PUBLIC_CLIENT_ID}, ` +
          'optional token_type_hint. Ends the session and its device. Always 200, unknown tokens included.',
      },
    },
    async (request, reply) => {
      const params = readForm(request);
      publicClient(request, params);
      const token = params.get('token');
      if (token === undefined) throw invalidRequest('token is missing; send the refresh token to revoke.');
      // token_type_hint is only a hint (§2.1): the prefix tells the two kinds apart anyway.
      await deps.sessions.signOut(token, originOf(request));
      return reply.code(200).headers(NO_STORE).send();
    },
  );
}
