// The device code grant (RFC 8628 §3.4–3.5) through a real OAuth client library against the real
// server: approval in the console and the tokens it yields, every polling error (authorization_pending,
// slow_down with its growing interval, expired_token, access_denied, invalid_grant), the device and
// session the exchange makes in one go, its audit event and change notification.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, signIn, type ApiClient } from '../helpers/api-client.ts';
import { PASSWORD, addDeveloper, recordChanges, sessionsOf } from '../helpers/people.ts';
import {
  approve,
  authorizationRow,
  deny,
  developerSignIn,
  expireCode,
  formPost,
  poll,
  refused,
  startSignIn,
  waitedSincePoll,
} from '../helpers/device-sign-in.ts';
import { sha256Hex } from '../../src/crypto/tokens.ts';

const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';

eachEngine('device code grant', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let ada: ApiClient;
  let adaId: string;
  before(async () => {
    server = await startTestServer(engine, {
      env: { GATEHOUSE_GATEWAY_PUBLIC_URL: 'https://ai.example.com/gatehouse/' },
    });
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    adaId = await addDeveloper(server, admin, 'ada@example.com');
    ada = await developerSignIn(server.consoleUrl, 'ada@example.com', PASSWORD);
  });
  after(() => server.close());

  test('approved in the console, the next poll gets a device token, a refresh token and where to send them', async () => {
    const devices = recordChanges(server, 'device');
    const codes = await startSignIn(server.consoleUrl);
    await refused(poll(server.consoleUrl, codes.device_code), 400, 'authorization_pending');
    assert.equal((await approve(ada, codes.user_code)).status, 200);

    const t = await poll(server.consoleUrl, codes.device_code);
    assert.match(t.access_token, /^ghdt_[A-Za-z0-9_-]+$/);
    assert.match(t.refresh_token!, /^ghdr_[A-Za-z0-9_-]{43}$/);
    assert.equal(t.token_type, 'bearer'); // oauth4webapi lower-cases it
    assert.equal(t.scope, 'gateway:invoke');
    assert.ok(Math.abs(t.expires_in! - 30 * 86_400) <= 2, `expires_in ${t.expires_in}`);
    assert.deepEqual(t.developer, { id: adaId, email: 'ada@example.com' });
    assert.equal(t.gateway_url, 'https://ai.example.com/gatehouse');
    assert.match(String(t.device_id), /^dvc_/);

    // The token opens with the server's key and names the session; its expiry is the session's.
    const claims = server.gatehouse.services.deviceTokens.read(t.access_token);
    assert.ok(claims, 'the device token does not open');
    const [session] = (await sessionsOf(server, adaId)).filter((s) => s.device_id === t.device_id);
    assert.ok(session, 'no session for the new device');
    assert.equal(claims.sessionId, session.id);
    assert.equal(claims.expiresAt, Math.floor(Number(session.expires_at) / 1000));
    assert.equal(
      session.token_hash,
      sha256Hex(t.refresh_token!),
      'the refresh token is kept as its SHA-256 only',
    );

    const device = (await admin.get(`/api/v1/devices?developer_id=${adaId}`)).body.devices.find(
      (d: any) => d.id === t.device_id,
    );
    assert.deepEqual(
      [device.name, device.platform, device.client_version, device.status],
      ['ada-mbp', 'darwin-arm64', '0.1.0', 'active'],
    );
    assert.deepEqual(devices, [t.device_id], 'one device change notification');

    const [event] = await auditEvents(admin, { action: 'device.signed_in' });
    assert.ok(event, 'no device.signed_in event');
    assert.deepEqual(event.actor, { type: 'developer', id: adaId, name: 'ada@example.com' });
    assert.deepEqual(event.target, { type: 'device', id: t.device_id, name: 'ada-mbp' });
    assert.ok(!JSON.stringify(event).includes(t.refresh_token!), 'the audit event holds the refresh token');

    // The code is spent: exchanging it again is expired_token (RFC 8628 §3.5), and makes nothing.
    await refused(poll(server.consoleUrl, codes.device_code), 400, 'expired_token');
    assert.equal((await sessionsOf(server, adaId)).length, 2, "ada's console session and one device session");
  });

  test('the raw answer: the documented fields, Cache-Control: no-store, token_type "Bearer"', async () => {
    const codes = await startSignIn(server.consoleUrl);
    await approve(ada, codes.user_code);
    const res = await formPost(server.consoleUrl, 'token', {
      grant_type: DEVICE_CODE,
      device_code: codes.device_code,
      client_id: 'gatehouse-client',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body).sort(), [
      'access_token',
      'developer',
      'device_id',
      'expires_in',
      'gateway_url',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    assert.equal(res.body.token_type, 'Bearer');
    assert.equal(res.headers.get('cache-control'), 'no-store');
  });

  test('slow_down: a poll sooner than the interval, and the interval of that code grows by 5 s each time', async () => {
    const codes = await startSignIn(server.consoleUrl);
    assert.equal(codes.interval, 5);
    await refused(poll(server.consoleUrl, codes.device_code), 400, 'authorization_pending');
    const first = await refused(poll(server.consoleUrl, codes.device_code), 400, 'slow_down');
    assert.match(first.error_description, /10 seconds/);
    assert.equal((await authorizationRow(server, codes.device_code)).interval_seconds, 10);
    await refused(poll(server.consoleUrl, codes.device_code), 400, 'slow_down');
    assert.equal((await authorizationRow(server, codes.device_code)).interval_seconds, 15);

    // Waiting 6 s is no longer enough for this code; waiting its 15 s is.
    await waitedSincePoll(server, codes.device_code, 6_000);
    await refused(poll(server.consoleUrl, codes.device_code), 400, 'slow_down');
    assert.equal((await authorizationRow(server, codes.device_code)).interval_seconds, 20);
    await waitedSincePoll(server, codes.device_code, 20_000);
    await refused(poll(server.consoleUrl, codes.device_code), 400, 'authorization_pending');

    // An approval is acted on at once, however soon the poll.
    await approve(ada, codes.user_code);
    assert.match((await poll(server.consoleUrl, codes.device_code)).access_token, /^ghdt_/);
  });

  test('expired_token once the ten minutes are over, approved or not', async () => {
    const waiting = await startSignIn(server.consoleUrl);
    assert.equal(waiting.expires_in, 600);
    await expireCode(server, waiting.device_code);
    const e = await refused(poll(server.consoleUrl, waiting.device_code), 400, 'expired_token');
    assert.match(e.error_description, /login/);
    // Too late to approve, too: the console says the code expired.
    const late = await approve(ada, waiting.user_code);
    assert.equal(late.status, 410, JSON.stringify(late.body));

    const approved = await startSignIn(server.consoleUrl);
    await approve(ada, approved.user_code);
    await expireCode(server, approved.device_code);
    await refused(poll(server.consoleUrl, approved.device_code), 400, 'expired_token');
  });

  test('access_denied: denied in the console; approved by a developer offboarded since', async () => {
    const denied = await startSignIn(server.consoleUrl);
    const res = await deny(ada, denied.user_code);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'denied');
    await refused(poll(server.consoleUrl, denied.device_code), 400, 'access_denied');
    const [event] = await auditEvents(admin, { action: 'device.authorization_denied' });
    assert.equal(event?.actor.id, adaId);

    const bobId = await addDeveloper(server, admin, 'bob@example.com');
    const bob = await developerSignIn(server.consoleUrl, 'bob@example.com', PASSWORD);
    const codes = await startSignIn(server.consoleUrl);
    await approve(bob, codes.user_code);
    const off = await admin.post(`/api/v1/developers/${bobId}/offboard`, { confirm: 'bob@example.com' });
    assert.equal(off.status, 200);
    const e = await refused(poll(server.consoleUrl, codes.device_code), 400, 'access_denied');
    assert.match(e.error_description, /offboarded/);
    // Offboarding ended bob's console session too.
    assert.equal((await bob.get('/api/v1/developer/session')).status, 401);
  });

  test('invalid_grant for a device code that is unknown or not one at all; invalid_request without one', async () => {
    const grant = (device_code?: string) =>
      formPost(server.consoleUrl, 'token', {
        grant_type: DEVICE_CODE,
        client_id: 'gatehouse-client',
        ...(device_code ? { device_code } : {}),
      });
    for (const code of [`ghdc_${'A'.repeat(43)}`, 'not-a-code', 'ghdc_' + 'x'.repeat(500)]) {
      const res = await grant(code);
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_grant');
    }
    const missing = await grant();
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'invalid_request');
  });

  test("the device code grant is the public client's: another client id or a secret is invalid_client", async () => {
    const codes = await startSignIn(server.consoleUrl);
    const base = { grant_type: DEVICE_CODE, device_code: codes.device_code };
    const other = await formPost(server.consoleUrl, 'token', { ...base, client_id: 'ghci_someone' });
    assert.equal(other.status, 401);
    assert.equal(other.body.error, 'invalid_client');
    const secret = await formPost(server.consoleUrl, 'token', {
      ...base,
      client_id: 'gatehouse-client',
      client_secret: 'x',
    });
    assert.equal(secret.status, 401);
    assert.equal(secret.body.error, 'invalid_client');
    const none = await formPost(server.consoleUrl, 'token', base);
    assert.equal(none.status, 400);
    assert.equal(none.body.error, 'invalid_request');
    // HTTP Basic with the public id and an empty secret names the client as well as the body does.
    const basic = await formPost(server.consoleUrl, 'token', base, {
      authorization: `Basic ${Buffer.from('gatehouse-client:').toString('base64')}`,
    });
    assert.equal(basic.body.error, 'authorization_pending', JSON.stringify(basic.body));
    // And the public client cannot use client credentials.
    const cc = await formPost(server.consoleUrl, 'token', {
      grant_type: 'client_credentials',
      client_id: 'gatehouse-client',
      client_secret: 'anything',
    });
    assert.equal(cc.status, 403);
    assert.equal(cc.body.error, 'unauthorized_client');
  });
});
