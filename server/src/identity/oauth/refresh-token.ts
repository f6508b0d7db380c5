// RFC 6749 §6: a device refreshes its session. The refresh token is rotated, the session's expiry slides
// forward by the organisation's lifetime, and a new device token is issued; a rotated-away token
// presented again ends the session (device-sessions.ts).
import type { FastifyRequest } from 'fastify';
import { originOf } from '../../http/origin.ts';
import { DEVICE_SCOPE, type DeviceSessions } from '../device-sessions.ts';
import type { PublicGrant } from './grant.ts';
import { invalidRequest, invalidScope } from './oauth-errors.ts';

export function refreshTokenGrant(deps: {
  sessions: DeviceSessions;
  gatewayUrl: (request: FastifyRequest) => string;
}): PublicGrant {
  return {
    grantType: 'refresh_token',
    parameters: ['refresh_token', 'scope'],
    client: 'public',
    async handler({ request, params }) {
      const token = params.get('refresh_token');
      if (token === undefined) throw invalidRequest('refresh_token is missing.');
      const scope = params.get('scope');
      // RFC 6749 §6: a refresh may narrow the scope, never widen it; a device session has one scope.
      if (scope !== undefined && scope.trim() !== DEVICE_SCOPE)
        throw invalidScope(`A device session carries "${DEVICE_SCOPE}" only; omit scope or send that.`);
      return deps.sessions.refresh(token, originOf(request), deps.gatewayUrl(request));
    },
  };
}
