// @google/genai (2.32) pointed at the Gateway, when the answer is an error. The Gateway's own refusals
// reach the SDK as ApiError in Google's error shape; the provider's errors pass through unchanged. The
// answers are in gemini-sdk.test.ts.
// Every assert.ok here carries a message: without one, a failing assert.ok makes Node 20 re-read this
// file to quote the expression, at the line and column of the code tsx generated, and that search
// has been seen to spin for many minutes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GoogleGenAI } from '@google/genai';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import {
  MODEL,
  PROMPT,
  REPLY,
  REQUEST_ID,
  TIMEOUT,
  apiError,
  assertGatewayBody,
  fault,
  geminiLookups,
  tagged,
  type GoogleError,
} from '../helpers/gemini-sdk.ts';
import { MOCK_KEYS, type Fault } from '../mocks/mock-upstream.ts';

eachEngine('Google Gen AI SDK through the Gateway: errors', (engine) => {
  let fx: GatewayFixture;
  let client: GoogleGenAI;

  before(async () => {
    fx = await startGatewayFixture(engine);
    client = new GoogleGenAI({ apiKey: fx.token, httpOptions: { baseUrl: `${fx.gatewayUrl}/gemini` } });
  });
  after(() => fx?.close());

  const { mark, activityAfter, upstreamFor, reachedUpstream, assertNoCallerToken } = geminiLookups(() => fx);

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
