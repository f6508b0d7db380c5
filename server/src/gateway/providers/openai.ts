// OpenAI Chat Completions (platform.openai.com/docs/api-reference/chat). Errors are
// {error: {message, type, param, code}}; usage is the answer's `usage`, and when streamed the extra
// chunk sent when the caller asked with stream_options.include_usage.
import { upstreamBase } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';
import { int, obj, str, type Provider, type Usage } from './provider-types.ts';

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
};
