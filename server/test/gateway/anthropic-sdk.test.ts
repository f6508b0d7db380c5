// The Anthropic SDK (@anthropic-ai/sdk 1.12) pointed at the Gateway, as a developer would point it: the
// Gatehouse token in place of the API key. Messages (plain and streamed) and count_tokens come back as
// from Anthropic, the provider key goes upstream instead of the token, and the activity record holds
// what the SDK saw, prompt caching included. The Gateway's refusals and the provider's errors are in
// anthropic-sdk-errors.test.ts.
// Every assert.ok here carries a message: without one, a failing assert.ok makes Node 20 re-read this
// file to quote the expression, at the line and column of the code tsx generated, and that search
// has been seen to spin for many minutes.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import {
  MODEL,
  REPLY,
  REQUEST_ID,
  TIMEOUT,
  anthropicLookups,
  params,
  tagged,
} from '../helpers/anthropic-sdk.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { MOCK_KEYS } from '../mocks/mock-upstream.ts';

eachEngine('Anthropic SDK through the Gateway', (engine) => {
  let fx: GatewayFixture;
  let client: Anthropic;

  before(async () => {
    fx = await startGatewayFixture(engine);
    client = new Anthropic({ apiKey: fx.token, baseURL: fx.gatewayUrl, maxRetries: 0 });
  });
  after(() => fx?.close());

  const { activityFor, upstreamFor } = anthropicLookups(() => fx);

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
});
