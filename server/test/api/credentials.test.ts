// API credentials end to end: create, list, get, reissue, revoke; the secret shown once; bad input.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  createCredential,
  exchangeToken,
  signIn,
  tokenClient,
  type ApiClient,
} from '../helpers/api-client.ts';

eachEngine('API credentials', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('create returns the secret once; list and get never show it', async () => {
    const created = await createCredential(admin, {
      name: 'splunk-export',
      scopes: ['audit:read'],
      expires_in_days: 30,
      ip_allowlist: ['10.0.0.0/8', '2001:db8::/32'],
    });
    assert.match(created.client_secret, /^ghcs_[A-Za-z0-9_-]{43}$/);
    assert.match(created.client_id, /^ghci_/);
    assert.equal(created.status, 'active');
    assert.equal(created.last_used_at, null);
    assert.deepEqual(created.ip_allowlist, ['10.0.0.0/8', '2001:db8::/32']);
    const days =
      (Date.parse(created.expires_at as string) - Date.parse(created.created_at as string)) / 86_400_000;
    assert.equal(days, 30);

    const list = await admin.get('/api/v1/credentials');
    assert.equal(list.status, 200);
    const listed = list.body.credentials.find((c: { id: string }) => c.id === created.id);
    assert.ok(listed);
    const one = await admin.get(`/api/v1/credentials/${created.id}`);
    assert.equal(one.status, 200);
    for (const body of [JSON.stringify(list.body), JSON.stringify(one.body)]) {
      assert.ok(!body.includes(created.client_secret), 'the secret is never readable after creation');
      assert.ok(!body.includes('secret_hash') && !body.includes('client_secret'));
    }
  });

  test('expiry defaults to 90 days and takes only 30, 90, 180 or 365', async () => {
    const c = await createCredential(admin, { name: 'default-expiry', scopes: ['risk:read'] });
    assert.equal((Date.parse(c.expires_at as string) - Date.parse(c.created_at as string)) / 86_400_000, 90);
    const bad = await admin.post('/api/v1/credentials', {
      name: 'x',
      scopes: ['risk:read'],
      expires_in_days: 45,
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'invalid_request');
    assert.match(bad.body.error.message, /expires_in_days must be one of: 30, 90, 180, 365/);
  });

  test('last_used_at moves when the credential is used', async () => {
    const c = await createCredential(admin, { name: 'last-used', scopes: ['audit:read'] });
    const machine = await tokenClient(server.consoleUrl, c);
    assert.equal((await machine.get('/api/v1/audit/events?limit=1')).status, 200);
    const seen = await admin.get(`/api/v1/credentials/${c.id}`);
    assert.ok(seen.body.last_used_at, 'last_used_at is set');
    assert.ok(Date.now() - Date.parse(seen.body.last_used_at) < 60_000);
  });

  test('reissue: the old secret and its tokens stop working at once; the new secret works', async () => {
    const c = await createCredential(admin, { name: 'rotating', scopes: ['audit:read'] });
    const oldClient = await tokenClient(server.consoleUrl, c);
    const wrong = await admin.post(`/api/v1/credentials/${c.id}/reissue`, { confirm: 'not-the-name' });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error.code, 'confirmation_mismatch');
    const re = await admin.post(`/api/v1/credentials/${c.id}/reissue`, { confirm: 'rotating' });
    assert.equal(re.status, 200);
    assert.notEqual(re.body.client_secret, c.client_secret);
    assert.equal(re.body.client_id, c.client_id);

    const refused = await oldClient.get('/api/v1/audit/events');
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('www-authenticate')!, /error="invalid_token"/);
    await assert.rejects(exchangeToken(server.consoleUrl, c.client_id, c.client_secret), {
      error: 'invalid_client',
    });
    const fresh = await tokenClient(server.consoleUrl, {
      client_id: c.client_id,
      client_secret: re.body.client_secret,
    });
    assert.equal((await fresh.get('/api/v1/audit/events')).status, 200);
  });

  test('revoke is permanent and refuses tokens already issued on their next use', async () => {
    const c = await createCredential(admin, { name: 'to-revoke', scopes: ['audit:read'] });
    const machine = await tokenClient(server.consoleUrl, c);
    assert.equal((await machine.get('/api/v1/audit/events')).status, 200);
    const wrong = await admin.post(`/api/v1/credentials/${c.id}/revoke`, { confirm: 'To-Revoke' });
    assert.equal(wrong.status, 400);
    const rev = await admin.post(`/api/v1/credentials/${c.id}/revoke`, { confirm: 'to-revoke' });
    assert.equal(rev.status, 200);
    assert.equal(rev.body.status, 'revoked');
    const after = await machine.get('/api/v1/audit/events');
    assert.equal(after.status, 401);
    assert.equal(after.body.error.code, 'invalid_token');
    await assert.rejects(exchangeToken(server.consoleUrl, c.client_id, c.client_secret), {
      error: 'invalid_client',
    });
    const reissue = await admin.post(`/api/v1/credentials/${c.id}/reissue`, { confirm: 'to-revoke' });
    assert.equal(reissue.status, 409);
  });

  test('bad input is a 400 that names the problem, never a 500', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ name: 'x', scopes: ['audit:write'] }, /scopes\[0\] must be one of/],
      [{ name: 'x', scopes: [] }, /scopes must hold at least one entry/],
      [
        { name: 'x', scopes: ['audit:read'], ip_allowlist: ['10.0.0.0/33'] },
        /ip_allowlist entry "10.0.0.0\/33"/,
      ],
      [{ name: 'x', scopes: ['audit:read'], ip_denylist: ['not-an-ip'] }, /ip_denylist entry "not-an-ip"/],
      [{ name: 'x', scopes: ['audit:read'], colour: 'blue' }, /unknown field "colour"/],
      [{ scopes: ['audit:read'] }, /name is required/],
      [{ name: '   ', scopes: ['audit:read'] }, /^name must not be blank/],
      [{ name: 'x'.repeat(1_000_000), scopes: ['audit:read'] }, /too large|at most/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/v1/credentials', body);
      assert.ok(
        res.status >= 400 && res.status < 500,
        `${JSON.stringify(body).slice(0, 80)} → ${res.status}`,
      );
      assert.match(res.body.error.message, message);
      assert.equal(typeof res.body.error.request_id, 'string');
    }
    const notJson = await admin.post('/api/v1/credentials', '{"name": ', {
      'content-type': 'application/json',
    });
    assert.equal(notJson.status, 400);
    assert.match(notJson.body.error.message, /not valid JSON/);
    const form = await admin.post('/api/v1/credentials', 'name=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(form.status, 415);
    const unknownId = await admin.get('/api/v1/credentials/cred_doesnotexist');
    assert.equal(unknownId.status, 404);
    const badId = await admin.get('/api/v1/credentials/..%2f..%2fetc');
    assert.equal(badId.status, 400);
  });
});
