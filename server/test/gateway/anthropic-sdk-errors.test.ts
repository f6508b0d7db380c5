// The Anthropic SDK (@anthropic-ai/sdk 1.12) pointed at the Gateway, when the answer is an error. The
// Gateway's own refusals (401, 403, 409, 424) reach the SDK as its usual error classes in Anthropic's
// error shape; the provider's errors (429, 500, 529) pass through with their headers. The answers are
// in anthropic-sdk.test.ts.
// Every assert.ok here carries a message: without one, a failing assert.ok makes Node 20 re-read this
// file to quote the expression, at the line and column of the code tsx generated, and that search
// has been seen to spin for many minutes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import {
  MODEL,
  REPLY,
  REQUEST_ID,
  TIMEOUT,
  anthropicLookups,
  assertGatewayBody,
  fault,
  params,
  rejection,
  tagged,
} from '../helpers/anthropic-sdk.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { MOCK_KEYS } from '../mocks/mock-upstream.ts';

eachEngine('Anthropic SDK through the Gateway: errors', (engine) => {
  let fx: GatewayFixture;
  let client: Anthropic;

  before(async () => {
    fx = await startGatewayFixture(engine);
    client = new Anthropic({ apiKey: fx.token, baseURL: fx.gatewayUrl, maxRetries: 0 });
  });
  after(() => fx?.close());

  const { activityFor, upstreamFor, reachedUpstream } = anthropicLookups(() => fx);

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

  const countTokens = () => client.messages.countTokens({ model: MODEL, messages: params.messages });
});
