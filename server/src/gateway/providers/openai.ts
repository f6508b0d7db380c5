// OpenAI Chat Completions (platform.openai.com/docs/api-reference/chat). Errors are
// {error: {message, type, param, code}}; usage is the answer's `usage`, and when streamed the extra
// chunk sent when the caller asked with stream_options.include_usage.
import { upstreamBase } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';
import { int, obj, sseEvent, str, type Provider, type StreamTexts, type Usage } from './provider-types.ts';

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
  return { inputTokens: int(usage.prompt_tokens), outputTokens: int(usage.completion_tokens) };
}

export function chatStreamUsage(data: unknown, into: Usage): void {
  const u = chatUsage(data);
  if (!u) return;
  if (u.inputTokens !== null) into.inputTokens = u.inputTokens;
  if (u.outputTokens !== null) into.outputTokens = u.outputTokens;
}

/** Text in chat.completion.chunk deltas: each choice's content and refusal, each tool call's arguments. */
export function chatStreamTexts(data: unknown): StreamTexts | null {
  const choices = obj(data)?.choices;
  if (!Array.isArray(choices)) return null;
  const out: StreamTexts = { pieces: [], ends: [] };
  for (const c of choices) {
    const choice = obj(c);
    const delta = obj(choice?.delta);
    const i = int(choice?.index) ?? 0;
    if (delta) {
      for (const field of ['content', 'refusal']) {
        if (typeof delta[field] === 'string')
          out.pieces.push({ channel: `${i}/${field}`, text: delta[field], set: (t) => (delta[field] = t) });
      }
      if (Array.isArray(delta.tool_calls)) {
        for (const tc of delta.tool_calls) {
          const fn = obj(obj(tc)?.function);
          if (fn && typeof fn.arguments === 'string')
            out.pieces.push({
              channel: `${i}/tool/${int(obj(tc)?.index) ?? 0}`,
              text: fn.arguments,
              set: (t) => (fn.arguments = t),
            });
        }
      }
    }
    if (choice?.finish_reason) out.ends.push(`${i}/`);
  }
  return out;
}

/** An error in the middle of a stream, as OpenAI sends it: its SDK raises it as an APIError. */
export const chatStreamError = (code: string) => (message: string) =>
  sseEvent(openaiError(400, code, message));

export const openai: Provider = {
  family: 'openai',
  tokenHeaders: [],
  tokenInQuery: false,
  routes: [
    {
      url: '/v1/chat/completions',
      operation: 'chat.completions',
      model: (req) => str(req.body.model),
      stream: (req) => req.body.stream === true,
      upstreamPath: (req, key) => `${upstreamBase(key)}/chat/completions${req.query ? `?${req.query}` : ''}`,
    },
  ],
  authHeaders: (key) => ({ authorization: `Bearer ${key.secret}` }),
  errorBody: (status: number, code: GatewayErrorCode, message: string) => openaiError(status, code, message),
  usage: chatUsage,
  streamUsage: chatStreamUsage,
  streamTexts: chatStreamTexts,
  streamError: chatStreamError('policy_blocked'),
};
