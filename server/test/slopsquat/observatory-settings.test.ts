// The observatory's settings through the management API: their defaults, a change (audited with what
// it changed, nothing audited when nothing changed), every bad value refused with a 400 that names it,
// and who may read and change them (and read the names and the preview) with a machine credential.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';

const DEFAULTS = {
  feed_enabled: true,
  k: 3,
  private_scopes: [],
  private_registries: {},
  subscriptions: [],
  registries: {},
};

eachEngine('slopsquat observatory settings', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('the feed is on with k = 3 until an admin says otherwise', async () => {
    const res = await admin.get('/api/v1/slopsquat/settings');
    const { feed_url, registries_in_effect, ...settings } = res.body;
    assert.deepEqual(settings, { ...DEFAULTS, subscription_status: [] });
    // What the console shows beside them: where the feed is served, and the registries asked.
    assert.equal(feed_url, `${server.gatewayUrl}/v1/slopsquat/observatory`);
    assert.deepEqual(registries_in_effect, server.gatehouse.services.slopsquatLookup.registries());
  });

  test('a change is audited with what it changed; the same settings again audit nothing', async () => {
    const next = {
      ...DEFAULTS,
      k: 5,
      private_scopes: ['@acme/*', 'pypi:acme_*'],
      registries: { npm: 'https://npm.mirror.acme.example/' },
    };
    const res = await admin.request('PUT', '/api/v1/slopsquat/settings', next);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { feed_url: _, registries_in_effect, subscription_status: __, ...saved } = res.body;
    assert.deepEqual(saved, next);
    assert.equal(registries_in_effect.npm, 'https://npm.mirror.acme.example', 'the Gateway asks the mirror');
    assert.equal(server.gatehouse.services.observatory.settings.current().k, 5);
    const again = await admin.request('PUT', '/api/v1/slopsquat/settings', next);
    assert.equal(again.status, 200);
    const events = await auditEvents(admin, { action: 'settings.slopsquat_changed' });
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]!.details, {
      k: { from: 3, to: 5 },
      private_scopes: { from: [], to: ['@acme/*', 'pypi:acme_*'] },
      registries: { from: {}, to: { npm: 'https://npm.mirror.acme.example/' } },
    });
    assert.equal(events[0]!.actor.type, 'admin');
    assert.deepEqual(events[0]!.target, {
      type: 'setting',
      id: 'slopsquat_observatory',
      name: 'Slopsquat observatory',
    });
    assert.equal((await admin.request('PUT', '/api/v1/slopsquat/settings', DEFAULTS)).status, 200);
  });

  test('bad values are a 400 naming what is wrong, and change nothing', async () => {
    const before = (await admin.get('/api/v1/slopsquat/settings')).body;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ k: 1 }, /k/],
      [{ k: 1001 }, /k/],
      [{ k: 2.5 }, /k/],
      [{ private_scopes: ['*'] }, /every name/],
      [{ private_scopes: ['npm:*'] }, /every name/],
      [{ private_scopes: ['cpan:acme-*'] }, /ecosystem/],
      [{ private_scopes: ['acme corp'] }, /private_scopes/],
      [{ subscriptions: ['ftp://feeds.example.org/x'] }, /http or https/],
      [{ subscriptions: ['https://user:secret@feeds.example.org/v1/slopsquat/observatory'] }, /password/],
      [{ subscriptions: ['https://a.example.org/feed#x'] }, /fragment/],
      [{ subscriptions: ['https://a.example.org/feed', 'https://a.example.org/feed'] }, /twice/],
      [{ subscriptions: ['not a url at all'] }, /absolute/],
      [{ registries: { cpan: 'https://cpan.example.org' } }, /cpan|registries/],
      [{ private_registries: { npm: 'https://user:pw@npm.acme.example' } }, /password/],
      [{ feed_enabled: 'yes' }, /feed_enabled/],
      [{ other: 1 }, /other/],
    ];
    for (const [change, message] of cases) {
      const res = await admin.request('PUT', '/api/v1/slopsquat/settings', { ...DEFAULTS, ...change });
      assert.deepEqual([res.status, res.body.error?.code], [400, 'invalid_request'], JSON.stringify(change));
      assert.match(res.body.error.message, message, `${JSON.stringify(change)}: ${res.body.error.message}`);
    }
    const missing = await admin.request('PUT', '/api/v1/slopsquat/settings', { k: 3 });
    assert.equal(missing.status, 400);
    // The secret never reaches the error message.
    const leaky = await admin.request('PUT', '/api/v1/slopsquat/settings', {
      ...DEFAULTS,
      subscriptions: ['https://user:hunter2@feeds.example.org/'],
    });
    assert.doesNotMatch(JSON.stringify(leaky.body), /hunter2/);
    assert.deepEqual((await admin.get('/api/v1/slopsquat/settings')).body, before);
  });

  test('machine credentials: policy:read reads the settings, policy:write changes them, risk:read reads names and preview', async () => {
    const cred = await createCredential(admin, {
      name: 'iac',
      scopes: ['policy:read', 'policy:write', 'risk:read'],
    });
    const reader = await tokenClient(server.consoleUrl, cred, 'policy:read');
    const writer = await tokenClient(server.consoleUrl, cred, 'policy:write');
    const risk = await tokenClient(server.consoleUrl, cred, 'risk:read');
    assert.equal((await reader.get('/api/v1/slopsquat/settings')).status, 200);
    assert.equal(
      (await reader.request('PUT', '/api/v1/slopsquat/settings', { ...DEFAULTS, k: 4 })).status,
      403,
    );
    assert.equal((await reader.get('/api/v1/slopsquat/names')).status, 403);
    const res = await writer.request('PUT', '/api/v1/slopsquat/settings', { ...DEFAULTS, k: 4 });
    assert.equal(res.body.k, 4);
    const [event] = (await auditEvents(admin, { action: 'settings.slopsquat_changed' })).slice(-1);
    assert.deepEqual([event!.actor.type, event!.actor.id], ['credential', cred.id]);
    assert.deepEqual((await risk.get('/api/v1/slopsquat/names')).body, { names: [], next_cursor: null });
    const preview = await risk.get('/api/v1/slopsquat/observatory/preview');
    assert.deepEqual([preview.body.k, preview.body.entries], [4, []]);
  });
});
