// Google Gemini API, as documented in:
// - "Generating content" API reference (ai.google.dev/api/generate-content): `models.generateContent` and
//   `models.streamGenerateContent` (with `alt=sse`, a stream of GenerateContentResponse objects as `data:`
//   lines and no end marker; without it, one JSON array), `candidates`, `usageMetadata`
//   (promptTokenCount, candidatesTokenCount, totalTokenCount), `modelVersion`, `responseId`;
// - "Function calling" (ai.google.dev/gemini-api/docs/function-calling): a `functionCall` {name, args} part,
//   sent whole (never split across streamed chunks), with finishReason STOP; "Thought signatures"
//   (ai.google.dev/gemini-api/docs/thought-signatures): Gemini 3 models add `thoughtSignature` to the call;
// - "Counting tokens" API reference (ai.google.dev/api/tokens): `models.countTokens` → `{totalTokens}`;
// - "API keys" (ai.google.dev/gemini-api/docs/api-key): the `x-goog-api-key` header or `?key=`;
// - "Troubleshooting guide" (ai.google.dev/gemini-api/docs/troubleshooting): `{error: {code, message, status}}`
//   with 400 INVALID_ARGUMENT (also for a bad key), 403 PERMISSION_DENIED, 404 NOT_FOUND,
//   429 RESOURCE_EXHAUSTED (with a google.rpc.RetryInfo detail), 500 INTERNAL, 503 UNAVAILABLE.
// Both `/v1beta` and `/v1` are served: @google/genai uses `v1beta` unless told `apiVersion`.
import {
  base62,
  estimateTokens,
  json,
  RETRY_AFTER_SECONDS,
  sseFrame,
  type ErrorFault,
  type Exchange,
  type JsonReply,
  type ProviderMock,
  type Reply,
} from './shared.ts';

const PATH = /^\/(v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/;

function baseHeaders(): Record<string, string> {
  return {
    server: 'scaffolding on HTTPServer2',
    'server-timing': 'gfet4t7; dur=12',
    vary: 'Origin, X-Origin, Referer',
  };
}

function error(
  code: number,
  status: string,
  message: string,
  details?: unknown[],
  extra: Record<string, string> = {},
): JsonReply {
  return json(
    code,
    { ...baseHeaders(), ...extra },
    { error: { code, message, status, ...(details ? { details } : {}) } },
  );
}

function promptTokens(x: Exchange): number {
  return estimateTokens(x.body.contents, x.body.systemInstruction, x.body.tools);
}

function usageMetadata(prompt: number, candidates: number | undefined): Record<string, unknown> {
  return {
    promptTokenCount: prompt,
    ...(candidates === undefined ? {} : { candidatesTokenCount: candidates }),
    totalTokenCount: prompt + (candidates ?? 0),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
  };
}

function candidate(part: string | Record<string, unknown>, finishReason?: string): Record<string, unknown> {
  return {
    content: { parts: [typeof part === 'string' ? { text: part } : part], role: 'model' },
    ...(finishReason ? { finishReason } : {}),
    index: 0,
  };
}

function reply(x: Exchange): Reply {
  const prompt = promptTokens(x);
  if (x.operation === 'countTokens') {
    return json(200, baseHeaders(), {
      totalTokens: prompt,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
    });
  }
  const responseId = base62(22);
  const wrap = (cand: Record<string, unknown>, usage: Record<string, unknown>): Record<string, unknown> => ({
    candidates: [cand],
    usageMetadata: usage,
    modelVersion: x.model,
    responseId,
  });
  // A function call is one part, whole, in the last (streamed: the only) chunk; the finish stays STOP.
  // Gemini 3 models sign their function calls (`thoughtSignature`), which the caller must send back.
  const signed = /^gemini-3/.test(x.model) ? { thoughtSignature: base62(64) } : {};
  const call = x.toolCall && {
    functionCall: { name: x.toolCall.name, args: x.toolCall.arguments },
    ...signed,
  };
  const pieces: Array<string | Record<string, unknown>> = call ? [call] : x.pieces;
  const output = estimateTokens(call ?? x.pieces.join(''));
  if (x.operation === 'generateContent') {
    return json(
      200,
      baseHeaders(),
      wrap(candidate(call ?? x.pieces.join(''), 'STOP'), usageMetadata(prompt, output)),
    );
  }
  // Every streamed chunk carries usageMetadata; the candidates count and the finish come with the last.
  const last = pieces.length - 1;
  const chunks = pieces.map((piece, i) =>
    i === last
      ? wrap(candidate(piece, 'STOP'), usageMetadata(prompt, output))
      : wrap(candidate(piece), usageMetadata(prompt, undefined)),
  );
  if (x.url.searchParams.get('alt') !== 'sse') return json(200, baseHeaders(), chunks);
  return {
    kind: 'sse',
    headers: { ...baseHeaders(), 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    frames: chunks.map((c) => sseFrame(c, undefined, '\r\n')),
    firstContentFrame: 0,
    errorFrame: sseFrame(
      {
        error: {
          code: 503,
          message: 'The model is overloaded. Please try again later.',
          status: 'UNAVAILABLE',
        },
      },
      undefined,
      '\r\n',
    ),
  };
}

export const gemini: ProviderMock = {
  family: 'gemini',

  route(method, url) {
    const m = PATH.exec(url.pathname);
    if (method !== 'POST' || !m) return undefined;
    return { operation: m[3] ?? '', model: decodeURIComponent(m[2] ?? '') };
  },

  authenticate(x) {
    const key = x.headers['x-goog-api-key'] ?? x.url.searchParams.get('key') ?? undefined;
    if (key === undefined) {
      return error(
        403,
        'PERMISSION_DENIED',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key " +
          'or other form of API consumer identity to call this API.',
      );
    }
    if (key !== x.expectedKey) {
      return error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]);
    }
    return undefined;
  },

  fault(fault: ErrorFault, x) {
    switch (fault) {
      case '429':
        return error(
          429,
          'RESOURCE_EXHAUSTED',
          'You exceeded your current quota, please check your plan and billing details. For more information ' +
            'on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
          [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${RETRY_AFTER_SECONDS}s` }],
        );
      case '500':
        return error(
          500,
          'INTERNAL',
          'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        );
      case '529':
        return error(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
      case '404-deprecated': {
        const version = x.url.pathname.split('/')[1];
        return error(
          404,
          'NOT_FOUND',
          `models/${x.model} is not found for API version ${version}, or is not supported for ${x.operation}. ` +
            'Call ListModels to see the list of available models and their supported methods.',
        );
      }
    }
  },

  reply(x) {
    if (!Array.isArray(x.body.contents)) {
      return error(400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified');
    }
    return reply(x);
  },
};
