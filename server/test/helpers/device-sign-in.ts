// Device sign-in as the tests drive it: the endpoint client's side through a real OAuth client library
// (oauth4webapi, RFC 8628 and RFC 7009), the developer's side through the console API with their own
// session cookie, and the few store edits no API can make (moving a code's clock).
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { sha256Hex } from '../../src/crypto/tokens.ts';
import { ApiClient, OAuthFailure, type Reply } from './api-client.ts';
import type { TestServer } from './server.ts';

export const CLIENT_ID = 'gatehouse-client';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const insecure = { [oauth.allowInsecureRequests]: true } as const;

function endpoints(consoleUrl: string): oauth.AuthorizationServer {
  return {
    issuer: consoleUrl,
    token_endpoint: `${consoleUrl}/api/oauth/token`,
    device_authorization_endpoint: `${consoleUrl}/api/oauth/device_authorization`,
    revocation_endpoint: `${consoleUrl}/api/oauth/revoke`,
  };
}
const client: oauth.Client = { client_id: CLIENT_ID };

/** oauth4webapi's refusals as RFC 6749 §5.2 describes them. */
async function normalise(err: unknown): Promise<never> {
  if (err instanceof oauth.ResponseBodyError)
    throw new OAuthFailure(err.status, err.error, err.error_description ?? '', err.response.headers);
  throw err;
}

/** RFC 8628 §3.1 through the library: the device asks for its codes. */
export async function startSignIn(
  consoleUrl: string,
  extensions: Record<string, string> = {
    device_name: 'ada-mbp',
    platform: 'darwin-arm64',
    client_version: '0.1.0',
  },
  headers: Record<string, string> = {},
): Promise<oauth.DeviceAuthorizationResponse> {
  const as = endpoints(consoleUrl);
  const res = await oauth.deviceAuthorizationRequest(as, client, oauth.None(), extensions, {
    ...insecure,
    headers,
  });
  return oauth.processDeviceAuthorizationResponse(as, client, res).catch(normalise);
}

/** RFC 8628 §3.4 through the library: one poll; a refusal throws an OAuthFailure. */
export async function poll(
  consoleUrl: string,
  deviceCode: string,
  headers: Record<string, string> = {},
): Promise<oauth.TokenEndpointResponse> {
  const as = endpoints(consoleUrl);
  const res = await oauth.deviceCodeGrantRequest(as, client, oauth.None(), deviceCode, {
    ...insecure,
    headers,
  });
  return oauth.processDeviceCodeResponse(as, client, res).catch(normalise);
}

/** RFC 6749 §6 through the library. */
export async function refresh(
  consoleUrl: string,
  refreshToken: string,
): Promise<oauth.TokenEndpointResponse> {
  const as = endpoints(consoleUrl);
  const res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, client, res).catch(normalise);
}

/** RFC 7009 through the library; resolves when the server answered 200. */
export async function revoke(consoleUrl: string, token: string): Promise<void> {
  const as = endpoints(consoleUrl);
  const res = await oauth.revocationRequest(as, client, oauth.None(), token, insecure);
  await oauth.processRevocationResponse(res);
}

/** Asserts that `promise` is a refusal with this status and RFC 6749 / RFC 8628 error. */
export async function refused(
  promise: Promise<unknown>,
  status: number,
  error: string,
): Promise<OAuthFailure> {
  const err = await promise.then(
    () => assert.fail(`expected ${status} ${error}, got tokens`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof OAuthFailure, `not an OAuth refusal: ${String(err)}`);
  assert.equal(err.error, error, err.message);
  assert.equal(err.status, status, err.message);
  return err;
}

/** A form post by hand, for what the library would not send. */
export function formPost(consoleUrl: string, path: string, params: Record<string, string>, headers = {}) {
  return new ApiClient(consoleUrl).request(
    'POST',
    `/api/oauth/${path}`,
    new URLSearchParams(params).toString(),
    { ...FORM, ...headers },
  );
}

/** A client holding the developer session cookie and CSRF token that a sign-in-like answer handed out. */
export function developerSessionFrom(consoleUrl: string, res: Reply): ApiClient {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  assert.ok(cookie.startsWith('gatehouse_developer_session=ghds_'), `no developer session cookie: ${cookie}`);
  return new ApiClient(consoleUrl, { cookie, 'x-csrf-token': res.body.csrf_token });
}

/** Signs a developer in to the console with their own e-mail and password. */
export async function developerSignIn(
  consoleUrl: string,
  email: string,
  password: string,
): Promise<ApiClient> {
  const res = await new ApiClient(consoleUrl).post('/api/v1/developer/session', { email, password });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return developerSessionFrom(consoleUrl, res);
}

export function approve(developer: ApiClient, userCode: string) {
  return developer.post(`/api/v1/developer/device-authorizations/${userCode}/approve`);
}

export function deny(developer: ApiClient, userCode: string) {
  return developer.post(`/api/v1/developer/device-authorizations/${userCode}/deny`);
}

/** The whole sign-in: codes, approval by `developer`, one poll: the token response. */
export async function signDeviceIn(
  server: TestServer,
  developer: ApiClient,
  extensions?: Record<string, string>,
): Promise<oauth.TokenEndpointResponse> {
  const codes = await startSignIn(server.consoleUrl, extensions);
  const res = await approve(developer, codes.user_code);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return poll(server.consoleUrl, codes.device_code);
}

const byCode = (deviceCode: string) => sha256Hex(deviceCode);

/** Moves a device code's last poll `ms` into the past, as if the device had waited. */
export async function waitedSincePoll(server: TestServer, deviceCode: string, ms = 60_000): Promise<void> {
  const db = server.gatehouse.services.store.db;
  const row = await db
    .selectFrom('device_authorizations')
    .select('last_polled_at')
    .where('device_code_hash', '=', byCode(deviceCode))
    .executeTakeFirstOrThrow();
  if (row.last_polled_at === null) return;
  await db
    .updateTable('device_authorizations')
    .set({ last_polled_at: row.last_polled_at - ms })
    .where('device_code_hash', '=', byCode(deviceCode))
    .execute();
}

/** Ends a device code's ten minutes now. */
export async function expireCode(server: TestServer, deviceCode: string): Promise<void> {
  await server.gatehouse.services.store.db
    .updateTable('device_authorizations')
    .set({ expires_at: Date.now() - 1000 })
    .where('device_code_hash', '=', byCode(deviceCode))
    .execute();
}

export function authorizationRow(server: TestServer, deviceCode: string) {
  return server.gatehouse.services.store.db
    .selectFrom('device_authorizations')
    .selectAll()
    .where('device_code_hash', '=', byCode(deviceCode))
    .executeTakeFirstOrThrow();
}
