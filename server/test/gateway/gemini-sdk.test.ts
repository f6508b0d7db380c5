// @google/genai (2.32) pointed at the Gateway, as a developer would point it: the Gatehouse token as the
// API key and `${gateway}/gemini` as the base URL. generateContent, its stream and countTokens come back
// as from Google, under v1beta (the SDK's default) and v1; the caller's token (x-goog-api-key or ?key=)
// never goes upstream, the provider key does; and the activity record holds what the SDK saw. The
// Gateway's refusals and the provider's errors are in gemini-sdk-errors.test.ts.
// Every assert.ok here carries a message: without one, a failing assert.ok makes Node 20 re-read this
// file to quote the expression, at the line and column of the code tsx generated, and that search
// has been seen to spin for many minutes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { GoogleGenAI } from '@google/genai';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { MODEL, PROMPT, REPLY, REQUEST_ID, TIMEOUT, geminiLookups, tagged } from '../helpers/gemini-sdk.ts';

eachEngine('Google Gen AI SDK through the Gateway', (engine) => {
  let fx: GatewayFixture;
  let client: GoogleGenAI;

  before(async () => {
    fx = await startGatewayFixture(engine);
    client = new GoogleGenAI({ apiKey: fx.token, httpOptions: { baseUrl: `${fx.gatewayUrl}/gemini` } });
  });
  after(() => fx?.close());

  const { mark, activityAfter, byRequestId, upstreamFor, assertNoCallerToken } = geminiLookups(() => fx);

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
});
