// The Gateway's model list through the management API: it follows the provider keys' exact enabled
// model names until an admin curates it, and goes back to following them on {models: null}. Each change
// is audited; bad names are refused; who may read and change it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import { addViewer } from '../helpers/console-page.ts';

const PATH = '/api/v1/models';

interface ModelList {
  curated: boolean;
  models: Array<{ id: string; provider: string | null }>;
}

eachEngine('Gateway model list', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let openaiKey: string;
  let n = 0;

  const put = (models: unknown, client: ApiClient = admin) => client.request('PUT', PATH, { models });
  async function addKey(provider: string, enabled_models: string[], extra: Record<string, unknown> = {}) {
    const res = await admin.post('/api/v1/provider-keys', {
      name: `${provider}-${++n}`,
      provider,
      secret: `secret-${provider}-${n}-xxxxxxxx`,
      enabled_models,
      ...extra,
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  }
  const list = async () => {
    const res = await admin.get<ModelList>(PATH);
    assert.equal(res.status, 200);
    return res.body;
  };

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('with no provider keys the list is empty and not curated', async () => {
    assert.deepEqual(await list(), { curated: false, models: [] });
  });

  test("without curation the list is the keys' exact enabled names, with their provider, no patterns", async () => {
    openaiKey = await addKey('openai', ['gpt-4o', 'gpt-4o-mini', 'o*']);
    await addKey('anthropic', ['claude-sonnet-4-5']);
    assert.deepEqual(await list(), {
      curated: false,
      models: [
        { id: 'claude-sonnet-4-5', provider: 'anthropic' },
        { id: 'gpt-4o', provider: 'openai' },
        { id: 'gpt-4o-mini', provider: 'openai' },
      ],
    });

    // A change to a key's enabled models shows at once.
    const res = await admin.request('PATCH', `/api/v1/provider-keys/${openaiKey}`, {
      enabled_models: ['gpt-4o', 'gpt-4o-mini', 'o*', 'gpt-4.1'],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      (await list()).models.map((m) => m.id),
      ['claude-sonnet-4-5', 'gpt-4.1', 'gpt-4o', 'gpt-4o-mini'],
    );
    const back = await admin.request('PATCH', `/api/v1/provider-keys/${openaiKey}`, {
      enabled_models: ['gpt-4o', 'gpt-4o-mini', 'o*'],
    });
    assert.equal(back.status, 200);
  });

  test('a curated list is exactly that list, the provider filled in where a key enables the model', async () => {
    const res = await put(['o3', 'claude-sonnet-4-5', 'gpt-4o', 'llama-3.1-70b', 'gpt-4o']);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const expected = {
      curated: true,
      models: [
        { id: 'o3', provider: 'openai' }, // enabled by the pattern o*
        { id: 'claude-sonnet-4-5', provider: 'anthropic' },
        { id: 'gpt-4o', provider: 'openai' },
        { id: 'llama-3.1-70b', provider: null }, // no key enables it
      ],
    };
    assert.deepEqual(res.body, expected, 'in the order given, each once');
    assert.deepEqual(await list(), expected);

    // gpt-4o-mini is enabled in a key but not curated: it is not listed.
    assert.ok(!(await list()).models.some((m) => m.id === 'gpt-4o-mini'));

    // The curated list stays while the keys change; the provider follows the keys.
    const gemini = await addKey('gemini', ['llama-*']);
    assert.deepEqual((await list()).models.at(-1), { id: 'llama-3.1-70b', provider: 'gemini' });
    assert.equal((await admin.delete(`/api/v1/provider-keys/${gemini}`)).status, 204);
    assert.deepEqual(await list(), expected);

    const empty = await put([]);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, { curated: true, models: [] }, 'an empty curated list lists nothing');
  });

  test('{models: null} goes back to following the provider keys', async () => {
    const res = await put(null);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const following = {
      curated: false,
      models: [
        { id: 'claude-sonnet-4-5', provider: 'anthropic' },
        { id: 'gpt-4o', provider: 'openai' },
        { id: 'gpt-4o-mini', provider: 'openai' },
      ],
    };
    assert.deepEqual(res.body, following);
    assert.deepEqual(await list(), following);
    // Resetting twice is harmless.
    assert.deepEqual((await put(null)).body, following);
  });

  test('a model enabled by keys of two families names no single provider', async () => {
    const azure = await addKey('azure', ['gpt-4o'], { base_url: 'https://res.openai.azure.com' });
    try {
      const following = await list();
      assert.equal(following.curated, false);
      assert.deepEqual(
        following.models.find((m) => m.id === 'gpt-4o'),
        { id: 'gpt-4o', provider: null },
        'not curated',
      );
      assert.equal(following.models.filter((m) => m.id === 'gpt-4o').length, 1);
      const curated = await put(['gpt-4o', 'gpt-4o-mini']);
      assert.deepEqual(curated.body.models, [
        { id: 'gpt-4o', provider: null },
        { id: 'gpt-4o-mini', provider: 'openai' },
      ]);
    } finally {
      assert.equal((await admin.delete(`/api/v1/provider-keys/${azure}`)).status, 204);
      assert.equal((await put(null)).status, 200);
    }
  });

  test('each PUT writes a gateway.models_changed audit event', async () => {
    const before = (await auditEvents(admin, { action: 'gateway.models_changed' })).length;
    await put(['gpt-4o', 'gpt-4o', 'claude-sonnet-4-5']);
    await put(null);
    const events = await auditEvents(admin, { action: 'gateway.models_changed' });
    assert.equal(events.length, before + 2);
    const ownerId = (await admin.get('/api/v1/session')).body.admin.id as string;
    const [set, reset] = events.slice(-2);
    for (const e of [set!, reset!]) {
      assert.equal(e.actor.type, 'admin');
      assert.equal(e.actor.id, ownerId);
      assert.equal(e.outcome, 'success');
      assert.deepEqual(e.target, { type: 'setting', id: 'gateway_models', name: 'Gateway model list' });
    }
    assert.deepEqual(set!.details, { models: ['gpt-4o', 'claude-sonnet-4-5'] });
    assert.deepEqual(reset!.details, { models: null, follows: 'provider keys' });
  });

  test('invalid names and bodies are a 400 naming the field, and change nothing', async () => {
    assert.equal((await put(['gpt-4o'])).status, 200);
    const before = (await auditEvents(admin, { action: 'gateway.models_changed' })).length;
    const cases: Array<[unknown, RegExp]> = [
      [{ models: ['gpt 4o'] }, /^models\[[0-9]+\]|^models must/],
      [{ models: ['claude-*'] }, /^models\[[0-9]+\]|^models must/], // a pattern is not a model
      [{ models: ['ok', ''] }, /^models\[[0-9]+\]|^models must/],
      [{ models: ['x'.repeat(201)] }, /^models\[[0-9]+\]|^models must/],
      [{ models: ['a/b?c'] }, /^models\[[0-9]+\]|^models must/],
      [{ models: Array.from({ length: 1001 }, (_, i) => `m-${i}`) }, /^models\[[0-9]+\]|^models must/],
      [{}, /models is required/],
      [{ models: ['gpt-4o'], extra: true }, /unknown field "extra"/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.request('PUT', PATH, body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${res.status}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
    }
    assert.deepEqual(await list(), { curated: true, models: [{ id: 'gpt-4o', provider: 'openai' }] });
    assert.equal((await auditEvents(admin, { action: 'gateway.models_changed' })).length, before);
    // 200 characters with every allowed kind of character is a valid name.
    const longest = `a.b_c:d/e@f-${'x'.repeat(188)}`;
    const ok = await put([longest]);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.models, [{ id: longest, provider: null }]);
    assert.equal((await put(null)).status, 200);
  });

  test('policy:read reads; policy:write changes; a viewer session reads only', async () => {
    const reader = await tokenClient(
      server.consoleUrl,
      await createCredential(admin, { name: 'models-reader', scopes: ['policy:read'] }),
    );
    assert.equal((await reader.get(PATH)).status, 200);
    const refused = await put(['gpt-4o'], reader);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'insufficient_scope');

    const writer = await tokenClient(
      server.consoleUrl,
      await createCredential(admin, { name: 'models-writer', scopes: ['policy:write'] }),
    );
    const set = await put(['gpt-4o'], writer);
    assert.equal(set.status, 200);
    assert.equal(set.body.curated, true);
    const evt = (await auditEvents(admin, { action: 'gateway.models_changed' })).at(-1)!;
    assert.equal(evt.actor.type, 'credential');

    const v = await addViewer(server, 'models-viewer@example.com');
    const viewer = await signIn(server.consoleUrl, v.email, v.password);
    assert.deepEqual((await viewer.get(PATH)).body, set.body);
    const byViewer = await put(null, viewer);
    assert.equal(byViewer.status, 403);
    assert.equal(byViewer.body.error.code, 'forbidden');
    assert.equal((await list()).curated, true);
  });
});
