// OpenTelemetry traces of the Gateway, end to end: a real Gatehouse configured by the standard OTEL_*
// variables exports over OTLP/HTTP to a receiver started here, as it would to a Collector. What the
// spans say (the GenAI conventions and Gatehouse's own attributes), how they nest (the caller's
// traceparent → the Gateway's SERVER span → its CLIENT span → the traceparent the provider receives),
// that no prompt or answer text is exported, and that a graceful stop sends what is still queued.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import {
  SPAN_KIND,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from '../helpers/otlp-receiver.ts';
import { replyPiecesHeader } from '../mocks/mock-upstream.ts';

// Text that must never leave in a span: what the caller asked and what the "model" answered.
const PROMPT = `prompt-${randomBytes(8).toString('hex')}`;
const ANSWER = `answer-${randomBytes(8).toString('hex')}`;

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

eachEngine('Gateway traces', (engine) => {
  let f: GatewayFixture;
  let otlp: OtlpReceiver;

  before(async () => {
    otlp = await startOtlpReceiver();
    f = await startGatewayFixture(engine, {
      server: {
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
          OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=sekrit%20value',
          OTEL_SERVICE_NAME: 'gatehouse-test',
          OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test,service.namespace=governance',
          // Short, so that each test sees its spans soon; the last test checks the stop's flush.
          OTEL_BSP_SCHEDULE_DELAY: '50',
        },
      },
    });
  });
  after(async () => {
    await f?.close();
    await otlp?.close();
  });

  /** Both spans of the Gateway request answered with this x-gatehouse-request-id. */
  async function spansOf(
    res: Response,
    withClient = true,
  ): Promise<{ server: ReceivedSpan; client?: ReceivedSpan }> {
    const id = res.headers.get('x-gatehouse-request-id');
    assert.ok(id);
    const [server] = await otlp.waitFor((s) => s.attributes['gatehouse.request.id'] === id);
    if (!withClient) return { server: server! };
    const [client] = await otlp.waitFor(
      (s) => s.parentSpanId === server!.spanId && s.kind === SPAN_KIND.CLIENT,
    );
    return { server: server!, client: client! };
  }

  /** A Gateway request with the token as a bearer; a header given as '' is left out (the token elsewhere). */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const all: Record<string, string> = {
      authorization: `Bearer ${f.token}`,
      'content-type': 'application/json',
      ...replyPiecesHeader([ANSWER, ' and more']),
      ...headers,
    };
    return fetch(`${f.gatewayUrl}${path}`, {
      method: 'POST',
      headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== '')),
      body: JSON.stringify(body),
    });
  };

  const chat = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    post(
      '/v1/chat/completions',
      { model: MODELS.openai, messages: [{ role: 'user', content: PROMPT }], ...body },
      headers,
    );

  test('an Anthropic messages call: a SERVER span and its CLIENT child, in the GenAI conventions', async () => {
    const res = await post(
      '/v1/messages',
      { model: MODELS.anthropic, max_tokens: 64, messages: [{ role: 'user', content: PROMPT }] },
      { 'anthropic-version': '2023-06-01' },
    );
    assert.equal(res.status, 200);
    await res.json();
    const { server, client } = await spansOf(res);
    const activity = await f.activityOf(res.headers.get('x-gatehouse-request-id'));

    assert.equal(server.name, `chat ${MODELS.anthropic}`);
    assert.equal(server.kind, SPAN_KIND.SERVER);
    assert.equal(server.parentSpanId, '', 'no caller trace context: the Gateway span is a root');
    assert.equal(server.status, 0);
    assert.deepEqual(
      pick(server.attributes, [
        'gen_ai.operation.name',
        'gen_ai.provider.name',
        'gen_ai.request.model',
        'gen_ai.request.stream',
        'http.request.method',
        'http.route',
        'http.response.status_code',
        'gatehouse.outcome',
        'gatehouse.tool',
        'gatehouse.mode',
        'gatehouse.actor.type',
        'gatehouse.actor.id',
        'gatehouse.provider_key.id',
      ]),
      {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.request.model': MODELS.anthropic,
        'gen_ai.request.stream': false,
        'http.request.method': 'POST',
        'http.route': '/v1/messages',
        'http.response.status_code': 200,
        'gatehouse.outcome': 'allowed',
        'gatehouse.tool': activity.tool,
        'gatehouse.mode': 'provider_key',
        'gatehouse.actor.type': 'credential',
        'gatehouse.actor.id': f.credentialId,
        'gatehouse.provider_key.id': f.keys.anthropic.id,
      },
    );
    assert.equal(server.attributes['error.type'], undefined);
    assert.equal(server.resource['service.name'], 'gatehouse-test');
    assert.equal(server.resource['deployment.environment.name'], 'test');
    assert.equal(server.resource['service.namespace'], 'governance');
    assert.equal(typeof server.resource['service.version'], 'string');

    assert.ok(client);
    assert.equal(client.name, `chat ${MODELS.anthropic}`);
    assert.equal(client.traceId, server.traceId);
    assert.equal(client.attributes['gen_ai.provider.name'], 'anthropic');
    assert.equal(client.attributes['gen_ai.usage.input_tokens'], activity.input_tokens);
    assert.equal(client.attributes['gen_ai.usage.output_tokens'], activity.output_tokens);
    assert.ok((activity.output_tokens ?? 0) > 0);
    assert.equal(client.attributes['server.address'], '127.0.0.1');
    assert.equal(client.attributes['server.port'], Number(new URL(f.upstream.url).port));
    assert.equal(client.attributes['http.response.status_code'], 200);
    // The client span lies within the server span.
    assert.ok(client.startNs >= server.startNs && client.endNs <= server.endNs);
    assert.ok(server.endNs > server.startNs);

    // The provider received the CLIENT span's context, and the collector the configured headers.
    const seen = f.upstream.requests.at(-1)!;
    const m = TRACEPARENT.exec(String(seen.headers.traceparent));
    assert.ok(m, `traceparent sent upstream: ${seen.headers.traceparent}`);
    assert.equal(m[1], client.traceId);
    assert.equal(m[2], client.spanId);
    assert.equal(otlp.headers.at(-1)!['x-collector-key'], 'sekrit value');
    assert.equal(otlp.headers.at(-1)!['content-type'], 'application/json');
  });

  test('an OpenAI chat call, not streamed and streamed: usage on the CLIENT span, stream marked', async () => {
    const plain = await chat();
    assert.equal(plain.status, 200);
    await plain.json();
    const one = await spansOf(plain);
    assert.equal(one.server.name, `chat ${MODELS.openai}`);
    assert.equal(one.server.attributes['gen_ai.provider.name'], 'openai');
    assert.equal(one.server.attributes['gen_ai.request.stream'], false);
    assert.equal(
      one.client!.attributes['gen_ai.usage.input_tokens'],
      (await f.activityOf(plain.headers.get('x-gatehouse-request-id'))).input_tokens,
    );

    const streamed = await chat({ stream: true, stream_options: { include_usage: true } });
    assert.equal(streamed.status, 200);
    const text = await streamed.text();
    assert.match(text, /data: \[DONE\]/);
    const two = await spansOf(streamed);
    const activity = await f.activityOf(streamed.headers.get('x-gatehouse-request-id'));
    assert.equal(two.server.attributes['gen_ai.request.stream'], true);
    assert.equal(two.server.attributes['gatehouse.outcome'], 'allowed');
    assert.equal(two.client!.attributes['gen_ai.usage.output_tokens'], activity.output_tokens);
    assert.ok((activity.output_tokens ?? 0) > 0);
    assert.equal(two.client!.attributes['http.response.status_code'], 200);
  });

  test('Gemini and Azure OpenAI: the conventions’ operation and provider names', async () => {
    const gemini = await post(
      `/gemini/v1beta/models/${MODELS.gemini}:generateContent`,
      { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] },
      { authorization: '', 'x-goog-api-key': f.token },
    );
    assert.equal(gemini.status, 200);
    await gemini.json();
    const g = await spansOf(gemini);
    assert.equal(g.server.name, `generate_content ${MODELS.gemini}`);
    assert.equal(g.server.attributes['gen_ai.operation.name'], 'generate_content');
    assert.equal(g.server.attributes['gen_ai.provider.name'], 'gcp.gemini');
    assert.ok(Number(g.client!.attributes['gen_ai.usage.output_tokens']) > 0);

    const azure = await post(
      `/azure/openai/deployments/${MODELS.azure}/chat/completions?api-version=2024-10-21`,
      { messages: [{ role: 'user', content: PROMPT }] },
      { authorization: '', 'api-key': f.token },
    );
    assert.equal(azure.status, 200);
    await azure.json();
    const a = await spansOf(azure);
    assert.equal(a.server.name, `chat ${MODELS.azure}`);
    assert.equal(a.server.attributes['gen_ai.provider.name'], 'azure.ai.openai');
    assert.equal(a.server.attributes['gatehouse.provider_key.id'], f.keys.azure.id);
  });

  test('a caller’s traceparent is the Gateway span’s parent, and its trace goes on to the provider', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const res = await chat({}, { traceparent: `00-${traceId}-${parentId}-01`, tracestate: 'vendor=abc' });
    assert.equal(res.status, 200);
    await res.json();
    const { server, client } = await spansOf(res);
    assert.equal(server.traceId, traceId);
    assert.equal(server.parentSpanId, parentId);
    assert.equal(client!.traceId, traceId);
    const seen = f.upstream.requests.at(-1)!.headers;
    assert.equal(seen.traceparent, `00-${traceId}-${client!.spanId}-01`);
    assert.equal(seen.tracestate, 'vendor=abc');
  });

  test('an upstream error: error.type is the provider’s status, both spans in error', async () => {
    const res = await chat({}, { 'x-mock-fault': '429' });
    assert.equal(res.status, 429);
    await res.text();
    const { server, client } = await spansOf(res);
    assert.equal(server.attributes['gatehouse.outcome'], 'upstream_error');
    assert.equal(server.attributes['error.type'], '429');
    assert.equal(server.attributes['http.response.status_code'], 429);
    assert.equal(server.status, 2);
    assert.equal(client!.attributes['error.type'], '429');
    assert.equal(client!.attributes['http.response.status_code'], 429);
    assert.equal(client!.status, 2);
  });

  test('an unreachable provider: error.type is the Gateway’s code, the CLIENT span has no status of the provider’s', async () => {
    const key = await f.addKey({
      name: 'openai-gone',
      provider: 'openai',
      secret: 'sk-gone-provider-key',
      base_url: 'http://127.0.0.1:9/v1',
      enabled_models: ['gpt-gone'],
    });
    const res = await chat({ model: 'gpt-gone' });
    assert.equal(res.status, 502);
    await res.text();
    const { server, client } = await spansOf(res);
    assert.equal(server.attributes['gatehouse.provider_key.id'], key.id);
    assert.equal(server.attributes['error.type'], 'upstream_unreachable');
    assert.equal(client!.attributes['error.type'], 'upstream_unreachable');
    assert.equal(client!.attributes['http.response.status_code'], undefined);
    assert.equal(client!.attributes['server.port'], 9);
    assert.equal(client!.status, 2);
  });

  test('a request the policy blocks: only the SERVER span, with the rule as signal and no upstream call', async () => {
    await setPolicy(
      f.admin,
      policyDoc('off', {
        custom: [{ id: 'falcon', keywords: ['Project Falcon'], action: 'block', severity: 'high' }],
      }),
    );
    try {
      const before = f.upstream.requests.length;
      const res = await chat({ messages: [{ role: 'user', content: `${PROMPT} about Project Falcon` }] });
      assert.equal(res.status, 400);
      await res.text();
      const { server } = await spansOf(res, false);
      assert.equal(server.attributes['gatehouse.outcome'], 'blocked');
      assert.deepEqual(server.attributes['gatehouse.signals'], ['custom:falcon']);
      assert.equal(server.attributes['error.type'], 'policy_blocked');
      assert.equal(server.attributes['http.response.status_code'], 400);
      // A refusal is the caller's 4xx, not the Gateway's failure.
      assert.equal(server.status, 0);
      assert.equal(f.upstream.requests.length, before);
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(otlp.spans.filter((s) => s.parentSpanId === server.spanId).length, 0);
    } finally {
      await setPolicy(f.admin, policyDoc('off'));
    }
  });

  test('an unauthenticated request is traced as the Gateway’s refusal, attributed to no one', async () => {
    const res = await fetch(`${f.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODELS.openai, messages: [] }),
    });
    assert.equal(res.status, 401);
    const { server } = await spansOf(res, false);
    assert.equal(server.attributes['gatehouse.outcome'], 'gateway_error');
    assert.equal(server.attributes['gatehouse.actor.id'], undefined);
    assert.equal(server.attributes['error.type'], 'missing_token');
  });

  describe('what is never exported', () => {
    test('no prompt, answer, token or provider key in anything the collector received', async () => {
      assert.ok(otlp.bodies.length > 0);
      const all = otlp.bodies.join('\n');
      // The mock answered with ANSWER (a sanity check that it was on the wire at all).
      assert.ok(f.upstream.requests.some((r) => JSON.stringify(r.body).includes(PROMPT)));
      assert.ok(!all.includes(PROMPT), 'the prompt text is in an exported span');
      assert.ok(!all.includes(ANSWER), 'the answer text is in an exported span');
      assert.ok(!all.includes(f.token), 'the caller’s token is in an exported span');
      assert.ok(!all.includes('sk-gone-provider-key'), 'a provider key is in an exported span');
      assert.ok(!all.includes('sekrit'), 'the collector’s own header is in an exported span');
      assert.ok(!all.includes('owner@example.com'), 'an e-mail address is in an exported span');
    });
  });

  describe('sampling', () => {
    test('a caller’s unsampled trace stays unsampled: nothing exported, the decision passed on upstream', async () => {
      const receiver = await startOtlpReceiver();
      const g = await startGatewayFixture(engine, {
        server: { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '20' } },
      });
      try {
        const traceId = randomBytes(16).toString('hex');
        const res = await fetch(`${g.gatewayUrl}/v1/chat/completions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${g.token}`,
            'content-type': 'application/json',
            // Flags 00: the caller decided not to record this trace (parentbased_always_on keeps that).
            traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-00`,
          },
          body: JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }),
        });
        assert.equal(res.status, 200);
        await res.json();
        const sent = String(g.upstream.requests.at(-1)!.headers.traceparent);
        assert.match(sent, new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`));
        await g.activityOf(res.headers.get('x-gatehouse-request-id'));
        await g.server.gatehouse.close();
        assert.equal(receiver.spans.length, 0);
      } finally {
        await g.close();
        await receiver.close();
      }
    });
  });

  describe('graceful stop', () => {
    test('spans still queued are exported before the stop completes', async () => {
      // A batch delay far longer than the test: only the stop's flush can deliver the span.
      const receiver = await startOtlpReceiver();
      const g = await startGatewayFixture(engine, {
        server: {
          env: {
            OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
            OTEL_BSP_SCHEDULE_DELAY: '600000',
          },
        },
      });
      let closed = false;
      try {
        const res = await fetch(`${g.gatewayUrl}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${g.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }),
        });
        assert.equal(res.status, 200);
        await res.json();
        const id = res.headers.get('x-gatehouse-request-id');
        await new Promise((r) => setTimeout(r, 300));
        assert.equal(receiver.spans.length, 0, 'nothing is sent before the batch is due');
        await g.close();
        closed = true;
        const ours = receiver.spans.filter((s) => s.attributes['gatehouse.request.id'] === id);
        assert.equal(ours.length, 1);
        assert.equal(receiver.spans.filter((s) => s.parentSpanId === ours[0]!.spanId).length, 1);
        assert.equal(ours[0]!.resource['service.name'], 'gatehouse');
      } finally {
        if (!closed) await g.close();
        await receiver.close();
      }
    });
  });
});

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}
