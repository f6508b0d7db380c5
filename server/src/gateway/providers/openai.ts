// OpenAI Chat Completions (platform.openai.com/docs/api-reference/chat). Errors are
// {error: {message, type, param, code}}; usage is the answer's `usage`, and when streamed the extra
// chunk sent when the caller asked with stream_options.include_usage.
import { upstreamBase } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';
import {
  argumentsOf,
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
  type StreamTexts,
  type Usage,
} from './provider-types.ts';

/** OpenAI's error body, shared with Azure OpenAI's data-plane where it differs only in `code`. */
export function openaiError(status: number, code: string, message: string) {
  return {
    error: {
      message,
      type: status >= 500 ? 'server_error' : 'invalid_request_error',
      param: null,
      code,
    },
  };
}

/** The usage of a chat completion or of its final streamed chunk (shared with Azure OpenAI). */
export function chatUsage(body: unknown): Usage | null {
  const usage = obj(obj(body)?.usage);
  if (!usage) return null;
  // Cached prompt tokens are counted in prompt_tokens, reasoning tokens in completion_tokens.
  return {
    inputTokens: int(usage.prompt_tokens),
    outputTokens: int(usage.completion_tokens),
    cachedTokens: int(obj(usage.prompt_tokens_details)?.cached_tokens),
    reasoningTokens: int(obj(usage.completion_tokens_details)?.reasoning_tokens),
  };
}

export function chatStreamUsage(data: unknown, into: Usage): void {
  const u = chatUsage(data);
  if (u) mergeUsage(u, into);
}

/** The chunk fields an event made to carry held text repeats: what names the completion, not counts. */
const CHUNK_NAMING = ['id', 'object', 'created', 'model', 'system_fingerprint', 'service_tier'];

/**
 * Text in chat.completion.chunk deltas: each choice's content and refusal, each tool call's arguments.
 * Held text is carried in a chunk with only that choice's field (no usage, no finish_reason).
 */
export function chatStreamTexts(data: unknown): StreamTexts | null {
  const chunk = obj(data);
  const choices = chunk?.choices;
  if (!chunk || !Array.isArray(choices)) return null;
  const naming = pick(chunk, CHUNK_NAMING);
  const out: StreamTexts = { pieces: [], ends: [] };
  for (const c of choices) {
    const choice = obj(c);
    const delta = obj(choice?.delta);
    const i = int(choice?.index) ?? 0;
    // A chunk for choice i whose delta is `shape(text)`, and the holder of the text within it.
    const carrier = (
      channel: string,
      shape: (text: string) => { delta: Record<string, unknown>; holder: Record<string, unknown> },
      field: string,
    ) => {
      const carry = (text: string): CarriedPiece => {
        const { delta, holder } = shape(text);
        return {
          data: { ...naming, choices: [{ index: i, delta, logprobs: null, finish_reason: null }] },
          piece: fieldPiece(channel, holder, field, carry),
        };
      };
      return carry;
    };
    if (delta) {
      for (const field of ['content', 'refusal']) {
        if (typeof delta[field] !== 'string') continue;
        const channel = `${i}/${field}`;
        const shape = (text: string) => {
          const d = { [field]: text };
          return { delta: d, holder: d };
        };
        out.pieces.push(fieldPiece(channel, delta, field, carrier(channel, shape, field)));
      }
      if (Array.isArray(delta.tool_calls)) {
        for (const tc of delta.tool_calls) {
          const fn = obj(obj(tc)?.function);
          if (!fn || typeof fn.arguments !== 'string') continue;
          const index = int(obj(tc)?.index) ?? 0;
          const channel = `${i}/tool/${index}`;
          const shape = (text: string) => {
            const f = { arguments: text };
            return { delta: { tool_calls: [{ index, function: f }] }, holder: f };
          };
          out.pieces.push(fieldPiece(channel, fn, 'arguments', carrier(channel, shape, 'arguments')));
        }
      }
    }
    if (choice?.finish_reason) out.ends.push(`${i}/`);
  }
  return out;
}

/** Each choice's content is prose; its message's tool_calls are function calls (arguments as JSON text). */
export function chatAnswerContent(body: unknown): AnswerContent {
  const out: AnswerContent = { texts: [], calls: [] };
  const choices = obj(body)?.choices;
  if (!Array.isArray(choices)) return out;
  choices.forEach((c, i) => {
    const message = obj(obj(c)?.message);
    if (typeof message?.content === 'string')
      out.texts.push({ text: message.content, location: `choices[${i}].message.content` });
    if (!Array.isArray(message?.tool_calls)) return;
    message.tool_calls.forEach((tc: unknown, j: number) => {
      const fn = obj(obj(tc)?.function);
      if (typeof fn?.name !== 'string') return;
      out.calls.push({
        name: fn.name,
        arguments: typeof fn.arguments === 'string' ? argumentsOf(fn.arguments) : fn.arguments,
        location: `choices[${i}].message.tool_calls[${j}].function.arguments`,
      });
    });
  });
  return out;
}

/**
 * A tool call's first delta names its function, the next carry its arguments' text; the choice's
 * finish_reason ends its calls.
 */
export function chatStreamContent(data: unknown, into: ContentSink): void {
  const choices = obj(data)?.choices;
  if (!Array.isArray(choices)) return;
  for (const c of choices) {
    const choice = obj(c);
    const i = int(choice?.index) ?? 0;
    const delta = obj(choice?.delta);
    if (typeof delta?.content === 'string' && delta.content) into.text(String(i), delta.content);
    if (Array.isArray(delta?.tool_calls)) {
      for (const tc of delta.tool_calls) {
        const fn = obj(obj(tc)?.function);
        if (!fn) continue;
        const key = `${i}/${int(obj(tc)?.index) ?? 0}`;
        if (typeof fn.name === 'string' && fn.name) into.callStart(key, fn.name);
        if (typeof fn.arguments === 'string' && fn.arguments) into.callArguments(key, fn.arguments);
      }
    }
    if (choice?.finish_reason) into.endCalls(`${i}/`);
  }
}

/** An error in the middle of a stream, as OpenAI sends it: its SDK raises it as an APIError. */
export const chatStreamError = (message: string, code: GatewayErrorCode = 'policy_blocked') =>
  sseEvent(openaiError(400, code, message));

export const openai: Provider = {
  family: 'openai',
  tokenHeaders: [],
  tokenInQuery: false,
  routes: [
    {
      url: '/v1/chat/completions',
      operation: () => 'chat.completions',
      model: (req) => str(req.body.model),
      stream: (req) => req.body.stream === true,
      upstreamPath: (req, key) => `${upstreamBase(key)}/chat/completions${req.query ? `?${req.query}` : ''}`,
    },
  ],
  sign(request, key) {
    request.headers.authorization = `Bearer ${key.secret}`;
  },
  errorBody: (status: number, code: GatewayErrorCode, message: string) => openaiError(status, code, message),
  usage: chatUsage,
  streamUsage: chatStreamUsage,
  streamTexts: chatStreamTexts,
  streamError: chatStreamError,
  answerContent: chatAnswerContent,
  streamContent: chatStreamContent,
};
