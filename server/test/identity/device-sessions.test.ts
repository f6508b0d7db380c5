// A signed-in device's session after the exchange: refresh (rotation, the sliding expiry, the
// organisation's lifetime), a replayed refresh token ending the session (RFC 9700 §4.14.2), every
// refused refresh with a reason a person can act on, and sign-out (RFC 7009), through a real OAuth
// client library; each change audited and announced on the `device` topic.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, auditEvents, signIn } from '../helpers/api-client.ts';
import { PASSWORD, addDeveloper, recordChanges } from '../helpers/people.ts';
import {
  developerSignIn,
  formPost,
  refresh,
  refused,
  revoke,
  signDeviceIn,
} from '../helpers/device-sign-in.ts';

const DAY = 86_400;

eachEngine('device sessions', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let ada: ApiClient;
  let adaId: string;
  const db = () => server.gatehouse.services.store.db;
  const sessionOf = (deviceId: unknown) =>
    db()
      .selectFrom('developer_sessions')
      .selectAll()
      .where('device_id', '=', String(deviceId))
      .executeTakeFirstOrThrow();
  const deviceOf = async (deviceId: unknown) =>
    (await admin.get('/api/v1/devices')).body.devices.find((d: any) => d.id === deviceId);

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    adaId = await addDeveloper(server, admin, 'ada@example.com');
    ada = await developerSignIn(server.consoleUrl, 'ada@example.com', PASSWORD);
  });
  after(() => server.close());

  test('gateway_url defaults to the console host with the Gateway port', async () => {
    const t = await signDeviceIn(server, ada);
    assert.equal(t.gateway_url, `http://127.0.0.1:${new URL(server.gatewayUrl).port}`);
  });

  test('refresh rotates the refresh token, issues a new device token and slides the expiry forward', async () => {
    const t = await signDeviceIn(server, ada);
    // Ten days into the session: its expiry is twenty days off.
    await db()
      .updateTable('developer_sessions')
      .set({ expires_at: Date.now() + 20 * DAY * 1000 })
      .where('device_id', '=', String(t.device_id))
      .execute();
    const changes = recordChanges(server, 'device');
    const r = await refresh(server.consoleUrl, t.refresh_token!);
    assert.notEqual(r.refresh_token, t.refresh_token);
    assert.notEqual(r.access_token, t.access_token);
    assert.match(r.access_token, /^ghdt_/);
    assert.equal(r.device_id, t.device_id);
    assert.deepEqual(r.developer, { id: adaId, email: 'ada@example.com' });
    assert.ok(Math.abs(r.expires_in! - 30 * DAY) <= 2, `expires_in ${r.expires_in}`);
    const session = await sessionOf(t.device_id);
    assert.ok(Math.abs(Number(session.expires_at) - (Date.now() + 30 * DAY * 1000)) < 5000, 'expiry slid');
    assert.deepEqual(changes, [t.device_id]);
    const [event] = await auditEvents(admin, { action: 'device.refreshed' });
    assert.deepEqual(event?.target, { type: 'device', id: t.device_id, name: 'ada-mbp' });
    // The new refresh token works in its turn.
    assert.match((await refresh(server.consoleUrl, r.refresh_token!)).access_token, /^ghdt_/);
  });

  test('a refresh token used twice ends the session and the device, whoever holds the newer one', async () => {
    const t = await signDeviceIn(server, ada);
    const r = await refresh(server.consoleUrl, t.refresh_token!);
    const changes = recordChanges(server, 'device');
    const e = await refused(refresh(server.consoleUrl, t.refresh_token!), 400, 'invalid_grant');
    assert.match(e.error_description, /used before/);
    assert.deepEqual(changes, [t.device_id]);
    assert.notEqual((await sessionOf(t.device_id)).revoked_at, null, 'the session is revoked');
    const device = await deviceOf(t.device_id);
    assert.deepEqual([device.status, device.revoked_reason], ['revoked', 'refresh_reused']);
    // The rotated-to token is dead too: it may be the thief's.
    const after = await refused(refresh(server.consoleUrl, r.refresh_token!), 400, 'invalid_grant');
    assert.match(after.error_description, /used twice/);
    const [event] = await auditEvents(admin, { action: 'device.refresh_reused' });
    assert.equal(event?.outcome, 'failure');
    assert.equal(event?.target?.id, t.device_id);
  });

  test('refused refreshes say why: revoked device, expired session, offboarded account, unknown token', async () => {
    const revoked = await signDeviceIn(server, ada);
    assert.equal((await admin.post(`/api/v1/devices/${revoked.device_id}/revoke`)).status, 200);
    const e1 = await refused(refresh(server.consoleUrl, revoked.refresh_token!), 400, 'invalid_grant');
    assert.match(e1.error_description, /revoked/);

    const lapsed = await signDeviceIn(server, ada);
    await db()
      .updateTable('developer_sessions')
      .set({ expires_at: Date.now() - 1000 })
      .where('device_id', '=', String(lapsed.device_id))
      .execute();
    const e2 = await refused(refresh(server.consoleUrl, lapsed.refresh_token!), 400, 'invalid_grant');
    assert.match(e2.error_description, /expired/);

    await refused(refresh(server.consoleUrl, `ghdr_${'B'.repeat(43)}`), 400, 'invalid_grant');
    await refused(refresh(server.consoleUrl, 'something else'), 400, 'invalid_grant');
    const missing = await formPost(server.consoleUrl, 'token', {
      grant_type: 'refresh_token',
      client_id: 'gatehouse-client',
    });
    assert.deepEqual([missing.status, missing.body.error], [400, 'invalid_request']);
    const wider = await formPost(server.consoleUrl, 'token', {
      grant_type: 'refresh_token',
      client_id: 'gatehouse-client',
      refresh_token: lapsed.refresh_token!,
      scope: 'gateway:invoke users:read',
    });
    assert.deepEqual([wider.status, wider.body.error], [400, 'invalid_scope']);

    await addDeveloper(server, admin, 'carol@example.com');
    const carol = await developerSignIn(server.consoleUrl, 'carol@example.com', PASSWORD);
    const t = await signDeviceIn(server, carol);
    const carolId = (t.developer as { id: string }).id;
    const off = await admin.post(`/api/v1/developers/${carolId}/offboard`, { confirm: 'carol@example.com' });
    assert.equal(off.body.devices_revoked, 1);
    const e3 = await refused(refresh(server.consoleUrl, t.refresh_token!), 400, 'invalid_grant');
    assert.match(e3.error_description, /offboarded/);
  });

  test('the session lifetime setting applies from the next refresh', async () => {
    const t = await signDeviceIn(server, ada);
    assert.equal(
      (await admin.request('PUT', '/api/v1/settings/devices', { session_lifetime_days: 7 })).status,
      200,
    );
    try {
      const before = await sessionOf(t.device_id);
      assert.ok(
        Number(before.expires_at) > Date.now() + 29 * DAY * 1000,
        'the live session keeps its expiry',
      );
      const r = await refresh(server.consoleUrl, t.refresh_token!);
      assert.ok(Math.abs(r.expires_in! - 7 * DAY) <= 2, `expires_in ${r.expires_in}`);
      const fresh = await signDeviceIn(server, ada);
      assert.ok(Math.abs(fresh.expires_in! - 7 * DAY) <= 2, `expires_in ${fresh.expires_in}`);
    } finally {
      await admin.request('PUT', '/api/v1/settings/devices', { session_lifetime_days: 30 });
    }
  });

  test('sign-out with the refresh token ends the session and the device, once; refresh is refused after', async () => {
    const t = await signDeviceIn(server, ada);
    const changes = recordChanges(server, 'device');
    await revoke(server.consoleUrl, t.refresh_token!);
    await revoke(server.consoleUrl, t.refresh_token!);
    assert.deepEqual(changes, [t.device_id], 'announced once');
    const device = await deviceOf(t.device_id);
    assert.deepEqual([device.status, device.revoked_reason], ['revoked', 'signed_out']);
    assert.notEqual((await sessionOf(t.device_id)).revoked_at, null);
    const e = await refused(refresh(server.consoleUrl, t.refresh_token!), 400, 'invalid_grant');
    assert.match(e.error_description, /signed out/);
    const events = (await auditEvents(admin, { action: 'device.signed_out' })).filter(
      (ev) => ev.target?.id === t.device_id,
    );
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]!.actor, { type: 'developer', id: adaId, name: 'ada@example.com' });
  });

  test('sign-out with the device token works as well; unknown tokens answer 200 and change nothing', async () => {
    const t = await signDeviceIn(server, ada);
    await revoke(server.consoleUrl, t.access_token);
    assert.equal((await deviceOf(t.device_id)).revoked_reason, 'signed_out');
    for (const token of [`ghdr_${'C'.repeat(43)}`, `ghdt_${'D'.repeat(80)}`, 'whatever']) {
      const res = await formPost(server.consoleUrl, 'revoke', { token, client_id: 'gatehouse-client' });
      assert.equal(res.status, 200, token);
    }
    const missing = await formPost(server.consoleUrl, 'revoke', { client_id: 'gatehouse-client' });
    assert.deepEqual([missing.status, missing.body.error], [400, 'invalid_request']);
    const other = await formPost(server.consoleUrl, 'revoke', { token: 'x', client_id: 'someone' });
    assert.deepEqual([other.status, other.body.error], [401, 'invalid_client']);
    const json = await new ApiClient(server.consoleUrl).post('/api/oauth/revoke', { token: 'x' });
    assert.deepEqual([json.status, json.body.error], [400, 'invalid_request']);
  });
});
