// A device token stops working as soon as its sign-in ends: the device revoked by an admin, the
// developer offboarded, the device signed out, the session ended or expired. The next request on the
// same replica is refused (the change is in the cache before the API call returns), and on PostgreSQL
// another replica refuses it within a second (LISTEN/NOTIFY). Each refusal is a 401 in the provider's
// own error shape that says which case it is and how to sign in again, and is recorded against the
// developer and the device.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Anthropic, { AuthenticationError } from '@anthropic-ai/sdk';
import OpenAI, { AuthenticationError as OpenAIAuthenticationError } from 'openai';
import { ApiError, GoogleGenAI } from '@google/genai';
import { eachEngine, testEngines } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { addDevice, signedInDevice, type SignedInDevice } from '../helpers/devices.ts';
import { signIn } from '../helpers/api-client.ts';
import { startReplicas } from '../helpers/replicas.ts';
import type { TestServer } from '../helpers/server.ts';
import { MOCK_KEYS, startMockUpstream, type MockUpstream } from '../mocks/mock-upstream.ts';

const messages = [{ role: 'user' as const, content: 'Say hello' }];
const SIGN_IN_AGAIN = /gatehouse-client login/;

const anthropic = (gatewayUrl: string, d: SignedInDevice) =>
  new Anthropic({ apiKey: 'tool-own', baseURL: `${gatewayUrl}/d/${d.token}`, maxRetries: 0 });
const ask = (gatewayUrl: string, d: SignedInDevice) =>
  anthropic(gatewayUrl, d).messages.create({ model: 'claude-haiku-4-5', max_tokens: 32, messages });

/** The Anthropic SDK's refusal: a 401 AuthenticationError whose message says `words`. */
async function refused(call: Promise<unknown>, words: RegExp): Promise<string> {
  const err = await call.then(
    () => assert.fail('expected a 401, but the request went through'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof AuthenticationError, `expected AuthenticationError, got ${String(err)}`);
  const message = (err.error as { error: { message: string } }).error.message;
  assert.match(message, words);
  assert.match(message, SIGN_IN_AGAIN);
  return message;
}

eachEngine('device tokens after sign-in ends', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine);
  });
  after(() => f.close());

  test('an admin revokes the device: the very next request is refused, and recorded', async () => {
    const d = await signedInDevice(f.server, f.admin, 'rev@example.com', { deviceName: 'rev-laptop' });
    await ask(f.gatewayUrl, d);
    const res = await f.admin.post(`/api/v1/devices/${d.deviceId}/revoke`, {});
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const err = await anthropic(f.gatewayUrl, d)
      .messages.create({ model: 'claude-haiku-4-5', max_tokens: 32, messages })
      .withResponse()
      .then(
        () => assert.fail('expected a 401'),
        (e: unknown) => e as AuthenticationError,
      );
    assert.ok(err instanceof AuthenticationError, `expected AuthenticationError, got ${String(err)}`);
    assert.match(err.message, /\\"rev-laptop\\"\) was revoked by a Gatehouse admin/);
    const a = await f.activityOf(err.headers?.get('x-gatehouse-request-id'));
    assert.deepEqual(
      { actor: a.actor, device: a.device, status: a.status, code: a.error_code, outcome: a.outcome },
      {
        actor: { type: 'developer', id: d.developerId, name: d.email },
        device: { id: d.deviceId, name: 'rev-laptop' },
        status: 401,
        code: 'device_revoked',
        outcome: 'gateway_error',
      },
    );
  });

  test('the developer is offboarded: every device of theirs is refused', async () => {
    const d = await signedInDevice(f.server, f.admin, 'gone@example.com');
    const second = await addDevice(f.server, d.developerId, d.email);
    await ask(f.gatewayUrl, d);
    await ask(f.gatewayUrl, second);
    const res = await f.admin.post(`/api/v1/developers/${d.developerId}/offboard`, { confirm: d.email });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await refused(ask(f.gatewayUrl, d), /gone@example\.com was offboarded/);
    await refused(ask(f.gatewayUrl, second), /gone@example\.com was offboarded/);
    // Invited back: one record, but the old devices stay revoked; the machine signs in again.
    const again = await f.admin.post('/api/v1/developers', { email: d.email });
    assert.ok([200, 201].includes(again.status), JSON.stringify(again.body));
    await refused(ask(f.gatewayUrl, d), /was revoked when its account was offboarded/);
  });

  test('the device signed out: refused as signed out', async () => {
    const d = await signedInDevice(f.server, f.admin, 'out@example.com');
    await ask(f.gatewayUrl, d);
    // What sign-out (RFC 7009 revocation) does: the session and the device revoked, a device change.
    const { store, changes } = f.server.gatehouse.services;
    const now = Date.now();
    await store.db
      .updateTable('devices')
      .set({ status: 'revoked', revoked_at: now, revoked_reason: 'signed_out' })
      .where('id', '=', d.deviceId)
      .execute();
    await store.db
      .updateTable('developer_sessions')
      .set({ revoked_at: now })
      .where('id', '=', d.sessionId)
      .execute();
    await changes.publish('device', d.deviceId);
    await refused(ask(f.gatewayUrl, d), /was signed out\./);
  });

  test('the session ended while the device stays: refused as signed out', async () => {
    const d = await signedInDevice(f.server, f.admin, 'ended@example.com');
    await ask(f.gatewayUrl, d);
    const { store, changes } = f.server.gatehouse.services;
    await store.db
      .updateTable('developer_sessions')
      .set({ revoked_at: Date.now() })
      .where('id', '=', d.sessionId)
      .execute();
    await changes.publish('device', d.deviceId);
    await refused(ask(f.gatewayUrl, d), /session was signed out/);
  });

  test('an expired token, and a live token of an expired session, are refused as expired', async () => {
    const developer = await signedInDevice(f.server, f.admin, 'late@example.com');
    const expired = await addDevice(f.server, developer.developerId, developer.email, {
      sessionExpiresAt: Date.now() - 60_000,
    });
    await refused(ask(f.gatewayUrl, expired), /expired on \d{4}-/);
    // A session that is over (read from the store: this replica never saw it) outranks its token.
    const sessionOver = await addDevice(f.server, developer.developerId, developer.email, {
      sessionExpiresAt: Date.now() - 60_000,
      tokenExpiresAt: Date.now() + 3600_000,
    });
    await refused(ask(f.gatewayUrl, sessionOver), /sign-in expired on \d{4}-/);
  });

  test('each provider’s SDK shows the refusal in its own error shape', async () => {
    const d = await signedInDevice(f.server, f.admin, 'shapes@example.com');
    await f.admin.post(`/api/v1/devices/${d.deviceId}/revoke`, {});

    const openai = new OpenAI({ apiKey: d.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    const oe = await openai.chat.completions.create({ model: MODELS.openai, messages }).then(
      () => assert.fail('expected a 401'),
      (e: unknown) => e,
    );
    assert.ok(oe instanceof OpenAIAuthenticationError, `expected AuthenticationError, got ${String(oe)}`);
    assert.equal((oe.error as { code?: string }).code, 'device_revoked');
    assert.match(oe.message, SIGN_IN_AGAIN);

    const gemini = new GoogleGenAI({ apiKey: d.token, httpOptions: { baseUrl: `${f.gatewayUrl}/gemini` } });
    const ge = await gemini.models.generateContent({ model: MODELS.gemini, contents: 'hi' }).then(
      () => assert.fail('expected a 401'),
      (e: unknown) => e,
    );
    assert.ok(ge instanceof ApiError, `expected ApiError, got ${String(ge)}`);
    assert.equal(ge.status, 401);
    const body = JSON.parse(ge.message) as { error: { status: string; message: string } };
    assert.equal(body.error.status, 'UNAUTHENTICATED');
    assert.match(body.error.message, SIGN_IN_AGAIN);
  });
});

// Replicas share PostgreSQL; a SQLite store is one process's.
const replicaEngines = testEngines().includes('postgres');

describe(
  'device revocation across replicas [postgres]',
  { skip: !replicaEngines && 'PostgreSQL only' },
  () => {
    let replicas: TestServer[];
    let upstream: MockUpstream;
    before(async () => {
      if (!replicaEngines) return;
      upstream = await startMockUpstream();
      replicas = await startReplicas(2);
      const admin = await signIn(
        replicas[0]!.consoleUrl,
        replicas[0]!.owner.email,
        replicas[0]!.owner.password,
      );
      const res = await admin.post('/api/v1/provider-keys', {
        name: 'anthropic-main',
        provider: 'anthropic',
        secret: MOCK_KEYS.anthropic,
        base_url: upstream.url,
        enabled_models: ['claude-*'],
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    });
    after(async () => {
      if (!replicaEngines) return;
      for (const r of replicas) await r.close();
      await upstream.close();
    });

    /** Polls replica `r` until the device is refused; the time it took. */
    async function refusedWithin(r: TestServer, d: SignedInDevice, words: RegExp): Promise<number> {
      const started = Date.now();
      for (;;) {
        try {
          await ask(r.gatewayUrl, d);
        } catch (err) {
          assert.ok(err instanceof AuthenticationError, `expected AuthenticationError, got ${String(err)}`);
          assert.match(err.message, words);
          return Date.now() - started;
        }
        if (Date.now() - started > 5_000) assert.fail('the other replica still accepts the device after 5 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    for (const [what, end, words] of [
      [
        'an admin revokes the device',
        (admin: Awaited<ReturnType<typeof signIn>>, d: SignedInDevice) =>
          admin.post(`/api/v1/devices/${d.deviceId}/revoke`, {}),
        /revoked by a Gatehouse admin/,
      ],
      [
        'the developer is offboarded',
        (admin: Awaited<ReturnType<typeof signIn>>, d: SignedInDevice) =>
          admin.post(`/api/v1/developers/${d.developerId}/offboard`, { confirm: d.email }),
        /was offboarded/,
      ],
    ] as const) {
      test(`${what} on one replica: the other refuses the device within a second`, async () => {
        const [a, b] = replicas as [TestServer, TestServer];
        const admin = await signIn(a.consoleUrl, a.owner.email, a.owner.password);
        const d = await signedInDevice(a, admin, `${what.split(' ')[1]}-${Date.now()}@example.com`);
        // Replica b has the session in memory (read once on first use) before the change.
        await ask(b.gatewayUrl, d);
        await ask(b.gatewayUrl, d);
        const res = await end(admin, d);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        // Same replica: the next request.
        await refused(ask(a.gatewayUrl, d), words);
        const took = await refusedWithin(b, d, words);
        assert.ok(took < 1_000, `the other replica refused the device after ${took} ms`);
      });
    }
  },
);
