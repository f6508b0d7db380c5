// What the four provider mocks share: the contract between the server (mock-upstream.ts) and each
// provider file, SSE framing, ids, and the token estimate. The providers differ in their shapes only; the
// timing (chunk delays, faults, disconnects) lives in one place so every family behaves alike under test.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type Family = 'anthropic' | 'openai' | 'azure' | 'gemini';

/**
 * Faults a test can ask for, per request (`x-mock-fault` header) or for every request (options):
 * - `429`, `500`: the provider's rate-limit and internal-error replies, with their real bodies and headers;
 * - `529`: the provider's "overloaded" reply (Anthropic's own 529; OpenAI, Azure and Gemini answer 503);
 * - `404-deprecated`: the provider's reply for a retired model (or, for Azure, a missing deployment);
 * - `hang`: the request is read and never answered (until the client gives up);
 * - `slow-first-byte`: the answer starts only after `slowFirstByteMs`;
 * - `drop-mid-stream`: the connection is destroyed halfway through the answer (streamed or not);
 * - `stream-error`: a 200 stream that carries the provider's in-stream error after the first content.
 */
export const FAULTS = [
  '429',
  '500',
  '529',
  '404-deprecated',
  'hang',
  'slow-first-byte',
  'drop-mid-stream',
  'stream-error',
] as const;
export type Fault = (typeof FAULTS)[number];
export type ErrorFault = '429' | '500' | '529' | '404-deprecated';

export function isErrorFault(fault: Fault | undefined): fault is ErrorFault {
  return fault === '429' || fault === '500' || fault === '529' || fault === '404-deprecated';
}

/** One request as a provider file sees it: already authenticated routing, parsed body, reply plan. */
export interface Exchange {
  url: URL;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; `{}` when the body was empty or not JSON. */
  body: Record<string, any>;
  operation: string;
  /** From the path (Azure deployment, Gemini model) or else the body's `model`. */
  model: string;
  /** The reply text, already cut into the pieces a stream sends one by one. */
  pieces: string[];
  /** A tool call to answer with instead of text (see ToolCall), in the provider's own shape. */
  toolCall?: ToolCall;
  expectedKey: string;
  /**
   * What the provider keeps between requests to one mock server (the Responses API's stored responses),
   * keyed by the provider file as it likes; gone with the server.
   */
  memory: Map<string, unknown>;
}

/**
 * A function (tool) call the model "decides" to make: the provider's answer carries it in its own shape
 * (Anthropic `tool_use`, Chat Completions `tool_calls`, a Responses `function_call` item, Gemini
 * `functionCall`) instead of text. A test
 * asks for it per request (header `x-mock-tool-call`) or by a script (MockUpstreamOptions.script), which is
 * how an agent that sends no test headers is led through a turn: a tool call first, text after its result.
 */
export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Responses API only: the namespace tool the function belongs to (Codex offers each MCP server's tools
   * as one `{type: "namespace", name: "mcp__<server>", tools: [...]}`), sent as the item's `namespace`. */
  namespace?: string;
}

export interface JsonReply {
  kind: 'json';
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface SseReply {
  kind: 'sse';
  headers: Record<string, string>;
  /** Complete SSE frames, each ending in its blank line. */
  frames: string[];
  /** Index of the first frame that carries content: `stream-error` injects its frame after it. */
  firstContentFrame: number;
  /** The provider's in-stream error frame (for `stream-error`). */
  errorFrame: string;
}

export type Reply = JsonReply | SseReply;

export interface Route {
  operation: string;
  model?: string;
}

export interface ProviderMock {
  family: Family;
  /** The operation this path names for this provider, or undefined when the path is not the provider's. */
  route(method: string, url: URL): Route | undefined;
  /** A refusal in the provider's shape when the credential (or a required header) is missing or wrong. */
  authenticate(x: Exchange): JsonReply | undefined;
  fault(fault: ErrorFault, x: Exchange): JsonReply;
  reply(x: Exchange): Reply;
}

/**
 * One SSE frame. Anthropic names its events (`event:` line); OpenAI and Gemini send bare `data:` lines.
 * Gemini's servers end lines with CRLF, which `@google/genai` expects among its delimiters; the others use LF.
 */
export function sseFrame(data: unknown, event?: string, eol = '\n'): string {
  const json = typeof data === 'string' ? data : JSON.stringify(data);
  return (event ? `event: ${event}${eol}` : '') + `data: ${json}${eol}${eol}`;
}

export function json(status: number, headers: Record<string, string>, body: unknown): JsonReply {
  return { kind: 'json', status, headers, body };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random base62 text, the alphabet of the providers' ids (`msg_01…`, `chatcmpl-…`). */
export function base62(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return out;
}

export const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
export const uuid = (): string => randomUUID();
export const unixSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * Token counts derived from the input size (about four characters a token, the providers' own rule of
 * thumb), so that a test can tell a large prompt from a small one in the recorded usage.
 */
export function estimateTokens(...values: unknown[]): number {
  let chars = 0;
  const walk = (v: unknown): void => {
    if (typeof v === 'string') chars += v.length;
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  values.forEach(walk);
  return Math.max(1, Math.ceil(chars / 4));
}

/** The reply, cut into `count` pieces; joined they make the non-streamed answer. */
export function replyPieces(count: number): string[] {
  return Array.from({ length: Math.max(1, count) }, (_, i) => `Mock reply part ${i + 1}. `);
}

/** Seconds a rate-limited client is told to wait: short, so a retrying client in a test stays quick. */
export const RETRY_AFTER_SECONDS = 1;
