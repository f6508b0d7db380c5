// Subscription mode: a tool the policy sets to `subscription` signs in to the provider itself (a
// developer's own plan). It reaches the Gateway with its device token in the path, and its own provider
// credential goes upstream unchanged, to the base URL of the organisation's key for that provider (or the
// provider's public API, GATEHOUSE_PROVIDER_API_URLS in tests). No provider key is chosen; the policy
// and the activity record still apply; the device token never goes upstream.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Anthropic, { PermissionDeniedError } from '@anthropic-ai/sdk';
import OpenAI, { AzureOpenAI } from 'openai';
import { GoogleGenAI } from '@google/genai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { signedInDevice, type SignedInDevice } from '../helpers/devices.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  MOCK_KEYS,
  startMockUpstream,
  type MockUpstream,
  type RecordedRequest,
} from '../mocks/mock-upstream.ts';
import type { ToolSetting } from '../../src/policy/policy-types.ts';

/** The developers' own provider credentials (a subscription's sign-in), which the mock now expects. */
const OWN = {
  anthropic: 'sk-ant-oat01-developer-own-sign-in',
  openai: 'sk-developer-own-openai-key',
  azure: 'developer-own-azure-key',
  gemini: 'developer-own-gemini-key',
};
const messages = [{ role: 'user' as const, content: 'Say hello' }];
const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';

const SUBSCRIBED: ToolSetting[] = [
  { id: 'anthropic-sdk', mode: 'subscription' },
  { id: 'openai-sdk', mode: 'subscription' },
  { id: 'google-genai-sdk', mode: 'subscription' },
  { id: 'acme-agent', name: 'Acme agent', user_agent: '^acme-agent/', mode: 'subscription' },
];

let tags = 0;
const tag = () => `sub-${++tags}-${Date.now()}`;

eachEngine('subscription mode', (engine) => {
  let f: GatewayFixture;
  let dev: SignedInDevice;
  before(async () => {
    f = await startGatewayFixture(engine);
    dev = await signedInDevice(f.server, f.admin, 'sub@example.com', { deviceName: 'sub-laptop' });
    await setPolicy(f.admin, policyDoc('redact', { tools: SUBSCRIBED }));
    f.upstream.configure({ keys: OWN });
  });
  after(() => f.close());

  const upstreamFor = (t: string) => f.upstream.waitFor((r) => r.headers['x-test-tag'] === t, 5_000);
  const base = () => `${f.gatewayUrl}/d/${dev.token}`;

  function assertNothingOfGatehouse(up: RecordedRequest) {
    const seen = JSON.stringify({ path: up.path, query: up.query, headers: up.headers });
    assert.ok(!seen.includes('ghdt_'), `the device token went upstream: ${seen}`);
    for (const key of Object.values(MOCK_KEYS))
      assert.ok(!seen.includes(key), 'an organisation provider key went upstream in subscription mode');
  }

  function assertSubscriptionRecord(a: ActivityView, tool: string) {
    assert.deepEqual(
      {
        mode: a.mode,
        tool: a.tool,
        key: a.provider_key_id,
        actor: a.actor?.id,
        device: a.device?.id,
        outcome: a.outcome,
      },
      {
        mode: 'subscription',
        tool,
        key: null,
        actor: dev.developerId,
        device: dev.deviceId,
        outcome: 'allowed',
      },
    );
  }

  test('Anthropic SDK signed in with a bearer token (as Claude Code is): it goes upstream unchanged', async () => {
    const t = tag();
    const client = new Anthropic({ apiKey: null, authToken: OWN.anthropic, baseURL: base(), maxRetries: 0 });
    const { data, response } = await client.messages
      .create({ model: 'claude-haiku-4-5', max_tokens: 64, messages }, { headers: { 'x-test-tag': t } })
      .withResponse();
    assert.equal(data.type, 'message');
    const up = await upstreamFor(t);
    assert.equal(up.headers.authorization, `Bearer ${OWN.anthropic}`);
    assert.equal(up.headers['x-api-key'], undefined);
    assertNothingOfGatehouse(up);
    assertSubscriptionRecord(
      await f.activityOf(response.headers.get('x-gatehouse-request-id')),
      'anthropic-sdk',
    );
  });

  test('OpenAI SDK, streamed: its own key upstream, the usage still read into the record', async () => {
    const t = tag();
    const client = new OpenAI({ apiKey: OWN.openai, baseURL: `${base()}/v1`, maxRetries: 0 });
    const { data: stream, response } = await client.chat.completions
      .create(
        { model: MODELS.openai, messages, stream: true, stream_options: { include_usage: true } },
        { headers: { 'x-test-tag': t } },
      )
      .withResponse();
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    assert.match(text, /Mock reply/);
    const up = await upstreamFor(t);
    assert.equal(up.headers.authorization, `Bearer ${OWN.openai}`);
    assertNothingOfGatehouse(up);
    const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
    assertSubscriptionRecord(a, 'openai-sdk');
    assert.ok(a.output_tokens !== null && a.output_tokens > 0, 'the usage is recorded');
  });

  test('AzureOpenAI client: api-key upstream, to the Azure key’s resource with its api-version', async () => {
    const t = tag();
    const client = new AzureOpenAI({
      apiKey: OWN.azure,
      endpoint: `${base()}/azure`,
      apiVersion: '2024-10-21',
      deployment: MODELS.azure,
      maxRetries: 0,
    });
    const { response } = await client.chat.completions
      .create({ model: MODELS.azure, messages }, { headers: { 'x-test-tag': t } })
      .withResponse();
    const up = await upstreamFor(t);
    assert.equal(up.headers['api-key'], OWN.azure);
    assert.equal(up.path, `/openai/deployments/${MODELS.azure}/chat/completions`);
    assertNothingOfGatehouse(up);
    assertSubscriptionRecord(
      await f.activityOf(response.headers.get('x-gatehouse-request-id')),
      'openai-sdk',
    );
  });

  test('Google Gen AI SDK: x-goog-api-key upstream unchanged', async () => {
    const t = tag();
    const client = new GoogleGenAI({
      apiKey: OWN.gemini,
      httpOptions: { baseUrl: `${base()}/gemini`, headers: { 'x-test-tag': t } },
    });
    const res = await client.models.generateContent({ model: MODELS.gemini, contents: 'Say hello' });
    assert.match(res.text ?? '', /Mock reply/);
    const up = await upstreamFor(t);
    assert.equal(up.headers['x-goog-api-key'], OWN.gemini);
    assertNothingOfGatehouse(up);
  });

  test('an admin-defined tool is recognised by its user-agent pattern, and its mode applies', async () => {
    const t = tag();
    const res = await fetch(`${base()}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
        'x-api-key': OWN.anthropic,
        'user-agent': 'acme-agent/2.1 (linux)',
        'x-test-tag': t,
      },
      body: JSON.stringify({ model: 'claude-haiku-4-5', max_tokens: 16, messages }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const up = await upstreamFor(t);
    assert.equal(up.headers['x-api-key'], OWN.anthropic);
    assertNothingOfGatehouse(up);
    assertSubscriptionRecord(await f.activityOf(res.headers.get('x-gatehouse-request-id')), 'acme-agent');
  });

  test('without the device token in the path, a subscription tool is refused (403) before upstream', async () => {
    for (const apiKey of [dev.token, f.token]) {
      const t = tag();
      const client = new Anthropic({ apiKey, baseURL: f.gatewayUrl, maxRetries: 0 });
      const err = await client.messages
        .create({ model: 'claude-haiku-4-5', max_tokens: 16, messages }, { headers: { 'x-test-tag': t } })
        .then(
          () => assert.fail('expected a 403'),
          (e: unknown) => e,
        );
      assert.ok(err instanceof PermissionDeniedError, `expected PermissionDeniedError, got ${String(err)}`);
      assert.match(err.message, /Anthropic SDK is in subscription mode/);
      assert.match(err.message, /\/d\/<device token>/);
      assert.ok(!f.upstream.requests.some((r) => r.headers['x-test-tag'] === t), 'the request went upstream');
    }
  });

  test('the policy still applies: a secret in the prompt is blocked, and recorded as subscription', async () => {
    await setPolicy(f.admin, policyDoc('block', { tools: SUBSCRIBED }));
    try {
      const t = tag();
      const client = new OpenAI({ apiKey: OWN.openai, baseURL: `${base()}/v1`, maxRetries: 0 });
      const err = await client.chat.completions
        .create(
          { model: MODELS.openai, messages: [{ role: 'user', content: `my key is ${AWS_KEY}` }] },
          { headers: { 'x-test-tag': t } },
        )
        .then(
          () => assert.fail('expected the policy to block'),
          (e: unknown) => e as InstanceType<typeof OpenAI.APIError>,
        );
      assert.equal(err.status, 400);
      assert.ok(!f.upstream.requests.some((r) => r.headers['x-test-tag'] === t), 'the request went upstream');
      const a = await f.activityOf(err.headers?.get('x-gatehouse-request-id'));
      assert.deepEqual([a.mode, a.outcome, a.device?.id], ['subscription', 'blocked', dev.deviceId]);
    } finally {
      await setPolicy(f.admin, policyDoc('redact', { tools: SUBSCRIBED }));
    }
  });

  test('the mode follows the policy: back in provider_key mode, the organisation key goes up', async () => {
    await setPolicy(f.admin, policyDoc('redact', { tools: SUBSCRIBED.filter((s) => s.id !== 'openai-sdk') }));
    try {
      f.upstream.configure({ keys: { ...OWN, openai: MOCK_KEYS.openai } });
      const t = tag();
      const client = new OpenAI({ apiKey: OWN.openai, baseURL: `${base()}/v1`, maxRetries: 0 });
      const { response } = await client.chat.completions
        .create({ model: MODELS.openai, messages }, { headers: { 'x-test-tag': t } })
        .withResponse();
      const up = await upstreamFor(t);
      assert.equal(up.headers.authorization, `Bearer ${MOCK_KEYS.openai}`);
      assert.ok(!JSON.stringify(up.headers).includes(OWN.openai), "the tool's own key went upstream");
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.deepEqual([a.mode, a.provider_key_id], ['provider_key', f.keys.openai.id]);
    } finally {
      f.upstream.configure({ keys: OWN });
      await setPolicy(f.admin, policyDoc('redact', { tools: SUBSCRIBED }));
    }
  });

  test('the policy refuses a tools list it cannot use, naming the field', async () => {
    const cases: Array<[ToolSetting[], RegExp]> = [
      [
        [{ id: 'acme', name: 'Acme', user_agent: '(', mode: 'subscription' }],
        /^tools\[0\]\.user_agent: .*not a valid/,
      ],
      [[{ id: 'acme', mode: 'subscription' }], /^tools\[0\]: .*needs a name and a user_agent/],
      [[{ id: 'claude-code', user_agent: '^x/', mode: 'subscription' }], /^tools\[0\]: .*built-in/],
      [
        [
          { id: 'codex', mode: 'subscription' },
          { id: 'codex', mode: 'provider_key' },
        ],
        /^tools\[1\]\.id: .*unique/,
      ],
    ];
    for (const [tools, message] of cases) {
      const res = await f.admin.request('PUT', '/api/v1/policy', policyDoc('redact', { tools }), {
        'if-match': '*',
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.match(res.body.error.message, message);
    }
    const bad = await f.admin.request(
      'PUT',
      '/api/v1/policy',
      { ...policyDoc('redact'), tools: [{ id: 'codex', mode: 'own-key' }] },
      { 'if-match': '*' },
    );
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
  });
});

eachEngine('subscription mode without an organisation key', (engine) => {
  let server: TestServer;
  let upstream: MockUpstream;
  let admin: ApiClient;
  let dev: SignedInDevice;
  before(async () => {
    upstream = await startMockUpstream({ keys: OWN });
    // The provider's public API, pointed at the mock as an operator would point it at an egress proxy.
    server = await startTestServer(engine, {
      env: { GATEHOUSE_PROVIDER_API_URLS: `anthropic=${upstream.url}, openai=${upstream.url}/v1` },
    });
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    dev = await signedInDevice(server, admin, 'nokey@example.com');
    await setPolicy(
      admin,
      policyDoc('redact', {
        tools: [
          { id: 'anthropic-sdk', mode: 'subscription' },
          { id: 'curl', mode: 'subscription' },
        ],
      }),
    );
  });
  after(async () => {
    await server.close();
    await upstream.close();
  });

  describe('routing', () => {
    test("a subscription tool goes to the provider's public API", async () => {
      const client = new Anthropic({
        apiKey: OWN.anthropic,
        baseURL: `${server.gatewayUrl}/d/${dev.token}`,
        maxRetries: 0,
      });
      const res = await client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 16, messages });
      assert.equal(res.type, 'message');
      const up = upstream.requests.at(-1)!;
      // The SDK sends an sk-ant-oat… credential as a bearer token, as Claude Code does.
      assert.equal(up.headers.authorization, `Bearer ${OWN.anthropic}`);
    });

    test('Azure has no public API: without an Azure key, a subscription tool gets a 424 saying so', async () => {
      const res = await fetch(
        `${server.gatewayUrl}/d/${dev.token}/azure/openai/deployments/${MODELS.azure}/chat/completions?api-version=2024-10-21`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'api-key': OWN.azure, 'user-agent': 'curl/8.5.0' },
          body: JSON.stringify({ messages }),
        },
      );
      assert.equal(res.status, 424);
      const body = (await res.json()) as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'no_provider_key');
      assert.match(body.error.message, /where the organisation's Azure OpenAI resource is/);
    });

    test('a provider_key tool without a key gets a 424 that names subscription mode', async () => {
      const client = new OpenAI({ apiKey: dev.token, baseURL: `${server.gatewayUrl}/v1`, maxRetries: 0 });
      const err = await client.chat.completions.create({ model: MODELS.openai, messages }).then(
        () => assert.fail('expected a 424'),
        (e: unknown) => e as InstanceType<typeof OpenAI.APIError>,
      );
      assert.equal(err.status, 424);
      assert.match(err.message, /No OpenAI provider key enables/);
      assert.match(err.message, /subscription mode/);
    });
  });
});
