// The official openai SDK (and its AzureOpenAI client) through the real Gateway to the mock providers:
// answers streamed and not, usage in the activity record, and every refusal and upstream error raised
// as the SDK's usual error class carrying the right message.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI, { AzureOpenAI } from 'openai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { MOCK_KEYS } from '../mocks/mock-upstream.ts';

const messages = [{ role: 'user' as const, content: 'Say hello' }];
const fault = (f: string) => ({ headers: { 'x-mock-fault': f } });

async function rejects(
  promise: Promise<unknown>,
  cls: new (...a: never[]) => Error,
  status: number,
  words: RegExp,
) {
  const err = await promise.then(
    () => assert.fail('expected an error'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof cls, `expected ${cls.name}, got ${String(err)}`);
  assert.equal((err as { status?: number }).status, status);
  assert.match((err as Error).message, words);
  return err as InstanceType<typeof OpenAI.APIError>;
}

eachEngine('openai SDK through the Gateway', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine);
  });
  after(() => f.close());
  const client = (apiKey = f.token) => new OpenAI({ apiKey, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });

  describe('chat completions', () => {
    test('not streamed: the answer and its usage, recorded with the caller, tool, key and tokens', async () => {
      const { data: res, response } = await client()
        .chat.completions.create({ model: MODELS.openai, messages })
        .withResponse();
      assert.match(res.choices[0]!.message.content ?? '', /Mock reply/);
      const rec = f.upstream.requests.at(-1)!;
      assert.equal(rec.path, '/v1/chat/completions');
      assert.equal(rec.headers.authorization, `Bearer ${MOCK_KEYS.openai}`);
      assert.ok(!JSON.stringify(rec.headers).includes(f.token), 'the Gateway token reached the provider');
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.deepEqual(
        {
          actor: a!.actor?.id,
          tool: a!.tool,
          provider: a!.provider,
          model: a!.model,
          key: a!.provider_key_id,
          status: a!.status,
          outcome: a!.outcome,
          stream: a!.stream,
          input: a!.input_tokens,
          output: a!.output_tokens,
        },
        {
          actor: f.credentialId,
          tool: 'openai-sdk',
          provider: 'openai',
          model: MODELS.openai,
          key: f.keys.openai.id,
          status: 200,
          outcome: 'allowed',
          stream: false,
          input: res.usage!.prompt_tokens,
          output: res.usage!.completion_tokens,
        },
      );
      assert.ok(a!.latency_ms > 0 && a!.request_bytes > 0 && a!.response_bytes > 0);
    });

    test('streamed, with the usage chunk read into the activity record', async () => {
      const { data: stream, response } = await client()
        .chat.completions.create({
          model: MODELS.openai,
          messages,
          stream: true,
          stream_options: { include_usage: true },
        })
        .withResponse();
      let text = '';
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        usage = chunk.usage ?? usage;
      }
      assert.match(text, /Mock reply part 1\. .*part 4\./);
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.equal(a!.stream, true);
      assert.equal(a!.input_tokens, usage!.prompt_tokens);
      assert.equal(a!.output_tokens, usage!.completion_tokens);
      assert.ok(a!.ttfb_ms !== null && a!.ttfb_ms <= a!.latency_ms);
    });

    test('GET /v1/models lists the enabled models in OpenAI’s shape', async () => {
      const ids = [];
      for await (const m of client().models.list()) ids.push(m.id);
      assert.ok(ids.includes('gpt-4o-mini') && ids.includes('gpt-4o-prod'), ids.join());
      assert.ok(!ids.some((id) => id.includes('*')), 'patterns are not listed');
    });
  });

  describe('AzureOpenAI client', () => {
    const azure = (apiKey = f.token) =>
      new AzureOpenAI({
        apiKey,
        endpoint: `${f.gatewayUrl}/azure`,
        apiVersion: '2024-10-21',
        deployment: MODELS.azure,
        maxRetries: 0,
      });

    test('the deployment is the model; the key goes upstream in api-key with the caller’s api-version', async () => {
      const { data: res, response } = await azure()
        .chat.completions.create({ model: 'gpt-4o', messages })
        .withResponse();
      assert.match(res.choices[0]!.message.content ?? '', /Mock reply/);
      const rec = f.upstream.requests.at(-1)!;
      assert.equal(rec.path, `/openai/deployments/${MODELS.azure}/chat/completions`);
      assert.equal(rec.query['api-version'], '2024-10-21');
      assert.equal(rec.headers['api-key'], MOCK_KEYS.azure);
      let text = '';
      for await (const chunk of await azure().chat.completions.create({
        model: 'gpt-4o',
        messages,
        stream: true,
      }))
        text += chunk.choices[0]?.delta.content ?? '';
      assert.match(text, /Mock reply/);
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.equal(a!.model, MODELS.azure);
      assert.equal(a!.provider_key_id, f.keys.azure.id);
    });

    test('refusals in Azure’s error shape raise the usual classes', async () => {
      await rejects(
        azure('not-a-token').chat.completions.create({ model: 'x', messages }),
        OpenAI.AuthenticationError,
        401,
        /did not recognise this token/,
      );
      const unknown = new AzureOpenAI({
        apiKey: f.token,
        endpoint: `${f.gatewayUrl}/azure`,
        apiVersion: '2024-10-21',
        deployment: 'no-such-deployment',
        maxRetries: 0,
      });
      const err = await rejects(
        unknown.chat.completions.create({ model: 'x', messages }),
        OpenAI.APIError,
        424,
        /No Azure OpenAI provider key enables deployment "no-such-deployment"/,
      );
      assert.equal((err.error as { code?: string }).code, 'no_provider_key');
    });
  });

  describe('errors', () => {
    test('401 for a missing or unknown token, in OpenAI’s shape', async () => {
      const err = await rejects(
        client('sk-real-openai-key').chat.completions.create({ model: MODELS.openai, messages }),
        OpenAI.AuthenticationError,
        401,
        /provider's own API key does not work here/,
      );
      assert.equal((err.error as { code?: string }).code, 'invalid_token');
      const res = await fetch(`${f.gatewayUrl}/v1/chat/completions`, { method: 'POST', body: '{}' });
      assert.equal(res.status, 401);
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'missing_token');
    });

    test('403 for a token without gateway:invoke', async () => {
      await rejects(
        client(f.readOnlyToken).chat.completions.create({ model: MODELS.openai, messages }),
        OpenAI.PermissionDeniedError,
        403,
        /lacks the gateway:invoke scope/,
      );
    });

    test('409 when two keys enable the model, naming both; 424 when none does', async () => {
      const second = await f.addKey({
        name: 'openai-second',
        provider: 'openai',
        secret: 'sk-second-key-000',
        base_url: `${f.upstream.url}/v1`,
        enabled_models: ['gpt-4o*'],
      });
      let conflict;
      try {
        conflict = await rejects(
          client().chat.completions.create({ model: 'gpt-4o', messages }),
          OpenAI.ConflictError,
          409,
          /"openai-main", "openai-second".*disjoint/,
        );
      } finally {
        assert.equal((await f.admin.delete(`/api/v1/provider-keys/${second.id}`)).status, 204);
      }
      const none = await rejects(
        client().chat.completions.create({ model: 'gpt-9-turbo', messages }),
        OpenAI.APIError,
        424,
        /No OpenAI provider key enables model "gpt-9-turbo"/,
      );
      const refused = [
        await f.activityOf(none.headers?.get('x-gatehouse-request-id')),
        await f.activityOf(conflict.headers?.get('x-gatehouse-request-id')),
      ];
      assert.deepEqual(
        refused.map((a) => [a.status, a.outcome, a.error_code]),
        [
          [424, 'gateway_error', 'no_provider_key'],
          [409, 'gateway_error', 'model_conflict'],
        ],
      );
    });

    test('upstream 429 and 500 reach the caller unchanged, sent upstream once each', async () => {
      const before = f.upstream.requests.length;
      const limited = await rejects(
        client().chat.completions.create({ model: MODELS.openai, messages }, fault('429')),
        OpenAI.RateLimitError,
        429,
        /Rate limit reached/,
      );
      assert.ok(limited.headers?.get('retry-after'), 'retry-after passes through');
      assert.ok(
        limited.headers?.get('x-request-id')?.startsWith('req_'),
        'the provider’s request id passes through',
      );
      assert.ok(limited.headers?.get('x-gatehouse-request-id'), 'the Gateway names its own request id apart');
      const failed = await rejects(
        client().chat.completions.create({ model: MODELS.openai, messages }, fault('500')),
        OpenAI.InternalServerError,
        500,
        /server had an error/,
      );
      assert.equal(f.upstream.requests.length - before, 2, 'no retries by the Gateway');
      const recent = [
        await f.activityOf(failed.headers?.get('x-gatehouse-request-id')),
        await f.activityOf(limited.headers?.get('x-gatehouse-request-id')),
      ];
      assert.deepEqual(
        recent.map((a) => [a.status, a.outcome]),
        [
          [500, 'upstream_error'],
          [429, 'upstream_error'],
        ],
      );
    });
  });
});
