// POST /api/oauth/token (RFC 6749 §3.2): each grant type is its own module, serving one kind of client.
// Machine credentials authenticate with their secret (client credentials); failed attempts are slowed
// down per (client, address) and per address, and every token issued or refused is an audit event,
// committed before the answer (audit-log.ts: durable). The public endpoint client names itself (device
// code, refresh token); its grants audit what they change, and their refusals of unknown, expired, used
// or denied codes and tokens count against the address and are `device.token_refused` events, aggregated
// per address and reason as the Gateway's refusals are (a guessing flood is one event a minute).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditLog } from '../../audit/audit-log.ts';
import type { Store } from '../../store/database.ts';
import { originOf } from '../../http/origin.ts';
import { createRefusalAudit } from '../../audit/refusal-audit.ts';
import type { CredentialService } from '../credential-service.ts';
import type { Credential, Refusal } from '../credential-types.ts';
import { createFailureLimiter, type FailureLimiter } from '../failure-limiter.ts';
import type { ConfidentialGrant, Grant, PublicGrant } from './grant.ts';
import { DEVICE_CODE_GRANT } from './device-code.ts';
import {
  OAuthError,
  invalidClient,
  invalidRequest,
  tooManyAttempts,
  unauthorizedClient,
  unsupportedGrantType,
} from './oauth-errors.ts';
import { NO_STORE, readForm } from './oauth-form.ts';
import {
  PUBLIC_CLIENT_ID,
  confidentialClient,
  publicClient,
  readClientAuth,
} from './client-authentication.ts';

export function registerTokenEndpoint(
  app: FastifyInstance,
  deps: { store: Store; credentials: CredentialService; audit: AuditLog; grants: Grant[] },
): void {
  const { credentials, audit } = deps;
  const grants = new Map(deps.grants.map((g) => [g.grantType, g]));
  const names = deps.grants.map((g) => g.grantType).join(', ');
  // Ten free failures per (client id, address) and fifty per address in 15 minutes, then a doubling
  // lock; past a hundred on one client id from anywhere, the addresses that failed on it wait too.
  const attempts = createFailureLimiter(deps.store.db, {
    name: 'oauth-token',
    windowMs: 15 * 60_000,
    perAddress: 50,
    perPair: 10,
    perAccount: 100,
  });

  const publicRefusals = createRefusalAudit(audit, { action: 'device.token_refused' });
  app.addHook('onClose', async () => publicRefusals.close());
  /** The protocol's own answers while a sign-in waits are no refusal; a malformed request names no code. */
  const NOT_REFUSALS = new Set(['authorization_pending', 'slow_down', 'invalid_request']);

  function refusedEvent(
    request: FastifyRequest,
    refusal: Refusal | { code: string; credential?: Credential },
    clientId: string,
  ) {
    const c = 'credential' in refusal ? refusal.credential : undefined;
    return audit.durable({
      action: 'credential.token_refused',
      actor: c ? { type: 'credential', id: c.id, name: c.name } : { type: 'anonymous', id: null, name: null },
      target: c ? { type: 'credential', id: c.id, name: c.name } : undefined,
      ...originOf(request),
      outcome: 'failure',
      details: { reason: refusal.code, ...(c ? {} : { client_id: clientId.slice(0, 64) }) },
    });
  }

  async function confidential(
    grant: ConfidentialGrant,
    request: FastifyRequest,
    params: Map<string, string>,
  ) {
    const auth = confidentialClient(readClientAuth(request, params));
    if (auth.clientId === PUBLIC_CLIENT_ID)
      throw unauthorizedClient(
        `${PUBLIC_CLIENT_ID} signs devices in (RFC 8628 device code); ${grant.grantType} is for API credentials.`,
      );
    const subject = { account: auth.clientId, address: request.ip };
    const standing = await attempts.check(subject);
    if (standing.wait > 0) {
      await refusedEvent(request, { code: 'rate_limited' }, auth.clientId);
      throw tooManyAttempts(standing.wait);
    }
    const result = credentials.authenticateClient(auth.clientId, auth.clientSecret, request.ip);
    if (!result.ok) {
      const { refusal } = result;
      // The failure is counted before the wait for the audit commit: concurrent guesses must not all
      // pass the limiter while the first ones wait.
      const audited = refusedEvent(request, refusal, auth.clientId);
      // Awaited below; marked handled now, so that a commit failing while the failure is counted is not
      // an unhandled rejection (which ends the process under --unhandled-rejections=throw).
      audited.catch(() => {});
      if (refusal.code === 'unknown' || refusal.code === 'wrong_secret') await attempts.fail(subject);
      await audited;
      if (refusal.code === 'ip_refused') throw unauthorizedClient(refusal.message);
      throw invalidClient(refusal.message, auth.basic);
    }
    const client = result.credential;
    await attempts.succeed(subject, standing);
    let body;
    try {
      body = await grant.handler({ request, params, client });
    } catch (err) {
      if (err instanceof OAuthError)
        await refusedEvent(request, { code: err.error, credential: client }, auth.clientId);
      throw err;
    }
    credentials.touch(client);
    await audit.durable({
      action: 'credential.token_issued',
      actor: { type: 'credential', id: client.id, name: client.name },
      target: { type: 'credential', id: client.id, name: client.name },
      ...originOf(request),
      outcome: 'success',
      details: { grant_type: grant.grantType, scopes: body.scope.split(' ').filter(Boolean) },
    });
    return body;
  }

  async function forPublicClient(
    grant: PublicGrant,
    request: FastifyRequest,
    params: Map<string, string>,
    limiter: FailureLimiter,
  ) {
    const clientId = publicClient(request, params);
    const subject = { address: request.ip };
    const { wait } = await limiter.check(subject);
    if (wait > 0) throw tooManyAttempts(wait);
    try {
      return await grant.handler({ request, params, clientId });
    } catch (err) {
      // Unknown, used or stolen codes and tokens: guessing them is slowed down like guessing secrets.
      if (err instanceof OAuthError && err.error === 'invalid_grant') await limiter.fail(subject);
      if (err instanceof OAuthError && !NOT_REFUSALS.has(err.error))
        publicRefusals.note(request, {
          // device_code.expired_token, refresh_token.invalid_grant, device_code.access_denied, …
          reason: `${grant.grantType === DEVICE_CODE_GRANT ? 'device_code' : grant.grantType}.${err.error}`,
          status: err.status,
        });
      throw err;
    }
  }

  app.post(
    '/token',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'token',
        tags: ['oauth'],
        summary: 'The token endpoint: client credentials, device code and refresh token grants',
        description:
          'Form-encoded (RFC 6749 §3.2). grant_type=client_credentials with client_id and client_secret (or HTTP ' +
          'Basic) and an optional scope → {access_token, token_type: "Bearer", expires_in: 3600, scope}. ' +
          `grant_type=urn:ietf:params:oauth:grant-type:device_code with device_code and client_id=${PUBLIC_CLIENT_ID} ` +
          '(RFC 8628 §3.4), and grant_type=refresh_token with refresh_token and the same client_id → a device ' +
          'token, a rotated refresh token, device_id, developer and gateway_url. Errors are RFC 6749 §5.2 JSON.',
      },
    },
    async (request, reply) => {
      const params = readForm(request);
      const grantType = params.get('grant_type');
      if (grantType === undefined) throw invalidRequest(`grant_type is missing; use one of ${names}.`);
      const grant = grants.get(grantType);
      if (!grant)
        throw unsupportedGrantType(
          `grant_type "${grantType.slice(0, 80)}" is not supported; use one of ${names}.`,
        );
      const body =
        grant.client === 'confidential'
          ? await confidential(grant, request, params)
          : await forPublicClient(grant, request, params, attempts);
      return reply.headers(NO_STORE).send(body);
    },
  );
}
