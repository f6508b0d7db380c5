// The device authorization endpoint (RFC 8628 §3.1–3.2) through a real OAuth client library: the codes
// and their shapes, what is stored of them (hashes only), the extension parameters on the approval
// page, each refusal of the request, and the per-address allowance.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, signIn } from '../helpers/api-client.ts';
import { PASSWORD, addDeveloper } from '../helpers/people.ts';
import { developerSignIn, formPost, startSignIn } from '../helpers/device-sign-in.ts';
import { sha256Hex } from '../../src/crypto/tokens.ts';

const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;

eachEngine('device authorization', (engine) => {
  let server: TestServer;
  let ada: ApiClient;
  before(async () => {
    server = await startTestServer(engine, {
      env: { GATEHOUSE_PUBLIC_URL: 'https://gatehouse.example.com', GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' },
    });
    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    await addDeveloper(server, admin, 'ada@example.com');
    ada = await developerSignIn(server.consoleUrl, 'ada@example.com', PASSWORD);
  });
  after(() => server.close());

  test('codes of the documented shapes, the verification URIs, 600 s and interval 5', async () => {
    const codes = await startSignIn(server.consoleUrl);
    assert.match(codes.device_code, /^ghdc_[A-Za-z0-9_-]{43}$/);
    assert.match(codes.user_code, USER_CODE);
    assert.equal(codes.verification_uri, 'https://gatehouse.example.com/console/device');
    assert.equal(
      codes.verification_uri_complete,
      `https://gatehouse.example.com/console/device?user_code=${codes.user_code}`,
    );
    assert.equal(codes.expires_in, 600);
    assert.equal(codes.interval, 5);

    const raw = await formPost(server.consoleUrl, 'device_authorization', { client_id: 'gatehouse-client' });
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get('cache-control'), 'no-store');
    assert.deepEqual(Object.keys(raw.body).sort(), [
      'device_code',
      'expires_in',
      'interval',
      'user_code',
      'verification_uri',
      'verification_uri_complete',
    ]);
  });

  test('neither code is stored as such: only their SHA-256', async () => {
    const codes = await startSignIn(server.consoleUrl);
    const rows = await server.gatehouse.services.store.db
      .selectFrom('device_authorizations')
      .selectAll()
      .execute();
    const text = JSON.stringify(rows);
    assert.ok(!text.includes(codes.device_code), 'the device code is stored');
    assert.ok(!text.includes(codes.user_code.replace('-', '')), 'the user code is stored');
    const row = rows.find((r) => r.device_code_hash === sha256Hex(codes.device_code));
    assert.ok(row, 'no row under the device code hash');
    assert.equal(row.user_code_hash, sha256Hex(codes.user_code.replace('-', '')));
  });

  test('the approval page sees the device name, platform, version and address; codes are typed loosely', async () => {
    const codes = await startSignIn(
      server.consoleUrl,
      { device_name: '  ada-workstation ', platform: 'linux-x64', client_version: '1.2.3' },
      { 'x-forwarded-for': '203.0.113.7' },
    );
    const loose = codes.user_code.toLowerCase().replace('-', ' ');
    const res = await ada.get(`/api/v1/developer/device-authorizations/${encodeURIComponent(loose)}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.user_code, res.body.status, res.body.device_name, res.body.platform, res.body.client_version],
      [codes.user_code, 'pending', 'ada-workstation', 'linux-x64', '1.2.3'],
    );
    assert.equal(res.body.ip, '203.0.113.7');
    const life = Date.parse(res.body.expires_at) - Date.parse(res.body.requested_at);
    assert.equal(life, 600_000);

    // No extension parameters at all is fine: the device is shown without them.
    const bare = await formPost(server.consoleUrl, 'device_authorization', { client_id: 'gatehouse-client' });
    const shown = await ada.get(`/api/v1/developer/device-authorizations/${bare.body.user_code}`);
    assert.deepEqual([shown.body.device_name, shown.body.platform], [null, null]);
  });

  test('refusals: the client, the scope, the extension parameters, the content type', async () => {
    const post = (params: Record<string, string>, headers = {}) =>
      formPost(server.consoleUrl, 'device_authorization', params, headers);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 400, 'invalid_request'],
      [{ client_id: 'ghci_other' }, 401, 'invalid_client'],
      [{ client_id: 'gatehouse-client', client_secret: 's' }, 401, 'invalid_client'],
      [{ client_id: 'gatehouse-client', scope: 'users:read' }, 400, 'invalid_scope'],
      [{ client_id: 'gatehouse-client', scope: 'gateway:invoke users:write' }, 400, 'invalid_scope'],
      [{ client_id: 'gatehouse-client', device_name: 'x'.repeat(129) }, 400, 'invalid_request'],
      [{ client_id: 'gatehouse-client', platform: 'linux\nrm -rf' }, 400, 'invalid_request'],
      [{ client_id: 'gatehouse-client', client_version: 'v'.repeat(65) }, 400, 'invalid_request'],
    ];
    for (const [params, status, error] of cases) {
      const res = await post(params);
      assert.deepEqual([res.status, res.body.error], [status, error], JSON.stringify(params));
      assert.ok(res.body.error_description, `no error_description for ${JSON.stringify(params)}`);
    }
    const named = await post({ client_id: 'gatehouse-client', device_name: 'x'.repeat(129) });
    assert.match(named.body.error_description, /device_name/);
    assert.equal((await post({ client_id: 'gatehouse-client', scope: 'gateway:invoke' })).status, 200);
    const json = await new ApiClient(server.consoleUrl).post('/api/oauth/device_authorization', {
      client_id: 'gatehouse-client',
    });
    assert.deepEqual([json.status, json.body.error], [400, 'invalid_request']);
  });

  test('sixty requests per address in 15 minutes, then 429 with Retry-After; other addresses are served', async () => {
    const from = (ip: string) =>
      formPost(
        server.consoleUrl,
        'device_authorization',
        { client_id: 'gatehouse-client' },
        { 'x-forwarded-for': ip },
      );
    for (let i = 0; i < 60; i++) assert.equal((await from('198.51.100.1')).status, 200, `request ${i + 1}`);
    const limited = await from('198.51.100.1');
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error, 'temporarily_unavailable');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1, 'no Retry-After');
    assert.equal((await from('198.51.100.2')).status, 200);
  });
});
