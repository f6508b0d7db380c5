// Cached and reasoning tokens in the activity, read in every API shape where the provider reports them,
// streamed and not, each with its official SDK through the Gateway. The mock provider reports them under
// each provider's documented field (OpenAI prompt_tokens_details.cached_tokens and
// completion_tokens_details.reasoning_tokens, the Responses API's input_tokens_details and
// output_tokens_details, Anthropic cache_read_input_tokens, Gemini cachedContentTokenCount and
// thoughtsTokenCount), with non-zero values so that a reader that misses one fails.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI, { AzureOpenAI } from 'openai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';

const CACHED = 1152;
const REASONING = 320;
const CACHE_WRITE = 77;

/** The provider's usage as it reports it when a cached prefix was read and the model thought. */
function reportDetails(wire: string): string {
  return wire
    .replaceAll('"cached_tokens":0', `"cached_tokens":${CACHED}`)
    .replaceAll('"reasoning_tokens":0', `"reasoning_tokens":${REASONING}`)
    .replaceAll('"cache_read_input_tokens":0', `"cache_read_input_tokens":${CACHED}`)
    .replaceAll('"cache_creation_input_tokens":0', `"cache_creation_input_tokens":${CACHE_WRITE}`)
    .replaceAll(
      '"totalTokenCount":',
      `"cachedContentTokenCount":${CACHED},"thoughtsTokenCount":${REASONING},"totalTokenCount":`,
    );
}

const messages = [{ role: 'user' as const, content: 'Say hello' }];

eachEngine('cached and reasoning tokens in the activity', (engine) => {
  let f: GatewayFixture;
  let openai: OpenAI;
  before(async () => {
    f = await startGatewayFixture(engine, { upstream: { rewrite: reportDetails } });
    openai = new OpenAI({ apiKey: f.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
  });
  after(() => f.close());
  const details = async (requestId: string | null) => {
    const a = await f.activityOf(requestId);
    return [a.cached_tokens, a.reasoning_tokens];
  };
  const rid = (r: Response) => r.headers.get('x-gatehouse-request-id');

  test('OpenAI chat completions, plain and streamed (with include_usage)', async () => {
    const plain = await openai.chat.completions.create({ model: MODELS.openai, messages }).withResponse();
    assert.equal(plain.data.usage!.prompt_tokens_details!.cached_tokens, CACHED);
    assert.deepEqual(await details(rid(plain.response)), [CACHED, REASONING]);
    const streamed = await openai.chat.completions
      .create({ model: MODELS.openai, messages, stream: true, stream_options: { include_usage: true } })
      .withResponse();
    for await (const chunk of streamed.data) void chunk;
    assert.deepEqual(await details(rid(streamed.response)), [CACHED, REASONING]);
    // Without include_usage the stream reports no usage at all: nothing to record.
    const bare = await openai.chat.completions
      .create({ model: MODELS.openai, messages, stream: true })
      .withResponse();
    for await (const chunk of bare.data) void chunk;
    assert.deepEqual(await details(rid(bare.response)), [null, null]);
  });

  test('Azure OpenAI deployments, plain and streamed (the chat completions reader)', async () => {
    const azure = new AzureOpenAI({
      apiKey: f.token,
      endpoint: `${f.gatewayUrl}/azure`,
      apiVersion: '2024-10-21',
      deployment: MODELS.azure,
      maxRetries: 0,
    });
    const plain = await azure.chat.completions.create({ model: 'gpt-4o', messages }).withResponse();
    assert.deepEqual(await details(rid(plain.response)), [CACHED, REASONING]);
    const streamed = await azure.chat.completions
      .create({ model: 'gpt-4o', messages, stream: true, stream_options: { include_usage: true } })
      .withResponse();
    for await (const chunk of streamed.data) void chunk;
    assert.deepEqual(await details(rid(streamed.response)), [CACHED, REASONING]);
  });

  test('OpenAI Responses API, plain and streamed', async () => {
    const plain = await openai.responses.create({ model: MODELS.openai, input: 'Say hello' }).withResponse();
    assert.equal(plain.data.usage!.output_tokens_details.reasoning_tokens, REASONING);
    assert.deepEqual(await details(rid(plain.response)), [CACHED, REASONING]);
    const streamed = await openai.responses
      .create({ model: MODELS.openai, input: 'Say hello', stream: true })
      .withResponse();
    for await (const event of streamed.data) void event;
    assert.deepEqual(await details(rid(streamed.response)), [CACHED, REASONING]);
  });

  test('Anthropic Messages: cache reads are the cached tokens; cache writes stay input only', async () => {
    const client = new Anthropic({ apiKey: f.token, baseURL: f.gatewayUrl, maxRetries: 0 });
    const plain = await client.messages
      .create({ model: MODELS.anthropic, max_tokens: 64, messages })
      .withResponse();
    const a = await f.activityOf(rid(plain.response));
    assert.deepEqual([a.cached_tokens, a.reasoning_tokens], [CACHED, null]);
    assert.equal(a.input_tokens, plain.data.usage.input_tokens + CACHED + CACHE_WRITE);
    const streamed = await client.messages
      .create({ model: MODELS.anthropic, max_tokens: 64, messages, stream: true })
      .withResponse();
    for await (const event of streamed.data) void event;
    assert.deepEqual(await details(rid(streamed.response)), [CACHED, null]);
  });

  test('Gemini generateContent, plain and streamed: thoughts are reasoning, counted in output', async () => {
    let requestId: string | null = null;
    const original = globalThis.fetch;
    // The SDK takes no fetch of its own: the request id is read from the answers it fetches.
    const spy: typeof fetch = async (input, init) => {
      const res = await original(input, init);
      requestId = res.headers.get('x-gatehouse-request-id');
      return res;
    };
    const client = new GoogleGenAI({
      apiKey: f.token,
      httpOptions: { baseUrl: `${f.gatewayUrl}/gemini` },
    });
    globalThis.fetch = spy;
    try {
      const plain = await client.models.generateContent({ model: MODELS.gemini, contents: 'Say hello' });
      const a = await f.activityOf(requestId);
      assert.deepEqual([a.cached_tokens, a.reasoning_tokens], [CACHED, REASONING]);
      assert.equal(a.output_tokens, plain.usageMetadata!.candidatesTokenCount! + REASONING);
      const stream = await client.models.generateContentStream({
        model: MODELS.gemini,
        contents: 'Say hello',
      });
      for await (const chunk of stream) void chunk;
      assert.deepEqual(await details(requestId), [CACHED, REASONING]);
    } finally {
      globalThis.fetch = original;
    }
  });
});
