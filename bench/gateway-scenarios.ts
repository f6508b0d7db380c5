// What the Gateway benchmark measures (issue 4): the same OpenAI chat requests sent to four targets in
// one run, each measured the same way, and the goals the Gatehouse Gateway is held to. The figures of
// a proxy are read against those of the mock reached directly, at the same rate in the same run.
import { replyPiecesHeader } from '../server/test/mocks/mock-upstream.ts';
import { USER_AGENT } from './fixtures.ts';
import type { RequestSpec } from './load.ts';

export type TargetId = 'direct' | 'bare' | 'gatehouse' | 'metrics' | 'before' | 'portkey';

export const TARGETS: { id: TargetId; label: string }[] = [
  { id: 'direct', label: 'Direct to the mock' },
  { id: 'bare', label: 'Bare Fastify + undici' },
  { id: 'gatehouse', label: 'Gatehouse Gateway' },
  // The same Gateway with Prometheus metrics on and scraped every second (bench/metrics-target.ts).
  { id: 'metrics', label: 'Gatehouse Gateway, metrics on' },
  // The same Gateway from another checkout (BENCH_BEFORE_TREE), so that a change's cost is read side by
  // side in one run rather than across two runs on a machine whose speed drifts.
  { id: 'before', label: 'Gatehouse Gateway, earlier tree' },
  { id: 'portkey', label: 'Portkey gateway' },
];

export const targetLabel = (id: TargetId) => TARGETS.find((t) => t.id === id)?.label ?? id;

/** What a target's requests look like: only the credential and the routing headers differ. */
export interface TargetRequests {
  chat: RequestSpec;
  stream: RequestSpec;
  /**
   * The same stream whose answer recommends installing two packages (one real, one invented): the
   * Gateway's slopsquat detector reads them and asks the registries while the answer streams on.
   */
  streamInstall: RequestSpec;
  large: RequestSpec;
  /** The same short prompt through the OpenAI Responses API (issue 15), plain and streamed. */
  responses: RequestSpec;
  responsesStream: RequestSpec;
  /** The same short prompt in the other API shapes the Gateway speaks (issue 15: every shape). */
  anthropic: RequestSpec;
  azure: RequestSpec;
  gemini: RequestSpec;
}

export type RequestKind = keyof TargetRequests;
export const REQUEST_KINDS: readonly RequestKind[] = [
  'chat',
  'stream',
  'streamInstall',
  'large',
  'responses',
  'responsesStream',
  'anthropic',
  'azure',
  'gemini',
];

/** The kinds in another provider's shape: only the direct, bare and Gatehouse targets are set up for them. */
export const OTHER_SHAPES: readonly RequestKind[] = ['anthropic', 'azure', 'gemini'];

export const MODEL = 'gpt-4o-mini';
export const ANTHROPIC_MODEL = 'claude-sonnet-4-5';
/** An Azure deployment is named by the organisation; its name is the model the Gateway routes by. */
export const AZURE_DEPLOYMENT = 'gpt-4o-prod';
export const AZURE_API_VERSION = '2024-10-21';
export const GEMINI_MODEL = 'gemini-2.5-flash';
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

/**
 * The answer of the streamInstall kind, in the pieces the mock streams: prose with an install command in
 * a code block, a real npm package and an invented PyPI one, the second cut across two events.
 */
export const INSTALL_REPLY = [
  'To parse dates, add one package:\n\n',
  '```bash\nnpm install dayjs\n```\n\nFrom Python, ',
  'use:\n\n```bash\npip install python-dateparse-',
  'turbo\n```\n\nThen call its parse function.',
];

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

const anthropicBody = JSON.stringify({
  model: ANTHROPIC_MODEL,
  max_tokens: 256,
  system: 'You are a concise assistant.',
  messages: [{ role: 'user', content: 'Say hello in one short sentence.' }],
});
const azureBody = JSON.stringify({
  messages: [
    { role: 'system', content: 'You are a concise assistant.' },
    { role: 'user', content: 'Say hello in one short sentence.' },
  ],
});
const geminiBody = JSON.stringify({
  systemInstruction: { parts: [{ text: 'You are a concise assistant.' }] },
  contents: [{ role: 'user', parts: [{ text: 'Say hello in one short sentence.' }] }],
});

/**
 * Where each shape is sent: the provider's own paths (the mock reached directly, or through the bare
 * pass-through, which forwards the path as it is), or the Gateway's, which carry the family's prefix.
 */
export function shapePaths(gateway: boolean) {
  return {
    anthropic: '/v1/messages',
    azure: `${gateway ? '/azure' : ''}/openai/deployments/${AZURE_DEPLOYMENT}/chat/completions?api-version=${AZURE_API_VERSION}`,
    gemini: `${gateway ? '/gemini' : ''}/v1beta/models/${GEMINI_MODEL}:generateContent`,
  };
}

/** The credential headers of each shape: where its SDK puts the key (the provider's, or the Gateway token). */
export function shapeKeyHeaders(keys: { anthropic: string; azure: string; gemini: string }) {
  return {
    anthropic: { 'x-api-key': keys.anthropic, 'anthropic-version': '2023-06-01' },
    azure: { 'api-key': keys.azure },
    gemini: { 'x-goog-api-key': keys.gemini },
  };
}

/** Whether a request kind streams (its figure is the time to first byte). */
export const isStream = (kind: RequestKind) =>
  kind === 'stream' || kind === 'streamInstall' || kind === 'responsesStream';

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

/**
 * The requests with the given headers (credential, routing) on top of the common ones; the other shapes
 * with their own paths and credential headers (`shapes`), in place of `headers`' authorization.
 */
export function targetRequests(
  headers: Record<string, string>,
  large: Buffer,
  shapes: { gateway: boolean; keyHeaders: ReturnType<typeof shapeKeyHeaders> },
): TargetRequests {
  const common = {
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': USER_AGENT,
    ...headers,
  };
  const base = { 'content-type': 'application/json', accept: 'application/json', 'user-agent': USER_AGENT };
  const paths = shapePaths(shapes.gateway);
  const shape = (kind: 'anthropic' | 'azure' | 'gemini', body: string): RequestSpec => ({
    method: 'POST',
    path: paths[kind],
    headers: { ...base, ...shapes.keyHeaders[kind] },
    body,
    expectStatus: 200,
  });
  return {
    anthropic: shape('anthropic', anthropicBody),
    azure: shape('azure', azureBody),
    gemini: shape('gemini', geminiBody),
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
    streamInstall: {
      method: 'POST',
      path: CHAT_PATH,
      headers: { ...common, accept: 'text/event-stream', ...replyPiecesHeader(INSTALL_REPLY) },
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
  'stream-install-ttfb',
  'large-body',
  'responses-1000',
  'responses-ttfb',
  'anthropic-1000',
  'azure-1000',
  'gemini-1000',
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
/** A refactor may cost the chat path at most 5% more CPU per request than the earlier tree (issue 15). */
export const BEFORE_CPU_GOAL = 1.05;

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
      id: 'stream-install-ttfb',
      title: `Chat, streamed, an answer recommending installs (slopsquat lookups), time to first byte at ${n(streamRate)}/s (open loop)`,
      kind: 'streamInstall',
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
    ...(
      [
        ['anthropic-1000', 'anthropic', 'Anthropic Messages'],
        ['azure-1000', 'azure', 'Azure OpenAI chat completions'],
        ['gemini-1000', 'gemini', 'Gemini generateContent'],
      ] as const
    ).map(([id, kind, name]): GatewayScenario => ({
      id,
      title: `${name}, not streamed, at ${n(1_000)}/s (open loop)`,
      kind,
      mode: 'open',
      rate: 1_000,
    })),
    {
      id: 'responses-ttfb',
      title: `Responses API, streamed, time to first byte at ${n(streamRate)}/s (open loop)`,
      kind: 'responsesStream',
      mode: 'open',
      rate: streamRate,
    },
  ];
}
