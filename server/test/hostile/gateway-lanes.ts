// Hostile requests and answers through every provider shape of the Gateway, streamed and not, with
// plain fetch (the raw bytes matter here, not what an SDK makes of them). Bodies are built as text, so
// that a value nested thousands deep (which JSON.stringify cannot write) or a key given twice can be
// put where a test wants it.
import assert from 'node:assert/strict';
import { MODELS, type GatewayFixture } from '../helpers/gateway.ts';
import type { Family } from '../mocks/mock-upstream.ts';

/** An AWS access key id of the right shape (not a documented example): the default rules find it. */
export const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';

export interface Lane {
  family: Family;
  /** Headers the provider requires of every request (the caller's SDK sends them). */
  headers: Record<string, string>;
  /** The Gateway path of a chat request. */
  path(stream: boolean): string;
  /** The request body: `messages` is the raw JSON text of the messages (contents for Gemini). */
  body(messages: string, stream: boolean): string;
  /** The raw JSON of a message list holding one user message whose text is `content`. */
  messages(content: string): string;
}

const userMessage = (content: string) => JSON.stringify([{ role: 'user', content }]);

export const LANES: Lane[] = [
  {
    family: 'anthropic',
    headers: { 'anthropic-version': '2023-06-01' },
    path: () => '/v1/messages',
    body: (messages, stream) =>
      `{"model":"${MODELS.anthropic}","max_tokens":256,"stream":${stream},"messages":${messages}}`,
    messages: userMessage,
  },
  {
    family: 'openai',
    headers: {},
    path: () => '/v1/chat/completions',
    body: (messages, stream) => `{"model":"${MODELS.openai}","stream":${stream},"messages":${messages}}`,
    messages: userMessage,
  },
  {
    family: 'azure',
    headers: {},
    path: () => `/azure/openai/deployments/${MODELS.azure}/chat/completions?api-version=2024-10-21`,
    body: (messages, stream) => `{"stream":${stream},"messages":${messages}}`,
    messages: userMessage,
  },
  {
    family: 'gemini',
    headers: {},
    path: (stream) =>
      stream
        ? `/gemini/v1beta/models/${MODELS.gemini}:streamGenerateContent?alt=sse`
        : `/gemini/v1beta/models/${MODELS.gemini}:generateContent`,
    body: (contents) => `{"contents":${contents}}`,
    messages: (text) => JSON.stringify([{ role: 'user', parts: [{ text }] }]),
  },
];

/** The JSON text of an array nested `depth` deep (JSON.stringify cannot write it past a few thousand). */
export const deepArray = (depth: number, inner = '"x"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** The JSON text of objects nested `depth` deep, each `{"a": …}`, around a string. */
export const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;

export interface Sent {
  status: number;
  text: string;
  requestId: string | null;
}

/** Sends a raw body to the Gateway and reads the whole answer (a stream to its end). */
export async function send(
  f: GatewayFixture,
  lane: Lane,
  body: string,
  stream: boolean,
  headers: Record<string, string> = {},
): Promise<Sent> {
  const res = await fetch(`${f.gatewayUrl}${lane.path(stream)}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${f.token}`,
      'content-type': 'application/json',
      ...lane.headers,
      ...headers,
    },
    body,
    // A stream the Gateway never ends fails the test rather than hanging it.
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, text: await res.text(), requestId: res.headers.get('x-gatehouse-request-id') };
}

/** The message of a Gateway error in the provider's own shape (asserting the shape), and its code where the shape has one. */
export function providerError(family: Family, value: unknown): { message: string; code?: unknown } {
  const v = value as Record<string, any>;
  switch (family) {
    case 'anthropic':
      assert.equal(v.type, 'error');
      assert.equal(v.error.type, 'invalid_request_error');
      return { message: v.error.message };
    case 'openai':
      assert.equal(v.error.type, 'invalid_request_error');
      return { message: v.error.message, code: v.error.code };
    case 'azure':
      return { message: v.error.message, code: v.error.code };
    case 'gemini':
      assert.equal(v.error.code, 400);
      assert.equal(v.error.status, 'INVALID_ARGUMENT');
      return { message: v.error.message };
  }
}

/** The last event's data of an SSE text, parsed (OpenAI's [DONE] skipped). */
export function lastEvent(text: string): unknown {
  const data = text
    .split(/\r?\n\r?\n/)
    .filter((e) => e.trim())
    .map((e) =>
      e
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n'),
    )
    .filter((d) => d && d !== '[DONE]');
  return JSON.parse(data.at(-1)!);
}

/** A stream the Gateway ended with the provider's error event, for the given code. */
export function assertStreamError(lane: Lane, sent: Sent, code: string): string {
  assert.equal(sent.status, 200, 'a stream starts with 200');
  const error = providerError(lane.family, lastEvent(sent.text));
  if (error.code !== undefined) assert.equal(error.code, code);
  return error.message;
}

/** A refusal in the provider's shape with a 400. */
export function assertRefused(lane: Lane, sent: Sent, code: string): string {
  assert.equal(sent.status, 400, sent.text.slice(0, 300));
  const error = providerError(lane.family, JSON.parse(sent.text));
  if (error.code !== undefined) assert.equal(error.code, code);
  return error.message;
}

/** The activity record of a request: its outcome and error code. */
export async function assertRecorded(
  f: GatewayFixture,
  sent: Sent,
  outcome: string,
  errorCode: string | null,
) {
  const a = await f.activityOf(sent.requestId);
  assert.equal(a.outcome, outcome);
  assert.equal(a.error_code, errorCode);
}

/** The same server still answers an ordinary request on this lane, streamed and not. */
export async function assertServes(f: GatewayFixture, lane: Lane): Promise<void> {
  f.upstream.configure({ rewrite: undefined });
  for (const stream of [false, true]) {
    const sent = await send(f, lane, lane.body(lane.messages('Say hello.'), stream), stream);
    assert.equal(sent.status, 200, sent.text.slice(0, 300));
    assert.match(sent.text, /Mock reply part 1/);
  }
}
