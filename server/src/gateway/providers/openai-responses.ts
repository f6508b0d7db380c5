// OpenAI Responses API (platform.openai.com/docs/api-reference/responses), the API Codex speaks. A
// request's input items (messages, input_text, function_call_output, instructions, tools) are read by
// the JSON guard like any body. A streamed answer is typed SSE events (`event: response.output_text.delta`
// with the same `type` in its data); the model's text comes as deltas, and then again whole in the
// `.done` events, in `response.output_item.done` and in `response.completed`: the deltas are read as runs,
// and each repetition is read whole, so that text redacted in its deltas is redacted everywhere.
// Usage is the response's `usage` (input_tokens includes cached tokens, output_tokens reasoning tokens),
// streamed in response.completed (or .incomplete/.failed). Errors are OpenAI's {error: {...}}; a block
// mid-stream is `response.failed` then `error`, the two events a Responses client stops on.
import { upstreamBase, type UpstreamTarget } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';
import { openai, openaiError } from './openai.ts';
import {
  argumentsOf,
  completeStrings,
  fieldPiece,
  int,
  mergeUsage,
  obj,
  pick,
  sseEvent,
  str,
  type AnswerContent,
  type CarriedPiece,
  type ContentSink,
  type Provider,
  type ProviderRequest,
  type StreamTexts,
  type Usage,
} from './provider-types.ts';

/** The delta events that carry the model's text, each in its `delta` field. */
const DELTA_EVENTS = new Set([
  'response.output_text.delta',
  'response.refusal.delta',
  'response.function_call_arguments.delta',
  'response.reasoning_text.delta',
  'response.reasoning_summary_text.delta',
  'response.custom_tool_call_input.delta',
]);

/** The events that repeat a text whole once it is complete: where it is in them. */
const DONE_FIELDS: Record<string, string> = {
  'response.output_text.done': 'text',
  'response.refusal.done': 'refusal',
  'response.function_call_arguments.done': 'arguments',
  'response.reasoning_text.done': 'text',
  'response.reasoning_summary_text.done': 'text',
  'response.custom_tool_call_input.done': 'input',
  'response.content_part.added': 'part',
  'response.content_part.done': 'part',
  'response.reasoning_summary_part.added': 'part',
  'response.reasoning_summary_part.done': 'part',
  'response.output_item.added': 'item',
  'response.output_item.done': 'item',
};

/** The terminal events, whose `response.output` holds the whole answer again. */
const FINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** The fields an event made to carry held text repeats: what names the item, not the text. */
const DELTA_NAMING = ['type', 'item_id', 'output_index', 'content_index', 'summary_index'];

function streamTexts(data: unknown): StreamTexts | null {
  const e = obj(data);
  const type = str(e?.type);
  if (!e || !type) return null;
  const out: StreamTexts = { pieces: [], ends: [] };
  const index = int(e.output_index);
  if (DELTA_EVENTS.has(type) && typeof e.delta === 'string') {
    // One run per output item and part: a message's text, a call's arguments, a summary.
    const channel = `${index ?? 0}/${int(e.content_index) ?? int(e.summary_index) ?? 0}/${type}`;
    const naming = pick(e, DELTA_NAMING);
    const carry = (text: string): CarriedPiece => {
      const carried = { ...naming, delta: text };
      return { data: carried, event: type, piece: fieldPiece(channel, carried, 'delta', carry) };
    };
    out.pieces.push(fieldPiece(channel, e, 'delta', carry));
    return out;
  }
  const field = DONE_FIELDS[type];
  if (field !== undefined && e[field] !== undefined) {
    // Whole again: scanned as it is, each string on its own; the item's runs end with its `.done`.
    const prefix = `${index ?? 0}/whole/${type}/`;
    if (typeof e[field] === 'string') {
      out.pieces.push(fieldPiece(prefix, e, field));
      out.ends.push(prefix);
    } else completeStrings(e[field], prefix, out);
    if (type === 'response.output_item.done') out.ends.push(`${index ?? 0}/`);
    return out;
  }
  if (FINAL_EVENTS.has(type)) {
    const output = obj(e.response)?.output;
    if (output !== undefined) completeStrings(output, `final/`, out);
    out.ends.push('');
    return out;
  }
  return null;
}

/**
 * An output item that is a call, with its name and arguments: a function call (Codex's `shell`:
 * {command: [...]}), a custom tool's call (its input is text: Codex's apply_patch), a local shell call
 * (its action: {type: "exec", command: [...]}).
 */
function itemCall(item: Record<string, unknown> | null): { name: string; arguments: unknown } | null {
  if (item?.type === 'function_call' && typeof item.name === 'string')
    return { name: item.name, arguments: argumentsOf(str(item.arguments) ?? '') };
  if (item?.type === 'custom_tool_call' && typeof item.name === 'string')
    return { name: item.name, arguments: item.input };
  if (item?.type === 'local_shell_call') return { name: 'local_shell_call', arguments: item.action };
  return null;
}

/** A message item's output_text parts are prose; call items are calls. */
function answerContent(body: unknown): AnswerContent {
  const out: AnswerContent = { texts: [], calls: [] };
  const output = obj(body)?.output;
  if (!Array.isArray(output)) return out;
  output.forEach((o, i) => {
    const item = obj(o);
    const call = itemCall(item);
    if (call) out.calls.push({ ...call, location: `output[${i}]` });
    if (item?.type !== 'message' || !Array.isArray(item.content)) return;
    item.content.forEach((p: unknown, j: number) => {
      const part = obj(p);
      if (part?.type === 'output_text' && typeof part.text === 'string')
        out.texts.push({ text: part.text, location: `output[${i}].content[${j}].text` });
    });
  });
  return out;
}

/**
 * Prose comes as output_text deltas; a call starts with its output item, streams its arguments (or a
 * custom tool's input) as deltas, and is given whole again by the `.done` events and the terminal one:
 * the first of those ends it.
 */
function streamContent(data: unknown, into: ContentSink): void {
  const e = obj(data);
  const type = str(e?.type);
  if (!e || !type) return;
  const key = String(int(e.output_index) ?? 0);
  switch (type) {
    case 'response.output_text.delta':
      if (typeof e.delta === 'string') into.text(`${key}/${int(e.content_index) ?? 0}`, e.delta);
      return;
    case 'response.output_item.added': {
      const item = obj(e.item);
      if (
        (item?.type === 'function_call' || item?.type === 'custom_tool_call') &&
        typeof item.name === 'string'
      )
        into.callStart(key, item.name);
      return;
    }
    case 'response.function_call_arguments.delta':
    case 'response.custom_tool_call_input.delta':
      if (typeof e.delta === 'string') into.callArguments(key, e.delta);
      return;
    case 'response.function_call_arguments.done':
      if (typeof e.arguments === 'string') into.callEnd(key, { arguments: argumentsOf(e.arguments) });
      return;
    case 'response.custom_tool_call_input.done':
      if (typeof e.input === 'string') into.callEnd(key, { arguments: e.input });
      return;
    case 'response.output_item.done': {
      const call = itemCall(obj(e.item));
      if (call) into.callEnd(key, call);
      return;
    }
  }
  if (!FINAL_EVENTS.has(type)) return;
  const output = obj(e.response)?.output;
  if (!Array.isArray(output)) return;
  output.forEach((o, i) => {
    const call = itemCall(obj(o));
    if (call) into.callEnd(String(i), call);
  });
}

/** The usage of a response object (a plain answer, or the `response` of a terminal event). */
function responseUsage(response: unknown): Usage | null {
  const r = obj(response);
  const usage = obj(r?.usage);
  const id = str(r?.id);
  if (!usage && id === undefined) return null;
  // Cached tokens are counted in input_tokens, reasoning tokens in output_tokens.
  const into: Usage = {
    inputTokens: int(usage?.input_tokens),
    outputTokens: int(usage?.output_tokens),
    cachedTokens: int(obj(usage?.input_tokens_details)?.cached_tokens),
    reasoningTokens: int(obj(usage?.output_tokens_details)?.reasoning_tokens),
  };
  // A response the caller may come back to (GET /v1/responses/{id}): remembered with its key.
  if (id !== undefined && r?.object === 'response') into.answerId = id;
  return into;
}

/** Usage in the terminal event; the response's id from its first event on (response.created). */
function streamUsage(data: unknown, into: Usage): void {
  const e = obj(data);
  const type = str(e?.type);
  if (!e || !type?.startsWith('response.')) return;
  const u = responseUsage(e.response);
  if (!u) return;
  if (u.answerId !== undefined) into.answerId = u.answerId;
  mergeUsage(u, into);
}

/**
 * A stream the policy stopped: `response.failed` with the error, which Codex and the SDKs' stream
 * helpers end on, then the `error` event the API reference gives for a failure mid-stream.
 */
function streamError(message: string, code: GatewayErrorCode = 'policy_blocked'): string {
  const failed = {
    type: 'response.failed',
    response: { object: 'response', status: 'failed', error: { code, message }, output: [] },
  };
  return (
    sseEvent(failed, 'response.failed') + sseEvent({ type: 'error', code, message, param: null }, 'error')
  );
}

/** The calls about a response already made: method, path after /v1/responses/{id}, operation. */
const FOLLOW_UPS = [
  ['GET', '', 'responses.retrieve'],
  ['DELETE', '', 'responses.delete'],
  ['POST', '/cancel', 'responses.cancel'],
  ['GET', '/input_items', 'responses.input_items'],
] as const;

const withQuery = (path: string, req: ProviderRequest) => (req.query ? `${path}?${req.query}` : path);

export const openaiResponses: Provider = {
  family: 'openai',
  tokenHeaders: [],
  tokenInQuery: false,
  routes: [
    {
      url: '/v1/responses',
      operation: () => 'responses',
      model: (req) => str(req.body.model),
      stream: (req) => req.body.stream === true,
      upstreamPath: (req, key) => withQuery(`${upstreamBase(key)}/responses`, req),
    },
    ...FOLLOW_UPS.map(([method, suffix, operation]) => ({
      url: `/v1/responses/:id${suffix}`,
      method,
      operation: () => operation,
      model: () => undefined,
      stream: () => false,
      answerId: (params: Record<string, string>) => params.id,
      upstreamPath: (req: ProviderRequest, key: UpstreamTarget) =>
        withQuery(`${upstreamBase(key)}/responses/${encodeURIComponent(req.params.id!)}${suffix}`, req),
    })),
  ],
  sign: openai.sign,
  errorBody: (status: number, code: GatewayErrorCode, message: string) => openaiError(status, code, message),
  usage: responseUsage,
  streamUsage,
  streamTexts,
  streamError,
  answerContent,
  streamContent,
};
