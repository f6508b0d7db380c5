// Provider keys end to end: create (each family), list, get, update, rotate, delete; the secret goes in
// and never comes out (responses, audit events, the database row); bad input; who may read and change.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  auditEvents,
  createCredential,
  signIn,
  tokenClient,
  type ApiClient,
  type Reply,
} from '../helpers/api-client.ts';
import { addViewer } from '../helpers/console-page.ts';

const PATH = '/api/v1/provider-keys';

interface KeyView {
  id: string;
  name: string;
  provider: string;
  secret_last4: string;
  base_url: string | null;
  effective_base_url: string;
  azure_api_version: string | null;
  enabled_models: string[];
  created_at: string;
  updated_at: string;
  rotated_at: string | null;
}

const VIEW_FIELDS = [
  'azure_api_version',
  'base_url',
  'created_at',
  'effective_base_url',
  'enabled_models',
  'id',
  'name',
  'provider',
  'rotated_at',
  'secret_last4',
  'updated_at',
];

eachEngine('provider keys', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  // Every provider secret sent to this server, and every response body it gave: none may hold one.
  const secrets: string[] = [];
  const bodies: string[] = [];
  let n = 0;

  /** A fresh secret, shaped like a provider's, with a distinct last four characters. */
  const secretFor = (prefix: string) => {
    const s = `${prefix}-${crypto.randomUUID().replace(/-/g, '')}${String(++n).padStart(4, '0')}`;
    secrets.push(s);
    return s;
  };
  const seen = <T extends Reply>(r: T): T => {
    bodies.push(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
    return r;
  };
  const send = async (client: ApiClient, method: string, path: string, body?: unknown) =>
    seen(await client.request(method, path, body));
  const create = async (body: Record<string, unknown>, client: ApiClient = admin) =>
    send(client, 'POST', PATH, body);
  async function created(body: Record<string, unknown>): Promise<KeyView> {
    const res = await create(body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as KeyView;
  }
  const patch = (id: string, body: unknown, client: ApiClient = admin) =>
    send(client, 'PATCH', `${PATH}/${id}`, body);

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
      assert.ok(Date.now() - Date.parse(k.created_at) < 60_000);
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
      ['https://' + 'a'.repeat(2048), /body\.base_url/],
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
    const list = await admin.get(PATH);
    assert.ok(!list.body.provider_keys.some((k: KeyView) => k.name === 'bad-base'));
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
    const names = (await admin.get(PATH)).body.provider_keys.map((k: KeyView) => k.name);
    assert.equal(names.filter((x: string) => x === 'raced').length, 1);
    assert.equal(names.filter((x: string) => x === 'renamed-raced').length, 1);
  });

  test('bad input is a 400 that names the field', async () => {
    const base = { name: 'bad-input', provider: 'openai', secret: secretFor('sk-bad-input') };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, enabled_models: [] }, /body\.enabled_models must hold at least 1/],
      [{ ...base, enabled_models: ['gpt 4o'] }, /body\.enabled_models\[0\]/],
      [{ ...base, enabled_models: ['gpt-4o', ''] }, /body\.enabled_models\[1\]/],
      [{ ...base, enabled_models: ['x'.repeat(201)] }, /body\.enabled_models\[0\]/],
      [{ name: base.name, provider: 'openai', enabled_models: ['a'] }, /body\.secret is required/],
      [{ ...base, secret: 'short', enabled_models: ['a'] }, /body\.secret must be at least 8/],
      [{ ...base, secret: 'has a space in it', enabled_models: ['a'] }, /body\.secret/],
      [{ ...base, name: '   ', enabled_models: ['a'] }, /body\.name/],
      [{ ...base, name: 'n'.repeat(101), enabled_models: ['a'] }, /body\.name must be at most 100/],
      [{ ...base, enabled_models: ['a'], azure_api_version: '2024 10' }, /body\.azure_api_version/],
      [{ ...base, enabled_models: ['a'], colour: 'blue' }, /unknown field "colour"/],
      [{ provider: 'openai', secret: base.secret, enabled_models: ['a'] }, /body\.name is required/],
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

  test('PATCH changes name, enabled models and base_url (null resets it); an empty body is a 400', async () => {
    const k = await created({
      name: 'patch-me',
      provider: 'anthropic',
      secret: secretFor('sk-ant-patch'),
      base_url: 'https://proxy.example.com',
      enabled_models: ['claude-sonnet-4-5'],
    });
    assert.equal(k.effective_base_url, 'https://proxy.example.com');

    const renamed = await patch(k.id, { name: '  patched  ' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.name, 'patched');
    assert.equal(renamed.body.secret_last4, k.secret_last4);
    assert.equal(renamed.body.created_at, k.created_at);
    assert.ok(Date.parse(renamed.body.updated_at) >= Date.parse(k.updated_at));
    assert.equal(renamed.body.rotated_at, null);

    const models = await patch(k.id, { enabled_models: ['claude-*', 'claude-*', 'claude-haiku-4-5'] });
    assert.equal(models.status, 200);
    assert.deepEqual(models.body.enabled_models, ['claude-*', 'claude-haiku-4-5'], 'duplicates dropped');
    assert.equal(models.body.name, 'patched');
    assert.equal(models.body.base_url, 'https://proxy.example.com');

    const moved = await patch(k.id, { base_url: 'https://other.example.com/' });
    assert.equal(moved.body.base_url, 'https://other.example.com');
    const reset = await patch(k.id, { base_url: null });
    assert.equal(reset.status, 200);
    assert.equal(reset.body.base_url, null);
    assert.equal(reset.body.effective_base_url, 'https://api.anthropic.com');

    const got = seen(await admin.get(`${PATH}/${k.id}`));
    assert.deepEqual(got.body, reset.body);

    for (const [body, message] of [
      [{}, /body/],
      [{ base_url: 'ftp://x.example.com' }, /base_url/],
      [{ enabled_models: [] }, /body\.enabled_models/],
      [{ secret: secretFor('sk-not-here') }, /unknown field "secret"/],
      [{ provider: 'openai' }, /unknown field "provider"/],
    ] as Array<[unknown, RegExp]>) {
      const res = await patch(k.id, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
    }
    const unchanged = seen(await admin.get(`${PATH}/${k.id}`));
    assert.deepEqual(unchanged.body, reset.body, 'a refused PATCH changes nothing');
  });

  test('an Azure key keeps its endpoint: PATCH base_url null → 400', async () => {
    const k = await created({
      name: 'azure-patch',
      provider: 'azure',
      secret: secretFor('az-patch'),
      base_url: 'https://res.openai.azure.com',
      enabled_models: ['deployment-1'],
    });
    const res = await patch(k.id, { base_url: null });
    assert.equal(res.status, 400);
    assert.match(res.body.error.message, /base_url/);
    const version = await patch(k.id, { azure_api_version: '2025-01-01-preview' });
    assert.equal(version.status, 200);
    assert.equal(version.body.azure_api_version, '2025-01-01-preview');
    const cleared = await patch(k.id, { azure_api_version: null });
    assert.equal(cleared.body.azure_api_version, null);
  });

  test('rotate changes secret_last4 and rotated_at, and nothing else', async () => {
    const k = await created({
      name: 'rotate-me',
      provider: 'gemini',
      secret: secretFor('AIza-rotate'),
      enabled_models: ['gemini-*'],
    });
    const next = secretFor('AIza-rotated');
    const rotated = await send(admin, 'POST', `${PATH}/${k.id}/rotate`, { secret: next });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    assert.equal(rotated.body.secret_last4, next.slice(-4));
    assert.notEqual(rotated.body.secret_last4, k.secret_last4);
    assert.ok(rotated.body.rotated_at);
    assert.ok(Date.now() - Date.parse(rotated.body.rotated_at) < 60_000);
    assert.equal(rotated.body.updated_at, rotated.body.rotated_at);
    for (const f of ['id', 'name', 'provider', 'base_url', 'enabled_models', 'created_at'] as const)
      assert.deepEqual(rotated.body[f], k[f], f);
    assert.deepEqual(seen(await admin.get(`${PATH}/${k.id}`)).body, rotated.body);

    // The service holds the new secret (what the Gateway sends upstream from the next request on).
    assert.equal(server.gatehouse.services.providerKeys.get(k.id).secret, next);

    for (const body of [{}, { secret: 'short' }, { secret: 'with space inside' }, { secret: next, x: 1 }]) {
      const res = await send(admin, 'POST', `${PATH}/${k.id}/rotate`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.error.message, /body/);
    }
    const missing = await send(admin, 'POST', `${PATH}/pk_doesnotexist/rotate`, { secret: secretFor('x') });
    assert.equal(missing.status, 404);
  });

  test('DELETE → 204, then the key is gone; an unknown id → 404', async () => {
    const k = await created({
      name: 'delete-me',
      provider: 'openai',
      secret: secretFor('sk-delete'),
      enabled_models: ['gpt-4o-delete'],
    });
    const del = await send(admin, 'DELETE', `${PATH}/${k.id}`);
    assert.equal(del.status, 204);
    assert.equal(del.body, null);
    const gone = await admin.get(`${PATH}/${k.id}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error.code, 'not_found');
    assert.ok(!(await admin.get(PATH)).body.provider_keys.some((x: KeyView) => x.id === k.id));
    assert.equal((await send(admin, 'DELETE', `${PATH}/${k.id}`)).status, 404);
    // The name is free again.
    await created({
      name: 'delete-me',
      provider: 'openai',
      secret: secretFor('sk-delete-again'),
      enabled_models: ['gpt-4o-delete'],
    });

    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await send(admin, method, `${PATH}/pk_doesnotexist`, body);
      assert.equal(res.status, 404, method);
      assert.equal(res.body.error.code, 'not_found');
    }
    const badId = await admin.get(`${PATH}/..%2f..%2fetc`);
    assert.equal(badId.status, 400);
  });

  test('each change writes an audit event whose target is the key', async () => {
    const k = await created({
      name: 'audited',
      provider: 'anthropic',
      secret: secretFor('sk-ant-audit'),
      enabled_models: ['claude-sonnet-4-5'],
    });
    await patch(k.id, { name: 'audited-2', enabled_models: ['claude-*'] });
    const next = secretFor('sk-ant-audit-next');
    await send(admin, 'POST', `${PATH}/${k.id}/rotate`, { secret: next });
    assert.equal((await send(admin, 'DELETE', `${PATH}/${k.id}`)).status, 204);

    const ownerId = (await admin.get('/api/v1/session')).body.admin.id as string;
    const events = (await auditEvents(admin)).filter((e) => e.target?.id === k.id);
    assert.deepEqual(
      events.map((e) => e.action),
      ['provider_key.created', 'provider_key.updated', 'provider_key.rotated', 'provider_key.deleted'],
    );
    for (const e of events) {
      assert.equal(e.target!.type, 'provider_key');
      assert.equal(e.actor.type, 'admin');
      assert.equal(e.actor.id, ownerId);
      assert.equal(e.outcome, 'success');
      assert.equal(e.ip, '127.0.0.1');
    }
    const [createdEvt, updated, rotated, deleted] = events;
    assert.equal(createdEvt!.target!.name, 'audited');
    assert.equal(createdEvt!.details.provider, 'anthropic');
    assert.deepEqual(createdEvt!.details.enabled_models, ['claude-sonnet-4-5']);
    assert.equal(createdEvt!.details.secret_last4, k.secret_last4);
    assert.equal(updated!.target!.name, 'audited-2');
    assert.deepEqual(updated!.details.changed, {
      enabled_models: ['claude-*'],
      name: 'audited-2',
      previous_name: 'audited',
    });
    assert.deepEqual(rotated!.details, { previous_last4: k.secret_last4, secret_last4: next.slice(-4) });
    assert.equal(deleted!.target!.name, 'audited-2');
  });

  test('a policy:read token can read but not change; policy:write can; a viewer session reads only', async () => {
    const k = await created({
      name: 'scoped',
      provider: 'openai',
      secret: secretFor('sk-scoped'),
      enabled_models: ['gpt-4o-scoped'],
    });
    const reader = await tokenClient(
      server.consoleUrl,
      await createCredential(admin, { name: 'pk-reader', scopes: ['policy:read'] }),
    );
    assert.equal(seen(await reader.get(PATH)).status, 200);
    assert.equal(seen(await reader.get(`${PATH}/${k.id}`)).status, 200);
    const refusals = [
      await create(
        { name: 'by-reader', provider: 'openai', secret: secretFor('sk-r'), enabled_models: ['a'] },
        reader,
      ),
      await patch(k.id, { name: 'by-reader' }, reader),
      await send(reader, 'POST', `${PATH}/${k.id}/rotate`, { secret: secretFor('sk-r2') }),
      await send(reader, 'DELETE', `${PATH}/${k.id}`),
    ];
    for (const res of refusals) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'insufficient_scope');
      assert.match(res.headers.get('www-authenticate')!, /error="insufficient_scope"/);
      assert.match(res.headers.get('www-authenticate')!, /scope="policy:write"/);
    }

    const writer = await tokenClient(
      server.consoleUrl,
      await createCredential(admin, { name: 'pk-writer', scopes: ['policy:read', 'policy:write'] }),
    );
    const byWriter = await create(
      { name: 'by-writer', provider: 'gemini', secret: secretFor('gm-w'), enabled_models: ['gemini-w'] },
      writer,
    );
    assert.equal(byWriter.status, 201);
    const writerCred = (await admin.get('/api/v1/credentials')).body.credentials.find(
      (c: { name: string }) => c.name === 'pk-writer',
    );
    const evt = (await auditEvents(admin, { action: 'provider_key.created' })).find(
      (e) => e.target?.id === byWriter.body.id,
    );
    assert.equal(evt?.actor.type, 'credential');
    assert.equal(evt?.actor.id, writerCred.id);

    const other = await tokenClient(
      server.consoleUrl,
      await createCredential(admin, { name: 'pk-other', scopes: ['audit:read'] }),
    );
    const none = await other.get(PATH);
    assert.equal(none.status, 403);
    assert.equal(none.body.error.code, 'insufficient_scope');

    const v = await addViewer(server, 'pk-viewer@example.com');
    const viewer = await signIn(server.consoleUrl, v.email, v.password);
    assert.equal(seen(await viewer.get(PATH)).status, 200);
    assert.equal(seen(await viewer.get(`${PATH}/${k.id}`)).status, 200);
    const viewerCreate = await create(
      { name: 'by-viewer', provider: 'openai', secret: secretFor('sk-v'), enabled_models: ['a'] },
      viewer,
    );
    assert.equal(viewerCreate.status, 403);
    assert.equal(viewerCreate.body.error.code, 'forbidden');
    assert.equal((await patch(k.id, { name: 'by-viewer' }, viewer)).status, 403);
    assert.equal((await send(viewer, 'DELETE', `${PATH}/${k.id}`)).status, 403);
    assert.equal((await admin.get(`${PATH}/${k.id}`)).body.name, 'scoped');
  });

  test('the secret is stored sealed: the row holds neither the secret nor its base64', async () => {
    const secret = secretFor('sk-proj-sealed');
    const k = await created({ name: 'sealed', provider: 'openai', secret, enabled_models: ['gpt-sealed'] });
    const row = await server.gatehouse.services.store.db
      .selectFrom('provider_keys')
      .selectAll()
      .where('id', '=', k.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.secret_last4, secret.slice(-4));
    assert.ok(row.secret_sealed.length > secret.length);
    const whole = JSON.stringify(row);
    assert.ok(!whole.includes(secret), 'the row holds the secret in clear');
    for (const encoded of [
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
      Buffer.from(secret).toString('hex'),
    ])
      assert.ok(!whole.includes(encoded.replace(/=+$/, '')), 'the row holds the secret encoded');
    assert.ok(!Buffer.from(row.secret_sealed, 'base64').toString('latin1').includes(secret));

    // Rotation reseals: the old sealed value is gone.
    const next = secretFor('sk-proj-sealed-next');
    await send(admin, 'POST', `${PATH}/${k.id}/rotate`, { secret: next });
    const after = await server.gatehouse.services.store.db
      .selectFrom('provider_keys')
      .selectAll()
      .where('id', '=', k.id)
      .executeTakeFirstOrThrow();
    assert.notEqual(after.secret_sealed, row.secret_sealed);
    assert.ok(!JSON.stringify(after).includes(next));
    assert.ok(!JSON.stringify(after).includes(secret));
  });

  test('no response body and no audit event ever holds a provider secret', async () => {
    const events = await auditEvents(admin);
    assert.ok(events.some((e) => e.action === 'provider_key.rotated'));
    assert.ok(secrets.length > 20);
    assert.ok(bodies.length > 40);
    for (const secret of secrets) {
      for (const body of bodies) assert.ok(!body.includes(secret), `a response holds ${secret}`);
      for (const e of events)
        assert.ok(!JSON.stringify(e).includes(secret), `event ${e.id} (${e.action}) holds a secret`);
    }
  });
});
