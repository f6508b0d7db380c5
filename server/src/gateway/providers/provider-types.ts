// What each provider family supplies to the Gateway: its routes, how to find the model and whether the
// answer streams, where the request goes upstream and how the organisation's key is sent, its error
// shape, and where its answers report token usage. One file per family, the same shape in each.
import type { ProviderFamily, ProviderKey, UpstreamTarget } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';
import { jsonShape } from '../json-limits.ts';

/** A request as the provider code sees it: path parameters, the raw query and the parsed JSON body. */
export interface ProviderRequest {
  params: Record<string, string>;
  /** The query string without its leading "?", as sent (the caller's own key removed for Gemini). */
  query: string;
  body: Record<string, unknown>;
}

export interface Usage {
  inputTokens: number | null;
  outputTokens: number | null;
  /** Of the input, the tokens read from the provider's prompt cache (billed less), where it says. */
  cachedTokens?: number | null;
  /** Of the output, the tokens the model spent thinking (billed, not shown), where it says. */
  reasoningTokens?: number | null;
  /** A family's own running counters while its stream is read, for totals it reports in parts. */
  parts?: Record<string, number>;
  /** The id the provider gave the answer, where the caller may come back to it (answer-keys.ts). */
  answerId?: string;
}

/** A request as it goes upstream, for the family's `sign` hook to add its credential to (or sign whole). */
export interface UpstreamRequest {
  url: string;
  method: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string | string[]>;
  body: Buffer | null;
}

export interface ProviderRoute {
  /** The Gateway path (Fastify syntax). */
  url: string;
  /** What the activity record calls it, from the path's parameters (known before the body is read). */
  operation(params: Record<string, string>): string;
  model(req: ProviderRequest): string | undefined;
  /** What the caller is told when `model` finds none. */
  noModel?: string;
  /** POST unless said. */
  method?: 'GET' | 'DELETE' | 'POST';
  /**
   * For a route about an earlier answer (GET /v1/responses/{id}): its id in the path. The request has
   * no body and names no model; it goes to the key that served that answer (answer-keys.ts).
   */
  answerId?(params: Record<string, string>): string | undefined;
  stream(req: ProviderRequest): boolean;
  /** The upstream URL: the key's (or subscription target's) base URL, then path and query. */
  upstreamPath(req: ProviderRequest, key: UpstreamTarget): string;
}

export interface Provider {
  family: ProviderFamily;
  routes: ProviderRoute[];
  /** Where the caller's Gateway token may sit for this family, besides Authorization and x-api-key. */
  tokenHeaders: string[];
  /** Whether ?key= carries the caller's token (Gemini). */
  tokenInQuery: boolean;
  /**
   * Puts the organisation's key on the request going upstream: a header for every family so far; the
   * whole request is given so that a family that signs requests (AWS SigV4) can.
   */
  sign(request: UpstreamRequest, key: ProviderKey): void;
  /** The provider's own error body for a Gateway error. */
  errorBody(status: number, code: GatewayErrorCode, message: string): unknown;
  /** False where the answer holds no model text for the policy to read (embeddings: vectors, often base64). */
  answerText?: false;
  /** Token usage in a complete (non-streamed) JSON answer. */
  usage(body: unknown): Usage | null;
  /** Token usage in one streamed event's JSON data; merges into `into`. */
  streamUsage(data: unknown, into: Usage): void;
  /** The model's text in one streamed event's JSON data, for the policy on the response. */
  streamTexts(data: unknown): StreamTexts | null;
  /**
   * The provider's own error event, as SSE text, that ends a stream the policy stopped (`code`: why,
   * policy_blocked unless said; only some shapes carry it).
   */
  streamError(message: string, code?: GatewayErrorCode): string;
  /**
   * The model's prose and its tool calls in a complete JSON answer (for the slopsquat detector, which
   * reads the packages an answer recommends and the installs its tool calls would run). Absent where
   * an answer holds neither.
   */
  answerContent?(body: unknown): AnswerContent;
  /** The same in one streamed event's JSON data, handed to `into` as it comes. */
  streamContent?(data: unknown, into: ContentSink): void;
}

/** A tool call the model made: the tool's name and its arguments (parsed JSON, or text that is not). */
export interface AnswerToolCall {
  name: string;
  arguments: unknown;
  /** Where in the answer, such as `content[1].input` or `output[0].arguments`. */
  location: string;
}

export interface AnswerContent {
  /** The model's prose (not its thinking, not its tools' arguments), each text with where it is. */
  texts: Array<{ text: string; location: string }>;
  calls: AnswerToolCall[];
}

/**
 * Where a streamed answer's prose and tool calls go, event by event. Keys are the provider's own (a
 * content block, a choice, an output item), stable across the events of one run or call.
 */
export interface ContentSink {
  /** A piece of the model's prose. */
  text(key: string, text: string): void;
  /** A tool call begins; its arguments follow as pieces of JSON text. */
  callStart(key: string, name: string): void;
  callArguments(key: string, text: string): void;
  /**
   * The call's arguments are complete. An event that carries them whole gives them (parsed, or their
   * text) and the name; a call already ended under the same key is not ended again (the Responses API
   * repeats a call whole in several events).
   */
  callEnd(key: string, whole?: { name?: string; arguments: unknown }): void;
  /** Ends every open call whose key begins with `prefix` (a choice that finished). */
  endCalls(prefix: string): void;
  /** A call given whole in one event, which no other event repeats (Gemini's functionCall). */
  call(name: string, args: unknown): void;
}

/** Arguments sent as JSON text (OpenAI's function calls): parsed within the depth cap, else the text. */
export function argumentsOf(text: string): unknown {
  if (!/^\s*[{[]/.test(text) || jsonShape(text).tooDeep) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A piece of the model's text in one streamed event. */
export interface StreamPiece {
  /**
   * Which run of text the piece continues, as `<choice or block>/<kind>[/…]`: a content block, a
   * choice's content or refusal, a tool call's arguments. The policy reads each run as one text.
   */
  channel: string;
  text: string;
  /** Puts the (redacted) text back into the event's data. */
  set(text: string): void;
  /**
   * A new event of the provider's stream that carries only `text` in this piece's place (same block,
   * choice or tool call), for the rest of a piece whose start goes on ahead: the policy holds back
   * only the characters a detector needs, not the whole event. Absent where an event cannot be split.
   */
  carry?(text: string): CarriedPiece;
}

/** An event made to carry the held rest of a piece: its data, its SSE event name, and the piece in it. */
export interface CarriedPiece {
  data: Record<string, unknown>;
  event?: string;
  piece: StreamPiece;
}

/** The piece for `holder[field]`, which is a string, with `carry` made by `carry`. */
export function fieldPiece(
  channel: string,
  holder: Record<string, unknown>,
  field: string,
  carry?: (text: string) => CarriedPiece,
): StreamPiece {
  return { channel, text: holder[field] as string, set: (t) => (holder[field] = t), carry };
}

export interface StreamTexts {
  pieces: StreamPiece[];
  /** Channel prefixes this event closes (their text is complete), such as `0/`; `''` closes all. */
  ends: string[];
}

/**
 * Every string inside a complete value (a tool call's arguments given whole), each as a piece of its
 * own channel under `prefix`, closed by the same event: the policy scans each whole.
 */
export function completeStrings(value: unknown, prefix: string, into: StreamTexts): void {
  // An explicit stack, not recursion: the provider's answer is untrusted, and a call nested thousands
  // deep must not overflow the stack inside the stream's transform (the guard also refuses any event
  // nested past MAX_JSON_DEPTH before this runs). Pushed in reverse, so strings come in document order.
  const stack: Array<{ node: unknown; path: string; set: (t: string) => void }> = [
    { node: value, path: '', set: () => {} },
  ];
  while (stack.length) {
    const { node, path, set } = stack.pop()!;
    if (typeof node === 'string') {
      into.pieces.push({ channel: `${prefix}${path}`, text: node, set });
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const holder = node as Record<string, unknown>;
    const keys = Object.keys(holder);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      // defineProperty, not assignment: a key named "__proto__" is an own property of parsed JSON.
      const setter = (t: string) =>
        Object.defineProperty(holder, k, { value: t, writable: true, enumerable: true, configurable: true });
      stack.push({ node: holder[k], path: `${path}/${k}`, set: setter });
    }
  }
  into.ends.push(prefix);
}

/** One SSE event carrying `data` (and an `event:` name when the provider uses them). */
export function sseEvent(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

/** The fields of `from` named in `keys` that it has, in a new object. */
export function pick(from: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in from) out[k] = from[k];
  return out;
}

export const noUsage = (): Usage => ({
  inputTokens: null,
  outputTokens: null,
  cachedTokens: null,
  reasoningTokens: null,
});

/** Merges the counts a streamed event reports into the answer's: a count it leaves out keeps its value. */
export function mergeUsage(u: Usage, into: Usage): void {
  if (u.inputTokens !== null) into.inputTokens = u.inputTokens;
  if (u.outputTokens !== null) into.outputTokens = u.outputTokens;
  if (u.cachedTokens != null) into.cachedTokens = u.cachedTokens;
  if (u.reasoningTokens != null) into.reasoningTokens = u.reasoningTokens;
}

export const int = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;

export const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
