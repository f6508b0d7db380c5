// Anthropic Messages API, as documented in:
// - "Messages" and "Count Message tokens" API reference (docs.claude.com/en/api/messages,
//   docs.claude.com/en/api/messages-count-tokens): request and response bodies, usage fields;
// - "Streaming Messages" (docs.claude.com/en/docs/build-with-claude/streaming): the event flow
//   message_start → content_block_start → ping → content_block_delta… → content_block_stop →
//   message_delta (stop_reason and cumulative usage) → message_stop, and the `error` event;
// - "Tool use" (docs.claude.com/en/docs/agents-and-tools/tool-use/overview): a `tool_use` content block
//   {id: toolu_…, name, input} with stop_reason `tool_use`; streamed, its input as `input_json_delta`;
// - "Errors" (docs.claude.com/en/api/errors): `{type: "error", error: {type, message}, request_id}`,
//   429 rate_limit_error, 500 api_error, 529 overloaded_error, the `request-id` header;
// - "Rate limits" (docs.claude.com/en/api/rate-limits): `retry-after` and `anthropic-ratelimit-*` headers.
import {
  base62,
  estimateTokens,
  json,
  RETRY_AFTER_SECONDS,
  sseFrame,
  uuid,
  type ErrorFault,
  type Exchange,
  type JsonReply,
  type ProviderMock,
  type Reply,
} from './shared.ts';

const requestId = (): string => `req_011C${base62(20)}`;

/** Headers every Anthropic response carries; the SDK exposes `request-id` as `requestID` on errors. */
function baseHeaders(): Record<string, string> {
  return { 'request-id': requestId(), 'anthropic-organization-id': uuid() };
}

function error(status: number, type: string, message: string, extra: Record<string, string> = {}): JsonReply {
  const headers = { ...baseHeaders(), ...extra };
  return json(status, headers, {
    type: 'error',
    error: { type, message },
    request_id: headers['request-id'],
  });
}

function inputTokens(x: Exchange): number {
  return estimateTokens(x.body.system, x.body.messages, x.body.tools);
}

function usage(input: number, output: number): Record<string, unknown> {
  return {
    input_tokens: input,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: output,
    service_tier: 'standard',
  };
}

function countTokens(x: Exchange): JsonReply {
  return json(200, baseHeaders(), { input_tokens: inputTokens(x) });
}

/**
 * The answer's one content block: text, or (when the turn is a tool call) a `tool_use` block whose input
 * streams as `input_json_delta` pieces, the answer then stopping with `tool_use`.
 */
function contentBlock(x: Exchange): {
  block: Record<string, unknown>;
  start: Record<string, unknown>;
  deltas: Record<string, unknown>[];
} {
  if (!x.toolCall) {
    const text = x.pieces.join('');
    return {
      block: { type: 'text', text },
      start: { type: 'text', text: '' },
      deltas: x.pieces.map((piece) => ({ type: 'text_delta', text: piece })),
    };
  }
  const call = { type: 'tool_use', id: `toolu_01${base62(22)}`, name: x.toolCall.name };
  const input = JSON.stringify(x.toolCall.arguments);
  const third = Math.max(1, Math.ceil(input.length / 3));
  const parts = [0, 1, 2].map((i) => input.slice(i * third, (i + 1) * third)).filter(Boolean);
  return {
    block: { ...call, input: x.toolCall.arguments },
    start: { ...call, input: {} },
    deltas: parts.map((partial_json) => ({ type: 'input_json_delta', partial_json })),
  };
}

function message(x: Exchange): Reply {
  const input = inputTokens(x);
  const { block, start, deltas } = contentBlock(x);
  const output = estimateTokens(block);
  const stopReason = x.toolCall ? 'tool_use' : 'end_turn';
  const id = `msg_01${base62(22)}`;
  const shell = { id, type: 'message', role: 'assistant', model: x.model };
  if (x.body.stream !== true) {
    return json(200, baseHeaders(), {
      ...shell,
      content: [block],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: usage(input, output),
    });
  }
  const frames = [
    sseFrame(
      {
        type: 'message_start',
        message: { ...shell, content: [], stop_reason: null, stop_sequence: null, usage: usage(input, 1) },
      },
      'message_start',
    ),
    sseFrame({ type: 'content_block_start', index: 0, content_block: start }, 'content_block_start'),
    sseFrame({ type: 'ping' }, 'ping'),
    ...deltas.map((delta) =>
      sseFrame({ type: 'content_block_delta', index: 0, delta }, 'content_block_delta'),
    ),
    sseFrame({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
    // The usage here is cumulative: it is where a reader of the stream learns the output token count.
    sseFrame(
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { input_tokens: input, output_tokens: output },
      },
      'message_delta',
    ),
    sseFrame({ type: 'message_stop' }, 'message_stop'),
  ];
  return {
    kind: 'sse',
    headers: {
      ...baseHeaders(),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    },
    frames,
    firstContentFrame: 3,
    errorFrame: sseFrame(
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      'error',
    ),
  };
}

export const anthropic: ProviderMock = {
  family: 'anthropic',

  route(method, url) {
    if (method !== 'POST') return undefined;
    if (url.pathname === '/v1/messages') return { operation: 'messages' };
    if (url.pathname === '/v1/messages/count_tokens') return { operation: 'count_tokens' };
    return undefined;
  },

  // API keys come in `x-api-key` (the documented header, what Claude Code and older SDKs send) or as
  // `Authorization: Bearer` (OAuth tokens, and what @anthropic-ai/sdk 1.x sends for an API key too).
  authenticate(x) {
    const apiKey = x.headers['x-api-key'];
    const bearer = /^Bearer\s+(.+)$/i.exec(x.headers.authorization ?? '')?.[1];
    if (apiKey === undefined && bearer === undefined) {
      return error(401, 'authentication_error', 'x-api-key header is required');
    }
    if (apiKey !== undefined && apiKey !== x.expectedKey) {
      return error(401, 'authentication_error', 'invalid x-api-key');
    }
    if (apiKey === undefined && bearer !== x.expectedKey) {
      return error(401, 'authentication_error', 'Invalid bearer token');
    }
    if (x.headers['anthropic-version'] === undefined) {
      return error(400, 'invalid_request_error', 'anthropic-version: header is required');
    }
    return undefined;
  },

  fault(fault: ErrorFault, x) {
    switch (fault) {
      case '429':
        return error(
          429,
          'rate_limit_error',
          'This request would exceed the rate limit for your organization of 50 requests per minute. ' +
            'For details, refer to: https://docs.claude.com/en/api/rate-limits.',
          {
            'retry-after': String(RETRY_AFTER_SECONDS),
            'anthropic-ratelimit-requests-limit': '50',
            'anthropic-ratelimit-requests-remaining': '0',
            'anthropic-ratelimit-requests-reset': new Date(
              Date.now() + RETRY_AFTER_SECONDS * 1000,
            ).toISOString(),
          },
        );
      case '500':
        return error(500, 'api_error', 'Internal server error');
      case '529':
        return error(529, 'overloaded_error', 'Overloaded');
      case '404-deprecated':
        // What the API answers for a retired model: a plain not_found_error naming the model.
        return error(404, 'not_found_error', `model: ${x.model}`);
    }
  },

  reply(x) {
    if (typeof x.body.model !== 'string') return error(400, 'invalid_request_error', 'model: Field required');
    if (x.operation === 'count_tokens') return countTokens(x);
    if (typeof x.body.max_tokens !== 'number') {
      return error(400, 'invalid_request_error', 'max_tokens: Field required');
    }
    return message(x);
  },
};
