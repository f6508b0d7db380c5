// Device tokens at the Gateway, through the providers' official SDKs: in the path
// (/d/<device token>/…, for tools with only a base-URL setting) and in every header form an SDK puts
// an API key in. The request goes upstream with the organisation's key, the tool's own credential is
// dropped, the token reaches no log line, activity record or provider, and the activity names the
// developer and the device.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { AzureOpenAI } from 'openai';
import { GoogleGenAI } from '@google/genai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { signedInDevice, type SignedInDevice } from '../helpers/devices.ts';
import { createLogger } from '../../src/http/logger.ts';
import { MOCK_KEYS, type RecordedRequest } from '../mocks/mock-upstream.ts';

const OWN_KEY = 'sk-tool-own-credential-0001';
const messages = [{ role: 'user' as const, content: 'Say hello' }];

eachEngine('device tokens at the Gateway', (engine) => {
  let f: GatewayFixture;
  let dev: SignedInDevice;
  const logLines: string[] = [];

  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    f = await startGatewayFixture(engine, { server: { log: createLogger('info', sink) } });
    dev = await signedInDevice(f.server, f.admin, 'ada@example.com', { deviceName: 'ada-macbook' });
  });
  after(() => f.close());

  /** The request the mock provider received with this test tag. */
  const upstreamFor = (tag: string) => f.upstream.waitFor((r) => r.headers['x-test-tag'] === tag, 5_000);
  let tags = 0;
  const tag = () => `device-${++tags}-${Date.now()}`;

  function assertNoDeviceToken(up: RecordedRequest) {
    const seen = JSON.stringify({ path: up.path, query: up.query, headers: up.headers, body: up.body });
    assert.ok(!seen.includes(dev.token), 'the device token reached the provider');
    assert.ok(!seen.includes('ghdt_'), 'a device token reached the provider');
    assert.ok(!seen.includes(OWN_KEY), "the tool's own credential reached the provider in provider_key mode");
  }

  function assertAttributed(a: ActivityView, tool: string) {
    assert.deepEqual(
      { actor: a.actor, device: a.device, tool: a.tool, mode: a.mode, outcome: a.outcome },
      {
        actor: { type: 'developer', id: dev.developerId, name: dev.email },
        device: { id: dev.deviceId, name: 'ada-macbook' },
        tool,
        mode: 'provider_key',
        outcome: 'allowed',
      },
    );
    assert.ok(!JSON.stringify(a).includes(dev.token), 'the device token is in the activity record');
  }

  describe('in the path', () => {
    test('Anthropic SDK: base URL /d/<token>; the organisation key goes upstream, not the tool’s own', async () => {
      const t = tag();
      const client = new Anthropic({
        apiKey: OWN_KEY,
        baseURL: `${f.gatewayUrl}/d/${dev.token}`,
        maxRetries: 0,
      });
      const { data, response } = await client.messages
        .create({ model: 'claude-haiku-4-5', max_tokens: 64, messages }, { headers: { 'x-test-tag': t } })
        .withResponse();
      assert.equal(data.type, 'message');
      const up = await upstreamFor(t);
      assert.equal(up.path, '/v1/messages');
      assert.equal(up.headers['x-api-key'], MOCK_KEYS.anthropic);
      assertNoDeviceToken(up);
      assertAttributed(await f.activityOf(response.headers.get('x-gatehouse-request-id')), 'anthropic-sdk');
    });

    test('OpenAI SDK: streamed chat completions and GET /v1/models under /d/<token>/v1', async () => {
      const t = tag();
      const client = new OpenAI({
        apiKey: OWN_KEY,
        baseURL: `${f.gatewayUrl}/d/${dev.token}/v1`,
        maxRetries: 0,
      });
      const { data: stream, response } = await client.chat.completions
        .create({ model: MODELS.openai, messages, stream: true }, { headers: { 'x-test-tag': t } })
        .withResponse();
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      assert.match(text, /Mock reply/);
      const up = await upstreamFor(t);
      assert.equal(up.headers.authorization, `Bearer ${MOCK_KEYS.openai}`);
      assertNoDeviceToken(up);
      assertAttributed(await f.activityOf(response.headers.get('x-gatehouse-request-id')), 'openai-sdk');

      const ids: string[] = [];
      for await (const m of client.models.list()) ids.push(m.id);
      assert.ok(ids.includes(MODELS.openai), `the model list: ${ids.join()}`);
    });

    test('Google Gen AI SDK: base URL /d/<token>/gemini', async () => {
      const t = tag();
      const client = new GoogleGenAI({
        apiKey: OWN_KEY,
        httpOptions: { baseUrl: `${f.gatewayUrl}/d/${dev.token}/gemini`, headers: { 'x-test-tag': t } },
      });
      const res = await client.models.generateContent({ model: MODELS.gemini, contents: 'Say hello' });
      assert.match(res.text ?? '', /Mock reply/);
      const up = await upstreamFor(t);
      assert.equal(up.headers['x-goog-api-key'], MOCK_KEYS.gemini);
      assertNoDeviceToken(up);
      const [a] = await f.activity(1, `device_id=${dev.deviceId}&tool=google-genai-sdk&order=desc&limit=1`);
      assertAttributed(a!, 'google-genai-sdk');
    });

    test('a path that is not a device token is refused, in the provider’s shape', async () => {
      const notDevice = await fetch(`${f.gatewayUrl}/d/${f.token}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODELS.openai, messages }),
      });
      assert.equal(notDevice.status, 401);
      const body = (await notDevice.json()) as { error: { message: string; code: string } };
      assert.equal(body.error.code, 'invalid_token');
      assert.match(body.error.message, /Only a device token/);

      const forged = await fetch(`${f.gatewayUrl}/d/ghdt_forged/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({ model: 'claude-haiku-4-5', max_tokens: 8, messages }),
      });
      assert.equal(forged.status, 401);
      const anthropicBody = (await forged.json()) as { type: string; error: { type: string } };
      assert.deepEqual([anthropicBody.type, anthropicBody.error.type], ['error', 'authentication_error']);
    });

    test('an unknown path under /d/<token>/ is a 404 that does not echo the token', async () => {
      const res = await fetch(`${f.gatewayUrl}/d/${dev.token}/v1/nothing-here`);
      assert.equal(res.status, 404);
      const text = await res.text();
      assert.ok(!text.includes(dev.token), `the 404 echoes the token: ${text}`);
      assert.match(text, /\/v1\/nothing-here/);
    });
  });

  describe('in each header form', () => {
    test('Authorization: Bearer (OpenAI SDK)', async () => {
      const t = tag();
      const client = new OpenAI({ apiKey: dev.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
      const { response } = await client.chat.completions
        .create({ model: MODELS.openai, messages }, { headers: { 'x-test-tag': t } })
        .withResponse();
      assertNoDeviceToken(await upstreamFor(t));
      assertAttributed(await f.activityOf(response.headers.get('x-gatehouse-request-id')), 'openai-sdk');
    });

    test('x-api-key (Anthropic SDK)', async () => {
      const t = tag();
      const client = new Anthropic({ apiKey: dev.token, baseURL: f.gatewayUrl, maxRetries: 0 });
      const { response } = await client.messages
        .create({ model: 'claude-haiku-4-5', max_tokens: 64, messages }, { headers: { 'x-test-tag': t } })
        .withResponse();
      assertNoDeviceToken(await upstreamFor(t));
      assertAttributed(await f.activityOf(response.headers.get('x-gatehouse-request-id')), 'anthropic-sdk');
    });

    test('api-key (AzureOpenAI client)', async () => {
      const t = tag();
      const client = new AzureOpenAI({
        apiKey: dev.token,
        endpoint: `${f.gatewayUrl}/azure`,
        apiVersion: '2024-10-21',
        deployment: MODELS.azure,
        maxRetries: 0,
      });
      const { response } = await client.chat.completions
        .create({ model: MODELS.azure, messages }, { headers: { 'x-test-tag': t } })
        .withResponse();
      const up = await upstreamFor(t);
      assert.equal(up.headers['api-key'], MOCK_KEYS.azure);
      assertNoDeviceToken(up);
      assertAttributed(await f.activityOf(response.headers.get('x-gatehouse-request-id')), 'openai-sdk');
    });

    test('x-goog-api-key (Google Gen AI SDK) and ?key=', async () => {
      const t = tag();
      const client = new GoogleGenAI({
        apiKey: dev.token,
        httpOptions: { baseUrl: `${f.gatewayUrl}/gemini`, headers: { 'x-test-tag': t } },
      });
      await client.models.generateContent({ model: MODELS.gemini, contents: 'Say hello' });
      assertNoDeviceToken(await upstreamFor(t));

      const q = tag();
      const res = await fetch(
        `${f.gatewayUrl}/gemini/v1beta/models/${MODELS.gemini}:generateContent?key=${dev.token}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-test-tag': q, 'user-agent': 'curl/8.5.0' },
          body: JSON.stringify({ contents: [{ parts: [{ text: 'Say hello' }] }] }),
        },
      );
      assert.equal(res.status, 200, await res.clone().text());
      assertNoDeviceToken(await upstreamFor(q));
      assertAttributed(await f.activityOf(res.headers.get('x-gatehouse-request-id')), 'curl');
    });
  });

  test('a session is read from the store once, then served from memory until a change says otherwise', async () => {
    const other = await signedInDevice(f.server, f.admin, 'memo@example.com');
    const client = new OpenAI({ apiKey: other.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    await client.chat.completions.create({ model: MODELS.openai, messages });
    // Revoked in the store behind the cache's back (no change notification): memory still says live,
    // which shows that the check no longer reads the store.
    const { store, changes } = f.server.gatehouse.services;
    await store.db
      .updateTable('developer_sessions')
      .set({ revoked_at: Date.now() })
      .where('id', '=', other.sessionId)
      .execute();
    await client.chat.completions.create({ model: MODELS.openai, messages });
    // The notification every change publishes brings the cache up to date.
    await changes.publish('device', other.deviceId);
    const err = await client.chat.completions.create({ model: MODELS.openai, messages }).then(
      () => assert.fail('expected a 401 once the change was announced'),
      (e: unknown) => e as InstanceType<typeof OpenAI.APIError>,
    );
    assert.equal(err.status, 401);
  });

  test('no log line carries the device token', async () => {
    // Every request above was logged by the access line; the 404 and the refusals too.
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(logLines.length > 10, `the server logged ${logLines.length} lines`);
    const paths = logLines.filter((l) => l.includes('"msg":"request"'));
    assert.ok(
      paths.some((l) => l.includes('"path":"/v1/messages"')),
      'the path-form request is logged under its Gateway path',
    );
    const leaking = logLines.filter((l) => l.includes(dev.token) || l.includes('ghdt_'));
    assert.deepEqual(leaking, [], 'log lines that carry a device token');
  });

  test('use is noted on the device (last_seen_at), written in the background', async () => {
    await f.server.gatehouse.services.deviceSessionCache.flush();
    const res = await f.admin.get<{ devices: Array<{ id: string; last_seen_at: string | null }> }>(
      '/api/v1/devices?limit=100',
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const device = res.body.devices.find((d) => d.id === dev.deviceId);
    assert.ok(device?.last_seen_at, `the device shows when it was last seen: ${JSON.stringify(device)}`);
    assert.ok(Date.now() - Date.parse(device.last_seen_at) < 60_000, 'last_seen_at is recent');
  });
});
