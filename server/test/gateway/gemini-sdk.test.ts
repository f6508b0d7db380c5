// @google/genai (2.32) pointed at the Gateway, as a developer would point it: the Gatehouse token as the
// API key and `${gateway}/gemini` as the base URL. generateContent, its stream and countTokens come back
// as from Google, under v1beta (the SDK's default) and v1; the caller's token (x-goog-api-key or ?key=)
// never goes upstream, the provider key does; and the activity record holds what the SDK saw. The
// Gateway's own refusals reach the SDK as ApiError in Google's error shape; the provider's errors pass
// through unchanged.
// Every assert.ok here carries a message: without one, a failing assert.ok makes Node 20 re-read this
// file to quote the expression, at the line and column of the code tsx generated, and that search
// has been seen to spin for many minutes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { ApiError, GoogleGenAI } from '@google/genai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { MOCK_KEYS, type Fault, type RecordedRequest } from '../mocks/mock-upstream.ts';

const REPLY = 'Mock reply part 1. Mock reply part 2. Mock reply part 3. Mock reply part 4. ';
const MODEL = MODELS.gemini;
const REQUEST_ID = 'x-gatehouse-request-id';
const PROMPT = 'Why is the sky blue? '.repeat(10);
const TIMEOUT = { timeout: 120_000 };

/** A header that lets a test find its own request among those the mock upstream received. */
function tagged(extra: Record<string, string> = {}) {
  const tag = randomUUID();
  return { tag, httpOptions: { headers: { 'x-test-tag': tag, ...extra } } };
}
const fault = (f: Fault) => tagged({ 'x-mock-fault': f });

interface GoogleError {
  error: { code: number; message: string; status: string; details?: unknown[] };
}

eachEngine('Google Gen AI SDK through the Gateway', (engine) => {
  let fx: GatewayFixture;
  let client: GoogleGenAI;

  before(async () => {
    fx = await startGatewayFixture(engine);
    client = new GoogleGenAI({ apiKey: fx.token, httpOptions: { baseUrl: `${fx.gatewayUrl}/gemini` } });
  });
  after(() => fx?.close());

  /** How many activity records there are now: a test's own come after. */
  const mark = async () => (await fx.activity(0)).length;

  /** The first activity record after `since` that `match` accepts. */
  async function activityAfter(since: number, match: (r: ActivityView) => boolean): Promise<ActivityView> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await fx.activity(0)).slice(since).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching activity record after ${since}`);
      await sleep(25);
    }
  }
  const byRequestId = (since: number, headers: Record<string, string> | undefined) => {
    const id = headers?.[REQUEST_ID];
    assert.match(id ?? '', /^req_/, `the Gateway answers with ${REQUEST_ID}`);
    return activityAfter(since, (r) => r.request_id === id);
  };

  const upstreamFor = (tag: string): Promise<RecordedRequest> =>
    fx.upstream.waitFor((r) => r.headers['x-test-tag'] === tag, 10_000);
  const reachedUpstream = (tag: string) => fx.upstream.requests.some((r) => r.headers['x-test-tag'] === tag);

  function assertNoCallerToken(up: RecordedRequest) {
    assert.equal(up.headers['x-goog-api-key'], MOCK_KEYS.gemini, 'the provider key goes upstream');
    assert.equal(up.headers.authorization, undefined);
    assert.equal(up.query.key, undefined, 'no ?key= goes upstream');
    for (const [name, value] of Object.entries(up.headers)) {
      assert.ok(
        !String(value).includes(fx.token),
        `the caller's token must not reach the provider (${name})`,
      );
    }
    assert.ok(!JSON.stringify(up.query).includes(fx.token), '!JSON.stringify(up.query).includes(fx.token)');
  }

  function assertAllowed(rec: ActivityView, operation: string, stream: boolean, tool = 'google-genai-sdk') {
    assert.equal(rec.provider, 'gemini');
    assert.equal(rec.model, MODEL);
    assert.equal(rec.tool, tool);
    assert.equal(rec.operation, operation);
    assert.equal(rec.status, 200);
    assert.equal(rec.outcome, 'allowed');
    assert.equal(rec.error_code, null);
    assert.equal(rec.provider_key_id, fx.keys.gemini.id);
    assert.equal(rec.stream, stream);
    assert.deepEqual(rec.actor, { type: 'credential', id: fx.credentialId, name: 'dev-tools' });
    assert.ok(
      rec.request_bytes > 0 && rec.response_bytes > 0,
      'rec.request_bytes > 0 && rec.response_bytes > 0',
    );
    assert.ok(
      rec.ttfb_ms !== null && rec.ttfb_ms <= rec.latency_ms,
      'rec.ttfb_ms !== null && rec.ttfb_ms <= rec.latency_ms',
    );
  }

  /** Runs `call`, which must reject with ApiError and `status`; returns the error and its parsed body. */
  async function apiError(
    call: Promise<unknown>,
    status: number,
  ): Promise<{ err: ApiError; body: GoogleError }> {
    const err = await call.then(
      () => assert.fail(`expected ApiError ${status}, but the call succeeded`),
      (e: unknown) => e,
    );
    assert.ok(
      err instanceof ApiError,
      `expected ApiError, got ${(err as Error)?.constructor?.name}: ${(err as Error)?.message}`,
    );
    assert.equal(err.status, status);
    // The SDK's message is the error body as JSON.
    return { err, body: JSON.parse(err.message) as GoogleError };
  }

  /** The Gateway's own refusal: Google's error shape, with Gatehouse's message. */
  function assertGatewayBody(err: ApiError, body: GoogleError, code: number, status: string, phrase: string) {
    assert.ok(
      err.message.includes(JSON.stringify(phrase).slice(1, -1)),
      `the SDK's message names "${phrase}": ${err.message}`,
    );
    assert.deepEqual(Object.keys(body), ['error']);
    assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message', 'status']);
    assert.equal(body.error.code, code);
    assert.equal(body.error.status, status);
    assert.ok(body.error.message.includes(phrase), body.error.message);
  }

  describe('answers', () => {
    test(
      'generateContent (v1beta): the text and usageMetadata come back and are recorded',
      TIMEOUT,
      async () => {
        const since = await mark();
        const { tag, httpOptions } = tagged();
        const res = await client.models.generateContent({
          model: MODEL,
          contents: PROMPT,
          config: { httpOptions },
        });
        assert.equal(res.text, REPLY);
        assert.equal(res.modelVersion, MODEL);
        const usage = res.usageMetadata;
        assert.ok(
          usage?.promptTokenCount && usage.candidatesTokenCount,
          'usage?.promptTokenCount && usage.candidatesTokenCount',
        );

        const up = await upstreamFor(tag);
        assert.equal(up.path, `/v1beta/models/${MODEL}:generateContent`);
        assert.equal(up.status, 200);
        assertNoCallerToken(up);
        assert.deepEqual((up.body as { contents: unknown }).contents, [
          { parts: [{ text: PROMPT }], role: 'user' },
        ]);

        const rec = await byRequestId(since, res.sdkHttpResponse?.headers);
        assertAllowed(rec, 'generateContent', false);
        assert.equal(rec.input_tokens, usage.promptTokenCount);
        assert.equal(rec.output_tokens, usage.candidatesTokenCount);
        assert.equal(rec.request_bytes, up.bodySize);
      },
    );

    test(
      'the SDK sends the token in x-goog-api-key to /gemini/v1beta/models/…; apiVersion v1 → /gemini/v1/…',
      TIMEOUT,
      async () => {
        // What the SDK puts on the wire, seen through its fetch hook.
        const sent: Array<{ url: string; headers: Headers }> = [];
        const spy: typeof fetch = (input, init) => {
          sent.push({
            url: String(input instanceof Request ? input.url : input),
            headers: new Headers(init?.headers),
          });
          return fetch(input, init);
        };
        for (const apiVersion of ['v1beta', 'v1'] as const) {
          const c = new GoogleGenAI({
            apiKey: fx.token,
            httpOptions: {
              baseUrl: `${fx.gatewayUrl}/gemini`,
              ...(apiVersion === 'v1' ? { apiVersion } : {}),
              fetch: spy,
            },
          });
          const since = await mark();
          const { tag, httpOptions } = tagged();
          const res = await c.models.generateContent({
            model: MODEL,
            contents: PROMPT,
            config: { httpOptions },
          });
          assert.equal(res.text, REPLY, apiVersion);
          const wire = sent.at(-1)!;
          assert.equal(wire.url, `${fx.gatewayUrl}/gemini/${apiVersion}/models/${MODEL}:generateContent`);
          assert.equal(wire.headers.get('x-goog-api-key'), fx.token);
          assert.equal(wire.headers.get('authorization'), null);
          assert.match(wire.headers.get('user-agent') ?? '', /google-genai-sdk\//);

          const up = await upstreamFor(tag);
          assert.equal(up.path, `/${apiVersion}/models/${MODEL}:generateContent`);
          assertNoCallerToken(up);
          const rec = await byRequestId(since, res.sdkHttpResponse?.headers);
          assertAllowed(rec, 'generateContent', false);
        }
      },
    );

    test(
      'generateContentStream: chunks arrive; the activity has stream true and the final usage',
      TIMEOUT,
      async () => {
        const since = await mark();
        const { tag, httpOptions } = tagged();
        const chunks = [];
        for await (const chunk of await client.models.generateContentStream({
          model: MODEL,
          contents: PROMPT,
          config: { httpOptions },
        })) {
          chunks.push(chunk);
        }
        assert.equal(chunks.length, 4);
        assert.equal(chunks.map((c) => c.text).join(''), REPLY);
        const usage = chunks.at(-1)?.usageMetadata;
        assert.ok(
          usage?.promptTokenCount && usage.candidatesTokenCount,
          'usage?.promptTokenCount && usage.candidatesTokenCount',
        );

        const up = await upstreamFor(tag);
        assert.equal(up.path, `/v1beta/models/${MODEL}:streamGenerateContent`);
        assert.deepEqual(up.query, { alt: 'sse' });
        assert.equal(up.streamed, true);
        assertNoCallerToken(up);

        const rec = await byRequestId(since, chunks[0]?.sdkHttpResponse?.headers);
        assertAllowed(rec, 'streamGenerateContent', true);
        assert.equal(rec.input_tokens, usage.promptTokenCount);
        assert.equal(rec.output_tokens, usage.candidatesTokenCount);
      },
    );

    test('countTokens: totalTokens come back; the activity operation is countTokens', TIMEOUT, async () => {
      const since = await mark();
      const { tag, httpOptions } = tagged();
      const count = await client.models.countTokens({
        model: MODEL,
        contents: PROMPT,
        config: { httpOptions },
      });
      assert.ok(count.totalTokens && count.totalTokens > 0, 'count.totalTokens && count.totalTokens > 0');
      const res = await client.models.generateContent({ model: MODEL, contents: PROMPT });
      assert.equal(count.totalTokens, res.usageMetadata?.promptTokenCount, 'the same prompt counts the same');

      const up = await upstreamFor(tag);
      assert.equal(up.path, `/v1beta/models/${MODEL}:countTokens`);
      assertNoCallerToken(up);
      const rec = await byRequestId(since, count.sdkHttpResponse?.headers);
      assertAllowed(rec, 'countTokens', false);
      assert.equal(rec.input_tokens, count.totalTokens);
      assert.equal(rec.output_tokens, null);
    });

    test('a raw ?key=<token>&alt=sse stream works; upstream gets alt=sse and no key', TIMEOUT, async () => {
      const since = await mark();
      const tag = randomUUID();
      const res = await fetch(
        `${fx.gatewayUrl}/gemini/v1beta/models/${MODEL}:streamGenerateContent?key=${encodeURIComponent(fx.token)}&alt=sse`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-test-tag': tag },
          body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: PROMPT }] }] }),
        },
      );
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
      const frames = (await res.text()).split('\r\n\r\n').filter(Boolean);
      assert.equal(frames.length, 4);
      const chunks = frames.map((f) => {
        assert.ok(f.startsWith('data: '), "f.startsWith('data: ')");
        return JSON.parse(f.slice(6)) as {
          candidates: Array<{ content: { parts: Array<{ text: string }> } }>;
          usageMetadata: { promptTokenCount: number; candidatesTokenCount?: number };
        };
      });
      assert.equal(chunks.map((c) => c.candidates[0]?.content.parts[0]?.text).join(''), REPLY);

      const up = await upstreamFor(tag);
      assert.equal(up.path, `/v1beta/models/${MODEL}:streamGenerateContent`);
      assert.deepEqual(up.query, { alt: 'sse' });
      assertNoCallerToken(up);

      const rec = await activityAfter(since, (r) => r.request_id === res.headers.get(REQUEST_ID));
      assertAllowed(rec, 'streamGenerateContent', true, 'unknown');
      assert.equal(rec.input_tokens, chunks.at(-1)?.usageMetadata.promptTokenCount);
      assert.equal(rec.output_tokens, chunks.at(-1)?.usageMetadata.candidatesTokenCount);
    });

    test(
      'streamGenerateContent without alt=sse: one JSON array, usage from its last chunk',
      TIMEOUT,
      async () => {
        const since = await mark();
        const tag = randomUUID();
        const res = await fetch(`${fx.gatewayUrl}/gemini/v1/models/${MODEL}:streamGenerateContent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': fx.token, 'x-test-tag': tag },
          body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: PROMPT }] }] }),
        });
        assert.equal(res.status, 200);
        const chunks = (await res.json()) as Array<{ usageMetadata: Record<string, number> }>;
        assert.equal(chunks.length, 4);
        const up = await upstreamFor(tag);
        assert.equal(up.path, `/v1/models/${MODEL}:streamGenerateContent`);
        assert.deepEqual(up.query, {});
        assertNoCallerToken(up);
        const rec = await activityAfter(since, (r) => r.request_id === res.headers.get(REQUEST_ID));
        assertAllowed(rec, 'streamGenerateContent', true, 'unknown');
        assert.equal(rec.input_tokens, chunks.at(-1)?.usageMetadata.promptTokenCount);
        assert.equal(rec.output_tokens, chunks.at(-1)?.usageMetadata.candidatesTokenCount);
      },
    );
  });

  describe("the Gateway's refusals, as ApiError in Google's shape", () => {
    test(
      '401: an unknown token (or the provider key) → UNAUTHENTICATED; nothing goes upstream',
      TIMEOUT,
      async () => {
        for (const bad of ['not-a-gatehouse-token', MOCK_KEYS.gemini]) {
          const since = await mark();
          const c = new GoogleGenAI({ apiKey: bad, httpOptions: { baseUrl: `${fx.gatewayUrl}/gemini` } });
          const { tag, httpOptions } = tagged();
          const { err, body } = await apiError(
            c.models.generateContent({ model: MODEL, contents: PROMPT, config: { httpOptions } }),
            401,
          );
          assertGatewayBody(err, body, 401, 'UNAUTHENTICATED', 'did not recognise this token');
          assert.ok(!reachedUpstream(tag), '!reachedUpstream(tag)');
          const rec = await activityAfter(since, (r) => r.status === 401);
          assert.equal(rec.outcome, 'gateway_error');
          assert.equal(rec.error_code, 'invalid_token');
          assert.equal(rec.provider, 'gemini');
          assert.equal(rec.operation, 'generateContent');
          assert.equal(rec.tool, 'google-genai-sdk');
          assert.equal(rec.actor, null);
          assert.equal(rec.provider_key_id, null);
        }
      },
    );

    test('401 for a bad ?key=: the answer does not repeat the key', TIMEOUT, async () => {
      const since = await mark();
      const res = await fetch(
        `${fx.gatewayUrl}/gemini/v1beta/models/${MODEL}:generateContent?key=AIzaSyNOTaGATEHOUSEtoken0123`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
        },
      );
      assert.equal(res.status, 401);
      const text = await res.text();
      assert.doesNotMatch(text, /AIzaSy/);
      assert.equal((JSON.parse(text) as GoogleError).error.status, 'UNAUTHENTICATED');
      const rec = await activityAfter(since, (r) => r.request_id === res.headers.get(REQUEST_ID));
      assert.equal(rec.error_code, 'invalid_token');
    });

    test('403: a token without gateway:invoke → PERMISSION_DENIED', TIMEOUT, async () => {
      const since = await mark();
      const c = new GoogleGenAI({
        apiKey: fx.readOnlyToken,
        httpOptions: { baseUrl: `${fx.gatewayUrl}/gemini` },
      });
      const { tag, httpOptions } = tagged();
      const { err, body } = await apiError(
        c.models.generateContent({ model: MODEL, contents: PROMPT, config: { httpOptions } }),
        403,
      );
      assertGatewayBody(err, body, 403, 'PERMISSION_DENIED', 'lacks the gateway:invoke scope');
      assert.ok(!reachedUpstream(tag), '!reachedUpstream(tag)');
      const rec = await activityAfter(since, (r) => r.status === 403);
      assert.equal(rec.outcome, 'gateway_error');
      assert.equal(rec.error_code, 'insufficient_scope');
      assert.equal(rec.actor?.name, 'siem');
    });

    test(
      '409: two keys enable the model → ABORTED naming both; deleting one resolves it',
      TIMEOUT,
      async () => {
        const second = await fx.addKey({
          name: 'gemini-second',
          provider: 'gemini',
          secret: 'mock-gemini-second-key',
          base_url: fx.upstream.url,
          enabled_models: [MODEL],
        });
        try {
          const since = await mark();
          const { tag, httpOptions } = tagged();
          const { err, body } = await apiError(
            client.models.generateContent({ model: MODEL, contents: PROMPT, config: { httpOptions } }),
            409,
          );
          assertGatewayBody(err, body, 409, 'ABORTED', '("gemini-main", "gemini-second")');
          assert.ok(!reachedUpstream(tag), '!reachedUpstream(tag)');
          const rec = await activityAfter(since, (r) => r.status === 409);
          assert.equal(rec.outcome, 'gateway_error');
          assert.equal(rec.error_code, 'model_conflict');
          assert.equal(rec.model, MODEL);
          assert.equal(rec.provider_key_id, null);
        } finally {
          const res = await fx.admin.delete(`/api/v1/provider-keys/${second.id}`);
          assert.equal(res.status, 204);
        }
        const res = await client.models.generateContent({ model: MODEL, contents: PROMPT });
        assert.equal(res.text, REPLY);
      },
    );

    test('424: no key enables the model → FAILED_PRECONDITION', TIMEOUT, async () => {
      const since = await mark();
      const { tag, httpOptions } = tagged();
      const { err, body } = await apiError(
        client.models.generateContent({ model: 'claude-x', contents: PROMPT, config: { httpOptions } }),
        424,
      );
      assertGatewayBody(
        err,
        body,
        424,
        'FAILED_PRECONDITION',
        'No Gemini provider key enables model "claude-x"',
      );
      assert.ok(!reachedUpstream(tag), '!reachedUpstream(tag)');
      const rec = await activityAfter(since, (r) => r.status === 424);
      assert.equal(rec.outcome, 'gateway_error');
      assert.equal(rec.error_code, 'no_provider_key');
      assert.equal(rec.model, 'claude-x');
      assert.equal(rec.operation, 'generateContent');
    });
  });

  describe("the provider's errors pass through unchanged", () => {
    /** What the mock answers for this fault when called directly with the provider key. */
    async function direct(f: Fault) {
      const res = await fetch(`${fx.upstream.url}/v1beta/models/${MODEL}:generateContent`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': MOCK_KEYS.gemini,
          'x-mock-fault': f,
        },
        body: JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }] }),
      });
      return { status: res.status, body: (await res.json()) as GoogleError };
    }

    for (const [f, status, phrase] of [
      ['429', 429, 'exceeded your current quota'],
      ['500', 500, 'An internal error has occurred'],
    ] as const) {
      test(`${status} → ApiError ${status}, the provider's body as it sent it`, TIMEOUT, async () => {
        const since = await mark();
        const { tag, httpOptions } = fault(f);
        const { err, body } = await apiError(
          client.models.generateContent({ model: MODEL, contents: PROMPT, config: { httpOptions } }),
          status,
        );
        assert.ok(err.message.includes(phrase), 'err.message.includes(phrase)');
        assert.deepEqual(body, (await direct(f)).body);
        const up = await upstreamFor(tag);
        assert.equal(up.status, status);
        assertNoCallerToken(up);
        const rec = await activityAfter(since, (r) => r.status === status);
        assert.equal(rec.outcome, 'upstream_error');
        assert.equal(rec.error_code, null);
        assert.equal(rec.provider_key_id, fx.keys.gemini.id);
        assert.equal(rec.model, MODEL);
        assert.equal(rec.input_tokens, null);
        assert.equal(rec.output_tokens, null);
      });
    }

    test('429 on a stream → ApiError 429; the headers and bytes are the provider’s', TIMEOUT, async () => {
      const since = await mark();
      const { tag, httpOptions } = fault('429');
      const { body } = await apiError(
        client.models.generateContentStream({ model: MODEL, contents: PROMPT, config: { httpOptions } }),
        429,
      );
      assert.equal(body.error.status, 'RESOURCE_EXHAUSTED');
      assert.deepEqual(body.error.details, [
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1s' },
      ]);
      await upstreamFor(tag);
      const rec = await activityAfter(since, (r) => r.status === 429);
      assert.equal(rec.stream, true);
      assert.equal(rec.operation, 'streamGenerateContent');

      // Raw: the provider's headers reach the caller, and the bytes are exactly the mock's.
      const res = await fetch(`${fx.gatewayUrl}/gemini/v1beta/models/${MODEL}:generateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': fx.token, 'x-mock-fault': '429' },
        body: JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }] }),
      });
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('server'), 'scaffolding on HTTPServer2');
      assert.equal(res.headers.get('server-timing'), 'gfet4t7; dur=12');
      assert.deepEqual(await res.json(), (await direct('429')).body);
    });
  });
});
