// What the Gateway benchmark measures (issue 4): the same OpenAI chat requests sent to four targets in
// one run, each measured the same way, and the goals the Gatehouse Gateway is held to. The figures of
// a proxy are read against those of the mock reached directly, at the same rate in the same run.
import { USER_AGENT } from './fixtures.ts';
import type { RequestSpec } from './load.ts';

export type TargetId = 'direct' | 'bare' | 'gatehouse' | 'portkey';

export const TARGETS: { id: TargetId; label: string }[] = [
  { id: 'direct', label: 'Direct to the mock' },
  { id: 'bare', label: 'Bare Fastify + undici' },
  { id: 'gatehouse', label: 'Gatehouse Gateway' },
  { id: 'portkey', label: 'Portkey gateway' },
];

export const targetLabel = (id: TargetId) => TARGETS.find((t) => t.id === id)?.label ?? id;

/** What a target's requests look like: only the credential and the routing headers differ. */
export interface TargetRequests {
  chat: RequestSpec;
  stream: RequestSpec;
  large: RequestSpec;
  /** The same short prompt through the OpenAI Responses API (issue 15), plain and streamed. */
  responses: RequestSpec;
  responsesStream: RequestSpec;
}

export type RequestKind = keyof TargetRequests;
export const REQUEST_KINDS: readonly RequestKind[] = [
  'chat',
  'stream',
  'large',
  'responses',
  'responsesStream',
];

export const MODEL = 'gpt-4o-mini';
export const CHAT_PATH = '/v1/chat/completions';
export const RESPONSES_PATH = '/v1/responses';

const chatBody = JSON.stringify({
  model: MODEL,
  messages: [
    { role: 'system', content: 'You are a concise assistant.' },
    { role: 'user', content: 'Say hello in one short sentence.' },
  ],
});
const streamBody = JSON.stringify({
  model: MODEL,
  stream: true,
  messages: [{ role: 'user', content: 'Say hello in one short sentence.' }],
});

const responsesBody = JSON.stringify({
  model: MODEL,
  instructions: 'You are a concise assistant.',
  input: [{ role: 'user', content: 'Say hello in one short sentence.' }],
});
const responsesStreamBody = JSON.stringify({
  model: MODEL,
  stream: true,
  input: 'Say hello in one short sentence.',
});

/** Whether a request kind streams (its figure is the time to first byte). */
export const isStream = (kind: RequestKind) => kind === 'stream' || kind === 'responsesStream';

export const LARGE_BODY_BYTES = 500 * 1024;

/** A coding agent's request: a long prompt (source text) making the body 500 KB in all, as a Buffer. */
export function largeBody(): Buffer {
  const line = 'export function add(a: number, b: number): number { return a + b; } // padding line\n';
  const shell = (content: string) =>
    JSON.stringify({
      model: MODEL,
      messages: [
        { role: 'system', content: 'You review code.' },
        { role: 'user', content },
      ],
    });
  // JSON escapes each newline as two bytes: size the content against the encoded shell.
  const overhead = Buffer.byteLength(shell(''));
  const perLine = Buffer.byteLength(JSON.stringify(line)) - 2;
  let content = line.repeat(Math.floor((LARGE_BODY_BYTES - overhead) / perLine));
  content += 'x'.repeat(LARGE_BODY_BYTES - Buffer.byteLength(shell(content)));
  const body = Buffer.from(shell(content));
  if (body.length !== LARGE_BODY_BYTES) throw new Error(`large body is ${body.length} bytes`);
  return body;
}

/** The three requests with the given headers (credential, routing) on top of the common ones. */
export function targetRequests(headers: Record<string, string>, large: Buffer): TargetRequests {
  const common = {
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': USER_AGENT,
    ...headers,
  };
  return {
    chat: { method: 'POST', path: CHAT_PATH, headers: common, body: chatBody, expectStatus: 200 },
    stream: {
      method: 'POST',
      path: CHAT_PATH,
      headers: { ...common, accept: 'text/event-stream' },
      body: streamBody,
      expectStatus: 200,
      timeToFirstByte: true,
      expectEnd: 'data: [DONE]',
    },
    large: { method: 'POST', path: CHAT_PATH, headers: common, body: large, expectStatus: 200 },
    responses: {
      method: 'POST',
      path: RESPONSES_PATH,
      headers: common,
      body: responsesBody,
      expectStatus: 200,
    },
    responsesStream: {
      method: 'POST',
      path: RESPONSES_PATH,
      headers: { ...common, accept: 'text/event-stream' },
      body: responsesStreamBody,
      expectStatus: 200,
      timeToFirstByte: true,
    },
  };
}

export const GATEWAY_SCENARIO_IDS = [
  'chat-500',
  'chat-1000',
  'chat-saturation',
  'stream-ttfb',
  'large-body',
  'responses-1000',
  'responses-ttfb',
] as const;
export type GatewayScenarioId = (typeof GATEWAY_SCENARIO_IDS)[number];

export interface GatewayScenario {
  id: GatewayScenarioId;
  title: string;
  kind: RequestKind;
  mode: 'open' | 'closed';
  rate?: number;
}

export const LATENCY_RATES = [500, 1_000] as const;
export const ADDED_P50_GOAL_MS = 0.5;
export const ADDED_P99_GOAL_MS = 1.5;
export const SATURATION_VS_BARE_GOAL = 0.6;
export const SATURATION_VS_PORTKEY_GOAL = 5;
export const ADDED_TTFB_GOAL_MS = 1;
export const SOAK_GOAL_S = 600;

const n = (x: number) => x.toLocaleString('en-US');

export function gatewayScenarios(streamRate: number, largeRate: number): GatewayScenario[] {
  return [
    ...LATENCY_RATES.map((rate): GatewayScenario => ({
      id: rate === 500 ? 'chat-500' : 'chat-1000',
      title: `Chat, not streamed, at ${n(rate)}/s (open loop)`,
      kind: 'chat',
      mode: 'open',
      rate,
    })),
    {
      id: 'chat-saturation',
      title: 'Chat, not streamed, saturation (closed loop)',
      kind: 'chat',
      mode: 'closed',
    },
    {
      id: 'stream-ttfb',
      title: `Chat, streamed, time to first byte at ${n(streamRate)}/s (open loop)`,
      kind: 'stream',
      mode: 'open',
      rate: streamRate,
    },
    {
      id: 'large-body',
      title: `Chat with a 500 KB request body at ${n(largeRate)}/s (open loop)`,
      kind: 'large',
      mode: 'open',
      rate: largeRate,
    },
    {
      id: 'responses-1000',
      title: `Responses API, not streamed, at ${n(1_000)}/s (open loop)`,
      kind: 'responses',
      mode: 'open',
      rate: 1_000,
    },
    {
      id: 'responses-ttfb',
      title: `Responses API, streamed, time to first byte at ${n(streamRate)}/s (open loop)`,
      kind: 'responsesStream',
      mode: 'open',
      rate: streamRate,
    },
  ];
}
