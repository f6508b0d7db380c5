// The Anthropic SDK (@anthropic-ai/sdk 1.12) pointed at the Gateway, as a developer would point it: the
// Gatehouse token in place of the API key. Messages (plain and streamed) and count_tokens come back as
// from Anthropic, the provider key goes upstream instead of the token, and the activity record holds
// what the SDK saw. The Gateway's own refusals (401, 403, 409, 424) reach the SDK as its usual error
// classes in Anthropic's error shape; the provider's errors (429, 500, 529) pass through with their
// headers.
// Every assert.ok here carries a message: without one, a failing assert.ok makes Node 20 re-read this
// file to quote the expression, at the line and column of the code tsx generated, and that search
// has been seen to spin for many minutes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { MOCK_KEYS, type Fault, type RecordedRequest } from '../mocks/mock-upstream.ts';

const REPLY = 'Mock reply part 1. Mock reply part 2. Mock reply part 3. Mock reply part 4. ';
// MODELS.anthropic (claude-sonnet-4-5) makes SDK 1.12 print a deprecation warning on every call: a
// model the fixture's key enables (claude-*) that the SDK does not warn about keeps the output clean.
const MODEL = 'claude-haiku-4-5';
const REQUEST_ID = 'x-gatehouse-request-id';
const TIMEOUT = { timeout: 120_000 };

const params = {
  model: MODEL,
  max_tokens: 256,
  messages: [{ role: 'user' as const, content: 'Hello, Claude. '.repeat(20) }],
};

/** A header that lets a test find its own request among those the mock upstream received. */
const tagged = (extra: Record<string, string> = {}) => {
  const tag = randomUUID();
  return { tag, options: { headers: { 'x-test-tag': tag, ...extra } } };
};
const fault = (f: Fault) => tagged({ 'x-mock-fault': f });

eachEngine('Anthropic SDK through the Gateway', (engine) => {
  let fx: GatewayFixture;
  let client: Anthropic;

  before(async () => {
    fx = await startGatewayFixture(engine);
    client = new Anthropic({ apiKey: fx.token, baseURL: fx.gatewayUrl, maxRetries: 0 });
  });
  after(() => fx?.close());

  /** The activity record of one Gateway request, by the request id the Gateway answered with. */
  async function activityFor(requestId: string | null | undefined): Promise<ActivityView> {
    assert.ok(requestId, `the Gateway answers with ${REQUEST_ID}`);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await fx.activity(0)).find((r) => r.request_id === requestId);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no activity record for ${requestId}`);
      await sleep(25);
    }
  }

  const upstreamFor = (tag: string): Promise<RecordedRequest> =>
    fx.upstream.waitFor((r) => r.headers['x-test-tag'] === tag, 10_000);
  const reachedUpstream = (tag: string) => fx.upstream.requests.some((r) => r.headers['x-test-tag'] === tag);

  /** Runs `call`, which must reject with `cls` and `status`; returns the error. */
  async function rejection<E extends APIError>(
    call: Promise<unknown>,
    cls: abstract new (...a: any[]) => E,
    status: number,
  ): Promise<E> {
    const err = await call.then(
      () => assert.fail(`expected ${cls.name} ${status}, but the call succeeded`),
      (e: unknown) => e,
    );
    assert.ok(
      err instanceof cls,
      `expected ${cls.name}, got ${(err as Error)?.constructor?.name}: ${(err as Error)?.message}`,
    );
    assert.equal(err.status, status);
    return err;
  }

  /**
   * The Gateway's own refusal, in Anthropic's error shape, with Gatehouse's message. The SDK's message is
   * the status and the body as JSON (the body has no top-level message), so quotes in it are escaped.
   */
  function assertGatewayBody(err: APIError, type: string, phrase: string) {
    const escaped = JSON.stringify(phrase).slice(1, -1);
    assert.ok(err.message.includes(escaped), `message ${JSON.stringify(err.message)} names "${phrase}"`);
    assert.ok(err.message.startsWith(`${err.status} `), 'err.message.startsWith(`${err.status} `)');
    const body = err.error as { type: string; error: { type: string; message: string } };
    assert.deepEqual(Object.keys(body).sort(), ['error', 'type']);
    assert.equal(body.type, 'error');
    assert.deepEqual(Object.keys(body.error).sort(), ['message', 'type']);
    assert.equal(body.error.type, type);
    assert.ok(body.error.message.includes(phrase), 'body.error.message.includes(phrase)');
    assert.equal(err.type, type);
    assert.match(err.headers?.get('content-type') ?? '', /^application\/json/);
  }

  function assertAllowed(rec: ActivityView, operation: string, stream: boolean) {
    assert.equal(rec.provider, 'anthropic');
    assert.equal(rec.model, MODEL);
    assert.equal(rec.tool, 'anthropic-sdk');
    assert.equal(rec.operation, operation);
    assert.equal(rec.status, 200);
    assert.equal(rec.outcome, 'allowed');
    assert.equal(rec.error_code, null);
    assert.equal(rec.provider_key_id, fx.keys.anthropic.id);
    assert.equal(rec.stream, stream);
    assert.deepEqual(rec.actor, { type: 'credential', id: fx.credentialId, name: 'dev-tools' });
    assert.ok(rec.request_bytes > 0, 'request bytes counted');
    assert.ok(rec.response_bytes > 0, 'response bytes counted');
    assert.ok(rec.latency_ms >= 0, 'rec.latency_ms >= 0');
  }

  describe('answers', () => {
    test(
      'messages.create, not streamed: the text and usage come back and are recorded',
      TIMEOUT,
      async () => {
        const { tag, options } = tagged();
        const {
          data: msg,
          response,
          request_id,
        } = await client.messages.create(params, options).withResponse();
        assert.equal(msg.content[0]?.type === 'text' && msg.content[0].text, REPLY);
        assert.equal(msg.model, MODEL);
        assert.equal(msg.stop_reason, 'end_turn');
        assert.ok(
          msg.usage.input_tokens > 0 && msg.usage.output_tokens > 0,
          'msg.usage.input_tokens > 0 && msg.usage.output_tokens > 0',
        );
        // The provider's own request id reaches the caller, and the Gateway names its own apart.
        assert.match(request_id ?? '', /^req_011C/);
        assert.match(response.headers.get(REQUEST_ID) ?? '', /^req_/);
        assert.notEqual(response.headers.get(REQUEST_ID), request_id);

        const rec = await activityFor(response.headers.get(REQUEST_ID));
        assertAllowed(rec, 'messages', false);
        assert.equal(rec.input_tokens, msg.usage.input_tokens);
        assert.equal(rec.output_tokens, msg.usage.output_tokens);
        assert.ok(
          rec.ttfb_ms !== null && rec.ttfb_ms <= rec.latency_ms,
          'rec.ttfb_ms !== null && rec.ttfb_ms <= rec.latency_ms',
        );

        const up = await upstreamFor(tag);
        assert.equal(up.path, '/v1/messages');
        assert.equal(up.status, 200);
        assert.deepEqual(up.body, params, 'the body goes upstream as sent');
        assert.equal(rec.request_bytes, up.bodySize);
      },
    );

    test(
      'messages.stream(): text arrives as it streams; usage from message_start and message_delta',
      TIMEOUT,
      async () => {
        const { options } = tagged();
        const stream = client.messages.stream(params, options);
        let text = '';
        stream.on('text', (t) => (text += t));
        const { response } = await stream.withResponse();
        const final = await stream.finalMessage();
        assert.equal(text, REPLY);
        assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
        assert.ok(
          final.usage.input_tokens > 0 && final.usage.output_tokens > 1,
          'final.usage.input_tokens > 0 && final.usage.output_tokens > 1',
        );

        const rec = await activityFor(response.headers.get(REQUEST_ID));
        assertAllowed(rec, 'messages', true);
        assert.equal(rec.input_tokens, final.usage.input_tokens);
        assert.equal(rec.output_tokens, final.usage.output_tokens);
        assert.ok(rec.ttfb_ms !== null, 'ttfb is recorded for a stream');
        assert.ok(rec.ttfb_ms <= rec.latency_ms, 'rec.ttfb_ms <= rec.latency_ms');
      },
    );

    test('create({stream: true}): the raw events, with the usage the activity records', TIMEOUT, async () => {
      const { tag, options } = tagged();
      const { data: stream, response } = await client.messages
        .create({ ...params, stream: true }, options)
        .withResponse();
      const types: string[] = [];
      let text = '';
      let input: number | undefined;
      let output: number | undefined;
      for await (const event of stream) {
        types.push(event.type);
        if (event.type === 'message_start') input = event.message.usage.input_tokens;
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
          text += event.delta.text;
        if (event.type === 'message_delta') output = event.usage.output_tokens;
      }
      assert.equal(text, REPLY);
      assert.equal(types[0], 'message_start');
      assert.equal(types.at(-1), 'message_stop');
      assert.ok(
        input !== undefined && output !== undefined && output > 1,
        'input !== undefined && output !== undefined && output > 1',
      );

      const rec = await activityFor(response.headers.get(REQUEST_ID));
      assertAllowed(rec, 'messages', true);
      assert.equal(rec.input_tokens, input);
      assert.equal(rec.output_tokens, output);
      assert.ok(
        rec.ttfb_ms !== null && rec.ttfb_ms <= rec.latency_ms,
        'rec.ttfb_ms !== null && rec.ttfb_ms <= rec.latency_ms',
      );
      const up = await upstreamFor(tag);
      assert.equal(up.streamed, true);
      assert.equal((up.body as { stream?: unknown }).stream, true);
    });

    test(
      'messages.countTokens: input_tokens come back; the activity operation is count_tokens',
      TIMEOUT,
      async () => {
        const { tag, options } = tagged();
        const { data: count, response } = await client.messages
          .countTokens({ model: MODEL, messages: params.messages }, options)
          .withResponse();
        assert.ok(count.input_tokens > 0, 'count.input_tokens > 0');
        const msg = await client.messages.create(params);
        assert.equal(count.input_tokens, msg.usage.input_tokens, 'the same prompt counts the same');

        const rec = await activityFor(response.headers.get(REQUEST_ID));
        assertAllowed(rec, 'count_tokens', false);
        assert.equal(rec.input_tokens, count.input_tokens);
        assert.equal(rec.output_tokens, null);
        const up = await upstreamFor(tag);
        assert.equal(up.path, '/v1/messages/count_tokens');
        assert.equal(up.headers['x-api-key'], MOCK_KEYS.anthropic);
      },
    );
  });

  describe('what reaches the provider', () => {
    test(
      "the provider key in x-api-key, never the caller's token nor an Authorization header",
      TIMEOUT,
      async () => {
        const { tag, options } = tagged();
        await client.messages.create(params, options);
        const up = await upstreamFor(tag);
        assert.equal(up.headers['x-api-key'], MOCK_KEYS.anthropic);
        assert.equal(up.headers.authorization, undefined);
        for (const [name, value] of Object.entries(up.headers)) {
          assert.ok(
            !String(value).includes(fx.token),
            `the caller's token must not reach the provider (${name})`,
          );
        }
        assert.ok(
          !JSON.stringify(up.query).includes(fx.token),
          '!JSON.stringify(up.query).includes(fx.token)',
        );
        // The SDK's anthropic-version reaches the provider (the mock refuses a request without one).
        assert.match(String(up.headers['anthropic-version']), /^\d{4}-\d{2}-\d{2}$/);
        assert.match(String(up.headers['user-agent']), /^Anthropic\/JS /);
      },
    );

    test('anthropic-version and anthropic-beta pass through as the caller sent them', TIMEOUT, async () => {
      const { tag, options } = tagged({ 'anthropic-version': '2023-06-01' });
      await client.messages.create(params, options);
      assert.equal((await upstreamFor(tag)).headers['anthropic-version'], '2023-06-01');

      // The beta namespace sends its betas in anthropic-beta (SDK 1.12 adds no ?beta=true of its own:
      // a query the caller adds is forwarded as sent).
      const beta = tagged();
      const msg = await client.beta.messages.create(
        { ...params, betas: ['interleaved-thinking-2025-05-14', 'context-1m-2025-08-07'] },
        { ...beta.options, query: { beta: 'true' } },
      );
      assert.equal(msg.content[0]?.type === 'text' && msg.content[0].text, REPLY);
      const up = await upstreamFor(beta.tag);
      assert.equal(up.path, '/v1/messages');
      assert.equal(up.query.beta, 'true');
      assert.equal(up.headers['anthropic-beta'], 'interleaved-thinking-2025-05-14,context-1m-2025-08-07');
      assert.equal((up.body as Record<string, unknown>).betas, undefined);
    });

    test(
      'the token works as apiKey and as authToken (both Authorization: Bearer) and in x-api-key',
      TIMEOUT,
      async () => {
        // What the SDK puts on the wire for each option, seen through its `fetch` hook.
        const sent: Headers[] = [];
        const spy: typeof fetch = (input, init) => {
          sent.push(new Headers(init?.headers));
          return fetch(input, init);
        };
        const clients = {
          apiKey: new Anthropic({ apiKey: fx.token, baseURL: fx.gatewayUrl, maxRetries: 0, fetch: spy }),
          authToken: new Anthropic({
            apiKey: null,
            authToken: fx.token,
            baseURL: fx.gatewayUrl,
            maxRetries: 0,
            fetch: spy,
          }),
          xApiKey: new Anthropic({
            apiKey: null,
            baseURL: fx.gatewayUrl,
            maxRetries: 0,
            fetch: spy,
            defaultHeaders: { 'x-api-key': fx.token },
          }),
        };
        for (const [name, c] of Object.entries(clients)) {
          const { tag, options } = tagged();
          const { data: msg, response } = await c.messages.create(params, options).withResponse();
          assert.equal(msg.content[0]?.type === 'text' && msg.content[0].text, REPLY, name);
          const headers = sent.at(-1)!;
          if (name === 'xApiKey') {
            assert.equal(headers.get('x-api-key'), fx.token);
            assert.equal(headers.get('authorization'), null);
          } else {
            assert.equal(headers.get('authorization'), `Bearer ${fx.token}`, name);
            assert.equal(headers.get('x-api-key'), null, name);
          }
          const up = await upstreamFor(tag);
          assert.equal(up.headers['x-api-key'], MOCK_KEYS.anthropic, name);
          assert.equal(up.headers.authorization, undefined, name);
          const rec = await activityFor(response.headers.get(REQUEST_ID));
          assert.equal(rec.actor?.id, fx.credentialId, name);
          assert.equal(rec.outcome, 'allowed', name);
        }
      },
    );
  });

  describe("the Gateway's refusals, as the SDK's error classes", () => {
    test(
      '401: an unknown token (or a provider key) → AuthenticationError; nothing goes upstream',
      TIMEOUT,
      async () => {
        for (const bad of ['not-a-gatehouse-token', MOCK_KEYS.anthropic]) {
          const c = new Anthropic({ apiKey: bad, baseURL: fx.gatewayUrl, maxRetries: 0 });
          const { tag, options } = tagged();
          const err = await rejection(c.messages.create(params, options), Anthropic.AuthenticationError, 401);
          assertGatewayBody(err, 'authentication_error', 'did not recognise this token');
          assert.ok(!reachedUpstream(tag), '!reachedUpstream(tag)');
          const rec = await activityFor(err.headers?.get(REQUEST_ID));
          assert.equal(rec.status, 401);
          assert.equal(rec.outcome, 'gateway_error');
          assert.equal(rec.error_code, 'invalid_token');
          assert.equal(rec.provider, 'anthropic');
          assert.equal(rec.operation, 'messages');
          assert.equal(rec.tool, 'anthropic-sdk');
          assert.equal(rec.actor, null);
          assert.equal(rec.provider_key_id, null);
          assert.equal(rec.input_tokens, null);
        }
      },
    );

    test('401: no token at all → authentication_error naming how to get one', TIMEOUT, async () => {
      const res = await fetch(`${fx.gatewayUrl}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify(params),
      });
      assert.equal(res.status, 401);
      const body = (await res.json()) as any;
      assert.equal(body.type, 'error');
      assert.equal(body.error.type, 'authentication_error');
      assert.match(body.error.message, /No Gatehouse token was sent/);
      const rec = await activityFor(res.headers.get(REQUEST_ID));
      assert.equal(rec.error_code, 'missing_token');
      assert.equal(rec.outcome, 'gateway_error');
    });

    test('403: a token without gateway:invoke → PermissionDeniedError', TIMEOUT, async () => {
      const c = new Anthropic({ apiKey: fx.readOnlyToken, baseURL: fx.gatewayUrl, maxRetries: 0 });
      const { tag, options } = tagged();
      const err = await rejection(c.messages.create(params, options), Anthropic.PermissionDeniedError, 403);
      assertGatewayBody(err, 'permission_error', 'lacks the gateway:invoke scope');
      assert.ok(!reachedUpstream(tag), '!reachedUpstream(tag)');
      const rec = await activityFor(err.headers?.get(REQUEST_ID));
      assert.equal(rec.status, 403);
      assert.equal(rec.outcome, 'gateway_error');
      assert.equal(rec.error_code, 'insufficient_scope');
      assert.equal(rec.actor?.name, 'siem', 'the refusal is attributed to the credential');
      assert.equal(rec.provider_key_id, null);
    });

    test(
      '409: two keys enable the model → ConflictError naming both; deleting one resolves it',
      TIMEOUT,
      async () => {
        const second = await fx.addKey({
          name: 'anthropic-second',
          provider: 'anthropic',
          secret: 'sk-ant-second-provider-key',
          base_url: fx.upstream.url,
          enabled_models: [MODEL],
        });
        try {
          const { tag, options } = tagged();
          const err = await rejection(client.messages.create(params, options), Anthropic.ConflictError, 409);
          assertGatewayBody(
            err,
            'invalid_request_error',
            'is enabled in more than one Anthropic provider key',
          );
          assert.ok(err.apiMessage?.includes('"anthropic-main", "anthropic-second"'), err.apiMessage ?? '');
          assert.ok(!reachedUpstream(tag), '!reachedUpstream(tag)');
          const rec = await activityFor(err.headers?.get(REQUEST_ID));
          assert.equal(rec.status, 409);
          assert.equal(rec.outcome, 'gateway_error');
          assert.equal(rec.error_code, 'model_conflict');
          assert.equal(rec.model, MODEL);
          assert.equal(rec.provider_key_id, null);
          assert.equal(rec.actor?.id, fx.credentialId);
          // Another Claude model is enabled by one key only, and still routes.
          const other = await client.messages.create({ ...params, model: 'claude-opus-4-1' });
          assert.equal(other.model, 'claude-opus-4-1');
        } finally {
          const res = await fx.admin.delete(`/api/v1/provider-keys/${second.id}`);
          assert.equal(res.status, 204);
        }
        const msg = await client.messages.create(params);
        assert.equal(msg.content[0]?.type === 'text' && msg.content[0].text, REPLY);
      },
    );

    test('424: no key enables the model → APIError 424', TIMEOUT, async () => {
      const { tag, options } = tagged();
      const err = await rejection(
        client.messages.create({ ...params, model: 'gpt-x' }, options),
        Anthropic.APIError,
        424,
      );
      assertGatewayBody(err, 'invalid_request_error', 'No Anthropic provider key enables model "gpt-x"');
      assert.ok(!reachedUpstream(tag), '!reachedUpstream(tag)');
      const rec = await activityFor(err.headers?.get(REQUEST_ID));
      assert.equal(rec.status, 424);
      assert.equal(rec.outcome, 'gateway_error');
      assert.equal(rec.error_code, 'no_provider_key');
      assert.equal(rec.model, 'gpt-x');
      assert.equal(rec.provider_key_id, null);
    });
  });

  describe("the provider's errors pass through", () => {
    async function assertUpstreamError(err: APIError, status: number, tag: string) {
      const up = await upstreamFor(tag);
      assert.equal(up.status, status);
      assert.equal(up.headers['x-api-key'], MOCK_KEYS.anthropic);
      const body = err.error as { type: string; error: { type: string }; request_id: string };
      assert.equal(body.type, 'error');
      assert.equal(body.request_id, err.requestID, "the provider's body and request-id header are its own");
      assert.match(err.requestID ?? '', /^req_011C/);
      const rec = await activityFor(err.headers?.get(REQUEST_ID));
      assert.equal(rec.status, status);
      assert.equal(rec.outcome, 'upstream_error');
      assert.equal(rec.error_code, null);
      assert.equal(rec.provider_key_id, fx.keys.anthropic.id);
      assert.equal(rec.model, MODEL);
      assert.equal(rec.input_tokens, null);
      assert.equal(rec.output_tokens, null);
      return rec;
    }

    test('429 → RateLimitError, with retry-after and request-id reaching the caller', TIMEOUT, async () => {
      const { tag, options } = fault('429');
      const err = await rejection(client.messages.create(params, options), Anthropic.RateLimitError, 429);
      assert.equal(err.type, 'rate_limit_error');
      assert.ok(
        err.message.includes('would exceed the rate limit'),
        "err.message.includes('would exceed the rate limit')",
      );
      assert.equal(err.headers?.get('retry-after'), '1');
      assert.equal(err.headers?.get('anthropic-ratelimit-requests-remaining'), '0');
      await assertUpstreamError(err, 429, tag);
    });

    test('500 → InternalServerError', TIMEOUT, async () => {
      const { tag, options } = fault('500');
      const err = await rejection(
        client.messages.create(params, options),
        Anthropic.InternalServerError,
        500,
      );
      assert.equal(err.type, 'api_error');
      assert.ok(
        err.message.includes('Internal server error'),
        "err.message.includes('Internal server error')",
      );
      await assertUpstreamError(err, 500, tag);
    });

    test('529 → OverloadedError, status 529', TIMEOUT, async () => {
      const { tag, options } = fault('529');
      const err = await rejection(client.messages.create(params, options), Anthropic.OverloadedError, 529);
      assert.equal(err.type, 'overloaded_error');
      assert.ok(err.message.includes('Overloaded'), "err.message.includes('Overloaded')");
      await assertUpstreamError(err, 529, tag);
    });

    test('a streamed request refused with 429 → RateLimitError, recorded as a stream', TIMEOUT, async () => {
      const { tag, options } = fault('429');
      const err = await rejection(
        client.messages.create({ ...params, stream: true }, options),
        Anthropic.RateLimitError,
        429,
      );
      const rec = await assertUpstreamError(err, 429, tag);
      assert.equal(rec.stream, true);
    });

    test(
      'an error in the middle of a stream reaches the SDK; the request was allowed (200)',
      TIMEOUT,
      async () => {
        const { options } = fault('stream-error');
        const stream = client.messages.stream(params, options);
        const { response } = await stream.withResponse();
        await assert.rejects(stream.finalMessage(), /overloaded_error/);
        const rec = await activityFor(response.headers.get(REQUEST_ID));
        assert.equal(rec.status, 200);
        assert.equal(rec.stream, true);
        assert.equal(rec.input_tokens, (await countTokens()).input_tokens);
      },
    );
  });

  describe('usage with prompt caching, as the SDK counts it', () => {
    // With prompt caching, message_start reports the cache reads and writes; message_delta repeats the
    // cumulative counters that apply and omits the others, and the SDK keeps each counter it was not
    // sent again (MessageStream: "overwrite when present and never add"). The mock's stream has no
    // cache tokens, so this upstream sends one that has.
    let cacheUpstream: http.Server;
    let keyId: string;
    const CACHE_MODEL = 'cached-sonnet';

    const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    before(async () => {
      cacheUpstream = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'request-id': 'req_011Ccache',
          });
          const message = {
            id: 'msg_01cache',
            type: 'message',
            role: 'assistant',
            model: CACHE_MODEL,
            content: [],
          };
          res.end(
            frame('message_start', {
              type: 'message_start',
              message: {
                ...message,
                stop_reason: null,
                stop_sequence: null,
                usage: {
                  input_tokens: 12,
                  cache_creation_input_tokens: 300,
                  cache_read_input_tokens: 4000,
                  output_tokens: 1,
                },
              },
            }) +
              frame('content_block_start', {
                type: 'content_block_start',
                index: 0,
                content_block: { type: 'text', text: '' },
              }) +
              frame('content_block_delta', {
                type: 'content_block_delta',
                index: 0,
                delta: { type: 'text_delta', text: 'Cached.' },
              }) +
              frame('content_block_stop', { type: 'content_block_stop', index: 0 }) +
              frame('message_delta', {
                type: 'message_delta',
                delta: { stop_reason: 'end_turn', stop_sequence: null },
                usage: { input_tokens: 12, output_tokens: 42 },
              }) +
              frame('message_stop', { type: 'message_stop' }),
          );
        });
      });
      cacheUpstream.listen(0, '127.0.0.1');
      await once(cacheUpstream, 'listening');
      const key = await fx.addKey({
        name: 'anthropic-cache',
        provider: 'anthropic',
        secret: 'sk-ant-cache-provider-key',
        base_url: `http://127.0.0.1:${(cacheUpstream.address() as AddressInfo).port}`,
        enabled_models: [CACHE_MODEL],
      });
      keyId = key.id;
    });
    after(async () => {
      if (keyId) await fx.admin.delete(`/api/v1/provider-keys/${keyId}`);
      cacheUpstream?.closeAllConnections();
      cacheUpstream?.close();
    });

    test(
      'a stream whose message_delta omits the cache counters: recorded input = input + cache writes + reads',
      TIMEOUT,
      async () => {
        const stream = client.messages.stream({ ...params, model: CACHE_MODEL });
        const { response } = await stream.withResponse();
        const final = await stream.finalMessage();
        assert.deepEqual(
          [
            final.usage.input_tokens,
            final.usage.cache_creation_input_tokens,
            final.usage.cache_read_input_tokens,
            final.usage.output_tokens,
          ],
          [12, 300, 4000, 42],
          "the SDK's own reading",
        );
        const rec = await activityFor(response.headers.get(REQUEST_ID));
        assert.equal(rec.provider_key_id, keyId);
        assert.equal(rec.stream, true);
        assert.equal(rec.output_tokens, 42);
        assert.equal(
          rec.input_tokens,
          12 + 300 + 4000,
          'cached prompt tokens count as input, as in a non-streamed answer',
        );
      },
    );
  });

  const countTokens = () => client.messages.countTokens({ model: MODEL, messages: params.messages });
});
