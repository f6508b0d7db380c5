// POST /api/oauth/token (RFC 6749 §3.2): form-encoded only; the client authenticates with HTTP Basic or
// with client_id and client_secret in the body (never both); failed attempts are slowed down per
// client and per address; each grant type is its own module. Every token issued or refused is an audit
// event. Errors are RFC 6749 §5.2 JSON.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditLog } from '../../audit/audit-log.ts';
import { originOf } from '../../http/origin.ts';
import { documentAccess } from '../../api/access.ts';
import type { CredentialService } from '../credential-service.ts';
import type { Credential, Refusal } from '../credential-types.ts';
import { createFailureLimiter } from '../failure-limiter.ts';
import type { Grant } from './grant.ts';
import {
  OAuthError,
  invalidClient,
  invalidRequest,
  tooManyAttempts,
  unauthorizedClient,
  unsupportedGrantType,
} from './oauth-errors.ts';

const FORM = 'application/x-www-form-urlencoded';
const NOT_FORM = Symbol('not form-encoded');

function parseForm(body: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(body)) {
    // RFC 6749 §3.2: parameters sent without a value are treated as omitted; none may repeat.
    if (params.has(k)) throw invalidRequest(`The parameter "${k.slice(0, 64)}" appears more than once.`);
    if (v !== '') params.set(k, v);
  }
  return params;
}

interface ClientAuth {
  clientId: string;
  clientSecret: string;
  basic: boolean;
}

function clientAuthentication(request: FastifyRequest, params: Map<string, string>): ClientAuth {
  const header = request.headers.authorization;
  const inBody = params.has('client_id') || params.has('client_secret');
  if (header !== undefined) {
    const m = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
    if (!m)
      throw invalidClient('The Authorization header must be HTTP Basic with the client id and secret.', true);
    if (inBody)
      throw invalidRequest(
        'Authenticate the client with HTTP Basic or with client_id and client_secret in the body, not both.',
      );
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidClient('The HTTP Basic credentials must be "client_id:client_secret".', true);
    try {
      // RFC 6749 §2.3.1: both parts are form-urlencoded before they are joined.
      const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      return {
        clientId: unform(decoded.slice(0, colon)),
        clientSecret: unform(decoded.slice(colon + 1)),
        basic: true,
      };
    } catch {
      throw invalidClient('The HTTP Basic credentials are not correctly encoded.', true);
    }
  }
  const clientId = params.get('client_id');
  const clientSecret = params.get('client_secret');
  if (clientId === undefined)
    throw invalidClient('Send client_id and client_secret, in the body or with HTTP Basic.', false);
  if (clientSecret === undefined) throw invalidClient('client_secret is missing.', false);
  return { clientId, clientSecret, basic: false };
}

export function registerTokenEndpoint(
  app: FastifyInstance,
  deps: { credentials: CredentialService; audit: AuditLog; grants: Grant[] },
): void {
  const { credentials, audit } = deps;
  const grants = new Map(deps.grants.map((g) => [g.grantType, g]));
  // Ten free failures per client id and fifty per address in 15 minutes, then a doubling lock.
  const perClient = createFailureLimiter({ freeAttempts: 10, windowMs: 15 * 60_000 });
  const perAddress = createFailureLimiter({ freeAttempts: 50, windowMs: 15 * 60_000 });

  app.addHook('onRoute', (route) => documentAccess(route, route.config!.access!));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, _body, done) =>
    done(null, NOT_FORM),
  );

  app.setErrorHandler((error: FastifyError | OAuthError, request, reply) => {
    let e: OAuthError;
    if (error instanceof OAuthError) e = error;
    else if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      e = new OAuthError('invalid_request', 413, 'The request body is too large.');
    else if (((error as FastifyError).statusCode ?? 500) < 500) e = invalidRequest(error.message);
    else {
      request.log.error({ err: error }, 'token endpoint failed');
      e = new OAuthError(
        'server_error',
        500,
        `Something went wrong on our side; quote request ${request.id} when reporting it.`,
      );
    }
    return reply
      .code(e.status)
      .headers({ ...e.headers, 'cache-control': 'no-store', pragma: 'no-cache' })
      .send({ error: e.error, error_description: e.message });
  });

  function refusedEvent(
    request: FastifyRequest,
    refusal: Refusal | { code: string; credential?: Credential },
    clientId: string,
  ) {
    const c = 'credential' in refusal ? refusal.credential : undefined;
    audit.record({
      action: 'credential.token_refused',
      actor: c ? { type: 'credential', id: c.id, name: c.name } : { type: 'anonymous', id: null, name: null },
      target: c ? { type: 'credential', id: c.id, name: c.name } : undefined,
      ...originOf(request),
      outcome: 'failure',
      details: { reason: refusal.code, ...(c ? {} : { client_id: clientId.slice(0, 64) }) },
    });
  }

  app.post(
    '/token',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'token',
        tags: ['oauth'],
        summary: 'Exchange client credentials for an access token (RFC 6749 §4.4)',
        description:
          'Form-encoded: grant_type=client_credentials, client_id and client_secret (or HTTP Basic), optional scope. ' +
          'Returns {access_token, token_type: "Bearer", expires_in: 3600, scope}.',
      },
    },
    async (request, reply) => {
      if (request.body === NOT_FORM || typeof request.body !== 'string') {
        throw invalidRequest(
          `Send the token request as ${FORM}, not ${String(request.headers['content-type'] ?? 'no content type').slice(0, 80)}.`,
        );
      }
      const params = parseForm(request.body);
      const grantType = params.get('grant_type');
      if (grantType === undefined)
        throw invalidRequest('grant_type is missing; use grant_type=client_credentials.');
      const grant = grants.get(grantType);
      if (!grant)
        throw unsupportedGrantType(
          `grant_type "${grantType.slice(0, 80)}" is not supported; use client_credentials.`,
        );

      const auth = clientAuthentication(request, params);
      const clientKey = `client:${auth.clientId}`;
      const addressKey = `address:${request.ip}`;
      const wait = Math.max(perClient.retryAfter(clientKey), perAddress.retryAfter(addressKey));
      if (wait > 0) {
        refusedEvent(request, { code: 'rate_limited' }, auth.clientId);
        throw tooManyAttempts(wait);
      }
      const result = credentials.authenticateClient(auth.clientId, auth.clientSecret, request.ip);
      if (!result.ok) {
        const { refusal } = result;
        refusedEvent(request, refusal, auth.clientId);
        if (refusal.code === 'unknown' || refusal.code === 'wrong_secret') {
          perClient.fail(clientKey);
          perAddress.fail(addressKey);
        }
        if (refusal.code === 'ip_refused') throw unauthorizedClient(refusal.message);
        throw invalidClient(refusal.message, auth.basic);
      }
      const client = result.credential;
      perClient.succeed(clientKey);
      let body;
      try {
        body = await grant.handler({ request, params, client });
      } catch (err) {
        if (err instanceof OAuthError)
          refusedEvent(request, { code: err.error, credential: client }, auth.clientId);
        throw err;
      }
      credentials.touch(client);
      audit.record({
        action: 'credential.token_issued',
        actor: { type: 'credential', id: client.id, name: client.name },
        target: { type: 'credential', id: client.id, name: client.name },
        ...originOf(request),
        outcome: 'success',
        details: { grant_type: grantType, scopes: body.scope.split(' ').filter(Boolean) },
      });
      return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send(body);
    },
  );
}
