// What the scenarios need before they can run, made through the public API as an operator would: the
// admin signs in, creates a machine credential with the audit:read scope, and the credential exchanges
// its secret for an access token. Each answer is checked in full here, once, so that the load runs can
// judge answers by their status alone.
import type { RequestSpec } from './load.ts';

export interface Fixtures {
  clientId: string;
  clientSecret: string;
  accessToken: string;
  /** POST /api/oauth/token, client_credentials grant, client authenticated with HTTP Basic. */
  tokenExchange: RequestSpec;
  /** GET /api/v1/audit/events?limit=10 with the bearer token. */
  auditRead: RequestSpec;
}

export async function json(res: Response, expect: number, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (res.status !== expect)
    throw new Error(`${what}: expected ${expect}, got ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export const USER_AGENT = 'gatehouse-bench/1';

export interface AdminSession {
  cookie: string;
  csrfToken: string;
}

/** The admin's console session (cookie and CSRF token), as the console gets it. */
export async function signIn(
  consoleUrl: string,
  admin: { email: string; password: string },
): Promise<AdminSession> {
  const session = await fetch(`${consoleUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    body: JSON.stringify(admin),
  });
  const { csrf_token } = await json(session, 200, 'sign-in');
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, csrfToken: String(csrf_token) };
}

/** POST of a JSON body to the management API in the admin's session; the answer, checked for `expect`. */
export async function adminPost(
  consoleUrl: string,
  session: AdminSession,
  path: string,
  body: unknown,
  expect: number,
  what: string,
  method: 'POST' | 'PUT' = 'POST',
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(`${consoleUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      'user-agent': USER_AGENT,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return json(res, expect, what);
}

/** A machine credential with these scopes: its client id and secret. */
export async function createCredential(
  consoleUrl: string,
  session: AdminSession,
  name: string,
  scopes: string[],
): Promise<{ clientId: string; clientSecret: string }> {
  const cred = await adminPost(
    consoleUrl,
    session,
    '/api/v1/credentials',
    { name, scopes },
    201,
    'create credential',
  );
  return { clientId: String(cred.client_id), clientSecret: String(cred.client_secret) };
}

/** POST /api/oauth/token, client_credentials grant, client authenticated with HTTP Basic. */
export function tokenExchangeRequest(clientId: string, clientSecret: string): RequestSpec {
  // RFC 6749 §2.3.1: each part form-urlencoded, then joined and base64-encoded.
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
    'base64',
  );
  return {
    method: 'POST',
    path: '/api/oauth/token',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'user-agent': USER_AGENT,
    },
    body: 'grant_type=client_credentials',
    expectStatus: 200,
  };
}

/** Exchanges the credential's secret for an access token, checking the answer in full. */
export async function exchangeToken(
  consoleUrl: string,
  request: RequestSpec,
  scope: string,
): Promise<string> {
  const tokenRes = await fetch(`${consoleUrl}${request.path}`, {
    method: 'POST',
    headers: request.headers,
    body: request.body!,
  });
  const token = await json(tokenRes, 200, 'token exchange');
  if (typeof token.access_token !== 'string' || token.token_type !== 'Bearer' || token.scope !== scope) {
    throw new Error(`token exchange: unexpected answer ${JSON.stringify(token).slice(0, 300)}`);
  }
  return token.access_token;
}

export async function prepare(
  consoleUrl: string,
  admin: { email: string; password: string },
): Promise<Fixtures> {
  const session = await signIn(consoleUrl, admin);
  const { clientId, clientSecret } = await createCredential(consoleUrl, session, 'benchmark', ['audit:read']);
  const tokenExchange = tokenExchangeRequest(clientId, clientSecret);
  const accessToken = await exchangeToken(consoleUrl, tokenExchange, 'audit:read');

  const auditRead: RequestSpec = {
    method: 'GET',
    path: '/api/v1/audit/events?limit=10',
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': USER_AGENT },
    expectStatus: 200,
  };
  const page = await json(
    await fetch(`${consoleUrl}${auditRead.path}`, { headers: auditRead.headers }),
    200,
    'audit read',
  );
  if (!Array.isArray(page.events) || page.events.length === 0) {
    throw new Error(`audit read: expected events, got ${JSON.stringify(page).slice(0, 300)}`);
  }

  return { clientId, clientSecret, accessToken, tokenExchange, auditRead };
}
