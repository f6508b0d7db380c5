// POST /api/oauth/device_authorization (RFC 8628 §3.1–3.2): the endpoint client asks for a device code
// and a user code. Public client only; scope gateway:invoke (the default) and nothing else; the extension
// parameters device_name, platform and client_version are shown on the approval page and kept on the
// device. Requests are counted per address: a burst past the allowance waits, doubling.
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../store/database.ts';
import { originOf } from '../../http/origin.ts';
import type { DeviceAuthorizationService } from '../device-authorization-service.ts';
import { DEVICE_SCOPE } from '../device-sessions.ts';
import { createFailureLimiter } from '../failure-limiter.ts';
import { PUBLIC_CLIENT_ID, publicClient } from './client-authentication.ts';
import { invalidRequest, invalidScope, tooManyAttempts } from './oauth-errors.ts';
import { NO_STORE, readForm } from './oauth-form.ts';

/** The extension parameters and their bounds; printable text only, since people read them. */
const EXTENSIONS = { device_name: 128, platform: 64, client_version: 64 } as const;

function extension(params: Map<string, string>, name: keyof typeof EXTENSIONS): string | null {
  const value = params.get(name)?.trim();
  if (value === undefined || value === '') return null;
  if (value.length > EXTENSIONS[name])
    throw invalidRequest(`${name} must be at most ${EXTENSIONS[name]} characters long.`);
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value))
    throw invalidRequest(`${name} must be printable text, without control characters.`);
  return value;
}

export function registerDeviceAuthorizationEndpoint(
  app: FastifyInstance,
  deps: { store: Store; deviceAuthorizations: DeviceAuthorizationService },
): void {
  // Sixty requests per address in 15 minutes (a team behind one NAT signing in together), then a
  // doubling wait: enough for people, too few to fill the table.
  const perAddress = createFailureLimiter(deps.store.db, {
    name: 'device-authorization',
    windowMs: 15 * 60_000,
    perAddress: 60,
  });

  app.post(
    '/device_authorization',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'deviceAuthorization',
        tags: ['oauth'],
        summary: 'Start a device sign-in (RFC 8628 device authorization request)',
        description:
          `Form-encoded: client_id=${PUBLIC_CLIENT_ID}, optional scope (only ${DEVICE_SCOPE}), optional ` +
          'device_name, platform and client_version. Returns {device_code, user_code, verification_uri, ' +
          'verification_uri_complete, expires_in: 600, interval: 5}; the device then polls /api/oauth/token.',
      },
    },
    async (request, reply) => {
      const params = readForm(request);
      const clientId = publicClient(request, params);
      const scope = params.get('scope');
      if (scope !== undefined && scope.trim() !== DEVICE_SCOPE)
        throw invalidScope(`A device may ask for "${DEVICE_SCOPE}" only; omit scope or send that.`);
      const request_ = {
        clientId,
        scope: DEVICE_SCOPE,
        deviceName: extension(params, 'device_name'),
        platform: extension(params, 'platform'),
        clientVersion: extension(params, 'client_version'),
      };
      // Every request counts, the one that crosses the allowance too. One refused while the address
      // waits is not counted: a flood of them must not become a flood of writes to the database.
      const address = { address: request.ip };
      const wait = (await perAddress.check(address)).wait || (await perAddress.fail(address));
      if (wait > 0) throw tooManyAttempts(wait, 'Too many sign-ins started from this address');
      const started = await deps.deviceAuthorizations.start(request_, originOf(request));
      return reply.headers(NO_STORE).send(started);
    },
  );
}
