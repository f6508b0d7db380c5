// The Responses API mock, checked the way mocks.test.ts checks the others: the official `openai` SDK pointed
// straight at it must create, stream (its typed events, in the documented order), retrieve, list input
// items, cancel and delete, and raise its usual error classes; the wire itself is read for the event names.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import OpenAI from 'openai';
import { MOCK_KEYS, startMockUpstream, toolCallHeader, type MockUpstream } from './mock-upstream.ts';

const REPLY = 'Mock reply part 1. Mock reply part 2. Mock reply part 3. Mock reply part 4. ';
const READ_FILE = { name: 'read_file', arguments: { path: 'notes/todo.txt', limit: 20 } };

let upstream: MockUpstream;
before(async () => {
  upstream = await startMockUpstream();
});
after(() => upstream.close());
beforeEach(() => {
  upstream.reset();
  upstream.configure({ fault: undefined, chunkDelayMs: 0, chunkCount: 4, script: undefined });
});

const client = () => new OpenAI({ apiKey: MOCK_KEYS.openai, baseURL: `${upstream.url}/v1`, maxRetries: 0 });
const params = { model: 'gpt-4.1-mini', input: 'Say hello, please.' };

describe('Responses API mock, through the openai SDK', () => {
  test('create, not streamed: a message item, usage, output_text', async () => {
    const res = await client().responses.create({ ...params, instructions: 'Be brief.' });
    assert.match(res.id, /^resp_[0-9a-f]{50}$/);
    assert.equal(res.object, 'response');
    assert.equal(res.status, 'completed');
    assert.equal(res.output_text, REPLY);
    assert.equal(res.instructions, 'Be brief.');
    const [item] = res.output;
    assert.equal(item?.type, 'message');
    assert.match(item?.id ?? '', /^msg_/);
    assert.ok(res.usage && res.usage.input_tokens > 0 && res.usage.output_tokens > 0);
    assert.equal(res.usage.total_tokens, res.usage.input_tokens + res.usage.output_tokens);
    assert.equal(res.usage.input_tokens_details.cached_tokens, 0);
    assert.equal(res.usage.output_tokens_details.reasoning_tokens, 0);
    assert.equal(upstream.requests[0]?.operation, 'responses');
  });

  test('streamed: the typed events in order, sequence numbers rising, text from the deltas', async () => {
    const stream = await client().responses.create({ ...params, stream: true });
    const types: string[] = [];
    const sequence: number[] = [];
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      sequence.push(event.sequence_number);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    assert.deepEqual(types, [
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...Array(4).fill('response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    assert.deepEqual(
      sequence,
      types.map((_, i) => i),
    );
    assert.equal(text, REPLY);
    const message = completed?.output[0];
    assert.ok(message?.type === 'message' && message.content[0]?.type === 'output_text');
    assert.equal(message.content[0].text, REPLY);
    assert.ok((completed?.usage?.output_tokens ?? 0) > 0);
  });

  test('a function call, streamed: arguments in deltas, then the finished item; the SDK helper agrees', async () => {
    const stream = client().responses.stream(
      {
        ...params,
        tools: [{ type: 'function', name: 'read_file', parameters: { type: 'object' }, strict: false }],
      },
      { headers: toolCallHeader(READ_FILE) },
    );
    let args = '';
    const types: string[] = [];
    stream.on('response.function_call_arguments.delta', (e) => (args += e.delta));
    stream.on('event', (e) => types.push(e.type));
    const final = await stream.finalResponse();
    const call = final.output.find((i) => i.type === 'function_call');
    assert.ok(call && call.type === 'function_call');
    assert.equal(call.name, 'read_file');
    assert.match(call.call_id, /^call_/);
    assert.deepEqual(JSON.parse(call.arguments), READ_FILE.arguments);
    assert.equal(args, call.arguments);
    assert.ok(types.includes('response.function_call_arguments.done'));
    assert.ok(types.filter((t) => t === 'response.function_call_arguments.delta').length > 1);
  });

  test('a reasoning model: a reasoning item (encrypted when included) and reasoning tokens', async () => {
    const res = await client().responses.create({
      model: 'gpt-5-codex',
      input: 'Plan it.',
      reasoning: { effort: 'medium' },
      include: ['reasoning.encrypted_content'],
      store: false,
    });
    const [reasoning, message] = res.output;
    assert.equal(reasoning?.type, 'reasoning');
    assert.ok(reasoning?.type === 'reasoning' && (reasoning.encrypted_content ?? '').length > 0);
    assert.equal(message?.type, 'message');
    assert.ok((res.usage?.output_tokens_details.reasoning_tokens ?? 0) > 0);
    // store: false → nothing to retrieve.
    await assert.rejects(client().responses.retrieve(res.id), OpenAI.NotFoundError);
  });

  test('a long repeated prefix is served from cache on the second request', async () => {
    const instructions = 'You are a careful coding agent. '.repeat(200); // ~1,600 tokens
    const first = await client().responses.create({ ...params, instructions });
    const second = await client().responses.create({ ...params, instructions, input: 'And again.' });
    assert.equal(first.usage?.input_tokens_details.cached_tokens, 0);
    const cached = second.usage?.input_tokens_details.cached_tokens ?? 0;
    assert.ok(cached >= 1024 && cached % 128 === 0 && cached <= (second.usage?.input_tokens ?? 0));
  });

  test('retrieve, input_items (newest first), delete; an unknown id is NotFoundError', async () => {
    const input = [
      { role: 'user' as const, content: 'first' },
      { role: 'user' as const, content: [{ type: 'input_text' as const, text: 'second' }] },
    ];
    const res = await client().responses.create({ ...params, input });
    const again = await client().responses.retrieve(res.id);
    assert.equal(again.output_text, REPLY);
    const items = await client().responses.inputItems.list(res.id);
    const texts = items.data.map((i) => (i.type === 'message' ? (i.content[0] as any).text : i.type));
    assert.deepEqual(texts, ['second', 'first']);
    const asc = await client().responses.inputItems.list(res.id, { order: 'asc', limit: 1 });
    assert.equal(asc.data.length, 1);
    assert.equal(asc.has_more, true);
    await client().responses.delete(res.id);
    const gone = client().responses.retrieve(res.id);
    await assert.rejects(gone, (err: any) => {
      assert.ok(err instanceof OpenAI.NotFoundError);
      assert.match(err.message, new RegExp(`Response with id '${res.id}' not found`));
      return true;
    });
    assert.deepEqual(
      upstream.requests.map((r) => r.operation),
      [
        'responses',
        'responses.retrieve',
        'responses.input_items',
        'responses.input_items',
        'responses.delete',
        'responses.retrieve',
      ],
    );
  });

  test('cancel: a queued background response is cancelled; a synchronous one is refused', async () => {
    const queued = await client().responses.create({ ...params, background: true });
    assert.equal(queued.status, 'queued');
    const cancelled = await client().responses.cancel(queued.id);
    assert.equal(cancelled.status, 'cancelled');
    const polled = await client().responses.create({ ...params, background: true });
    assert.equal((await client().responses.retrieve(polled.id)).status, 'completed');
    const sync = await client().responses.create(params);
    await assert.rejects(client().responses.cancel(sync.id), (err: any) => {
      assert.ok(err instanceof OpenAI.BadRequestError);
      assert.match(err.message, /Cannot cancel a synchronous response/);
      return true;
    });
  });

  test('errors: wrong key, missing model, unknown previous response, 429, in-stream error', async () => {
    const bad = new OpenAI({ apiKey: 'sk-wrong-key-123', baseURL: `${upstream.url}/v1`, maxRetries: 0 });
    await assert.rejects(bad.responses.create(params), OpenAI.AuthenticationError);
    await assert.rejects(client().responses.create({ input: 'x' } as any), (err: any) => {
      assert.ok(err instanceof OpenAI.BadRequestError);
      assert.equal(err.param, 'model');
      return true;
    });
    await assert.rejects(
      client().responses.create({ ...params, previous_response_id: 'resp_missing' }),
      /Previous response with id 'resp_missing' not found/,
    );
    await assert.rejects(
      client().responses.create(params, { headers: { 'x-mock-fault': '429' } }),
      OpenAI.RateLimitError,
    );
    const stream = await client().responses.create(
      { ...params, stream: true },
      { headers: { 'x-mock-fault': 'stream-error' } },
    );
    // The SDK hands the `error` event over as a typed event (it throws only for a `data.error` object).
    const seen: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const e of stream) seen.push(e);
    assert.equal(seen[3]?.type, 'response.content_part.added');
    assert.equal(seen[4]?.type, 'response.output_text.delta');
    const last = seen.at(-1);
    assert.ok(last?.type === 'error', `expected an error event, got ${last?.type}`);
    assert.match(last.message, /The server had an error/);
    assert.equal(last.sequence_number, 5);
  });
});

describe('Responses API mock, on the wire', () => {
  test('named events whose `event:` matches the data type, no [DONE]; a script leads the turns', async () => {
    upstream.configure({
      // A tool call until the conversation carries its output, then text.
      script: ({ body }) =>
        [body.input ?? []].flat().some((i: any) => i.type === 'function_call_output')
          ? { pieces: ['Done: ', 'two lines.'] }
          : { toolCall: { name: 'shell', arguments: { command: ['cat', 'a.txt'] } } },
    });
    const post = (input: unknown) =>
      fetch(`${upstream.url}/v1/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${MOCK_KEYS.openai}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4.1-mini', input, stream: true }),
      });
    const res = await post('Read a.txt');
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    const events = frames.map((f) => {
      const m = /^event: (\S+)\ndata: (.+)$/.exec(f);
      assert.ok(m, `frame not in the documented framing: ${f}`);
      const data = JSON.parse(m[2] ?? '');
      assert.equal(data.type, m[1]);
      return data;
    });
    assert.ok(!frames.some((f) => f.includes('[DONE]')));
    const call = events.find((e) => e.type === 'response.output_item.done')?.item;
    assert.equal(call?.type, 'function_call');
    assert.deepEqual(JSON.parse(call.arguments), { command: ['cat', 'a.txt'] });
    const next = await post([
      { role: 'user', content: 'Read a.txt' },
      { type: 'function_call', call_id: call.call_id, name: 'shell', arguments: call.arguments },
      { type: 'function_call_output', call_id: call.call_id, output: 'one\ntwo\n' },
    ]);
    const text = (await next.text())
      .split('\n\n')
      .filter((f) => f.startsWith('event: response.output_text.delta'))
      .map((f) => JSON.parse(f.slice(f.indexOf('data: ') + 6)).delta)
      .join('');
    assert.equal(text, 'Done: two lines.');
  });
});
