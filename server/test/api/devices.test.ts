// Devices through the real server: the list (by developer, by status, by cursor) and revoking one, which
// revokes its sessions, is announced on the change bus and audited; a revoked device stays revoked.
// The rows are written straight to the store: device sign-in, which makes them, comes later.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, signIn, type ApiClient } from '../helpers/api-client.ts';
import { addDeveloper, insertDevice, insertSession, recordChanges, sessionsOf } from '../helpers/people.ts';

eachEngine('devices', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let developer: string;
  const devices: string[] = [];
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    developer = await addDeveloper(server, admin, 'mac-user@example.com');
    for (const name of ['mbp-1', 'mbp-2', 'linux-box'])
      devices.push(await insertDevice(server, developer, name));
  });
  after(() => server.close());

  test('the list shows each device with its developer, oldest first, and pages by cursor', async () => {
    const res = await admin.get('/api/v1/devices');
    assert.equal(res.status, 200);
    const [first] = res.body.devices;
    assert.deepEqual(Object.keys(first).sort(), [
      'client_version',
      'created_at',
      'developer',
      'id',
      'last_seen_at',
      'name',
      'platform',
      'revoked_at',
      'revoked_reason',
      'status',
    ]);
    assert.deepEqual(first.developer, { id: developer, email: 'mac-user@example.com' });
    assert.deepEqual(
      res.body.devices.map((d: any) => [d.id, d.status]),
      devices.map((id) => [id, 'active']),
    );
    const page = await admin.get('/api/v1/devices?limit=2');
    const rest = await admin.get(`/api/v1/devices?limit=2&after=${page.body.next_cursor}`);
    assert.deepEqual(
      [...page.body.devices, ...rest.body.devices].map((d: any) => d.id),
      devices,
    );
    const newest = await admin.get('/api/v1/devices?order=desc&limit=1');
    assert.equal(newest.body.devices[0].name, 'linux-box');
  });

  test('revoking a device revokes its live sessions only, is announced and audited, once', async () => {
    const [target, other] = devices as [string, string];
    await insertSession(server, developer, target);
    await insertSession(server, developer, target);
    await insertSession(server, developer, other);
    const changes = recordChanges(server, 'device');

    const res = await admin.post(`/api/v1/devices/${target}/revoke`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.status, res.body.revoked_reason], ['revoked', 'revoked']);
    assert.deepEqual(changes, [target], 'announced before the answer');
    const sessions = await sessionsOf(server, developer);
    const revokedAt = Date.parse(res.body.revoked_at);
    assert.deepEqual(
      sessions.map((s) => [s.device_id, s.revoked_at]).sort(),
      [
        [target, revokedAt],
        [target, revokedAt],
        [other, null],
      ].sort(),
    );

    const again = await admin.post(`/api/v1/devices/${target}/revoke`);
    assert.deepEqual([again.status, again.body.revoked_at], [200, res.body.revoked_at]);
    assert.deepEqual(changes, [target], 'revoking a revoked device changes nothing');

    const active = await admin.get(`/api/v1/devices?status=active&developer_id=${developer}`);
    assert.deepEqual(
      active.body.devices.map((d: any) => d.id),
      devices.slice(1),
    );
    const events = await auditEvents(admin, { action: 'device.revoked' });
    assert.equal(events.length, 1);
    assert.deepEqual(
      [events[0]!.target?.id, events[0]!.target?.name, events[0]!.details.sessions_revoked],
      [target, 'mbp-1', 2],
    );
    assert.equal(events[0]!.details.developer_email, 'mac-user@example.com');
  });

  test('an unknown device is a 404; bad filters are a 400', async () => {
    const res = await admin.post(`/api/v1/devices/dvc_${'a'.repeat(20)}/revoke`);
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, 'not_found');
    for (const q of ['status=lost', 'developer_id=NOT%20AN%20ID', 'limit=5000', 'order=sideways']) {
      const bad = await admin.get(`/api/v1/devices?${q}`);
      assert.equal(bad.status, 400, q);
      assert.equal(bad.body.error.code, 'invalid_request');
    }
  });
});
