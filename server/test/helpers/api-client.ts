// Clients of the management API as tests use it: an admin signed in through the session endpoint (with
// its cookie and CSRF token), a machine client holding a bearer token, and the token exchange done by a
// real OAuth client library (oauth4webapi).
import * as oauth from 'oauth4webapi';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

async function call<T>(url: string, init: RequestInit): Promise<Reply<T>> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...this.headers, ...extra };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    return call<T>(this.baseUrl + path, init);
  }
  get<T = any>(path: string, extra?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, extra);
  }
  post<T = any>(path: string, body?: unknown, extra?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, extra);
  }
  delete<T = any>(path: string, extra?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, extra);
  }
}

/** Signs in and returns a client that sends the session cookie and the CSRF token. */
export async function signIn(consoleUrl: string, email: string, password: string): Promise<ApiClient> {
  const res = await fetch(`${consoleUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return new ApiClient(consoleUrl, { cookie, 'x-csrf-token': csrf_token });
}

export interface CreatedCredential {
  id: string;
  name: string;
  client_id: string;
  client_secret: string;
  scopes: string[];
  [k: string]: unknown;
}

export async function createCredential(
  admin: ApiClient,
  body: Record<string, unknown>,
): Promise<CreatedCredential> {
  const res = await admin.post<CreatedCredential>('/api/v1/credentials', body);
  if (res.status !== 201)
    throw new Error(`create credential failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post';

/** A refused token request as RFC 6749 §5.2 describes it, whichever way oauth4webapi reported it. */
export class OAuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly error_description: string,
    readonly headers: Headers,
  ) {
    super(`${status} ${error}: ${error_description}`);
  }
}

async function normalise(err: unknown): Promise<never> {
  if (err instanceof oauth.ResponseBodyError) {
    throw new OAuthFailure(err.status, err.error, err.error_description ?? '', err.response.headers);
  }
  if (err instanceof oauth.WWWAuthenticateChallengeError) {
    // Basic client authentication refused: a 401 with a challenge, and the §5.2 body beside it.
    const body = (await err.response.json()) as { error: string; error_description: string };
    throw new OAuthFailure(err.status, body.error, body.error_description, err.response.headers);
  }
  throw err;
}

/** The token exchange through oauth4webapi; a refusal throws an OAuthFailure. */
export async function exchangeToken(
  consoleUrl: string,
  clientId: string,
  clientSecret: string,
  options: { scope?: string; method?: ClientAuthMethod; headers?: Record<string, string> } = {},
): Promise<oauth.TokenEndpointResponse> {
  const as: oauth.AuthorizationServer = {
    issuer: consoleUrl,
    token_endpoint: `${consoleUrl}/api/oauth/token`,
  };
  const client: oauth.Client = { client_id: clientId };
  const auth =
    options.method === 'client_secret_post'
      ? oauth.ClientSecretPost(clientSecret)
      : oauth.ClientSecretBasic(clientSecret);
  const params = new URLSearchParams();
  if (options.scope !== undefined) params.set('scope', options.scope);
  const response = await oauth.clientCredentialsGrantRequest(as, client, auth, params, {
    [oauth.allowInsecureRequests]: true,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  return oauth.processClientCredentialsResponse(as, client, response).catch(normalise);
}

/** A machine client: exchanges the credential for a token and calls the API with it. */
export async function tokenClient(
  consoleUrl: string,
  cred: { client_id: string; client_secret: string },
  scope?: string,
) {
  const token = await exchangeToken(consoleUrl, cred.client_id, cred.client_secret, scope ? { scope } : {});
  return new ApiClient(consoleUrl, { authorization: `Bearer ${token.access_token}` });
}

export interface AuditEventView {
  id: string;
  time: string;
  action: string;
  actor: { type: string; id: string | null; name: string | null };
  target: { type: string; id: string | null; name: string | null } | null;
  ip: string | null;
  outcome: 'success' | 'failure';
  details: Record<string, any>;
  [k: string]: unknown;
}

/** Every audit event that matches the query (action, actor_id, …), all pages, oldest first. */
export async function auditEvents(
  client: ApiClient,
  query: Record<string, string> = {},
): Promise<AuditEventView[]> {
  const events: AuditEventView[] = [];
  let after: string | undefined;
  for (;;) {
    const q = new URLSearchParams({ ...query, limit: '1000', ...(after ? { after } : {}) });
    const res = await client.get(`/api/v1/audit/events?${q}`);
    if (res.status !== 200) throw new Error(`audit query failed: ${res.status} ${JSON.stringify(res.body)}`);
    events.push(...res.body.events);
    if (res.body.events.length < 1000) return events;
    after = res.body.next_cursor;
  }
}

/**
 * Polls the audit log until `done` holds for the matching events: events of the hot path (token
 * issued, API call, sign-in) reach the store through a batching writer a few milliseconds later.
 */
export async function waitForAudit(
  client: ApiClient,
  query: Record<string, string>,
  done: (events: AuditEventView[]) => boolean,
  timeoutMs = 3000,
): Promise<AuditEventView[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await auditEvents(client, query);
    if (done(events)) return events;
    if (Date.now() > deadline)
      throw new Error(`audit events for ${JSON.stringify(query)} did not arrive: ${JSON.stringify(events)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
