// The security tests every management route gets, from one table: no token, malformed token, unknown
// token, expired token, token of a revoked, reissued or expired credential, under-scoped token, refused
// IP address; and for session routes, a viewer where an admin is needed, a missing CSRF token, and a
// machine credential where only a session may act. A developer's console session opens no admin
// route; a developer's own routes open to that session only (missing, invalid, expired, signed-out and
// offboarded sessions refused; admin sessions and tokens too). The table is checked against the OpenAPI
// document, so a new route without a row fails the suite.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { hashPassword } from '../../src/crypto/password.ts';
import { SECRET_PREFIX, newId, newSecret, sha256Hex } from '../../src/crypto/tokens.ts';
import { SCOPE_NAMES, type Scope } from '../../src/identity/scopes.ts';
import type { AdminRole } from '../../src/identity/admin-types.ts';
import { ApiClient, createCredential, exchangeToken, signIn, type CreatedCredential } from './api-client.ts';
import type { TestServer } from './server.ts';

export interface RouteRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As in the OpenAPI document, e.g. /api/v1/credentials/{id}. */
  path: string;
  /** `public`, `developer` (a developer's own console session), or the least admin role and (if machine
   * credentials may call it) the scope. */
  access: 'public' | 'developer' | { role: AdminRole; scope?: Scope };
  /** Path parameters to fill in (a well-formed id that need not exist: 404 shows the gate was passed). */
  params?: Record<string, string>;
  body?: unknown;
}

const GATE_CODES = [
  'unauthenticated',
  'invalid_token',
  'session_expired',
  'forbidden',
  'insufficient_scope',
  'ip_not_allowed',
  'csrf_failed',
  'session_required',
];
const ALLOWED = '10.0.0.5';
const REFUSED = '10.9.9.9';
const XFF = (ip: string) => ({ 'x-forwarded-for': ip });

function fill(row: RouteRow): string {
  return row.path.replace(/\{(\w+)\}/g, (_, k: string) => row.params?.[k] ?? `cred_${'a'.repeat(20)}`);
}

/** A developer written straight to the store, signed in through the developer session endpoint. */
async function developerSession(s: TestServer, email: string): Promise<{ id: string; client: ApiClient }> {
  const id = newId('dev');
  const password = randomBytes(12).toString('hex');
  await s.gatehouse.services.store.db
    .insertInto('developers')
    .values({
      id,
      email,
      name: null,
      status: 'active',
      password_hash: await hashPassword(password),
      created_at: Date.now(),
      updated_at: Date.now(),
      activated_at: Date.now(),
      offboarded_at: null,
    })
    .execute();
  const res = await new ApiClient(s.consoleUrl).post('/api/v1/developer/session', { email, password });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id, client: new ApiClient(s.consoleUrl, { cookie, 'x-csrf-token': res.body.csrf_token }) };
}

function send(client: ApiClient, row: RouteRow, headers: Record<string, string> = {}) {
  const body = row.method === 'GET' || row.method === 'DELETE' ? undefined : (row.body ?? {});
  return client.request(row.method, fill(row), body, headers);
}

function assertChallenge(
  res: { status: number; headers: Headers; body: any },
  status: number,
  code: string,
  error?: string,
) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.error.code, code);
  const challenge = res.headers.get('www-authenticate');
  if (error === undefined) return;
  assert.ok(challenge?.startsWith('Bearer realm="gatehouse"'), `WWW-Authenticate: ${challenge}`);
  if (error === '') assert.doesNotMatch(challenge!, /error=/);
  else assert.match(challenge!, new RegExp(`error="${error}"`));
}

/**
 * Registers the security tests for every row. `server()` must return a server started with
 * GATEHOUSE_TRUSTED_PROXIES=127.0.0.1, so that the tests can speak from chosen addresses.
 */
export function describeRouteSecurity(server: () => TestServer, rows: RouteRow[]): void {
  let url: string;
  let owner: ApiClient;
  let viewer: ApiClient;
  let full: CreatedCredential;
  const tokenOf = async (c: CreatedCredential, scope?: string) =>
    (
      await exchangeToken(url, c.client_id, c.client_secret, {
        ...(scope ? { scope } : {}),
        headers: XFF(ALLOWED),
      })
    ).access_token;
  const bearer = (token: string, ip = ALLOWED) =>
    new ApiClient(url, { authorization: `Bearer ${token}`, ...XFF(ip) });
  const tokens: Record<'valid' | 'revoked' | 'reissued' | 'expiredCredential' | 'expired', string> =
    {} as never;
  // Developers' console sessions: a live one, and ones refused for each reason.
  let developer: ApiClient;
  const refusedDevelopers: Record<'signedOut' | 'expired' | 'offboarded' | 'unknown', ApiClient> =
    {} as never;

  before(async () => {
    const s = server();
    url = s.consoleUrl;
    owner = await signIn(url, s.owner.email, s.owner.password);
    // A viewer, written straight to the store: quicker than an invitation, and independent of it.
    const viewerPassword = randomBytes(12).toString('hex');
    await s.gatehouse.services.store.db
      .insertInto('admins')
      .values({
        id: newId('adm'),
        email: 'viewer@example.com',
        password_hash: await hashPassword(viewerPassword),
        role: 'viewer',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    viewer = await signIn(url, 'viewer@example.com', viewerPassword);

    const make = (name: string) =>
      createCredential(owner, {
        name,
        scopes: SCOPE_NAMES,
        ip_allowlist: ['10.0.0.0/24'],
        ip_denylist: ['10.0.0.99'],
      });
    full = await make('security-full');
    tokens.valid = await tokenOf(full);

    const revoked = await make('security-revoked');
    tokens.revoked = await tokenOf(revoked);
    assert.equal(
      (await owner.post(`/api/v1/credentials/${revoked.id}/revoke`, { confirm: revoked.name })).status,
      200,
    );

    const reissued = await make('security-reissued');
    tokens.reissued = await tokenOf(reissued);
    assert.equal(
      (await owner.post(`/api/v1/credentials/${reissued.id}/reissue`, { confirm: reissued.name })).status,
      200,
    );

    const lapsed = await make('security-lapsed');
    tokens.expiredCredential = await tokenOf(lapsed);
    await s.gatehouse.services.store.db
      .updateTable('api_credentials')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', lapsed.id)
      .execute();
    await s.gatehouse.services.changes.publish('credential', lapsed.id);

    // A token of a live credential, sealed with the server's key, whose hour is over.
    const codec = s.gatehouse.services.tokens;
    const claims = codec.read(tokens.valid)!;
    tokens.expired = codec.issue({ ...claims, expiresAt: Math.floor(Date.now() / 1000) - 1 });

    developer = (await developerSession(s, 'security-dev@example.com')).client;
    const signedOut = (await developerSession(s, 'security-signed-out@example.com')).client;
    assert.equal((await signedOut.delete('/api/v1/developer/session')).status, 204);
    refusedDevelopers.signedOut = signedOut;
    const offboarded = await developerSession(s, 'security-offboarded@example.com');
    const off = await owner.post(`/api/v1/developers/${offboarded.id}/offboard`, {
      confirm: 'security-offboarded@example.com',
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    refusedDevelopers.offboarded = offboarded.client;
    // A session of a live developer whose twelve hours are over, written straight to the store.
    const lapsedDev = await developerSession(s, 'security-lapsed@example.com');
    const lapsedToken = newSecret(SECRET_PREFIX.developerSession);
    await s.gatehouse.services.store.db
      .insertInto('developer_sessions')
      .values({
        id: newId('dss'),
        developer_id: lapsedDev.id,
        device_id: null,
        token_hash: sha256Hex(lapsedToken),
        created_at: Date.now() - 13 * 3600_000,
        expires_at: Date.now() - 3600_000,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    refusedDevelopers.expired = new ApiClient(url, {
      cookie: `gatehouse_developer_session=${lapsedToken}`,
      'x-csrf-token': lapsedDev.client.headers['x-csrf-token']!,
    });
    refusedDevelopers.unknown = new ApiClient(url, {
      cookie: `gatehouse_developer_session=${newSecret(SECRET_PREFIX.developerSession)}`,
      'x-csrf-token': 'x',
    });
  });

  test('the table covers every operation of the OpenAPI document', async () => {
    const doc = (await new ApiClient(url).get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const covered = rows.map((r) => `${r.method} ${r.path}`);
    assert.deepEqual([...documented].sort(), [...covered].sort());
  });

  /** A developer's own route: their console session opens it, and nothing else does. */
  function describeDeveloperRoute(row: RouteRow) {
    describe(`${row.method} ${row.path}`, () => {
      test('no credentials → 401 unauthenticated', async () => {
        assertChallenge(await send(new ApiClient(url), row), 401, 'unauthenticated');
      });
      test('an unknown, signed-out or offboarded session → 401 unauthenticated; an expired one → 401 session_expired', async () => {
        for (const who of ['unknown', 'signedOut', 'offboarded'] as const)
          assertChallenge(await send(refusedDevelopers[who], row), 401, 'unauthenticated');
        assertChallenge(await send(refusedDevelopers.expired, row), 401, 'session_expired');
      });
      test("an admin session, even the owner's → 401 unauthenticated", async () => {
        assertChallenge(await send(owner, row), 401, 'unauthenticated');
      });
      test('a machine token, whatever its scopes (or none at all) → 403 session_required', async () => {
        assertChallenge(await send(bearer(tokens.valid), row), 403, 'session_required');
        // The token is not even looked at: a developer route takes no token.
        assertChallenge(await send(bearer(tokens.revoked), row), 403, 'session_required');
        const both = new ApiClient(url, { ...developer.headers, authorization: `Bearer ${tokens.valid}` });
        assertChallenge(await send(both, row), 403, 'session_required');
      });
      if (row.method !== 'GET') {
        test('a developer session without its CSRF token → 403 csrf_failed', async () => {
          const noCsrf = new ApiClient(url, { cookie: developer.headers.cookie! });
          assertChallenge(await send(noCsrf, row), 403, 'csrf_failed');
          assertChallenge(await send(noCsrf, row, { 'x-csrf-token': 'wrong' }), 403, 'csrf_failed');
        });
      }
      test("a developer's session passes the gate", async () => {
        const fresh = (await developerSession(server(), `gate-${randomBytes(4).toString('hex')}@example.com`))
          .client;
        const res = await send(fresh, row);
        assert.ok(res.status !== 401 && res.status !== 403, `${res.status} ${JSON.stringify(res.body)}`);
      });
    });
  }

  for (const row of rows) {
    const name = `${row.method} ${row.path}`;
    const { access } = row;
    if (access === 'developer') {
      describeDeveloperRoute(row);
      continue;
    }
    if (access === 'public') {
      test(`${name} is public`, async () => {
        // It may still refuse the request on its own terms (a wrong password is a 401), but never at the gate.
        const res = await send(new ApiClient(url), row);
        assert.ok(!GATE_CODES.includes(res.body?.error?.code), `${res.status} ${JSON.stringify(res.body)}`);
      });
      continue;
    }
    describe(name, () => {
      test('no credentials → 401 with a bare Bearer challenge', async () => {
        assertChallenge(await send(new ApiClient(url), row), 401, 'unauthenticated', '');
      });
      test('malformed Authorization → 401 invalid_token', async () => {
        assertChallenge(
          await send(new ApiClient(url, { authorization: 'Bearer not a token!' }), row),
          401,
          'invalid_token',
          'invalid_token',
        );
        assertChallenge(
          await send(new ApiClient(url, { authorization: 'Basic Zm9vOmJhcg==' }), row),
          401,
          'invalid_token',
          'invalid_token',
        );
      });
      test('unknown, forged or expired tokens → 401 invalid_token', async () => {
        const unknown = `ghat_${randomBytes(60).toString('base64url')}`;
        for (const t of [unknown, tokens.expired, tokens.valid.slice(0, -2) + 'AA']) {
          assertChallenge(await send(bearer(t), row), 401, 'invalid_token', 'invalid_token');
        }
      });
      test('token of a revoked, reissued or expired credential → 401 invalid_token', async () => {
        for (const t of [tokens.revoked, tokens.reissued, tokens.expiredCredential]) {
          assertChallenge(await send(bearer(t), row), 401, 'invalid_token', 'invalid_token');
        }
      });
      test('a valid token from an address the IP rules refuse → 403 ip_not_allowed', async () => {
        for (const ip of [REFUSED, '10.0.0.99'])
          assertChallenge(await send(bearer(tokens.valid, ip), row), 403, 'ip_not_allowed');
      });
      if (access.scope) {
        const scope = access.scope;
        test(`a token without ${scope} → 403 insufficient_scope`, async () => {
          const others = SCOPE_NAMES.filter((s) => s !== scope).join(' ');
          const res = await send(bearer(await tokenOf(full, others)), row);
          assertChallenge(res, 403, 'insufficient_scope', 'insufficient_scope');
          assert.match(res.headers.get('www-authenticate')!, new RegExp(`scope="${scope}"`));
        });
        test(`a token with ${scope} passes the gate`, async () => {
          const res = await send(bearer(await tokenOf(full, scope)), row);
          assert.ok(res.status !== 401 && res.status !== 403, `${res.status} ${JSON.stringify(res.body)}`);
        });
      } else {
        test('a machine credential, whatever its scopes → 403 session_required', async () => {
          const res = await send(bearer(tokens.valid), row);
          assertChallenge(res, 403, 'session_required', 'insufficient_scope');
          // Admins are an owner's to manage (users:write stops at developers): the message names whom.
          const whom = access.role === 'owner' ? 'an owner' : 'an admin';
          assert.match(res.body.error.message, new RegExp(`needs ${whom} signed in to the console`));
        });
      }
      if (access.role !== 'viewer') {
        test(`a viewer session → 403 forbidden (needs ${access.role})`, async () => {
          assertChallenge(await send(viewer, row), 403, 'forbidden');
        });
      }
      if (row.method !== 'GET') {
        test('a session without its CSRF token → 403 csrf_failed', async () => {
          const noCsrf = new ApiClient(url, { cookie: owner.headers.cookie! });
          assertChallenge(await send(noCsrf, row), 403, 'csrf_failed');
          assertChallenge(await send(noCsrf, row, { 'x-csrf-token': 'wrong' }), 403, 'csrf_failed');
        });
      }
      test("a developer's console session → 401 unauthenticated", async () => {
        assertChallenge(await send(developer, row), 401, 'unauthenticated');
      });
      test('an owner session passes the gate', async () => {
        const s = server();
        const fresh = await signIn(url, s.owner.email, s.owner.password);
        const res = await send(fresh, row);
        assert.ok(res.status !== 401 && res.status !== 403, `${res.status} ${JSON.stringify(res.body)}`);
      });
    });
  }
}
