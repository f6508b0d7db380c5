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

async function json(res: Response, expect: number, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (res.status !== expect)
    throw new Error(`${what}: expected ${expect}, got ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const USER_AGENT = 'gatehouse-bench/1';

export async function prepare(
  consoleUrl: string,
  admin: { email: string; password: string },
): Promise<Fixtures> {
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

  const created = await fetch(`${consoleUrl}/api/v1/credentials`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie,
      'x-csrf-token': String(csrf_token),
      'user-agent': USER_AGENT,
    },
    body: JSON.stringify({ name: 'benchmark', scopes: ['audit:read'] }),
  });
  const cred = await json(created, 201, 'create credential');
  const clientId = String(cred.client_id);
  const clientSecret = String(cred.client_secret);

  // RFC 6749 §2.3.1: each part form-urlencoded, then joined and base64-encoded.
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
    'base64',
  );
  const tokenExchange: RequestSpec = {
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

  const tokenRes = await fetch(`${consoleUrl}${tokenExchange.path}`, {
    method: 'POST',
    headers: tokenExchange.headers,
    body: tokenExchange.body!,
  });
  const token = await json(tokenRes, 200, 'token exchange');
  if (
    typeof token.access_token !== 'string' ||
    token.token_type !== 'Bearer' ||
    token.scope !== 'audit:read'
  ) {
    throw new Error(`token exchange: unexpected answer ${JSON.stringify(token).slice(0, 300)}`);
  }
  const accessToken = token.access_token;

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
