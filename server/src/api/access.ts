// The one mechanism that guards every management API route. Each route declares `config.access`; a
// route that declares nothing fails the server's start (and, were it ever reached, is refused). The
// check runs before the body is read, so that an unauthenticated caller cannot make the server parse
// a large body. Refusals carry RFC 6750 WWW-Authenticate headers. Every call made with a token (and
// every refused token that names a credential) is recorded in the audit log.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Access } from '../http/fastify-types.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { createRefusalAudit } from '../audit/refusal-audit.ts';
import type { AdminService } from '../identity/admin-service.ts';
import { roleAtLeast } from '../identity/admin-types.ts';
import type { CredentialService } from '../identity/credential-service.ts';
import { ApiError } from '../errors.ts';
import { originOf } from '../http/origin.ts';
import type { DeveloperSessionService } from '../identity/developer-session-service.ts';
import { DEVELOPER_SESSION_COOKIE, SESSION_COOKIE } from './session-cookie.ts';

const REALM = 'realm="gatehouse"';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** RFC 6750 §3: the challenge for a refused bearer token. Quotes and backslashes cannot appear. */
export function bearerChallenge(
  error?: 'invalid_token' | 'insufficient_scope' | 'invalid_request',
  description?: string,
  scope?: string,
) {
  const parts = [REALM];
  if (error) parts.push(`error="${error}"`);
  if (description) parts.push(`error_description="${description.replace(/["\\]/g, "'")}"`);
  if (scope) parts.push(`scope="${scope}"`);
  return { 'www-authenticate': `Bearer ${parts.join(', ')}` };
}

/** Writes a route's access declaration into its OpenAPI operation, so the document cannot drift from
 * what is enforced. */
export function documentAccess(route: RouteOptions, access: Access): void {
  const security: Array<Record<string, string[]>> = [];
  if ('developer' in access) {
    route.schema = {
      ...route.schema,
      security: [{ developerSession: [] }],
      description:
        `${route.schema?.description ?? ''}\n\nWho may call it: a developer signed in to the console ` +
        '(POST /api/v1/developer/session); no admin session or token opens it.',
    };
    return;
  }
  if (!('public' in access)) {
    if (access.scope) security.push({ oauth2: [access.scope] });
    security.push({ session: [] });
  }
  const role = 'public' in access ? 'anyone' : `an admin session with role ${access.role} or above`;
  const who =
    'public' in access || !access.scope ? role : `${role}, or a token with the ${access.scope} scope`;
  route.schema = {
    ...route.schema,
    security,
    description: `${route.schema?.description ?? ''}\n\nWho may call it: ${who}.`.trim(),
  };
}

export function registerAccess(
  app: FastifyInstance,
  deps: {
    credentials: CredentialService;
    admins: AdminService;
    audit: AuditLog;
    developerSessions: DeveloperSessionService;
  },
): void {
  const { credentials, admins, audit, developerSessions } = deps;
  // A token that names no credential (malformed, unknown) has no api.request to ride on: it is audited
  // as api.token_refused, aggregated per address and reason like the Gateway's refusals.
  const unknownTokens = createRefusalAudit(audit, { action: 'api.token_refused' });
  app.addHook('onClose', async () => unknownTokens.close());

  /** A developer's own routes: their console session, with its CSRF token on changes, and nothing else. */
  async function developerGate(request: FastifyRequest) {
    if (request.headers.authorization !== undefined) {
      throw new ApiError(
        'session_required',
        "This is a developer's own route: sign in to the console with your developer e-mail and password; no token can call it.",
      );
    }
    const cookie = request.cookies[DEVELOPER_SESSION_COOKIE];
    if (cookie === undefined) {
      throw new ApiError(
        'unauthenticated',
        request.cookies[SESSION_COOKIE] === undefined
          ? 'Sign in with your developer e-mail and password first (POST /api/v1/developer/session).'
          : 'You are signed in as an admin; this needs your own developer sign-in (POST /api/v1/developer/session).',
      );
    }
    const session = await developerSessions.authenticate(cookie);
    if (session === 'expired')
      throw new ApiError('session_expired', 'Your developer session has expired; sign in again.');
    if (!session)
      throw new ApiError('unauthenticated', 'Your developer session is not valid; sign in again.');
    requireCsrf(request, (header) => developerSessions.csrfMatches(session, header));
    request.principal = { kind: 'developer', session };
  }

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `${route.method} ${route.url} declares no access; every management route must declare config.access`,
      );
    }
    documentAccess(route, access);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) throw new ApiError('forbidden', 'This route is not open to anyone.');
    if ('public' in access) return;
    if ('developer' in access) return developerGate(request);

    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(authorization);
      if (!match) {
        unknownTokens.note(request, { reason: 'malformed', status: 401 });
        throw new ApiError(
          'invalid_token',
          'The Authorization header must be "Bearer <access token>"; get a token at /api/oauth/token.',
          bearerChallenge('invalid_token', 'malformed Authorization header'),
        );
      }
      const check = credentials.verifyToken(match[1]!, request.ip);
      if (!check.ok) {
        const { refusal } = check;
        if (refusal.code !== 'unknown') request.refused = refusal;
        else unknownTokens.note(request, { reason: 'unknown', status: 401 });
        if (refusal.code === 'ip_refused') throw new ApiError('ip_not_allowed', refusal.message);
        throw new ApiError(
          'invalid_token',
          refusal.message,
          bearerChallenge('invalid_token', refusal.message),
        );
      }
      const { credential, claims } = check;
      credentials.touch(credential);
      request.principal = {
        kind: 'credential',
        credential,
        scopes: claims.scopes,
        scopeUsed: access.scope ?? null,
      };
      if (!access.scope) {
        throw new ApiError(
          'session_required',
          `This operation needs ${access.role === 'owner' ? 'an owner' : 'an admin'} signed in to the console; ` +
            'no machine credential can perform it, whatever its scopes.',
          bearerChallenge('insufficient_scope', 'needs an admin session'),
        );
      }
      if (!claims.scopes.includes(access.scope)) {
        throw new ApiError(
          'insufficient_scope',
          `This call needs the "${access.scope}" scope; the token carries ${claims.scopes.map((s) => `"${s}"`).join(', ') || 'none'}.`,
          bearerChallenge('insufficient_scope', `needs the ${access.scope} scope`, access.scope),
        );
      }
      return;
    }

    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie === undefined) {
      throw new ApiError(
        'unauthenticated',
        'Sign in to the console, or send "Authorization: Bearer <access token>" from /api/oauth/token.',
        bearerChallenge(),
      );
    }
    const session = await admins.authenticate(cookie);
    if (session === 'expired')
      throw new ApiError('session_expired', 'Your console session has expired; sign in again.');
    if (!session)
      throw new ApiError(
        'unauthenticated',
        'Your console session is not valid; sign in again.',
        bearerChallenge(),
      );
    if (!roleAtLeast(session.admin.role, access.role)) {
      throw new ApiError(
        'forbidden',
        `This needs the ${access.role} role; you are signed in as ${session.admin.role}.`,
      );
    }
    requireCsrf(request, (header) => admins.csrfMatches(session, header));
    request.principal = { kind: 'admin', session };
  });

  app.addHook('onResponse', async (request, reply) => {
    const principal = request.principal;
    const refused = request.refused;
    const credential =
      principal?.kind === 'credential'
        ? principal.credential
        : refused && 'credential' in refused
          ? refused.credential
          : undefined;
    if (!credential) return;
    audit.record({
      action: 'api.request',
      actor: { type: 'credential', id: credential.id, name: credential.name },
      ...originOf(request),
      outcome: reply.statusCode < 400 ? 'success' : 'failure',
      details: {
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, 512),
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        scope: principal?.kind === 'credential' ? principal.scopeUsed : null,
        ...(refused && refused.code !== 'unknown' ? { refused: refused.code } : {}),
      },
    });
  });
}

/** A change made with a session cookie must carry the session's CSRF token. */
function requireCsrf(request: FastifyRequest, matches: (header: string | undefined) => boolean): void {
  if (!SAFE_METHODS.has(request.method) && !matches(firstHeader(request, 'x-csrf-token'))) {
    throw new ApiError(
      'csrf_failed',
      'Send the x-csrf-token header you received when signing in with every change.',
    );
  }
}

function firstHeader(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
