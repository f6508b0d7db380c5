// A policy document that leaves a detector out, through the API: as sent with PUT and as stored in a
// version written before the detector existed. Either way the detector has its default, GET returns
// the whole document, and sending that document back is no change. An unknown detector id is a 400
// naming the detectors there are.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';

const PATH = '/api/v1/policy';

eachEngine('policy detectors left out', (engine) => {
  let server: TestServer;
  let admin: ApiClient;

  const put = async (body: unknown) => {
    const etag = (await admin.get(PATH)).headers.get('etag')!;
    return admin.request('PUT', PATH, body, { 'if-match': etag });
  };

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('PUT without a detector gives it its default, and GET returns the document whole', async () => {
    const res = await put({
      enforcement: 'monitor',
      detectors: { secrets: { action: 'block', allowlist: [] }, custom: [] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const whole = {
      enforcement: 'monitor',
      detectors: { ...DEFAULT_POLICY.detectors, secrets: { action: 'block', allowlist: [] } },
      tools: [],
    };
    assert.deepEqual(res.body, whole);
    assert.deepEqual((await admin.get(PATH)).body, whole);
    const res2 = await put({ enforcement: 'monitor', detectors: {} });
    assert.equal(res2.status, 200, JSON.stringify(res2.body));
    assert.deepEqual(res2.body.detectors, DEFAULT_POLICY.detectors, 'every detector at its default');
  });

  test('an unknown detector id is a 400 naming the detectors there are', async () => {
    const res = await put({
      ...DEFAULT_POLICY,
      detectors: { ...DEFAULT_POLICY.detectors, prompt_injection: { action: 'block', allowlist: [] } },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    assert.equal(
      res.body.error.message,
      'detectors has an unknown field "prompt_injection"; the fields it may have are secrets, pii, custom, slopsquat.',
    );
  });

  test('a stored version without a detector reads back whole, and sending it back is no change', async () => {
    const { store, policy } = server.gatehouse.services;
    const latest = policy.current().version;
    // As written before the PII and slopsquat detectors existed (and before tools had settings).
    const older = {
      enforcement: 'enforce',
      detectors: {
        secrets: { action: 'block', allowlist: [{ value: 'AKIAIOSFODNN7EXAMPLE', note: 'docs' }] },
        custom: [{ id: 'falcon', keywords: ['Project Falcon'], action: 'alert', severity: 'low' }],
      },
    };
    await store.db
      .insertInto('policy_versions')
      .values({
        version: latest + 1,
        document: JSON.stringify(older),
        created_at: Date.now(),
        created_by: JSON.stringify({ type: 'system', id: null, name: 'restored backup' }),
        summary: 'written by an older release',
        changes: '[]',
      })
      .execute();
    await policy.load();

    const whole = {
      ...older,
      detectors: {
        ...older.detectors,
        pii: DEFAULT_POLICY.detectors.pii,
        slopsquat: DEFAULT_POLICY.detectors.slopsquat,
      },
      tools: [],
    };
    const got = await admin.get(PATH);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, whole);
    assert.deepEqual(
      Object.keys(got.body.detectors),
      ['secrets', 'pii', 'custom', 'slopsquat'],
      'in the registry’s order',
    );
    const version = await admin.get(`${PATH}/versions/${latest + 1}`);
    assert.equal(version.status, 200);
    assert.deepEqual(version.body.document, whole);

    // The version in force, as the Gateway compiles it, has PII at its default (alert), slopsquat at its
    // own (block).
    assert.deepEqual(policy.current().document.detectors.pii, { action: 'alert', allowlist: [] });
    assert.deepEqual(policy.current().document.detectors.slopsquat, {
      action: 'block',
      young_days: 30,
      allowlist: [],
    });

    // An infrastructure-as-code run sending back what it read makes no new version.
    const back = await admin.request('PUT', PATH, got.body, { 'if-match': got.headers.get('etag')! });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.equal(back.headers.get('etag'), got.headers.get('etag'));
    assert.equal(policy.current().version, latest + 1);
  });
});
