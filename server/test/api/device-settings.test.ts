// The device settings through the real server: the session lifetime's default, a change (audited and
// announced on the `setting` topic), and every bad value refused with a 400 naming the field. That a
// change applies from each session's next refresh is shown in identity/device-sessions.test.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';

eachEngine('device settings', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('sessions last 30 days until an admin says otherwise; a change is audited and announced', async () => {
    assert.deepEqual((await admin.get('/api/v1/settings/devices')).body, { session_lifetime_days: 30 });
    const announced: string[] = [];
    server.gatehouse.services.changes.subscribe('setting', (id) => void announced.push(id));
    const res = await admin.request('PUT', '/api/v1/settings/devices', { session_lifetime_days: 90 });
    assert.deepEqual([res.status, res.body], [200, { session_lifetime_days: 90 }]);
    assert.deepEqual((await admin.get('/api/v1/settings/devices')).body, { session_lifetime_days: 90 });
    assert.deepEqual(announced, ['device_session_lifetime_days']);
    const [event] = await auditEvents(admin, { action: 'settings.devices_changed' });
    assert.deepEqual(event?.details, { session_lifetime_days: { from: 30, to: 90 } });
    assert.equal(event?.actor.type, 'admin');
  });

  test('machine credentials: users:read reads, users:write changes', async () => {
    const cred = await createCredential(admin, { name: 'iac', scopes: ['users:read', 'users:write'] });
    const reader = await tokenClient(server.consoleUrl, cred, 'users:read');
    const writer = await tokenClient(server.consoleUrl, cred, 'users:write');
    assert.equal((await reader.get('/api/v1/settings/devices')).status, 200);
    assert.equal(
      (await reader.request('PUT', '/api/v1/settings/devices', { session_lifetime_days: 5 })).status,
      403,
    );
    const res = await writer.request('PUT', '/api/v1/settings/devices', { session_lifetime_days: 365 });
    assert.deepEqual(res.body, { session_lifetime_days: 365 });
  });

  test('bad values are a 400 naming the field, and change nothing', async () => {
    const before = (await admin.get('/api/v1/settings/devices')).body;
    for (const body of [
      { session_lifetime_days: 0 },
      { session_lifetime_days: 366 },
      { session_lifetime_days: 1.5 },
      {},
      { session_lifetime_days: 30, other: 1 },
    ]) {
      const res = await admin.request('PUT', '/api/v1/settings/devices', body);
      assert.deepEqual([res.status, res.body.error?.code], [400, 'invalid_request'], JSON.stringify(body));
      assert.match(res.body.error.message, /session_lifetime_days|other/, res.body.error.message);
    }
    assert.deepEqual((await admin.get('/api/v1/settings/devices')).body, before);
  });
});
