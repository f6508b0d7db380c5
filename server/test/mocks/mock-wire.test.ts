// What the SDKs hide and a Gateway must get right: the bytes of each provider's SSE framing, each
// provider's credential forms, and the timing faults (hang, slow first byte, dropped stream), including the
// mock noticing a client that goes away, which is how Gateway tests will see cancellation propagate.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import OpenAI from 'openai';
import { MOCK_KEYS, startMockUpstream, type MockUpstream } from './mock-upstream.ts';

let upstream: MockUpstream;
before(async () => {
  upstream = await startMockUpstream();
});
after(() => upstream.close());
beforeEach(() => {
  upstream.reset();
  upstream.configure({ fault: undefined, chunkDelayMs: 0, chunkCount: 4 });
});

const post = (path: string, headers: Record<string, string>, body: unknown, signal?: AbortSignal) =>
  fetch(`${upstream.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

// Error bodies of many shapes: asserting on their fields matters more than typing each one.
const bodyOf = async (res: Response): Promise<any> => res.json();

const openaiChat = (headers: Record<string, string>, signal?: AbortSignal) =>
  post(
    '/v1/chat/completions',
    { authorization: `Bearer ${MOCK_KEYS.openai}`, ...headers },
    { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true },
    signal,
  );

describe('SSE framing on the wire', () => {
  test('OpenAI: bare data lines, blank-line separators, [DONE] last', async () => {
    const res = await openaiChat({});
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.match(res.headers.get('x-request-id') ?? '', /^req_/);
    const events = (await res.text()).split('\n\n').filter(Boolean);
    assert.ok(events.every((e) => e.startsWith('data: ') && !e.includes('\n')));
    assert.equal(events.at(-1), 'data: [DONE]');
  });

  test('Anthropic: named events in the documented order, x-api-key accepted', async () => {
    const res = await post(
      '/v1/messages',
      { 'x-api-key': MOCK_KEYS.anthropic, 'anthropic-version': '2023-06-01' },
      {
        model: 'claude-haiku-4-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
      },
    );
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.match(res.headers.get('request-id') ?? '', /^req_/);
    const text = await res.text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    assert.deepEqual(names, [
      'message_start',
      'content_block_start',
      'ping',
      ...Array<string>(4).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    // Each event's data line names the same type as its event line.
    for (const m of text.matchAll(/^event: (\w+)\ndata: (.*)$/gm))
      assert.equal(JSON.parse(m[2] ?? '').type, m[1]);
  });

  test('Anthropic: missing anthropic-version is a 400 in the error shape', async () => {
    const res = await post(
      '/v1/messages',
      { 'x-api-key': MOCK_KEYS.anthropic },
      { model: 'm', max_tokens: 1 },
    );
    assert.equal(res.status, 400);
    const body = await bodyOf(res);
    assert.equal(body.type, 'error');
    assert.equal(body.error.type, 'invalid_request_error');
  });

  test('Gemini: CRLF-framed data lines with ?key=, no end marker; 403 without a key', async () => {
    const path = '/v1beta/models/gemini-2.5-flash:streamGenerateContent';
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const res = await post(`${path}?alt=sse&key=${MOCK_KEYS.gemini}`, {}, body);
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const events = (await res.text()).split('\r\n\r\n').filter(Boolean);
    assert.equal(events.length, 4);
    assert.ok(events.every((e) => e.startsWith('data: ')));
    assert.ok(JSON.parse(events.at(-1)!.slice(6)).usageMetadata.candidatesTokenCount > 0);
    const refused = await post(`${path}?alt=sse`, {}, body);
    assert.equal(refused.status, 403);
    assert.equal((await bodyOf(refused)).error.status, 'PERMISSION_DENIED');
  });

  test('Azure: no api-version → 404 "Resource not found" in Azure shape', async () => {
    const res = await post('/openai/deployments/d/chat/completions', { 'api-key': MOCK_KEYS.azure }, {});
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { error: { code: '404', message: 'Resource not found' } });
  });
});

describe("error faults in each provider's shape", () => {
  const messages = [{ role: 'user', content: 'hi' }];
  const families = {
    anthropic: {
      path: '/v1/messages',
      headers: { 'x-api-key': MOCK_KEYS.anthropic, 'anthropic-version': '2023-06-01' },
      body: { model: 'claude-haiku-4-5', max_tokens: 8, messages },
      idHeader: 'request-id',
      shape: (b: any) =>
        b.type === 'error' && typeof b.error.type === 'string' && typeof b.error.message === 'string',
    },
    openai: {
      path: '/v1/chat/completions',
      headers: { authorization: `Bearer ${MOCK_KEYS.openai}` },
      body: { model: 'gpt-4o-mini', messages },
      idHeader: 'x-request-id',
      shape: (b: any) =>
        typeof b.error.message === 'string' && 'type' in b.error && 'param' in b.error && 'code' in b.error,
    },
    azure: {
      path: '/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
      headers: { 'api-key': MOCK_KEYS.azure },
      body: { messages },
      idHeader: 'apim-request-id',
      shape: (b: any) => typeof b.error.code === 'string' && typeof b.error.message === 'string',
    },
    gemini: {
      path: `/v1beta/models/gemini-2.5-flash:generateContent?key=${MOCK_KEYS.gemini}`,
      headers: {},
      body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
      idHeader: 'server-timing',
      shape: (b: any) => typeof b.error.code === 'number' && typeof b.error.status === 'string',
    },
  };
  const expected = { '429': 429, '500': 500, '529': 503, '404-deprecated': 404 } as const;

  for (const [family, f] of Object.entries(families)) {
    test(family, async () => {
      for (const [fault, status] of Object.entries(expected)) {
        const res = await post(f.path, { ...f.headers, 'x-mock-fault': fault }, f.body);
        const want = family === 'anthropic' && fault === '529' ? 529 : status;
        assert.equal(res.status, want, `${family} ${fault}`);
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
        assert.ok(res.headers.get(f.idHeader), `${family} ${fault} sends ${f.idHeader}`);
        if (fault === '429' && family !== 'gemini') assert.equal(res.headers.get('retry-after'), '1');
        const body = await bodyOf(res);
        assert.ok(f.shape(body), `${family} ${fault} shape: ${JSON.stringify(body)}`);
      }
    });
  }
});

describe('timing faults and cancellation', () => {
  test('a client that leaves mid-stream is noticed', async () => {
    const controller = new AbortController();
    const res = await openaiChat({ 'x-mock-chunks': '50', 'x-mock-chunk-delay-ms': '20' }, controller.signal);
    await res.body!.getReader().read();
    controller.abort();
    const rec = await upstream.waitFor((r) => r.outcome !== 'pending');
    assert.equal(rec.outcome, 'client-aborted');
  });

  test('chunk delay spaces the frames out', async () => {
    upstream.configure({ chunkDelayMs: 30 });
    const started = Date.now();
    await (await openaiChat({})).text();
    // 4 pieces + role + finish + [DONE] = 7 frames, 6 pauses.
    assert.ok(Date.now() - started >= 170);
  });

  test('hang never answers; the client giving up is noticed', async () => {
    await assert.rejects(openaiChat({ 'x-mock-fault': 'hang' }, AbortSignal.timeout(100)));
    assert.equal((await upstream.waitFor((r) => r.outcome !== 'pending')).outcome, 'client-aborted');
  });

  test('slow-first-byte delays the headers', async () => {
    upstream.configure({ slowFirstByteMs: 200 });
    const started = Date.now();
    const res = await openaiChat({ 'x-mock-fault': 'slow-first-byte' });
    assert.ok(Date.now() - started >= 190);
    assert.equal(res.status, 200);
    await res.text();
  });

  test('drop-mid-stream breaks the stream for the SDK, and is recorded as dropped', async () => {
    const client = new OpenAI({ apiKey: MOCK_KEYS.openai, baseURL: `${upstream.url}/v1`, maxRetries: 0 });
    const stream = await client.chat.completions.create(
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true },
      { headers: { 'x-mock-fault': 'drop-mid-stream' } },
    );
    await assert.rejects(async () => {
      for await (const _ of stream) void _;
    });
    assert.equal(upstream.requests[0]?.outcome, 'dropped');
  });

  test('a 10 MB body is read whole and its size recorded', async () => {
    const content = 'x'.repeat(10 * 1024 * 1024);
    const res = await post(
      '/v1/chat/completions',
      { authorization: `Bearer ${MOCK_KEYS.openai}` },
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content }] },
    );
    const body = await bodyOf(res);
    assert.equal(body.usage.prompt_tokens, Math.ceil(content.length / 4) + 1);
    assert.ok((upstream.requests[0]?.bodySize ?? 0) > content.length);
  });

  test('a fault set through options applies to every request', async () => {
    upstream.configure({ fault: '500' });
    const res = await openaiChat({});
    assert.equal(res.status, 500);
    assert.equal((await bodyOf(res)).error.type, 'server_error');
    assert.equal(upstream.requests[0]?.fault, '500');
  });
});
