// Which provider key served a Responses API response, kept in the store: a follow-up (retrieve, cancel,
// input_items, delete) reaches the key that served it from any replica, only the caller that was
// answered may make it, ids the provider returned are checked before they are kept, and rows past the
// retention are pruned. On both engines; the replicas on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { createLogger } from '../../src/http/logger.ts';
import { createAnswerKeys } from '../../src/gateway/answer-keys.ts';
import type { ProviderKey } from '../../src/provider-keys/provider-key-types.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createCredential, exchangeToken, signIn } from '../helpers/api-client.ts';
import { eachEngine, freshStore, testEngines, type FreshStore } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { startReplicas } from '../helpers/replicas.ts';
import type { TestServer } from '../helpers/server.ts';
import { MOCK_KEYS, startMockUpstream, type MockUpstream } from '../mocks/mock-upstream.ts';

const log = createLogger('silent');
const key = (id: string) => ({ id, provider: 'openai' }) as ProviderKey;
const rows = (store: Store) => store.db.selectFrom('answer_keys').selectAll().orderBy('answer_id').execute();

eachEngine('answer keys in the store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  before(async () => {
    fresh = await freshStore(engine);
    store = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
    await migrate(store);
  });
  after(async () => {
    await store.close();
    await fresh.cleanup();
  });

  test('what one instance remembers, another finds in the store; written once', async () => {
    const a = createAnswerKeys(store, log);
    a.remember('resp_0a1b', key('pk_one'), 'cred_a', 'gpt-4o');
    a.remember('resp_0a1b', key('pk_one'), 'cred_a', 'gpt-4o'); // a follow-up's answer names it again
    assert.equal((await a.lookup('resp_0a1b'))?.keyId, 'pk_one', 'cached at once, before the write');
    await a.close();
    const b = createAnswerKeys(store, log);
    const found = await b.lookup('resp_0a1b');
    assert.deepEqual(found && [found.keyId, found.family, found.actorId, found.model], [
      'pk_one',
      'openai',
      'cred_a',
      'gpt-4o',
    ]);
    // Another replica naming the same id later keeps the first row.
    b.remember('resp_0a1b', key('pk_two'), 'cred_b', null);
    await b.close();
    const stored = await rows(store);
    assert.deepEqual(
      stored.map((r) => [r.answer_id, r.provider_key_id, r.actor_id]),
      [['resp_0a1b', 'pk_one', 'cred_a']],
    );
    assert.equal(await createAnswerKeys(store, log).lookup('resp_unknown'), undefined);
  });

  test('ids a provider would not make are neither kept nor looked up', async () => {
    const a = createAnswerKeys(store, log);
    for (const id of ['resp 1', 'resp_1\u0000', 'resp/../x', 'r'.repeat(201), '', 'résp_1'])
      a.remember(id, key('pk_one'), 'cred_a', null);
    a.remember('r'.repeat(200), key('pk_one'), 'cred_a', null);
    await a.close();
    assert.deepEqual(
      (await rows(store)).map((r) => r.answer_id.length),
      ['resp_0a1b'.length, 200],
      'only the well-formed ids were written',
    );
    assert.equal(await a.lookup('resp 1'), undefined);
    await store.db.deleteFrom('answer_keys').where('answer_id', '=', 'r'.repeat(200)).execute();
  });

  test('past the retention an answer is unknown, and pruning deletes its row', async () => {
    await store.db.deleteFrom('answer_keys').execute();
    const old = createAnswerKeys(store, log, { retentionMs: 300 });
    old.remember('resp_old', key('pk_one'), 'cred_a', null);
    await old.close();
    await new Promise((r) => setTimeout(r, 350));
    const a = createAnswerKeys(store, log, { retentionMs: 300 });
    a.remember('resp_new', key('pk_one'), 'cred_a', null);
    await a.close();
    assert.equal(await old.lookup('resp_old'), undefined, 'cached, but expired');
    assert.equal(await a.lookup('resp_old'), undefined, 'in the store, but expired');
    await a.prune();
    assert.deepEqual(
      (await rows(store)).map((r) => r.answer_id),
      ['resp_new'],
    );
  });

  test('the cache is bounded: the oldest entry is read back from the store', async () => {
    const a = createAnswerKeys(store, log, { limit: 2 });
    for (const id of ['resp_b1', 'resp_b2', 'resp_b3']) a.remember(id, key('pk_one'), 'cred_a', null);
    await a.close();
    await store.db.deleteFrom('answer_keys').where('answer_id', '=', 'resp_b1').execute();
    assert.equal(await a.lookup('resp_b1'), undefined, 'evicted, and gone from the store');
    assert.equal((await a.lookup('resp_b3'))?.keyId, 'pk_one');
  });
});

eachEngine('Responses follow-ups: only the caller that was answered', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine);
  });
  after(() => f.close());

  test('another credential gets a 404 that says why, and nothing goes upstream', async () => {
    const owner = new OpenAI({ apiKey: f.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    const created = await owner.responses.create({ model: MODELS.openai, input: 'Mine' });
    // Written by the batch writer (on SQLite through its writer thread), with the caller and the key.
    const { store } = f.server.gatehouse.services;
    const deadline = Date.now() + 5_000;
    let row;
    while (
      !(row = await store.db
        .selectFrom('answer_keys')
        .selectAll()
        .where('answer_id', '=', created.id)
        .executeTakeFirst())
    ) {
      assert.ok(Date.now() < deadline, 'the row was never written');
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.deepEqual(
      [row.actor_id, row.provider_key_id, row.family, row.model],
      [f.credentialId, f.keys.openai.id, 'openai', MODELS.openai],
    );
    const cred = await createCredential(f.admin, { name: 'other-team', scopes: ['gateway:invoke'] });
    const token = (await exchangeToken(f.server.consoleUrl, cred.client_id, cred.client_secret)).access_token;
    const other = new OpenAI({ apiKey: token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    const before = f.upstream.requests.length;
    for (const call of [
      () => other.responses.retrieve(created.id),
      () => other.responses.delete(created.id),
      () => other.responses.inputItems.list(created.id),
    ]) {
      await assert.rejects(call(), (e: unknown) => {
        assert.ok(e instanceof OpenAI.NotFoundError, `expected NotFoundError, got ${String(e)}`);
        assert.match(e.message, /served through Gatehouse to another caller/);
        return true;
      });
    }
    assert.equal(f.upstream.requests.length, before, 'no follow-up of the other caller went upstream');
    const refused = await f.activity(1, `actor_id=${cred.id}&order=desc`);
    assert.deepEqual(
      [refused[0]!.outcome, refused[0]!.error_code, refused[0]!.status],
      ['gateway_error', 'not_found', 404],
    );
    // The owner still reaches it (the only OpenAI key here: the check is not "several keys" only).
    assert.equal((await owner.responses.retrieve(created.id)).id, created.id);
  });
});

describe(
  'Responses follow-ups across replicas on PostgreSQL',
  { skip: !testEngines().includes('postgres') },
  () => {
    const SECOND_KEY = 'sk-mock-openai-second-project-0000';
    let replicas: TestServer[];
    let first: MockUpstream;
    let second: MockUpstream;
    let token: string;
    let secondKeyId: string;
    before(async () => {
      // Two OpenAI projects: each mock accepts only its own key and keeps only its own responses.
      first = await startMockUpstream();
      second = await startMockUpstream({ keys: { openai: SECOND_KEY } });
      replicas = await startReplicas(2);
      const admin = await signIn(
        replicas[0]!.consoleUrl,
        replicas[0]!.owner.email,
        replicas[0]!.owner.password,
      );
      for (const [name, secret, upstream, models] of [
        ['openai-first', MOCK_KEYS.openai, first, ['gpt-4o-mini']],
        ['openai-second', SECOND_KEY, second, ['gpt-4o']],
      ] as const) {
        const res = await admin.post<{ id: string }>('/api/v1/provider-keys', {
          name,
          provider: 'openai',
          secret,
          base_url: `${upstream.url}/v1`,
          enabled_models: models,
        });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        if (name === 'openai-second') secondKeyId = res.body.id;
      }
      const cred = await createCredential(admin, { name: 'codex', scopes: ['gateway:invoke'] });
      token = (await exchangeToken(replicas[0]!.consoleUrl, cred.client_id, cred.client_secret)).access_token;
    });
    after(async () => {
      for (const r of replicas ?? []) await r.close();
      await first?.close();
      await second?.close();
    });

    test('a response made through one replica is retrieved, listed and deleted through the other', async () => {
      const sdk = (r: TestServer) =>
        new OpenAI({ apiKey: token, baseURL: `${r.gatewayUrl}/v1`, maxRetries: 0 });
      // The second key serves gpt-4o; the other replica learns of both keys through LISTEN/NOTIFY.
      const created = await sdk(replicas[0]!).responses.create({ model: 'gpt-4o', input: 'Remember me' });
      const other = sdk(replicas[1]!);
      // The row is a batch (milliseconds) away from the store; the first try may come before it.
      const deadline = Date.now() + 5_000;
      let got: OpenAI.Responses.Response | undefined;
      while (!got) {
        got = await other.responses.retrieve(created.id).catch((e: unknown) => {
          if (!(e instanceof OpenAI.NotFoundError) || Date.now() > deadline) throw e;
          return undefined;
        });
        if (!got) await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(got.id, created.id);
      const retrieve = second.requests.at(-1)!;
      assert.deepEqual(
        [retrieve.method, retrieve.path, retrieve.headers.authorization],
        ['GET', `/v1/responses/${created.id}`, `Bearer ${SECOND_KEY}`],
      );
      assert.ok(
        first.requests.every((r) => !r.path.includes(created.id)),
        'nothing about it went to the first key',
      );
      const items = await other.responses.inputItems.list(created.id);
      assert.equal(items.data.length, 1);
      await other.responses.delete(created.id);
      assert.equal(second.requests.at(-1)!.method, 'DELETE');
      const admin = await signIn(
        replicas[1]!.consoleUrl,
        replicas[1]!.owner.email,
        replicas[1]!.owner.password,
      );
      const res = await admin.get<{
        activity: { operation: string; provider_key_id: string; model: string }[];
      }>('/api/v1/activity?order=desc&limit=5');
      const deleted = res.body.activity.find((a) => a.operation === 'responses.delete');
      assert.deepEqual(deleted && [deleted.provider_key_id, deleted.model], [secondKeyId, 'gpt-4o']);
    });
  },
);
