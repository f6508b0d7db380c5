// Everything under /api/oauth: the token endpoint and its grants, device authorization (RFC 8628) and
// revocation (RFC 7009), sharing form parsing and RFC 6749 §5.2 errors.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { registerOAuthForms } from './oauth-form.ts';
import { registerTokenEndpoint } from './token-endpoint.ts';
import { clientCredentialsGrant } from './client-credentials.ts';
import { deviceCodeGrant } from './device-code.ts';
import { refreshTokenGrant } from './refresh-token.ts';
import { registerDeviceAuthorizationEndpoint } from './device-authorization-endpoint.ts';
import { registerRevocationEndpoint } from './revocation-endpoint.ts';

export function registerOAuthEndpoints(app: FastifyInstance, services: Services): void {
  const sessions = services.deviceSessions;
  const gatewayUrl = (request: { hostname: string }) => services.gatewayUrl(request.hostname);
  registerOAuthForms(app);
  registerTokenEndpoint(app, {
    ...services,
    grants: [
      clientCredentialsGrant(services.credentials),
      deviceCodeGrant({ store: services.store, sessions, gatewayUrl }),
      refreshTokenGrant({ sessions, gatewayUrl }),
    ],
  });
  registerDeviceAuthorizationEndpoint(app, services);
  registerRevocationEndpoint(app, { sessions });
}
