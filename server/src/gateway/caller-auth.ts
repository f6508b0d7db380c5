// Who is calling the Gateway. The caller's Gatehouse token sits wherever its SDK puts an API key:
// `Authorization: Bearer`, `x-api-key`, Azure's `api-key`, Gemini's `x-goog-api-key` or `?key=`; a
// device token may sit in the path instead (device-path.ts). An access token is checked against the
// in-memory credentials (no database read), for the gateway:invoke scope and the credential's IP
// rules; a device token (`ghdt_`) against the in-memory device sessions, which carry gateway:invoke
// only.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { CredentialService } from '../identity/credential-service.ts';
import type { Credential } from '../identity/credential-types.ts';
import type {
  DeviceCaller,
  DeviceCheck,
  DeviceRefusalCode,
  DeviceSessionCache,
} from '../identity/device-session-cache.ts';
import { SECRET_PREFIX } from '../crypto/tokens.ts';
import { pathToken } from './device-path.ts';
import type { RefusalAudit } from '../audit/refusal-audit.ts';
import { GatewayError, type GatewayErrorCode } from './gateway-errors.ts';
import type { Provider } from './providers/provider-types.ts';

export type Caller = { type: 'credential'; credential: Credential } | DeviceCaller;

/** What checks the callers: the credentials and the device sessions, both in memory. */
export interface CallerAuthority {
  credentials: CredentialService;
  deviceSessions: DeviceSessionCache;
  /** Where refused tokens are audited (gateway.token_refused); absent, they are not. */
  refusals?: RefusalAudit | null;
}

export interface CallerCheck {
  caller?: Caller;
  /** Whom a refused token named, so that the refusal is attributed in the activity. */
  refused?: Caller;
  error?: GatewayError;
}

const BEARER = /^Bearer +(\S+) *$/i;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The token the caller sent, wherever its SDK put it; `query` is the parsed query (Gemini only). */
export function presentedToken(
  headers: IncomingHttpHeaders,
  provider: Provider,
  query: URLSearchParams | null,
): string | undefined {
  const authorization = header(headers, 'authorization');
  if (authorization !== undefined) return BEARER.exec(authorization)?.[1] ?? authorization;
  const apiKey = header(headers, 'x-api-key');
  if (apiKey !== undefined) return apiKey;
  for (const name of provider.tokenHeaders) {
    const v = header(headers, name);
    if (v !== undefined) return v;
  }
  return (provider.tokenInQuery && query?.get('key')) || undefined;
}

const HOW =
  'Use a Gatehouse access token as the API key (exchange an API credential that has the gateway:invoke scope at /api/oauth/token), or sign this machine in with `gatehouse-client login`.';

const DEVICE_ERRORS: Record<DeviceRefusalCode, GatewayErrorCode> = {
  unknown: 'invalid_token',
  session_expired: 'session_expired',
  session_ended: 'session_ended',
  device_revoked: 'device_revoked',
  developer_offboarded: 'developer_offboarded',
  developer_inactive: 'developer_inactive',
};

function deviceVerdict(check: DeviceCheck, devices: DeviceSessionCache): CallerCheck {
  if (check.ok) {
    devices.touch(check.caller);
    return { caller: check.caller };
  }
  const { refusal } = check;
  const error = new GatewayError(DEVICE_ERRORS[refusal.code], refusal.message);
  return refusal.caller ? { refused: refusal.caller, error } : { error };
}

/**
 * The caller's check. `inPath`: the token came in the path, where only a device token may be. A
 * promise only for a device token whose session this process has not seen yet (one database read).
 */
export function checkCaller(
  authority: CallerAuthority,
  token: string | undefined,
  ip: string,
  inPath = false,
): CallerCheck | Promise<CallerCheck> {
  if (!token) return { error: new GatewayError('missing_token', `No Gatehouse token was sent. ${HOW}`) };
  if (token.startsWith(SECRET_PREFIX.deviceToken)) {
    const { deviceSessions } = authority;
    const check = deviceSessions.verify(token);
    return check instanceof Promise
      ? check.then((c) => deviceVerdict(c, deviceSessions))
      : deviceVerdict(check, deviceSessions);
  }
  if (inPath) {
    return {
      error: new GatewayError(
        'invalid_token',
        'Only a device token (ghdt_…) may sit in the path (/d/<device token>/…); send an access token as the API key instead.',
      ),
    };
  }
  const { credentials } = authority;
  const check = credentials.verifyToken(token, ip);
  if (!check.ok) {
    const { refusal } = check;
    const refused =
      refusal.code === 'unknown'
        ? {}
        : { refused: { type: 'credential' as const, credential: refusal.credential } };
    if (refusal.code === 'ip_refused')
      return { ...refused, error: new GatewayError('ip_not_allowed', refusal.message) };
    const message =
      refusal.code === 'unknown'
        ? `The Gatehouse Gateway did not recognise this token (a provider's own API key does not work here). ${HOW}`
        : refusal.message;
    return { ...refused, error: new GatewayError('invalid_token', message) };
  }
  const caller: Caller = { type: 'credential', credential: check.credential };
  if (!check.claims.scopes.includes('gateway:invoke')) {
    return {
      caller,
      error: new GatewayError(
        'insufficient_scope',
        `This token lacks the gateway:invoke scope (it carries ${check.claims.scopes.join(', ') || 'none'}); ` +
          'use a credential that has gateway:invoke.',
      ),
    };
  }
  credentials.touch(check.credential);
  return { caller };
}

/**
 * The check of a request's caller: the device token in its path, else the token wherever its SDK put
 * it (`query`: the parsed query, for Gemini's ?key=). A promise only as checkCaller says.
 */
export function checkRequest(
  authority: CallerAuthority,
  request: FastifyRequest,
  provider: Provider,
  query: URLSearchParams | null,
): CallerCheck | Promise<CallerCheck> {
  const inPath = pathToken(request.raw);
  if (inPath !== undefined) return checkCaller(authority, inPath, request.ip, true);
  return checkCaller(authority, presentedToken(request.headers, provider, query), request.ip);
}

/** Audits a refused check (gateway.token_refused, aggregated: refusal-audit.ts); a passed one is not. */
export function auditRefusal(authority: CallerAuthority, request: FastifyRequest, check: CallerCheck): void {
  const { error } = check;
  if (error)
    authority.refusals?.note(request, {
      reason: error.code,
      status: error.status,
      caller: check.caller ?? check.refused,
    });
}
