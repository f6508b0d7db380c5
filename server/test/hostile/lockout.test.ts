// A stranger must not be able to lock anyone out. A client id is not a secret, nor is an e-mail
// address: failures are limited per (account, address) and per address, so wrong secrets or passwords
// from one address never refuse the right one from an address that has not been failing. A guess spread
// over many addresses meets the account's ceiling, which holds back only the addresses that failed on
// it. And the counts are the database's: on PostgreSQL, failures counted by one replica limit the other.
// Addresses come from X-Forwarded-For, with the test's loopback connection as the trusted proxy.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine, testEngines } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startReplicas } from '../helpers/replicas.ts';
import {
  ApiClient,
  OAuthFailure,
  createCredential,
  exchangeToken,
  signIn,
  type CreatedCredential,
} from '../helpers/api-client.ts';
import { PASSWORD, addDeveloper } from '../helpers/people.ts';

const PROXIED = { env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } };
const WRONG_SECRET = `ghcs_${'W'.repeat(43)}`;

/** A token exchange through oauth4webapi from `ip`: the token, or the refusal's status and error. */
async function exchange(url: string, c: { client_id: string; client_secret: string }, ip: string) {
  try {
    const t = await exchangeToken(url, c.client_id, c.client_secret, { headers: { 'x-forwarded-for': ip } });
    return { status: 200, token: t.access_token };
  } catch (err) {
    if (!(err instanceof OAuthFailure)) throw err;
    return { status: err.status, error: err.error, retryAfter: err.headers.get('retry-after') };
  }
}

const from = (url: string, ip: string) => new ApiClient(url, { 'x-forwarded-for': ip });
const adminSignIn = (url: string, ip: string, email: string, password: string) =>
  from(url, ip).post('/api/v1/session', { email, password });
const developerSignIn = (url: string, ip: string, email: string, password: string) =>
  from(url, ip).post('/api/v1/developer/session', { email, password });

eachEngine('hostile: lockout by a stranger', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let cred: CreatedCredential;

  before(async () => {
    server = await startTestServer(engine, PROXIED);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    cred = await createCredential(admin, { name: 'ci-pipeline', scopes: ['audit:read'] });
  });
  after(() => server.close());

  test('11 wrong secrets for a known client_id from one address: that address waits, the right secret from another is served', async () => {
    const wrong = { client_id: cred.client_id, client_secret: WRONG_SECRET };
    for (let i = 0; i < 11; i++) {
      const r = await exchange(server.consoleUrl, wrong, '203.0.113.66');
      assert.deepEqual([r.status, r.error], [401, 'invalid_client'], `attempt ${i + 1}`);
    }
    const locked = await exchange(server.consoleUrl, wrong, '203.0.113.66');
    assert.deepEqual([locked.status, locked.error], [429, 'temporarily_unavailable']);
    assert.match(locked.retryAfter ?? '', /^[1-9][0-9]*$/);
    // The failing address is held back even with the right secret: it has been guessing.
    assert.equal((await exchange(server.consoleUrl, cred, '203.0.113.66')).status, 429);
    const owner = await exchange(server.consoleUrl, cred, '198.51.100.10');
    assert.equal(owner.status, 200, JSON.stringify(owner));
    assert.match(owner.token!, /^ghat_/);
  });

  test('6 wrong admin passwords from one address: that address waits, the right password from another signs in', async () => {
    const { email, password } = server.owner;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await adminSignIn(server.consoleUrl, '203.0.113.77', email, `wrong password ${i}`)).status,
      );
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401, 429]);
    const stillLocked = await adminSignIn(server.consoleUrl, '203.0.113.77', email, password);
    assert.deepEqual([stillLocked.status, stillLocked.body.error.code], [429, 'too_many_requests']);
    const owner = await adminSignIn(server.consoleUrl, '198.51.100.11', email, password);
    assert.equal(owner.status, 200, JSON.stringify(owner.body));
  });

  test('6 wrong developer passwords from one address: the developer signs in from another', async () => {
    await addDeveloper(server, admin, 'lin@example.com');
    for (let i = 0; i < 6; i++)
      await developerSignIn(server.consoleUrl, '203.0.113.88', 'lin@example.com', `wrong password ${i}`);
    assert.equal(
      (await developerSignIn(server.consoleUrl, '203.0.113.88', 'lin@example.com', PASSWORD)).status,
      429,
    );
    const lin = await developerSignIn(server.consoleUrl, '198.51.100.12', 'lin@example.com', PASSWORD);
    assert.equal(lin.status, 200, JSON.stringify(lin.body));
  });

  test('a guess spread over many addresses: past the account’s ceiling the failing addresses wait, a clean one signs in', async () => {
    // The owner's account, from 60 addresses once each: ten past its ceiling of fifty (a lock of minutes).
    const { email, password } = server.owner;
    for (let i = 1; i <= 60; i++) {
      const r = await adminSignIn(server.consoleUrl, `192.0.2.${i}`, email, `distributed guess ${i}`);
      assert.equal(r.status, 401, `guess ${i}`);
    }
    // Each of those addresses has failed on this account: even the right password waits now.
    const failing = await adminSignIn(server.consoleUrl, '192.0.2.1', email, password);
    assert.equal(failing.status, 429);
    assert.ok(Number(failing.headers.get('retry-after')) >= 1);
    // An address that has not been failing is never refused the right password.
    const clean = await adminSignIn(server.consoleUrl, '198.51.100.13', email, password);
    assert.equal(clean.status, 200, JSON.stringify(clean.body));
    // A clean address with a wrong password is answered (401), not refused: one guess, then it waits.
    assert.equal(
      (await adminSignIn(server.consoleUrl, '198.51.100.14', email, 'one more guess')).status,
      401,
    );
    assert.equal((await adminSignIn(server.consoleUrl, '198.51.100.14', email, password)).status, 429);
  });
});

describe(
  'hostile: lockout across replicas [postgres]',
  { skip: !testEngines().includes('postgres') && 'PostgreSQL only' },
  () => {
    let replicas: TestServer[];
    let cred: CreatedCredential;

    before(async () => {
      replicas = await startReplicas(2, PROXIED);
      const admin = await signIn(
        replicas[0]!.consoleUrl,
        replicas[0]!.owner.email,
        replicas[0]!.owner.password,
      );
      cred = await createCredential(admin, { name: 'replicated', scopes: ['audit:read'] });
    });
    after(async () => {
      for (const r of replicas) await r.close();
    });

    test('failures counted on one replica limit the other; the right secret from a clean address is served by both', async () => {
      const [one, two] = replicas.map((r) => r.consoleUrl) as [string, string];
      const wrong = { client_id: cred.client_id, client_secret: WRONG_SECRET };
      for (let i = 0; i < 11; i++) assert.equal((await exchange(one, wrong, '203.0.113.99')).status, 401);
      const onTwo = await exchange(two, wrong, '203.0.113.99');
      assert.deepEqual([onTwo.status, onTwo.error], [429, 'temporarily_unavailable']);
      assert.equal((await exchange(two, cred, '198.51.100.20')).status, 200);
      assert.equal((await exchange(one, cred, '198.51.100.21')).status, 200);
    });

    test('admin sign-in: five failures on one replica and the sixth on the other locks that address everywhere', async () => {
      const [one, two] = replicas.map((r) => r.consoleUrl) as [string, string];
      const { email, password } = replicas[0]!.owner;
      for (let i = 0; i < 3; i++)
        assert.equal((await adminSignIn(one, '203.0.113.100', email, `wrong ${i}`)).status, 401);
      for (let i = 3; i < 6; i++)
        assert.equal((await adminSignIn(two, '203.0.113.100', email, `wrong ${i}`)).status, 401);
      assert.equal((await adminSignIn(one, '203.0.113.100', email, password)).status, 429);
      assert.equal((await adminSignIn(two, '203.0.113.100', email, password)).status, 429);
      assert.equal((await adminSignIn(two, '198.51.100.22', email, password)).status, 200);
    });
  },
);
