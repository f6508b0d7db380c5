// The mocks are only worth trusting if the providers' own SDKs accept them: each official SDK is pointed
// straight at the mock (no Gateway) and must work, and must raise its usual error class, carrying the
// message from the body, for an injected fault. mock-wire.test.ts checks the wire details the SDKs hide.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI, { AzureOpenAI } from 'openai';
import {
  MOCK_KEYS,
  startMockUpstream,
  toolCallHeader,
  type Fault,
  type MockUpstream,
} from './mock-upstream.ts';

const REPLY = 'Mock reply part 1. Mock reply part 2. Mock reply part 3. Mock reply part 4. ';
const fault = (f: Fault) => ({ headers: { 'x-mock-fault': f } });
const READ_FILE = { name: 'read_file', arguments: { path: 'notes/todo.txt' } };

let upstream: MockUpstream;
before(async () => {
  upstream = await startMockUpstream();
});
after(() => upstream.close());
beforeEach(() => {
  upstream.reset();
  upstream.configure({ fault: undefined, chunkDelayMs: 0, chunkCount: 4 });
});

/** Asserts the promise rejects with `cls`, the given status, and a message containing `text`. */
async function rejectsWith(
  p: Promise<unknown>,
  cls: new (...a: any[]) => Error,
  status: number,
  text: string,
) {
  await assert.rejects(p, (err: any) => {
    assert.ok(err instanceof cls, `expected ${cls.name}, got ${err?.constructor?.name}: ${err?.message}`);
    assert.equal((err as { status?: number }).status, status);
    assert.match(err.message, new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return true;
  });
}

describe('OpenAI SDK against the mock', () => {
  const client = () => new OpenAI({ apiKey: MOCK_KEYS.openai, baseURL: `${upstream.url}/v1`, maxRetries: 0 });
  const params = {
    model: 'gpt-4o-mini',
    messages: [{ role: 'user' as const, content: 'Say hello, please.' }],
  };

  test('chat completion, not streamed', async () => {
    const res = await client().chat.completions.create(params);
    assert.equal(res.choices[0]?.message.content, REPLY);
    assert.equal(res.model, 'gpt-4o-mini');
    assert.match(res.id, /^chatcmpl-/);
    assert.match(res._request_id ?? '', /^req_[0-9a-f]{32}$/);
    assert.ok(res.usage && res.usage.prompt_tokens > 0 && res.usage.total_tokens > res.usage.prompt_tokens);
    const [rec] = upstream.requests;
    assert.equal(rec?.headers.authorization, `Bearer ${MOCK_KEYS.openai}`);
    assert.equal(rec?.path, '/v1/chat/completions');
    assert.ok((rec?.bodySize ?? 0) > 0);
  });

  test('chat completion, streamed with include_usage', async () => {
    const stream = await client().chat.completions.create({
      ...params,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    assert.equal(text, REPLY);
    assert.ok(usage && usage.completion_tokens > 0);
  });

  test('a tool call: tool_calls with JSON arguments (streamed in pieces) and finish_reason tool_calls', async () => {
    const withTools = {
      ...params,
      tools: [{ type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object' } } }],
    };
    const res = await client().chat.completions.create(withTools, { headers: toolCallHeader(READ_FILE) });
    const [choice] = res.choices;
    assert.equal(choice?.finish_reason, 'tool_calls');
    const call = choice?.message.tool_calls?.[0];
    assert.ok(call?.type === 'function' && /^call_/.test(call.id));
    assert.equal(call.function.name, 'read_file');
    assert.deepEqual(JSON.parse(call.function.arguments), READ_FILE.arguments);
    // The SDK's stream helper puts the pieces back together, as an agent's loop does.
    const stream = client().chat.completions.stream(withTools, { headers: toolCallHeader(READ_FILE) });
    const final = await stream.finalChatCompletion();
    const streamed = final.choices[0]?.message.tool_calls?.[0];
    assert.equal(final.choices[0]?.finish_reason, 'tool_calls');
    assert.ok(streamed?.type === 'function');
    assert.equal(streamed.function.name, 'read_file');
    assert.deepEqual(JSON.parse(streamed.function.arguments), READ_FILE.arguments);
  });

  test('wrong key → AuthenticationError; 429, 500, deprecated model → their error classes', async () => {
    const bad = new OpenAI({ apiKey: 'sk-wrong-key-123', baseURL: `${upstream.url}/v1`, maxRetries: 0 });
    await rejectsWith(
      bad.chat.completions.create(params),
      OpenAI.AuthenticationError,
      401,
      'Incorrect API key',
    );
    const c = client();
    await rejectsWith(
      c.chat.completions.create(params, fault('429')),
      OpenAI.RateLimitError,
      429,
      'Rate limit reached',
    );
    await rejectsWith(
      c.chat.completions.create(params, fault('500')),
      OpenAI.InternalServerError,
      500,
      'The server had an error',
    );
    await rejectsWith(
      c.chat.completions.create(params, fault('404-deprecated')),
      OpenAI.NotFoundError,
      404,
      'deprecated',
    );
  });
});

describe('AzureOpenAI client against the mock', () => {
  const client = () =>
    new AzureOpenAI({
      apiKey: MOCK_KEYS.azure,
      endpoint: upstream.url,
      apiVersion: '2024-10-21',
      deployment: 'gpt-4o-prod',
      maxRetries: 0,
    });
  const params = { model: 'gpt-4o', messages: [{ role: 'user' as const, content: 'Hi there' }] };

  test('chat completion, not streamed and streamed (with the filter-results chunk first)', async () => {
    const res = await client().chat.completions.create(params);
    assert.equal(res.choices[0]?.message.content, REPLY);
    const rec = upstream.requests[0];
    assert.equal(rec?.path, '/openai/deployments/gpt-4o-prod/chat/completions');
    assert.equal(rec?.query['api-version'], '2024-10-21');
    assert.equal(rec?.headers['api-key'], MOCK_KEYS.azure);
    let text = '';
    for await (const chunk of await client().chat.completions.create({ ...params, stream: true })) {
      text += chunk.choices[0]?.delta.content ?? '';
    }
    assert.equal(text, REPLY);
  });

  test('429 and 500 raise the usual classes', async () => {
    const c = client();
    await rejectsWith(
      c.chat.completions.create(params, fault('429')),
      OpenAI.RateLimitError,
      429,
      'Please retry after',
    );
    await rejectsWith(
      c.chat.completions.create(params, fault('500')),
      OpenAI.InternalServerError,
      500,
      'server had an error',
    );
  });
});

describe('Anthropic SDK against the mock', () => {
  const client = () => new Anthropic({ apiKey: MOCK_KEYS.anthropic, baseURL: upstream.url, maxRetries: 0 });
  const params = {
    model: 'claude-haiku-4-5',
    max_tokens: 256,
    messages: [{ role: 'user' as const, content: 'Hello, Claude. '.repeat(40) }],
  };

  test('message, not streamed; count_tokens', async () => {
    const msg = await client().messages.create(params);
    assert.equal(msg.content[0]?.type === 'text' && msg.content[0].text, REPLY);
    assert.equal(msg.model, 'claude-haiku-4-5');
    assert.match(msg.id, /^msg_01/);
    assert.ok(msg.usage.input_tokens >= 150, 'input tokens grow with the prompt');
    // SDK 1.x puts the API key in Authorization: Bearer (older SDKs and Claude Code use x-api-key).
    const rec = upstream.requests[0];
    assert.equal(rec?.headers.authorization, `Bearer ${MOCK_KEYS.anthropic}`);
    assert.ok(rec?.headers['anthropic-version']);
    const count = await client().messages.countTokens({ model: params.model, messages: params.messages });
    assert.equal(count.input_tokens, msg.usage.input_tokens);
  });

  test('a tool call: a tool_use block (streamed as input_json_delta) and stop_reason tool_use', async () => {
    const withTools = {
      ...params,
      tools: [{ name: 'read_file', input_schema: { type: 'object' as const } }],
    };
    const msg = await client().messages.create(withTools, { headers: toolCallHeader(READ_FILE) });
    assert.equal(msg.stop_reason, 'tool_use');
    const [block] = msg.content;
    assert.ok(block?.type === 'tool_use' && /^toolu_01/.test(block.id));
    assert.deepEqual(block.input, READ_FILE.arguments);
    const stream = client().messages.stream(withTools, { headers: toolCallHeader(READ_FILE) });
    let json = '';
    stream.on('inputJson', (partial) => (json += partial));
    const final = await stream.finalMessage();
    assert.equal(final.stop_reason, 'tool_use');
    assert.ok(final.content[0]?.type === 'tool_use');
    assert.deepEqual(final.content[0].input, READ_FILE.arguments);
    assert.deepEqual(JSON.parse(json), READ_FILE.arguments);
  });

  test('message, streamed: text deltas and the final usage from message_delta', async () => {
    const stream = client().messages.stream(params);
    let text = '';
    stream.on('text', (t) => (text += t));
    const final = await stream.finalMessage();
    assert.equal(text, REPLY);
    assert.ok(final.usage.output_tokens > 1);
  });

  test('wrong key, 429, 500, 529 and an in-stream error raise the usual classes', async () => {
    const bad = new Anthropic({ apiKey: 'sk-ant-wrong', baseURL: upstream.url, maxRetries: 0 });
    await rejectsWith(
      bad.messages.create(params),
      Anthropic.AuthenticationError,
      401,
      'Invalid bearer token',
    );
    const viaHeader = new Anthropic({
      apiKey: null,
      baseURL: upstream.url,
      maxRetries: 0,
      defaultHeaders: { 'x-api-key': 'sk-ant-wrong' },
    });
    await rejectsWith(
      viaHeader.messages.create(params),
      Anthropic.AuthenticationError,
      401,
      'invalid x-api-key',
    );
    const c = client();
    await assert.rejects(c.messages.create(params, fault('429')), (err: any) => {
      assert.ok(err instanceof Anthropic.RateLimitError);
      assert.equal(err.type, 'rate_limit_error');
      assert.match(err.requestID ?? '', /^req_/);
      assert.equal(err.headers.get('retry-after'), '1');
      return true;
    });
    await rejectsWith(
      c.messages.create(params, fault('500')),
      Anthropic.InternalServerError,
      500,
      'Internal server error',
    );
    await rejectsWith(c.messages.create(params, fault('529')), Anthropic.OverloadedError, 529, 'Overloaded');
    await assert.rejects(c.messages.stream(params, fault('stream-error')).finalMessage(), /overloaded_error/);
  });
});

describe('@google/genai against the mock', () => {
  const client = (apiVersion?: string) =>
    new GoogleGenAI({
      apiKey: MOCK_KEYS.gemini,
      httpOptions: { baseUrl: upstream.url, ...(apiVersion ? { apiVersion } : {}) },
    });
  const model = 'gemini-2.5-flash';

  test('generateContent (v1beta by default, v1 on request) and countTokens', async () => {
    const res = await client().models.generateContent({ model, contents: 'Why is the sky blue?' });
    assert.equal(res.text, REPLY);
    assert.ok((res.usageMetadata?.promptTokenCount ?? 0) > 0);
    assert.equal(upstream.requests[0]?.path, `/v1beta/models/${model}:generateContent`);
    assert.equal(upstream.requests[0]?.headers['x-goog-api-key'], MOCK_KEYS.gemini);
    await client('v1').models.generateContent({ model, contents: 'Why?' });
    assert.equal(upstream.requests[1]?.path, `/v1/models/${model}:generateContent`);
    const count = await client().models.countTokens({ model, contents: 'Why is the sky blue?' });
    assert.equal(count.totalTokens, res.usageMetadata?.promptTokenCount);
  });

  test('a tool call: one functionCall part, whole, plain and streamed', async () => {
    const options = { httpOptions: { headers: toolCallHeader(READ_FILE) } };
    const res = await client().models.generateContent({ model, contents: 'Read it.', config: options });
    assert.deepEqual(res.functionCalls, [{ name: 'read_file', args: READ_FILE.arguments }]);
    const chunks = [];
    for await (const chunk of await client().models.generateContentStream({
      model,
      contents: 'Read it.',
      config: options,
    }))
      chunks.push(chunk);
    assert.equal(chunks.length, 1);
    assert.deepEqual(chunks[0]?.functionCalls, [{ name: 'read_file', args: READ_FILE.arguments }]);
    assert.equal(chunks[0]?.candidates?.[0]?.finishReason, 'STOP');
  });

  test('streamGenerateContent over SSE, usage on the last chunk', async () => {
    let text = '';
    let candidates: number | undefined;
    for await (const chunk of await client().models.generateContentStream({
      model,
      contents: 'Tell me more',
    })) {
      text += chunk.text ?? '';
      candidates = chunk.usageMetadata?.candidatesTokenCount ?? candidates;
    }
    assert.equal(text, REPLY);
    assert.ok((candidates ?? 0) > 0);
    assert.equal(upstream.requests[0]?.query.alt, 'sse');
  });

  test('429 and 500 raise ApiError with the status and the body message', async () => {
    const withFault = (f: Fault) => ({ httpOptions: { headers: { 'x-mock-fault': f } } });
    const c = client();
    await rejectsWith(
      c.models.generateContent({ model, contents: 'x', config: withFault('429') }),
      ApiError,
      429,
      'exceeded your current quota',
    );
    await rejectsWith(
      c.models.generateContent({ model, contents: 'x', config: withFault('500') }),
      ApiError,
      500,
      'An internal error',
    );
  });
});
