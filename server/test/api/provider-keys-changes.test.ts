// Provider keys end to end, changing them: PATCH (name, enabled models, base_url, Azure API version),
// rotate the secret, delete; what is refused changes nothing. Making keys is in provider-keys.test.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import {
  assertNoSecretLeaked,
  providerKeyClient,
  PROVIDER_KEYS_PATH as PATH,
  type KeyView,
} from '../helpers/provider-key-client.ts';

eachEngine('provider keys: update, rotate, delete', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  const pk = providerKeyClient(() => admin);
  const { secretFor, seen, send, created, patch } = pk;

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

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
    assert.ok(
      Date.parse(renamed.body.updated_at) >= Date.parse(k.updated_at),
      `updated_at went back: ${k.updated_at} → ${renamed.body.updated_at}`,
    );
    assert.equal(renamed.body.rotated_at, null);

    const models = await patch(k.id, { enabled_models: ['claude-*', 'claude-*', 'claude-haiku-4-5'] });
    assert.equal(models.status, 200);
    assert.deepEqual(models.body.enabled_models, ['claude-*', 'claude-haiku-4-5'], 'duplicates dropped');
    assert.equal(models.body.name, 'patched');
    assert.equal(models.body.base_url, 'https://proxy.example.com');

    // A new base_url carries the secret with it (hostile/provider-key-base-url.test.ts has the refusals).
    const moved = await patch(k.id, {
      base_url: 'https://other.example.com/',
      secret: secretFor('sk-ant-move'),
    });
    assert.equal(moved.body.base_url, 'https://other.example.com');
    const reset = await patch(k.id, { base_url: null, secret: secretFor('sk-ant-back') });
    assert.equal(reset.status, 200);
    assert.equal(reset.body.base_url, null);
    assert.equal(reset.body.effective_base_url, 'https://api.anthropic.com');

    const got = seen(await admin.get(`${PATH}/${k.id}`));
    assert.deepEqual(got.body, reset.body);

    for (const [body, message] of [
      [{}, /body/],
      [{ base_url: 'ftp://x.example.com' }, /base_url/],
      [{ enabled_models: [] }, /^enabled_models must hold at least one entry/],
      [{ secret: secretFor('sk-not-here') }, /rotate/],
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
    assert.ok(rotated.body.rotated_at, 'rotated_at is not set');
    assert.ok(
      Date.now() - Date.parse(rotated.body.rotated_at) < 60_000,
      `rotated_at ${rotated.body.rotated_at} is not recent`,
    );
    assert.equal(rotated.body.updated_at, rotated.body.rotated_at);
    for (const f of ['id', 'name', 'provider', 'base_url', 'enabled_models', 'created_at'] as const)
      assert.deepEqual(rotated.body[f], k[f], f);
    assert.deepEqual(seen(await admin.get(`${PATH}/${k.id}`)).body, rotated.body);

    // The service holds the new secret (what the Gateway sends upstream from the next request on).
    assert.equal(server.gatehouse.services.providerKeys.get(k.id).secret, next);

    for (const [body, message] of [
      [{}, /^secret is required/],
      [{ secret: 'short' }, /^secret must be at least 8 characters long/],
      [{ secret: 'with space inside' }, /^secret must not contain spaces/],
      [{ secret: next, x: 1 }, /unknown field "x"/],
    ] as Array<[unknown, RegExp]>) {
      const res = await send(admin, 'POST', `${PATH}/${k.id}/rotate`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.error.message, message);
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
    const gone = seen(await admin.get(`${PATH}/${k.id}`));
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error.code, 'not_found');
    assert.ok(
      !seen(await admin.get(PATH)).body.provider_keys.some((x: KeyView) => x.id === k.id),
      'the deleted key is still listed',
    );
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
    const badId = seen(await admin.get(`${PATH}/..%2f..%2fetc`));
    assert.equal(badId.status, 400);
  });

  test('no response body and no audit event ever holds a provider secret', async () => {
    // This file sends 8 secrets and records 34 bodies; fewer means tests stopped sending or recording them.
    await assertNoSecretLeaked(pk, admin, {
      minSecrets: 7,
      minBodies: 30,
      actions: [
        'provider_key.created',
        'provider_key.updated',
        'provider_key.rotated',
        'provider_key.deleted',
      ],
    });
  });
});
