// Prometheus metrics through the real server: the metrics listener apart from the Gateway's and the
// console's, values that move with real Gateway requests through the mock provider, token endpoint
// results, the batch writers' and the process's metrics, bounded labels, and bad settings refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { parseExposition, scrape, type Exposition } from './exposition.ts';

const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';

eachEngine('Prometheus metrics', (engine) => {
  let f: GatewayFixture;
  let client: Anthropic;
  let metricsUrl: string;
  before(async () => {
    f = await startGatewayFixture(engine, { server: { env: { GATEHOUSE_METRICS_PORT: '0' } } });
    metricsUrl = f.server.gatehouse.metricsUrl!;
    client = new Anthropic({ apiKey: f.token, baseURL: f.gatewayUrl, maxRetries: 0 });
  });
  after(() => f.close());

  /** A scrape once the activity records of the requests so far have been observed (they are, on push). */
  const metrics = (): Promise<Exposition> => scrape(metricsUrl);
  const ask = (model: string = MODELS.anthropic, headers: Record<string, string> = {}) =>
    client.messages
      .create({ model, max_tokens: 50, messages: [{ role: 'user', content: 'Hello' }] }, { headers })
      .withResponse();

  test('the metrics listener is its own: no /metrics on the Gateway or the console, nothing else on it', async () => {
    const own = new URL(metricsUrl);
    assert.equal(own.hostname, '127.0.0.1');
    for (const base of [f.gatewayUrl, f.server.consoleUrl]) {
      assert.notEqual(new URL(base).port, own.port);
      const res = await fetch(`${base}/metrics`);
      assert.equal(res.status, 404, `${base}/metrics`);
      assert.doesNotMatch(await res.text(), /gatehouse_http_requests_total/);
    }
    const other = await fetch(new URL('/api/v1/activity', metricsUrl));
    assert.equal(other.status, 404);
    // The MCP endpoints on the Gateway's port count under their own listener.
    const before = await metrics();
    assert.equal((await fetch(`${f.gatewayUrl}/mcp/decide`, { method: 'POST' })).status, 401);
    const mcp = { listener: 'mcp', route: '/mcp/decide', method: 'POST', status_class: '4xx' };
    assert.equal(
      (await metrics()).sum('gatehouse_http_requests_total', mcp) -
        before.sum('gatehouse_http_requests_total', mcp),
      1,
    );
    const post = await fetch(metricsUrl, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
  });

  test('a Gateway request moves the request, latency and token metrics by what its record says', async () => {
    const labels = {
      listener: 'gateway',
      provider: 'anthropic',
      operation: 'messages',
      status_class: '2xx',
      outcome: 'allowed',
    };
    const before = await metrics();
    const { response } = await ask();
    const record = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
    const now = await metrics();
    const delta = (name: string, l?: Record<string, string>) => now.sum(name, l) - before.sum(name, l);
    assert.equal(delta('gatehouse_gateway_requests_total', labels), 1);
    assert.equal(
      delta('gatehouse_http_requests_total', {
        listener: 'gateway',
        route: '/v1/messages',
        method: 'POST',
        status_class: '2xx',
      }),
      1,
    );
    assert.ok(record.input_tokens! > 0 && record.output_tokens! > 0);
    const tokens = { provider: 'anthropic', model: MODELS.anthropic };
    assert.equal(delta('gatehouse_gateway_tokens_total', { ...tokens, type: 'input' }), record.input_tokens);
    assert.equal(
      delta('gatehouse_gateway_tokens_total', { ...tokens, type: 'output' }),
      record.output_tokens,
    );
    for (const h of [
      'gatehouse_gateway_added_latency_seconds_count',
      'gatehouse_upstream_duration_seconds_count',
      'gatehouse_gateway_time_to_first_byte_seconds_count',
    ])
      assert.equal(delta(h, { provider: 'anthropic' }), 1, h);
    // The whole request's time is the record's; the added latency is part of it.
    const whole = delta('gatehouse_gateway_request_duration_seconds_sum', { provider: 'anthropic' });
    assert.ok(Math.abs(whole - record.latency_ms / 1000) < 0.002, `${whole} vs ${record.latency_ms} ms`);
    const added = delta('gatehouse_gateway_added_latency_seconds_sum', { provider: 'anthropic' });
    const upstream = delta('gatehouse_upstream_duration_seconds_sum', { provider: 'anthropic' });
    assert.ok(
      added >= 0 && added <= whole && upstream > 0 && upstream <= whole,
      `${added} ${upstream} ${whole}`,
    );
    // Histogram buckets are cumulative and end at +Inf with the count.
    const buckets = now.samples.filter(
      (s) => s.name === 'gatehouse_gateway_added_latency_seconds_bucket' && s.labels.provider === 'anthropic',
    );
    assert.equal(buckets.at(-1)!.labels.le, '+Inf');
    assert.equal(
      buckets.at(-1)!.value,
      now.sum('gatehouse_gateway_added_latency_seconds_count', { provider: 'anthropic' }),
    );
    for (let i = 1; i < buckets.length; i++) assert.ok(buckets[i]!.value >= buckets[i - 1]!.value);
  });

  test('an upstream failure counts against the provider by its code', async () => {
    const before = await metrics();
    await assert.rejects(ask(MODELS.anthropic, { 'x-mock-fault': '500' }), { status: 500 });
    await assert.rejects(ask(MODELS.anthropic, { 'x-mock-fault': '429' }), { status: 429 });
    const now = await metrics();
    const delta = (l: Record<string, string>) =>
      now.sum('gatehouse_upstream_errors_total', l) - before.sum('gatehouse_upstream_errors_total', l);
    assert.equal(delta({ provider: 'anthropic', code: 'http_5xx' }), 1);
    assert.equal(delta({ provider: 'anthropic', code: 'http_429' }), 1);
    assert.equal(
      now.sum('gatehouse_gateway_requests_total', { outcome: 'upstream_error', status_class: '5xx' }) -
        before.sum('gatehouse_gateway_requests_total', { outcome: 'upstream_error', status_class: '5xx' }),
      1,
    );
  });

  test('a blocked request counts its signal and the detector action', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    try {
      const before = await metrics();
      await assert.rejects(
        client.messages.create({
          model: MODELS.anthropic,
          max_tokens: 50,
          messages: [{ role: 'user', content: `My key is ${AWS_KEY}` }],
        }),
        { status: 400 },
      );
      const now = await metrics();
      const delta = (name: string, l: Record<string, string>) => now.sum(name, l) - before.sum(name, l);
      assert.equal(
        delta('gatehouse_policy_signals_total', {
          listener: 'gateway',
          rule: 'aws-access-key',
          outcome: 'blocked',
        }),
        1,
      );
      assert.equal(
        delta('gatehouse_policy_detections_total', {
          detector: 'secrets',
          rule: 'aws-access-key',
          action: 'block',
          where: 'request',
        }),
        1,
      );
      assert.equal(delta('gatehouse_gateway_requests_total', { outcome: 'blocked' }), 1);
      // The secret itself is never in a label.
      assert.ok(!now.samples.some((s) => Object.values(s.labels).some((v) => v.includes(AWS_KEY))));
    } finally {
      await setPolicy(f.admin, policyDoc('off'));
    }
  });

  test('the token endpoint counts tokens issued and each refusal by its RFC 6749 error', async () => {
    const before = await metrics();
    assert.ok(before.sum('gatehouse_oauth_token_requests_total', { result: 'issued' }) >= 2, 'the fixture’s');
    const token = (body: string) =>
      fetch(`${f.server.consoleUrl}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    assert.equal(
      (await token('grant_type=client_credentials&client_id=ghc_nobody&client_secret=x')).status,
      401,
    );
    assert.equal((await token('grant_type=password')).status, 400);
    const now = await metrics();
    const delta = (result: string) =>
      now.sum('gatehouse_oauth_token_requests_total', { result }) -
      before.sum('gatehouse_oauth_token_requests_total', { result });
    assert.equal(delta('invalid_client'), 1);
    assert.equal(delta('unsupported_grant_type'), 1);
    assert.equal(delta('issued'), 0);
  });

  test("the writers' backlogs and the process's own metrics are there on every scrape", async () => {
    const now = await metrics();
    for (const name of ['gatehouse_batch_writer_pending', 'gatehouse_batch_writer_lag_seconds']) {
      assert.equal(now.types.get(name), 'gauge');
      assert.deepEqual([...now.values(name, 'writer')].sort(), ['activity', 'audit', 'risk_findings']);
    }
    assert.equal(now.types.get('gatehouse_batch_writer_dropped_total'), 'counter');
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      assert.ok(
        now.samples.some((s) => s.name === name),
        name,
      );
  });

  test('labels stay bounded: many models and unserved paths, and no credential, developer or request id', async () => {
    // The key admits claude-*: 110 distinct model names, past the cap of 100.
    const names = Array.from({ length: 110 }, (_, i) => `claude-cap-${i}`);
    for (let i = 0; i < names.length; i += 10) await Promise.all(names.slice(i, i + 10).map((m) => ask(m)));
    for (let i = 0; i < 80; i++)
      await fetch(`${f.gatewayUrl}/v1/unknown-${i}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${f.token}` },
      });
    const now = await metrics();
    const models = now.values('gatehouse_gateway_tokens_total', 'model');
    assert.ok(models.size <= 101, `${models.size} model values`);
    assert.ok(models.has('other'));
    assert.ok(now.values('gatehouse_gateway_requests_total', 'operation').size <= 65);
    const routes = now.values('gatehouse_http_requests_total', 'route');
    assert.ok(routes.has('unmatched'));
    assert.ok(![...routes].some((r) => r.includes('unknown-')), 'a URL as a route label');
    const text = await (await fetch(metricsUrl)).text();
    assert.ok(!text.includes(f.credentialId), 'a credential id in the metrics');
    assert.ok(!text.includes(f.token), 'a token in the metrics');
  });
});

test('the exposition reader is strict: it refuses what Prometheus would', () => {
  const ok = '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1\\"2"} 3\n';
  assert.equal(parseExposition(ok).sum('a_total', { x: '1"2' }), 3);
  assert.throws(() => parseExposition('a_total 1\n'), /no # TYPE/);
  assert.throws(() => parseExposition('# HELP a A.\n# TYPE a gauge\na{x=1} 1\n'), /unquoted/);
  assert.throws(() => parseExposition('# HELP a A.\n# TYPE a gauge\na one\n'), /not a number/);
});
