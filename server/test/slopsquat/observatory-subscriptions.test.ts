// Subscriptions to another deployment's feed, against a real second Gatehouse: its names become known
// hallucinations here (knownElsewhere, from memory, and kept in the store), every page of it is read,
// the next poll sends If-None-Match and keeps what a 304 confirms, a feed turned off keeps what it said
// last (and the settings show the error), and an unsubscribed feed's names are forgotten.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { until } from '../helpers/audit-rows.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { FEED, settingsOf, settle, sight } from './observatory-helpers.ts';

/** Forwards to `target`, noting each request's If-None-Match and the status answered. */
async function recordingProxy(target: () => string) {
  const seen: Array<{ url: string; ifNoneMatch: string | null; status: number }> = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(target() + req.url, {
        headers: req.headers['if-none-match'] ? { 'if-none-match': req.headers['if-none-match'] } : {},
      });
      seen.push({
        url: req.url!,
        ifNoneMatch: req.headers['if-none-match'] ?? null,
        status: upstream.status,
      });
      const headers: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') headers[k] = v;
      });
      res.writeHead(upstream.status, headers).end(Buffer.from(await upstream.arrayBuffer()));
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

eachEngine('slopsquat observatory subscriptions', (engine) => {
  let source: TestServer;
  let here: TestServer;
  let admin: ApiClient;
  let sourceAdmin: ApiClient;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  before(async () => {
    source = await startTestServer(engine);
    here = await startTestServer(engine);
    admin = await signIn(here.consoleUrl, here.owner.email, here.owner.password);
    sourceAdmin = await signIn(source.consoleUrl, source.owner.email, source.owner.password);
    proxy = await recordingProxy(() => source.gatewayUrl);
    for (const name of ['left-pad-plus', 'express-jwt-middleware-pro', 'lodash-deepmerge-utils'])
      for (const dev of ['a', 'b', 'c']) sight(source, { name, dev });
    for (const dev of ['a', 'b', 'c']) sight(source, { ecosystem: 'pypi', name: 'flask-easyauth', dev });
    // Two developers only: not in the source's feed, so never known here.
    for (const dev of ['a', 'b']) sight(source, { name: 'only-two-saw-it', dev });
    await settle(source);
  });
  after(async () => {
    await proxy.close();
    await here.close();
    await source.close();
  });

  const knows = (ecosystem: 'npm' | 'pypi', name: string) =>
    here.gatehouse.services.observatory.knownElsewhere(ecosystem, name);
  // Pages of two names: the whole walk is read, not the first page only.
  const feedUrl = () => `${proxy.url}${FEED}?limit=2`;

  test('a subscribed feed’s names are known hallucinations here, every page of them', async () => {
    assert.equal(knows('npm', 'left-pad-plus'), false);
    await settingsOf(admin, { subscriptions: [feedUrl()] });
    await until(() => knows('pypi', 'flask-easyauth'), 5000, 'the first poll');
    for (const name of ['left-pad-plus', 'express-jwt-middleware-pro', 'lodash-deepmerge-utils'])
      assert.ok(knows('npm', name), name);
    assert.equal(knows('npm', 'only-two-saw-it'), false);
    assert.equal(knows('pypi', 'left-pad-plus'), false);
    assert.ok(proxy.seen.filter((s) => s.url.includes('cursor=')).length >= 1, JSON.stringify(proxy.seen));

    const status = (await admin.get('/api/v1/slopsquat/settings')).body.subscription_status;
    assert.equal(status.length, 1);
    assert.deepEqual([status[0].url, status[0].names, status[0].last_error], [feedUrl(), 4, null]);
    assert.ok(status[0].last_success_at);
    // Kept in the store, for a restarted replica (written just after memory).
    await until(
      async () => {
        const rows = await here.gatehouse.services.store.db
          .selectFrom('slopsquat_feed_names')
          .selectAll()
          .execute();
        return rows.length === 4;
      },
      5000,
      'the names to be stored',
    );
  });

  test('the next poll asks with If-None-Match; a 304 keeps the names; a change is read', async () => {
    proxy.seen.length = 0;
    await here.gatehouse.services.observatory.pollSubscriptions();
    assert.equal(proxy.seen.length, 1, JSON.stringify(proxy.seen));
    assert.ok(proxy.seen[0]!.ifNoneMatch);
    assert.equal(proxy.seen[0]!.status, 304);
    assert.ok(knows('npm', 'left-pad-plus'));

    for (const dev of ['d', 'e', 'f']) sight(source, { name: 'axios-retry-smart', dev });
    await settle(source);
    await here.gatehouse.services.observatory.pollSubscriptions();
    assert.equal(proxy.seen[1]!.status, 200);
    assert.ok(knows('npm', 'axios-retry-smart'));
  });

  test('a feed that fails keeps what it said last, and the settings show why', async () => {
    await settingsOf(sourceAdmin, { feed_enabled: false });
    await here.gatehouse.services.observatory.pollSubscriptions();
    assert.ok(knows('npm', 'left-pad-plus'));
    const [status] = (await admin.get('/api/v1/slopsquat/settings')).body.subscription_status;
    assert.match(status.last_error, /HTTP 404/);
    assert.equal(status.names, 5);
    await settingsOf(sourceAdmin, { feed_enabled: true });
  });

  test('an unsubscribed feed’s names are forgotten, in memory and in the store', async () => {
    await settingsOf(admin, { subscriptions: [] });
    assert.equal(knows('npm', 'left-pad-plus'), false);
    await until(
      async () => {
        const rows = await here.gatehouse.services.store.db
          .selectFrom('slopsquat_feed_names')
          .selectAll()
          .execute();
        return rows.length === 0;
      },
      5000,
      'the rows to go',
    );
    assert.deepEqual((await admin.get('/api/v1/slopsquat/settings')).body.subscription_status, []);
  });
});
