// OpenAI Chat Completions, as documented in:
// - API reference "Create chat completion", "The chat completion object" and "The chat completion chunk
//   object" (platform.openai.com/docs/api-reference/chat): bodies, `usage`, `stream_options.include_usage`
//   (an extra chunk with empty `choices` and the usage before `data: [DONE]`; `usage: null` on the others);
// - "Error codes" (platform.openai.com/docs/guides/error-codes): `{error: {message, type, param, code}}`,
//   401 invalid_api_key, 429 rate_limit_exceeded, 500 server_error, 503 overloaded;
// - "Rate limits" and "Debugging requests": the `x-ratelimit-*`, `x-request-id`, `openai-processing-ms` headers.
// The completion and chunk builders are shared with the Azure mock, which decorates them.
import {
  base62,
  estimateTokens,
  hex,
  json,
  RETRY_AFTER_SECONDS,
  sseFrame,
  unixSeconds,
  type ErrorFault,
  type Exchange,
  type JsonReply,
  type ProviderMock,
  type Reply,
} from './shared.ts';

export function baseHeaders(): Record<string, string> {
  return {
    'x-request-id': `req_${hex(16)}`,
    'openai-organization': 'user-mock',
    'openai-processing-ms': '12',
    'openai-version': '2020-10-01',
    'x-ratelimit-limit-requests': '500',
    'x-ratelimit-remaining-requests': '499',
    'x-ratelimit-reset-requests': '120ms',
  };
}

export function error(
  status: number,
  message: string,
  type: string,
  code: string | null,
  extra: Record<string, string> = {},
): JsonReply {
  return json(status, { ...baseHeaders(), ...extra }, { error: { message, type, param: null, code } });
}

export function chatUsage(x: Exchange): Record<string, unknown> {
  const prompt = estimateTokens(x.body.messages, x.body.tools);
  const completion = estimateTokens(x.pieces.join(''));
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function shell(x: Exchange, object: string): Record<string, unknown> {
  return {
    id: `chatcmpl-${base62(29)}`,
    object,
    created: unixSeconds(),
    model: x.model,
    service_tier: 'default',
    system_fingerprint: `fp_${hex(5)}`,
  };
}

/**
 * The turn's function call ("Function calling", platform.openai.com/docs/guides/function-calling): one
 * `tool_calls` entry whose arguments are JSON text, the choice finishing with `tool_calls`.
 */
function functionCall(x: Exchange): { id: string; name: string; arguments: string } | undefined {
  if (!x.toolCall) return undefined;
  return { id: `call_${base62(24)}`, name: x.toolCall.name, arguments: JSON.stringify(x.toolCall.arguments) };
}

/** The non-streamed `chat.completion` object. */
export function chatCompletion(x: Exchange): Record<string, any> {
  const call = functionCall(x);
  const message = call
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } },
        ],
        refusal: null,
        annotations: [],
      }
    : { role: 'assistant', content: x.pieces.join(''), refusal: null, annotations: [] };
  return {
    ...shell(x, 'chat.completion'),
    choices: [{ index: 0, message, logprobs: null, finish_reason: call ? 'tool_calls' : 'stop' }],
    usage: chatUsage(x),
  };
}

/**
 * The `chat.completion.chunk` objects of one stream, in order: the role, one per piece, the finish, and
 * (only when the caller asked with `stream_options.include_usage`) the usage chunk.
 */
export function chatChunks(x: Exchange): Record<string, any>[] {
  const base = shell(x, 'chat.completion.chunk');
  const withUsage = x.body.stream_options?.include_usage === true;
  const chunk = (delta: Record<string, unknown>, finish: string | null): Record<string, any> => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(withUsage ? { usage: null } : {}),
  });
  const call = functionCall(x);
  // A call streams as the API streams one: its id and name first, then its arguments in pieces.
  const third = call ? Math.max(1, Math.ceil(call.arguments.length / 3)) : 0;
  const chunks = call
    ? [
        chunk(
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
            ],
            refusal: null,
          },
          null,
        ),
        ...[0, 1, 2]
          .map((i) => call.arguments.slice(i * third, (i + 1) * third))
          .filter(Boolean)
          .map((part) => chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }, null)),
        chunk({}, 'tool_calls'),
      ]
    : [
        chunk({ role: 'assistant', content: '', refusal: null }, null),
        ...x.pieces.map((piece) => chunk({ content: piece }, null)),
        chunk({}, 'stop'),
      ];
  if (withUsage) chunks.push({ ...base, choices: [], usage: chatUsage(x) });
  return chunks;
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
};
export const DONE_FRAME = sseFrame('[DONE]');

/** The in-stream error OpenAI sends after a 200 has started: a `data:` line holding an error object. */
export function streamErrorFrame(): string {
  return sseFrame({
    error: {
      message: 'The server had an error while processing your request.',
      type: 'server_error',
      param: null,
      code: null,
    },
  });
}

function reply(x: Exchange): Reply {
  if (x.body.stream !== true) return json(200, baseHeaders(), chatCompletion(x));
  return {
    kind: 'sse',
    headers: { ...baseHeaders(), ...SSE_HEADERS },
    frames: [...chatChunks(x).map((c) => sseFrame(c)), DONE_FRAME],
    firstContentFrame: 1,
    errorFrame: streamErrorFrame(),
  };
}

export const openai: ProviderMock = {
  family: 'openai',

  route(method, url) {
    if (method === 'POST' && url.pathname === '/v1/chat/completions')
      return { operation: 'chat.completions' };
    return undefined;
  },

  authenticate(x) {
    const auth = x.headers.authorization;
    if (auth === undefined) {
      return error(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using " +
          'Bearer auth (i.e. Authorization: Bearer YOUR_KEY).',
        'invalid_request_error',
        null,
      );
    }
    const key = auth.replace(/^Bearer\s+/i, '');
    if (key !== x.expectedKey) {
      // The real API masks all but the ends of the key it refuses.
      const masked = `${key.slice(0, 3)}${'*'.repeat(Math.max(0, key.length - 7))}${key.slice(-4)}`;
      return error(
        401,
        `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        'invalid_api_key',
      );
    }
    return undefined;
  },

  fault(fault: ErrorFault, x) {
    switch (fault) {
      case '429':
        return error(
          429,
          `Rate limit reached for ${x.model} in organization org-mock on requests per min (RPM): Limit 500, ` +
            `Used 500, Requested 1. Please try again in ${RETRY_AFTER_SECONDS}s.`,
          'requests',
          'rate_limit_exceeded',
          { 'retry-after': String(RETRY_AFTER_SECONDS), 'x-ratelimit-remaining-requests': '0' },
        );
      case '500':
        return error(
          500,
          'The server had an error while processing your request. Sorry about that!',
          'server_error',
          null,
        );
      case '529':
        return error(503, 'The server is overloaded or not ready yet.', 'server_error', null);
      case '404-deprecated':
        return error(
          404,
          `The model \`${x.model}\` has been deprecated, learn more here: https://platform.openai.com/docs/deprecations`,
          'invalid_request_error',
          'model_not_found',
        );
    }
  },

  reply(x) {
    if (typeof x.body.model !== 'string') {
      return error(400, 'you must provide a model parameter', 'invalid_request_error', null);
    }
    return reply(x);
  },
};
