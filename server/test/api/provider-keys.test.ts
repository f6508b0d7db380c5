// Provider keys end to end, making them: create (each family), list, get; the base_url each family
// needs or may have; bad input, refused with a 400 that names the field; names that clash, also when
// requests race. Changing keys is in provider-keys-changes.test.ts; who may read and change them, their
// audit trail and the secret at rest are in provider-keys-access.test.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import {
  assertNoSecretLeaked,
  providerKeyClient,
  PROVIDER_KEYS_PATH as PATH,
  VIEW_FIELDS,
  type KeyView,
} from '../helpers/provider-key-client.ts';

eachEngine('provider keys', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  const pk = providerKeyClient(() => admin);
  const { secretFor, seen, create, created, patch } = pk;

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('create each family; the secret is masked to its last four characters everywhere', async () => {
    const families: Array<[string, Record<string, unknown>, string]> = [
      ['anthropic', { enabled_models: ['claude-*'] }, 'https://api.anthropic.com'],
      ['openai', { enabled_models: ['gpt-4o', 'o*'] }, 'https://api.openai.com/v1'],
      [
        'azure',
        {
          base_url: 'https://my-resource.openai.azure.com/',
          azure_api_version: '2024-10-21',
          enabled_models: ['prod-gpt-4o'],
        },
        'https://my-resource.openai.azure.com',
      ],
      [
        'gemini',
        { base_url: null, enabled_models: ['gemini-2.5-pro'] },
        'https://generativelanguage.googleapis.com',
      ],
    ];
    const made: KeyView[] = [];
    for (const [provider, extra, effective] of families) {
      const secret = secretFor(`sk-${provider}`);
      const k = await created({ name: `${provider} main`, provider, secret, ...extra });
      made.push(k);
      assert.deepEqual(Object.keys(k).sort(), VIEW_FIELDS);
      assert.match(k.id, /^pk_/);
      assert.equal(k.provider, provider);
      assert.equal(k.name, `${provider} main`);
      assert.equal(k.secret_last4, secret.slice(-4));
      assert.equal(k.effective_base_url, effective);
      assert.equal(k.base_url, provider === 'azure' ? 'https://my-resource.openai.azure.com' : null);
      assert.equal(k.azure_api_version, provider === 'azure' ? '2024-10-21' : null);
      assert.deepEqual(k.enabled_models, extra.enabled_models);
      assert.equal(k.rotated_at, null);
      assert.equal(new Date(k.created_at).toISOString(), k.created_at);
      assert.equal(k.updated_at, k.created_at);
      assert.ok(Date.now() - Date.parse(k.created_at) < 60_000, `created_at ${k.created_at} is not recent`);
    }

    const list = seen(await admin.get(PATH));
    assert.equal(list.status, 200);
    const listed = list.body.provider_keys as KeyView[];
    for (const k of made) {
      assert.deepEqual(
        listed.find((x) => x.id === k.id),
        k,
      );
      const one = seen(await admin.get(`${PATH}/${k.id}`));
      assert.equal(one.status, 200);
      assert.deepEqual(one.body, k);
    }
    assert.deepEqual(
      listed.map((k) => k.name),
      [...listed.map((k) => k.name)].sort((a, b) => a.localeCompare(b)),
      'the list is ordered by name',
    );
  });

  test('an explicit base_url is kept without its trailing slash; an unknown family is a 400', async () => {
    const k = await created({
      name: 'self-hosted',
      provider: 'openai',
      secret: secretFor('sk-local'),
      base_url: 'http://127.0.0.1:11434/v1/',
      enabled_models: ['llama3.1:8b'],
    });
    assert.equal(k.base_url, 'http://127.0.0.1:11434/v1');
    assert.equal(k.effective_base_url, 'http://127.0.0.1:11434/v1');

    const res = await create({
      name: 'mistral',
      provider: 'mistral',
      secret: secretFor('sk-mistral'),
      enabled_models: ['x'],
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    assert.match(res.body.error.message, /provider/);
  });

  test('azure without base_url → 400 naming base_url', async () => {
    for (const base of [undefined, null]) {
      const res = await create({
        name: 'azure-no-endpoint',
        provider: 'azure',
        secret: secretFor('az'),
        enabled_models: ['prod'],
        ...(base === null ? { base_url: null } : {}),
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, /base_url/);
    }
  });

  test('an invalid base_url → 400 naming base_url, never stored', async () => {
    const cases: Array<[string, RegExp]> = [
      ['ftp://files.example.com/v1', /base_url must start with https:\/\//],
      ['https://user:pass@api.example.com/v1', /base_url must not carry a user name or password/],
      ['https://api.example.com/v1?key=abc', /base_url must not carry a query string/],
      ['https://api.example.com/v1#frag', /base_url must not carry a query string or fragment/],
      ['not a url', /base_url "not a url" is not a URL/],
      ['https://' + 'a'.repeat(2048), /base_url/],
    ];
    for (const [base_url, message] of cases) {
      const res = await create({
        name: 'bad-base',
        provider: 'openai',
        secret: secretFor('sk-bad'),
        base_url,
        enabled_models: ['gpt-4o'],
      });
      assert.equal(res.status, 400, `${base_url} → ${res.status}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
    }
    const list = seen(await admin.get(PATH));
    assert.ok(
      !list.body.provider_keys.some((k: KeyView) => k.name === 'bad-base'),
      'a key with an invalid base_url was stored',
    );
  });

  test('a duplicate name → 409, on create and on rename', async () => {
    const a = await created({
      name: 'dup-a',
      provider: 'anthropic',
      secret: secretFor('sk-ant'),
      enabled_models: ['claude-opus-4-1'],
    });
    const b = await created({
      name: 'dup-b',
      provider: 'gemini',
      secret: secretFor('gm'),
      enabled_models: ['gemini-2.5-flash'],
    });
    // Surrounding spaces are trimmed: " dup-a " is the same name.
    for (const name of ['dup-a', ' dup-a ']) {
      const res = await create({
        name,
        provider: 'openai',
        secret: secretFor('sk-dup'),
        enabled_models: ['gpt-4.1'],
      });
      assert.equal(res.status, 409, name);
      assert.equal(res.body.error.code, 'conflict');
      assert.match(res.body.error.message, /dup-a/);
    }
    const rename = await patch(b.id, { name: 'dup-a' });
    assert.equal(rename.status, 409);
    assert.equal(rename.body.error.code, 'conflict');
    // Keeping one's own name is no conflict.
    const same = await patch(a.id, { name: 'dup-a' });
    assert.equal(same.status, 200);
  });

  test('creates or renames to one name at once: one succeeds, the others 409, never a 500', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3].map(() =>
        create({
          name: 'raced',
          provider: 'openai',
          secret: secretFor('sk-race'),
          enabled_models: ['gpt-4o-race'],
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409], JSON.stringify(results.map((r) => r.body)));
    for (const r of results.filter((x) => x.status === 409)) assert.equal(r.body.error.code, 'conflict');

    // Renames race the same way.
    const keys = await Promise.all(
      [1, 2, 3].map((i) =>
        created({
          name: `rename-race-${i}`,
          provider: 'gemini',
          secret: secretFor('gm-race'),
          enabled_models: [`gemini-race-${i}`],
        }),
      ),
    );
    const renames = await Promise.all(keys.map((k) => patch(k.id, { name: 'renamed-raced' })));
    assert.deepEqual(
      renames.map((r) => r.status).sort(),
      [200, 409, 409],
      JSON.stringify(renames.map((r) => r.body)),
    );
    const names = seen(await admin.get(PATH)).body.provider_keys.map((k: KeyView) => k.name);
    assert.equal(names.filter((x: string) => x === 'raced').length, 1);
    assert.equal(names.filter((x: string) => x === 'renamed-raced').length, 1);
  });

  test('bad input is a 400 that names the field', async () => {
    const base = { name: 'bad-input', provider: 'openai', secret: secretFor('sk-bad-input') };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, enabled_models: [] }, /enabled_models must hold at least one entry/],
      [{ ...base, enabled_models: ['gpt 4o'] }, /enabled_models\[0\]/],
      [{ ...base, enabled_models: ['gpt-4o', ''] }, /enabled_models\[1\]/],
      [{ ...base, enabled_models: ['x'.repeat(201)] }, /enabled_models\[0\]/],
      [{ name: base.name, provider: 'openai', enabled_models: ['a'] }, /secret is required/],
      [{ ...base, secret: 'short', enabled_models: ['a'] }, /secret must be at least 8/],
      [{ ...base, secret: 'has a space in it', enabled_models: ['a'] }, /secret/],
      [{ ...base, name: '   ', enabled_models: ['a'] }, /name/],
      [{ ...base, name: 'n'.repeat(101), enabled_models: ['a'] }, /name must be at most 100/],
      [{ ...base, enabled_models: ['a'], azure_api_version: '2024 10' }, /azure_api_version/],
      [{ ...base, enabled_models: ['a'], colour: 'blue' }, /unknown field "colour"/],
      [{ provider: 'openai', secret: base.secret, enabled_models: ['a'] }, /name is required/],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 100)} → ${res.status}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
      assert.equal(typeof res.body.error.request_id, 'string');
    }
    // 200 characters is the longest model name allowed.
    const longest = await create({ ...base, enabled_models: ['x'.repeat(200)] });
    assert.equal(longest.status, 201);
    assert.equal(longest.body.enabled_models[0].length, 200);
  });

  test('no response body and no audit event ever holds a provider secret', async () => {
    // This file sends 26 secrets and records 50 bodies; fewer means tests stopped sending or recording them.
    await assertNoSecretLeaked(pk, admin, {
      minSecrets: 24,
      minBodies: 45,
      actions: ['provider_key.created', 'provider_key.updated'],
    });
  });
});
