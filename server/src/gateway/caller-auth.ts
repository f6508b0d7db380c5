// Who is calling the Gateway. The caller's Gatehouse token sits wherever its SDK puts an API key:
// `Authorization: Bearer`, `x-api-key`, Azure's `api-key`, Gemini's `x-goog-api-key` or `?key=`. The
// token is checked against the in-memory credentials (no database read), for the gateway:invoke scope
// and the credential's IP rules.
import type { IncomingHttpHeaders } from 'node:http';
import type { CredentialService } from '../identity/credential-service.ts';
import type { Credential, Refusal } from '../identity/credential-types.ts';
import { GatewayError } from './gateway-errors.ts';
import type { Provider } from './providers/provider-types.ts';

export type Caller = { type: 'credential'; credential: Credential };

export interface CallerCheck {
  caller?: Caller;
  /** The credential a refused token named, so that the refusal is attributed in the activity. */
  refused?: Refusal;
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
  'Use a Gatehouse access token as the API key: exchange an API credential that has the gateway:invoke scope at /api/oauth/token.';

export function checkCaller(
  credentials: CredentialService,
  token: string | undefined,
  ip: string,
): CallerCheck {
  if (!token) return { error: new GatewayError('missing_token', `No Gatehouse token was sent. ${HOW}`) };
  const check = credentials.verifyToken(token, ip);
  if (!check.ok) {
    const { refusal } = check;
    const refused = refusal.code === 'unknown' ? {} : { refused: refusal };
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
