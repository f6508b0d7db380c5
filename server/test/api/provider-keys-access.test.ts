// Provider keys: who may read and change them (token scopes, a viewer session), the audit event each
// change writes, and the secret at rest (sealed in the row). As in provider-keys.test.ts, no response
// body and no audit event ever holds a provider secret.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import { addViewer } from '../helpers/console-page.ts';
import {
  assertNoSecretLeaked,
  providerKeyClient,
  PROVIDER_KEYS_PATH as PATH,
} from '../helpers/provider-key-client.ts';

eachEngine('provider keys: access, audit, sealing', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  const pk = providerKeyClient(() => admin);
  const { secretFor, seen, send, create, created, patch } = pk;

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

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
    const none = seen(await other.get(PATH));
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
    assert.equal(seen(await admin.get(`${PATH}/${k.id}`)).body.name, 'scoped');
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
    assert.ok(row.secret_sealed.length > secret.length, 'the sealed secret is no longer than the secret');
    const whole = JSON.stringify(row);
    assert.ok(!whole.includes(secret), 'the row holds the secret in clear');
    for (const encoded of [
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
      Buffer.from(secret).toString('hex'),
    ])
      assert.ok(!whole.includes(encoded.replace(/=+$/, '')), 'the row holds the secret encoded');
    assert.ok(
      !Buffer.from(row.secret_sealed, 'base64').toString('latin1').includes(secret),
      'the sealed value holds the secret in clear',
    );

    // Rotation reseals: the old sealed value is gone.
    const next = secretFor('sk-proj-sealed-next');
    await send(admin, 'POST', `${PATH}/${k.id}/rotate`, { secret: next });
    const after = await server.gatehouse.services.store.db
      .selectFrom('provider_keys')
      .selectAll()
      .where('id', '=', k.id)
      .executeTakeFirstOrThrow();
    assert.notEqual(after.secret_sealed, row.secret_sealed);
    assert.ok(!JSON.stringify(after).includes(next), 'the rotated row holds the new secret in clear');
    assert.ok(!JSON.stringify(after).includes(secret), 'the rotated row holds the old secret in clear');
  });

  test('no response body and no audit event ever holds a provider secret', async () => {
    // This file sends 9 secrets and records 21 bodies; fewer means tests stopped sending or recording them.
    await assertNoSecretLeaked(pk, admin, {
      minSecrets: 8,
      minBodies: 18,
      actions: [
        'provider_key.created',
        'provider_key.updated',
        'provider_key.rotated',
        'provider_key.deleted',
      ],
    });
  });
});
