// Every use of a credential, and every refusal of one, is attributable in what a SIEM reads: a poller
// that follows next_cursor on the audit pull and on the activity pull (docs/operations.md, "What a SIEM
// reads") sees each, with the credential, device or developer, the address and the outcome. A flood of
// bad tokens becomes one event per (credential, address, reason) and minute, with a count.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createRefusalAudit } from '../../src/audit/refusal-audit.ts';
import type { FastifyRequest } from 'fastify';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, MODELS, type GatewayFixture } from '../helpers/gateway.ts';
import { ApiClient, createCredential, exchangeToken, type AuditEventView } from '../helpers/api-client.ts';
import { signedInDevice } from '../helpers/devices.ts';
import type { ActivityRecord } from '../../src/activity/activity-types.ts';

/** A SIEM: polls both pulls after its cursors, and keeps everything it has read. */
class Siem {
  readonly events: AuditEventView[] = [];
  readonly activity: ActivityRecord[] = [];
  private cursors: Record<'events' | 'activity', string | undefined> = {
    events: undefined,
    activity: undefined,
  };
  constructor(private readonly client: ApiClient) {}

  private async pull(path: string, key: 'events' | 'activity'): Promise<void> {
    for (;;) {
      const after = this.cursors[key];
      const q = new URLSearchParams({ limit: '200', ...(after ? { after } : {}) });
      const res = await this.client.get(`${path}?${q}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const rows = res.body[key];
      (this[key] as unknown[]).push(...rows);
      this.cursors[key] = res.body.next_cursor;
      if (rows.length < 200) return;
    }
  }

  poll() {
    return Promise.all([
      this.pull('/api/v1/audit/events', 'events'),
      this.pull('/api/v1/activity', 'activity'),
    ]);
  }

  /** Polls until `done` holds for what has been read (the records reach the store a few ms late). */
  async until(done: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5000;
    for (;;) {
      await this.poll();
      if (done()) return;
      if (Date.now() > deadline) assert.fail(`the SIEM never saw ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  refusals(action: string, predicate: (e: AuditEventView) => boolean = () => true) {
    return this.events.filter((e) => e.action === action && predicate(e));
  }
}

const messages = (model = MODELS.anthropic) =>
  JSON.stringify({ model, max_tokens: 16, messages: [{ role: 'user', content: 'hello' }] });

eachEngine('every use of a credential reaches the SIEM', (engine) => {
  let g: GatewayFixture;
  let siem: Siem;

  /** A Gateway request, its answer read in full (an unread body holds its connection). */
  async function gateway(path: string, headers: Record<string, string>, body = messages()) {
    const res = await fetch(`${g.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', ...headers },
      body,
    });
    await res.arrayBuffer();
    return res;
  }

  before(async () => {
    g = await startGatewayFixture(engine);
    siem = new Siem(new ApiClient(g.server.consoleUrl, { authorization: `Bearer ${g.readOnlyToken}` }));
    await siem.poll();
  });
  after(() => g.close());

  test('a Gateway request with a credential: activity names the credential, the address and the outcome', async () => {
    const res = await gateway('/v1/messages', { 'x-api-key': g.token });
    assert.equal(res.status, 200);
    const id = res.headers.get('x-gatehouse-request-id');
    await siem.until(() => siem.activity.some((a) => a.request_id === id), 'the request');
    const record = siem.activity.find((a) => a.request_id === id)!;
    assert.deepEqual(record.actor, { type: 'credential', id: g.credentialId, name: 'dev-tools' });
    assert.equal(record.outcome, 'allowed');
    assert.equal(record.ip, '127.0.0.1');
    assert.ok(record.time);
  });

  test('a device token in the path: activity names the developer and the device', async () => {
    const device = await signedInDevice(g.server, g.admin, 'ada@example.com');
    const res = await gateway(`/d/${device.token}/v1/messages`, {});
    assert.equal(res.status, 200);
    const id = res.headers.get('x-gatehouse-request-id');
    await siem.until(() => siem.activity.some((a) => a.request_id === id), 'the device request');
    const record = siem.activity.find((a) => a.request_id === id)!;
    assert.equal(record.actor?.type, 'developer');
    assert.equal(record.actor?.id, device.developerId);
    assert.deepEqual(record.device, { id: device.deviceId, name: device.deviceName });
  });

  test('a flood of unknown tokens at the Gateway is one attributable event, never the token', async () => {
    const bogus = 'ghat_' + 'x'.repeat(40);
    for (let i = 0; i < 40; i++) {
      const res = await gateway('/v1/messages', { 'x-api-key': bogus });
      assert.equal(res.status, 401);
    }
    // Every refused request is in the activity; the audit log has one event for the flood so far.
    await siem.until(
      () => siem.activity.filter((a) => a.error_code === 'invalid_token' && !a.actor).length >= 40,
      'the 40 refused requests',
    );
    await siem.until(
      () => siem.refusals('gateway.token_refused', (e) => e.details.reason === 'invalid_token').length > 0,
      'gateway.token_refused',
    );
    await g.server.gatehouse.services.audit.drain();
    await siem.poll();
    const events = siem.refusals('gateway.token_refused', (e) => e.details.reason === 'invalid_token');
    assert.equal(events.length, 1, JSON.stringify(events));
    const [e] = events;
    assert.equal(e!.actor.type, 'anonymous');
    assert.equal(e!.ip, '127.0.0.1');
    assert.equal(e!.outcome, 'failure');
    assert.equal(e!.details.count, 1);
    assert.equal(e!.details.path, '/v1/messages');
    assert.equal(e!.details.status, 401);
    assert.ok(!JSON.stringify(siem.events).includes(bogus));
  });

  test('an under-scoped, a revoked and a missing token are refused and attributed', async () => {
    assert.equal((await gateway('/v1/messages', { 'x-api-key': g.readOnlyToken })).status, 403);
    const doomed = await createCredential(g.admin, { name: 'doomed', scopes: ['gateway:invoke'] });
    const { access_token } = await exchangeToken(g.server.consoleUrl, doomed.client_id, doomed.client_secret);
    const revoked = await g.admin.post(`/api/v1/credentials/${doomed.id}/revoke`, { confirm: 'doomed' });
    assert.equal(revoked.status, 200);
    assert.equal((await gateway('/v1/messages', { 'x-api-key': access_token })).status, 401);
    // The shim's endpoints and a routed MCP server refuse the same way.
    assert.equal((await gateway('/mcp/decide', {}, '{}')).status, 401);
    await siem.until(
      () =>
        siem.refusals('gateway.token_refused', (e) => e.details.reason === 'insufficient_scope').length > 0 &&
        siem.refusals('gateway.token_refused', (e) => e.target?.id === doomed.id).length > 0 &&
        siem.refusals('gateway.token_refused', (e) => e.details.path === '/mcp/decide').length > 0 &&
        siem.activity.some((a) => a.actor?.id === doomed.id),
      "the three refusals and the revoked credential's activity record",
    );
    const scoped = siem.refusals(
      'gateway.token_refused',
      (e) => e.details.reason === 'insufficient_scope',
    )[0]!;
    assert.equal(scoped.actor.type, 'credential');
    assert.equal(scoped.actor.name, 'siem');
    const gone = siem.refusals('gateway.token_refused', (e) => e.target?.id === doomed.id)[0]!;
    assert.deepEqual(gone.actor, { type: 'credential', id: doomed.id, name: 'doomed' });
    assert.equal(gone.details.reason, 'invalid_token');
    const decide = siem.refusals('gateway.token_refused', (e) => e.details.path === '/mcp/decide')[0]!;
    assert.equal(decide.details.reason, 'missing_token');
    // The revoked credential's refused request is attributed in the activity too.
    assert.ok(siem.activity.some((a) => a.actor?.id === doomed.id && a.error_code === 'invalid_token'));
  });

  test('a refused device token names the developer and the device', async () => {
    const device = await signedInDevice(g.server, g.admin, 'grace@example.com');
    const cut = await g.admin.post(`/api/v1/devices/${device.deviceId}/revoke`, {});
    assert.ok(cut.status < 300, JSON.stringify(cut.body));
    assert.equal((await gateway(`/d/${device.token}/v1/messages`, {})).status, 401);
    await siem.until(
      () => siem.refusals('gateway.token_refused', (e) => e.target?.id === device.deviceId).length > 0,
      'the device refusal',
    );
    const e = siem.refusals('gateway.token_refused', (x) => x.target?.id === device.deviceId)[0]!;
    assert.equal(e.actor.type, 'developer');
    assert.equal(e.actor.id, device.developerId);
    assert.equal(e.details.reason, 'device_revoked');
  });

  test('the management API: calls, refused credentials and unknown tokens', async () => {
    const unknown = new ApiClient(g.server.consoleUrl, { authorization: 'Bearer ghat_nothing_of_ours' });
    for (let i = 0; i < 10; i++) assert.equal((await unknown.get('/api/v1/activity')).status, 401);
    await siem.until(
      () =>
        siem.refusals('api.token_refused').length > 0 &&
        siem.refusals('api.request', (e) => e.actor.name === 'siem').length > 0,
      'api.token_refused and api.request',
    );
    await g.server.gatehouse.services.audit.drain();
    await siem.poll();
    const refused = siem.refusals('api.token_refused');
    assert.equal(refused.length, 1);
    assert.equal(refused[0]!.details.reason, 'unknown');
    assert.equal(refused[0]!.ip, '127.0.0.1');
    // The SIEM's own reads are api.request events of its credential.
    const own = siem.refusals('api.request', (e) => e.actor.name === 'siem')[0]!;
    assert.equal(own.details.scope, 'audit:read');
  });

  test('the token endpoint: issued and refused exchanges', async () => {
    const cred = await createCredential(g.admin, { name: 'exchanger', scopes: ['audit:read'] });
    await exchangeToken(g.server.consoleUrl, cred.client_id, cred.client_secret);
    const wrong = await fetch(`${g.server.consoleUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${cred.client_id}&client_secret=nope`,
    });
    assert.equal(wrong.status, 401);
    await wrong.arrayBuffer();
    await siem.until(
      () =>
        siem.refusals('credential.token_issued', (e) => e.actor.id === cred.id).length > 0 &&
        siem.refusals('credential.token_refused', (e) => e.actor.id === cred.id).length > 0,
      'the exchange and its refusal',
    );
  });

  test('the device grants: unknown codes and refresh tokens are one event per reason; a waiting poll is none', async () => {
    const token = (body: string) =>
      fetch(`${g.server.consoleUrl}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `client_id=gatehouse-client&${body}`,
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error: string } }));
    for (let i = 0; i < 4; i++) {
      const guessed = await token(`grant_type=refresh_token&refresh_token=ghr_stolen_or_guessed_${i}`);
      assert.equal(guessed.status, 400);
      assert.equal(guessed.body.error, 'invalid_grant');
    }
    const code = encodeURIComponent('urn:ietf:params:oauth:grant-type:device_code');
    assert.equal(
      (await token(`grant_type=${code}&device_code=ghd_never_issued`)).body.error,
      'invalid_grant',
    );
    // A real sign-in still waiting for the developer: the protocol's own answer, not a refusal.
    const started = await fetch(`${g.server.consoleUrl}/api/oauth/device_authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=gatehouse-client',
    });
    const { device_code } = (await started.json()) as { device_code: string };
    const waiting = await token(`grant_type=${code}&device_code=${encodeURIComponent(device_code)}`);
    assert.equal(waiting.body.error, 'authorization_pending');

    await siem.until(
      () => siem.refusals('device.token_refused').length >= 2,
      'device.token_refused for both grants',
    );
    await g.server.gatehouse.services.audit.drain();
    await siem.poll();
    const refused = siem.refusals('device.token_refused');
    assert.deepEqual(refused.map((e) => e.details.reason).sort(), [
      'device_code.invalid_grant',
      'refresh_token.invalid_grant',
    ]);
    for (const e of refused) {
      assert.equal(e.actor.type, 'anonymous');
      assert.equal(e.ip, '127.0.0.1');
      assert.equal(e.details.count, 1, 'the repeats are summarised when the minute ends');
      assert.doesNotMatch(JSON.stringify(e), /ghr_stolen|ghd_never/, 'never the token itself');
    }
  });

  test('repeats within the minute are summarised as one event with their count', async () => {
    // The aggregation with a clock the test moves, writing to this server's real audit log.
    let now = Date.parse('2026-05-01T12:00:00Z');
    const refusals = createRefusalAudit(g.server.gatehouse.services.audit, {
      action: 'gateway.token_refused',
      windowMs: 60_000,
      now: () => now,
    });
    const request = (ip: string) =>
      ({
        ip,
        url: '/v1/chat/completions?key=secret',
        headers: {},
        id: `r-${ip}`,
      }) as unknown as FastifyRequest;
    for (let i = 0; i < 25; i++) {
      now += 1000;
      refusals.note(request('203.0.113.7'), { reason: 'flood_test', status: 401 });
    }
    refusals.note(request('203.0.113.8'), { reason: 'flood_test', status: 401 });
    assert.equal(refusals.open, 2);
    refusals.sweep(); // 25 s in: nothing is due
    now += 40_000;
    refusals.sweep(); // past the minute of the first address, not yet of the second
    assert.equal(refusals.open, 1);
    refusals.close();
    assert.equal(refusals.open, 0);
    await g.server.gatehouse.services.audit.drain();
    await siem.poll();
    const events = siem.refusals('gateway.token_refused', (e) => e.details.reason === 'flood_test');
    assert.deepEqual(
      events.map((e) => [e.ip, e.details.count]),
      [
        ['203.0.113.7', 1],
        ['203.0.113.8', 1],
        ['203.0.113.7', 24],
      ],
    );
    assert.equal(events[2]!.details.first_at, '2026-05-01T12:00:02.000Z');
    assert.equal(events[2]!.details.last_at, '2026-05-01T12:00:25.000Z');
    assert.equal(events[0]!.details.path, '/v1/chat/completions');
  });

  test('past the key cap, new keys share one window per reason', async () => {
    const refusals = createRefusalAudit(g.server.gatehouse.services.audit, {
      action: 'gateway.token_refused',
      maxKeys: 2,
    });
    const request = (ip: string) =>
      ({ ip, url: '/v1/models', headers: {}, id: ip }) as unknown as FastifyRequest;
    for (let i = 0; i < 50; i++)
      refusals.note(request(`198.51.100.${i}`), { reason: 'cap_test', status: 401 });
    assert.equal(refusals.open, 3);
    refusals.close();
    await g.server.gatehouse.services.audit.drain();
    await siem.poll();
    const events = siem.refusals('gateway.token_refused', (e) => e.details.reason === 'cap_test');
    assert.deepEqual(
      events.map((e) => [e.ip, e.details.count, e.details.overflow ?? false]),
      [
        ['198.51.100.0', 1, false],
        ['198.51.100.1', 1, false],
        [null, 1, true],
        [null, 47, true],
      ],
    );
  });
});
