// What the Gateway does to a request on its way and to the answer on its way back: headers and query
// strings pass, the caller's token never does; large bodies pass; a caller that leaves cancels the
// upstream request; a rotated key is used from the next request; unreachable, silent and broken
// upstreams are answered in the provider's shape and leave the Gateway healthy.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { MOCK_KEYS } from '../mocks/mock-upstream.ts';

const chatBody = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'Hello' }], ...extra });

eachEngine('Gateway forwarding', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine, {
      server: {
        env: { GATEHOUSE_UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '1000', GATEHOUSE_UPSTREAM_IDLE_TIMEOUT_MS: '1000' },
      },
    });
  });
  after(() => f.close());

  const chat = (
    init: {
      body?: string | Buffer;
      headers?: Record<string, string>;
      query?: string;
      signal?: AbortSignal;
    } = {},
  ) =>
    fetch(`${f.gatewayUrl}/v1/chat/completions${init.query ?? ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/json', ...init.headers },
      body: init.body ?? chatBody(),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  const gatewayId = (res: Response) => res.headers.get('x-gatehouse-request-id');

  describe('the request on its way', () => {
    test('provider headers and the query string pass; the caller’s token, cookies and address do not', async () => {
      const res = await chat({
        query: '?trace=on&x=1',
        headers: {
          'openai-beta': 'assistants=v2',
          'openai-organization': 'org-1',
          cookie: 'a=b',
          'x-forwarded-for': '10.9.9.9',
        },
      });
      assert.equal(res.status, 200);
      const rec = f.upstream.requests.at(-1)!;
      assert.deepEqual(rec.query, { trace: 'on', x: '1' });
      assert.equal(rec.headers['openai-beta'], 'assistants=v2');
      assert.equal(rec.headers['openai-organization'], 'org-1');
      assert.equal(rec.headers.authorization, `Bearer ${MOCK_KEYS.openai}`);
      assert.equal(rec.headers.cookie, undefined);
      assert.equal(rec.headers['x-forwarded-for'], undefined);
      assert.ok(!JSON.stringify(rec.headers).includes(f.token));
    });

    test('a 10 MB body passes whole; one past 32 MB is a 413 in the provider’s shape', async () => {
      const big = chatBody({ messages: [{ role: 'user', content: 'x'.repeat(10 * 1024 * 1024) }] });
      const res = await chat({ body: big });
      assert.equal(res.status, 200);
      await res.arrayBuffer();
      assert.equal(f.upstream.requests.at(-1)!.bodySize, Buffer.byteLength(big));
      const a = await f.activityOf(gatewayId(res));
      assert.equal(a.request_bytes, Buffer.byteLength(big));

      const tooBig = await chat({ body: Buffer.alloc(33 * 1024 * 1024, 0x20) });
      assert.equal(tooBig.status, 413);
      const body = (await tooBig.json()) as { error: { code: string; message: string; type: string } };
      assert.equal(body.error.code, 'request_too_large');
      assert.match(body.error.message, /32 MB/);
    });

    test('a body that is not JSON, or names no model, is a 400 in the provider’s shape', async () => {
      const notJson = await chat({ body: '{"model": ' });
      assert.equal(notJson.status, 400);
      assert.equal(((await notJson.json()) as { error: { code: string } }).error.code, 'invalid_request');
      const noModel = await chat({ body: JSON.stringify({ messages: [] }) });
      assert.equal(noModel.status, 400);
      assert.match(
        ((await noModel.json()) as { error: { message: string } }).error.message,
        /names no model/,
      );
    });

    test('a revoked credential’s token is refused on its very next request', async () => {
      const cred = await f.admin.post('/api/v1/credentials', {
        name: 'short-lived',
        scopes: ['gateway:invoke'],
      });
      const { access_token } = (await (
        await fetch(`${f.server.consoleUrl}/api/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: cred.body.client_id,
            client_secret: cred.body.client_secret,
          }),
        })
      ).json()) as { access_token: string };
      assert.equal((await chat({ headers: { authorization: `Bearer ${access_token}` } })).status, 200);
      await f.admin.post(`/api/v1/credentials/${cred.body.id}/revoke`, { confirm: 'short-lived' });
      const refused = await chat({ headers: { authorization: `Bearer ${access_token}` } });
      assert.equal(refused.status, 401);
      assert.match(((await refused.json()) as { error: { message: string } }).error.message, /revoked/);
      const a = await f.activityOf(gatewayId(refused));
      assert.equal(a.actor?.id, cred.body.id, 'the refusal is attributed to the credential');
      assert.equal(a.error_code, 'invalid_token');
    });
  });

  describe('the answer on its way back', () => {
    test('a caller that disconnects mid-stream cancels the upstream request', async () => {
      const abort = new AbortController();
      const res = await chat({
        body: chatBody({ stream: true }),
        headers: { 'x-mock-chunks': '50', 'x-mock-chunk-delay-ms': '100' },
        signal: abort.signal,
      });
      assert.equal(res.status, 200);
      const reader = res.body!.getReader();
      await reader.read();
      const id = gatewayId(res);
      abort.abort();
      await reader.read().catch(() => {});
      const rec = await f.upstream.waitFor((r) => r.outcome === 'client-aborted', 5_000);
      assert.equal(rec.streamed, true);
      const a = await f.activityOf(id);
      assert.equal(a.error_code, 'client_closed');
      assert.equal(a.stream, true);
    });

    test('streamed pieces reach the caller as they are sent, not all at once at the end', async () => {
      const res = await chat({
        body: chatBody({ stream: true }),
        headers: { 'x-mock-chunks': '5', 'x-mock-chunk-delay-ms': '150' },
      });
      const reader = res.body!.getReader();
      const arrivals: number[] = [];
      const start = performance.now();
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
        arrivals.push(performance.now() - start);
      }
      assert.ok(arrivals.length >= 3, `expected several pieces, got ${arrivals.length}`);
      assert.ok(arrivals[0]! < arrivals.at(-1)! - 300, `pieces arrived together: ${arrivals.join(', ')}`);
    });

    test('rotating a key takes effect on the next request; the old secret is never sent again', async () => {
      const newSecret = 'sk-rotated-openai-key-2';
      f.upstream.configure({ keys: { openai: newSecret } });
      try {
        const rotated = await f.admin.post(`/api/v1/provider-keys/${f.keys.openai.id}/rotate`, {
          secret: newSecret,
        });
        assert.equal(rotated.status, 200);
        assert.equal(rotated.body.secret_last4, 'ey-2');
        const res = await chat();
        assert.equal(res.status, 200);
        assert.equal(f.upstream.requests.at(-1)!.headers.authorization, `Bearer ${newSecret}`);
      } finally {
        await f.admin.post(`/api/v1/provider-keys/${f.keys.openai.id}/rotate`, { secret: MOCK_KEYS.openai });
        f.upstream.configure({ keys: { openai: MOCK_KEYS.openai } });
      }
    });

    test('an unreachable upstream is a 502 in the provider’s shape, and the Gateway stays healthy', async () => {
      const key = await f.addKey({
        name: 'nowhere',
        provider: 'openai',
        secret: 'sk-nowhere-000',
        base_url: 'http://127.0.0.1:9/v1',
        enabled_models: ['gpt-nowhere'],
      });
      try {
        const res = await chat({ body: JSON.stringify({ model: 'gpt-nowhere', messages: [] }) });
        assert.equal(res.status, 502);
        const body = (await res.json()) as { error: { code: string; message: string } };
        assert.equal(body.error.code, 'upstream_unreachable');
        assert.match(body.error.message, /could not be reached/);
        // An outage is the provider's failure, not the Gateway's (the spec).
        const a = await f.activityOf(gatewayId(res));
        assert.equal(a.outcome, 'upstream_error');
        assert.equal(a.error_code, 'upstream_unreachable');
        assert.equal(a.status, 502);
      } finally {
        await f.admin.delete(`/api/v1/provider-keys/${key.id}`);
      }
      assert.equal((await fetch(`${f.gatewayUrl}/healthz`)).status, 200);
    });

    test('an upstream that never answers is a 504 after the first-byte timeout', async () => {
      const res = await chat({ headers: { 'x-mock-fault': 'hang' } });
      assert.equal(res.status, 504);
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'upstream_timeout');
      const a = await f.activityOf(gatewayId(res));
      assert.equal(a.outcome, 'upstream_error');
      assert.equal(a.error_code, 'upstream_timeout');
      assert.equal(a.status, 504);
    });

    test('an upstream that breaks off mid-stream ends the caller’s stream and is recorded as an upstream error', async () => {
      const res = await chat({
        body: chatBody({ stream: true }),
        headers: { 'x-mock-fault': 'drop-mid-stream' },
      });
      // Whether any of the answer reached the caller before the break is a matter of timing: if it did,
      // the stream is cut short; if not, the caller gets a 502 in the provider's shape.
      if (res.status === 200) await assert.rejects(res.text());
      else {
        assert.equal(res.status, 502);
        assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'upstream_unreachable');
      }
      const a = await f.activityOf(gatewayId(res));
      assert.equal(a.outcome, 'upstream_error');
      assert.equal(a.error_code, 'upstream_interrupted');
      assert.equal((await fetch(`${f.gatewayUrl}/healthz`)).status, 200);
    });
    test('a non-streamed answer that breaks off is a 502 in the provider’s shape, recorded as an upstream error', async () => {
      // A JSON answer is taken whole before it is sent, so the caller never gets half of one.
      const res = await chat({ headers: { 'x-mock-fault': 'drop-mid-stream' } });
      assert.equal(res.status, 502);
      const body = (await res.json()) as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'upstream_unreachable');
      assert.match(body.error.message, /broke off/);
      const a = await f.activityOf(gatewayId(res));
      assert.equal(a.outcome, 'upstream_error');
      assert.equal(a.error_code, 'upstream_interrupted');
    });
  });

  describe('supporting endpoints', () => {
    test('GET /v1/status reports each provider from recent outcomes; it needs a token', async () => {
      assert.equal((await fetch(`${f.gatewayUrl}/v1/status`)).status, 401);
      const res = await fetch(`${f.gatewayUrl}/v1/status`, {
        headers: { authorization: `Bearer ${f.token}` },
      });
      assert.equal(res.status, 200);
      const { providers } = (await res.json()) as {
        providers: Array<{ provider: string; status: string; requests: number; error_rate: number }>;
      };
      const byName = Object.fromEntries(providers.map((p) => [p.provider, p]));
      assert.deepEqual(Object.keys(byName).sort(), ['anthropic', 'azure', 'gemini', 'openai']);
      assert.ok(byName.openai!.requests > 0);
      assert.ok(['operational', 'degraded', 'down'].includes(byName.openai!.status));
      assert.equal(byName.gemini!.status, 'unknown');
    });

    test('GET /v1/models answers Anthropic’s shape to an Anthropic client', async () => {
      const res = await fetch(`${f.gatewayUrl}/v1/models`, {
        headers: { 'x-api-key': f.token, 'anthropic-version': '2023-06-01' },
      });
      assert.equal(res.status, 200);
      const body = (await res.json()) as { data: Array<{ type: string; id: string }>; has_more: boolean };
      assert.equal(body.has_more, false);
      assert.ok(body.data.every((m) => m.type === 'model'));
      assert.ok(body.data.some((m) => m.id === MODELS.azure));
    });
  });
});
