// The public observatory feed through the real server: k-anonymity (k−1 developers: absent; k: present),
// the private-name rule, the feed turned off, what an entry holds (and what it never holds), the
// preview byte for byte, the ETag and 304, and paging. Sightings are handed to the recorder as the
// Gateway's detection hands them (services.observatory.record), then the store is read back.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { FEED, publishedNames, settingsOf, sight, settle } from './observatory-helpers.ts';

/** What an entry holds, and nothing else: no developer, device, credential, prompt or answer. */
const ENTRY_FIELDS = [
  'count',
  'developers',
  'ecosystem',
  'first_seen',
  'last_seen',
  'model_families',
  'name',
];

eachEngine('slopsquat observatory feed', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  describe('k-anonymity', () => {
    test('a name seen by k−1 developers is absent; the k-th makes it appear', async () => {
      for (const dev of ['dev-1', 'dev-2']) sight(server, { name: 'react-fast-forms', dev });
      // The same developer again, under other models, adds sightings but no developer.
      sight(server, { name: 'react-fast-forms', dev: 'dev-1', family: 'gpt' });
      await settle(server);
      assert.ok(!(await publishedNames(server)).includes('npm:react-fast-forms'));
      const caught = await admin.get('/api/v1/slopsquat/names?ecosystem=npm');
      const row = caught.body.names.find((n: { name: string }) => n.name === 'react-fast-forms');
      assert.deepEqual([row.count, row.developers, row.published, row.withheld], [3, 2, false, 'below_k']);

      sight(server, { name: 'react-fast-forms', dev: 'dev-3' });
      await settle(server);
      const res = await fetch(`${server.gatewayUrl}${FEED}?ecosystem=npm`);
      assert.equal(res.status, 200);
      const entry = ((await res.json()) as any).entries.find(
        (e: { name: string }) => e.name === 'react-fast-forms',
      );
      // registered_since only once the name has been registered.
      assert.deepEqual(Object.keys(entry).sort(), ENTRY_FIELDS);
      assert.equal(entry.count, 4);
      assert.equal(entry.developers, 3);
      assert.deepEqual(entry.model_families, ['claude', 'gpt']);
      const today = new Date().toISOString().slice(0, 10);
      assert.deepEqual([entry.first_seen, entry.last_seen], [today, today]);
    });

    test('k is the admin’s: k = 4 withdraws a name three developers saw, k = 3 brings it back', async () => {
      await settingsOf(admin, { k: 4 });
      assert.ok(!(await publishedNames(server)).includes('npm:react-fast-forms'));
      const feed = (await (await fetch(`${server.gatewayUrl}${FEED}`)).json()) as any;
      assert.equal(feed.k, 4);
      await settingsOf(admin, { k: 3 });
      assert.ok((await publishedNames(server)).includes('npm:react-fast-forms'));
    });

    test('only invented names count: a young or near-popular name is never published however often', async () => {
      for (const dev of ['a', 'b', 'c', 'd'])
        sight(server, { ecosystem: 'pypi', name: 'requestz', dev, reason: 'near_popular' });
      await settle(server);
      assert.ok(!(await publishedNames(server)).includes('pypi:requestz'));
      const row = (await admin.get('/api/v1/slopsquat/names?ecosystem=pypi')).body.names.find(
        (n: { name: string }) => n.name === 'requestz',
      );
      assert.deepEqual([row.withheld, row.reasons, row.developers], ['not_invented', { near_popular: 4 }, 0]);
    });
  });

  describe('anonymity', () => {
    test('no developer, model id or organisation-specific family reaches the feed', async () => {
      for (const dev of ['alice@acme.example', 'bob@acme.example', 'carol@acme.example'])
        sight(server, { ecosystem: 'crates', name: 'serde-fastjson', dev, family: 'acme-finetune-v2' });
      await settle(server);
      const text = await (await fetch(`${server.gatewayUrl}${FEED}?ecosystem=crates`)).text();
      assert.doesNotMatch(text, /alice|bob|carol|acme|finetune/i);
      const entry = JSON.parse(text).entries.find((e: { name: string }) => e.name === 'serde-fastjson');
      assert.deepEqual(entry.model_families, ['other']);
      // Nor does the store keep the developers: only keyed hashes, of developer and name together.
      const rows = await server.gatehouse.services.store.db
        .selectFrom('slopsquat_sightings')
        .select('developer')
        .where('name', '=', 'serde-fastjson')
        .execute();
      assert.equal(new Set(rows.map((r) => r.developer)).size, 3);
      for (const r of rows) assert.doesNotMatch(r.developer, /alice|bob|carol|acme/);
    });

    test('names under private scopes and prefixes are never published, whoever saw them', async () => {
      for (const dev of ['a', 'b', 'c', 'd']) {
        sight(server, { name: '@acme/auth-client', dev });
        sight(server, { name: 'acme-billing-sdk', dev });
        sight(server, { ecosystem: 'pypi', name: 'acme-utils', dev });
        sight(server, { name: 'acmeish-tools', dev });
      }
      await settle(server);
      const before = await publishedNames(server);
      assert.ok(before.includes('npm:@acme/auth-client') && before.includes('pypi:acme-utils'));

      await settingsOf(admin, { private_scopes: ['@acme/*', 'ACME-*', 'pypi:acme-utils'] });
      const after = await publishedNames(server);
      for (const n of ['npm:@acme/auth-client', 'npm:acme-billing-sdk', 'pypi:acme-utils'])
        assert.ok(!after.includes(n), `${n} is published`);
      // A pattern is the whole name: acmeish-tools is no acme-* name.
      assert.ok(after.includes('npm:acmeish-tools'));
      const rows = (await admin.get('/api/v1/slopsquat/names?published=false&limit=1000')).body.names;
      const why = Object.fromEntries(
        rows.map((r: { ecosystem: string; name: string; withheld: string }) => [
          `${r.ecosystem}:${r.name}`,
          r.withheld,
        ]),
      );
      assert.equal(why['npm:@acme/auth-client'], 'private_name');
      assert.equal(why['pypi:acme-utils'], 'private_name');
    });

    test('an ecosystem with a private registry publishes nothing the registry has not been asked about', async () => {
      for (const dev of ['a', 'b', 'c'])
        sight(server, { ecosystem: 'pypi', name: 'fastapi-auth-helpers', dev });
      await settle(server);
      assert.ok((await publishedNames(server)).includes('pypi:fastapi-auth-helpers'));
      await settingsOf(admin, { private_registries: { pypi: 'https://pypi.acme.example/simple' } });
      const names = await publishedNames(server);
      assert.ok(!names.some((n) => n.startsWith('pypi:')));
      assert.ok(names.some((n) => n.startsWith('npm:')));
      const row = (await admin.get('/api/v1/slopsquat/names?ecosystem=pypi')).body.names.find(
        (n: { name: string }) => n.name === 'fastapi-auth-helpers',
      );
      assert.equal(row.withheld, 'private_registry_unchecked');
      await settingsOf(admin, { private_registries: {} });
      assert.ok((await publishedNames(server)).includes('pypi:fastapi-auth-helpers'));
    });
  });

  test('registered since: a name invented, then published by someone, says when', async () => {
    for (const dev of ['a', 'b', 'c']) sight(server, { ecosystem: 'rubygems', name: 'rails-jwt-auth', dev });
    sight(server, {
      ecosystem: 'rubygems',
      name: 'rails-jwt-auth',
      dev: 'd',
      reason: 'young',
      blocked: true,
      firstPublished: '2026-03-04T05:06:07Z',
    });
    await settle(server);
    const feed = (await (await fetch(`${server.gatewayUrl}${FEED}?ecosystem=rubygems`)).json()) as any;
    const entry = feed.entries.find((e: { name: string }) => e.name === 'rails-jwt-auth');
    assert.deepEqual([entry.registered_since, entry.count, entry.developers], ['2026-03-04', 3, 3]);
    const row = (await admin.get('/api/v1/slopsquat/names?ecosystem=rubygems')).body.names[0];
    assert.deepEqual(
      [row.name, row.reasons, row.blocked_installs, row.registered_since],
      ['rails-jwt-auth', { missing: 3, young: 1 }, 1, '2026-03-04'],
    );
  });

  test('unreadable sightings are dropped without a throw', async () => {
    const { observatory } = server.gatehouse.services;
    for (const bad of [
      null,
      {},
      { ecosystem: 'cpan', name: 'x', developerKey: 'd', modelFamily: null, at: 0 },
      { ecosystem: 'npm', name: '', developerKey: 'd', modelFamily: null, at: 0 },
      { ecosystem: 'npm', name: 'x'.repeat(301), developerKey: 'd', modelFamily: null, at: 0 },
      { ecosystem: 'npm', name: 'ok', developerKey: 7, modelFamily: null, at: 0 },
      { ecosystem: 'npm', name: 'ok', developerKey: 'd', modelFamily: null, at: 0, reason: 'bored' },
    ])
      assert.doesNotThrow(() => observatory.record(bad as never));
    await settle(server);
    const names = (await admin.get('/api/v1/slopsquat/names?limit=1000')).body.names;
    assert.ok(!names.some((n: { name: string }) => n.name === 'ok' || n.name === 'x'));
  });

  describe('the feed as served', () => {
    test('the preview is the feed, byte for byte, for every query', async () => {
      for (const q of ['', '?ecosystem=npm', '?limit=2', '?ecosystem=crates&limit=1']) {
        const feed = await (await fetch(`${server.gatewayUrl}${FEED}${q}`)).text();
        const preview = await admin.get(`/api/v1/slopsquat/observatory/preview${q}`);
        assert.equal(preview.status, 200);
        assert.equal(JSON.stringify(preview.body), feed, q);
      }
    });

    test('ETag, If-None-Match → 304, Cache-Control; a change makes a new ETag', async () => {
      const first = await fetch(`${server.gatewayUrl}${FEED}`);
      const etag = first.headers.get('etag')!;
      assert.match(etag, /^W\/"[A-Za-z0-9_-]+"$/);
      assert.match(first.headers.get('cache-control')!, /public, max-age=\d+/);
      const again = await fetch(`${server.gatewayUrl}${FEED}`, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), '');
      assert.equal(again.headers.get('etag'), etag);
      // Another page is another representation.
      const other = await fetch(`${server.gatewayUrl}${FEED}?limit=1`, {
        headers: { 'if-none-match': etag },
      });
      assert.equal(other.status, 200);

      for (const dev of ['a', 'b', 'c'])
        sight(server, { ecosystem: 'go', name: 'github.com/gin-gonic/gin-jwt-plus', dev });
      await settle(server);
      const changed = await fetch(`${server.gatewayUrl}${FEED}`, { headers: { 'if-none-match': etag } });
      assert.equal(changed.status, 200);
      assert.notEqual(changed.headers.get('etag'), etag);
    });

    test('pages follow each other in (ecosystem, name) order, filtered by ecosystem', async () => {
      const all = ((await (await fetch(`${server.gatewayUrl}${FEED}?limit=1000`)).json()) as any as any)
        .entries;
      assert.ok(all.length >= 5, JSON.stringify(all));
      const walked: unknown[] = [];
      let cursor: string | null = null;
      do {
        const q: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
        const page = (await (await fetch(`${server.gatewayUrl}${FEED}${q}`)).json()) as any;
        assert.ok(page.entries.length <= 2);
        walked.push(...page.entries);
        cursor = page.next_cursor;
      } while (cursor);
      assert.deepEqual(walked, all);
      const keys = all.map((e: { ecosystem: string; name: string }) => `${e.ecosystem}\n${e.name}`);
      assert.deepEqual(keys, [...keys].sort());

      const npm = (await (await fetch(`${server.gatewayUrl}${FEED}?ecosystem=npm&limit=1`)).json()) as any;
      assert.equal(npm.entries[0].ecosystem, 'npm');
      const rest = (await (
        await fetch(`${server.gatewayUrl}${FEED}?ecosystem=npm&cursor=${npm.next_cursor}`)
      ).json()) as any;
      assert.ok(rest.entries.every((e: { ecosystem: string }) => e.ecosystem === 'npm'));
      assert.equal(rest.next_cursor, null);
    });

    test('a bad query is a 400 saying what to fix', async () => {
      for (const [q, field] of [
        ['?ecosystem=cpan', /ecosystem/],
        ['?limit=0', /limit/],
        ['?limit=5000', /limit/],
        ['?limit=x', /limit/],
        ['?cursor=not-a-cursor', /cursor/],
        ['?limit=1&limit=2', /limit/],
      ] as const) {
        const res = await fetch(`${server.gatewayUrl}${FEED}${q}`);
        const body = (await res.json()) as any;
        assert.equal(res.status, 400, q);
        assert.equal(body.error.code, 'invalid_request');
        assert.match(body.error.message, field);
      }
    });

    test('the Gateway’s OpenAPI document describes the feed', async () => {
      const doc = (await (await fetch(`${server.gatewayUrl}/openapi.json`)).json()) as any;
      await SwaggerParser.validate(structuredClone(doc));
      const op = doc.paths['/v1/slopsquat/observatory'].get;
      assert.equal(op.operationId, 'getSlopsquatObservatory');
      const entry = op.responses['200'].content['application/json'].schema.properties.entries.items;
      assert.deepEqual(Object.keys(entry.properties).sort(), [...ENTRY_FIELDS, 'registered_since']);
      assert.ok(op.responses['304'] && op.responses['429'] && op.responses['404']);
    });

    test('turned off: 404 saying so; the preview still shows what would be published', async () => {
      await settingsOf(admin, { feed_enabled: false });
      const res = await fetch(`${server.gatewayUrl}${FEED}`);
      assert.equal(res.status, 404);
      const body = (await res.json()) as any;
      assert.equal(body.error.code, 'feed_off');
      assert.match(body.error.message, /turned it off/);
      const preview = await admin.get('/api/v1/slopsquat/observatory/preview');
      assert.ok(preview.body.entries.length > 0);
      const names = (await admin.get('/api/v1/slopsquat/names?ecosystem=npm')).body.names;
      const fast = names.find((n: { name: string }) => n.name === 'react-fast-forms');
      assert.deepEqual([fast.published, fast.withheld], [false, 'feed_off']);
      await settingsOf(admin, { feed_enabled: true });
      assert.equal((await fetch(`${server.gatewayUrl}${FEED}`)).status, 200);
    });
  });
});
