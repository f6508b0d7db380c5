// Azure OpenAI (dated API versions), as documented in:
// - "Azure OpenAI in Azure AI Foundry Models REST API reference" (learn.microsoft.com/azure/ai-services/openai/
//   reference): `POST {endpoint}/openai/deployments/{deployment-id}/chat/completions?api-version=…` with the
//   `api-key` header; the OpenAI bodies plus `prompt_filter_results` and per-choice `content_filter_results`;
//   streams open with a chunk whose `choices` is empty and which carries only `prompt_filter_results`;
// - "Azure OpenAI quotas and limits" and the 429 it documents: `{error: {code: "429", message: "Requests to the
//   ChatCompletions_Create Operation under Azure OpenAI API version … Please retry after N seconds."}}` with
//   `retry-after`; `apim-request-id` / `x-request-id` headers on every answer.
// Azure's own refusals use `{error: {code, message}}` (no `type`/`param`), unlike OpenAI's.
import { chatChunks, chatCompletion, DONE_FRAME, SSE_HEADERS, streamErrorFrame } from './openai.ts';
import {
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

const PATH = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

function baseHeaders(): Record<string, string> {
  const id = uuid();
  return {
    'apim-request-id': id,
    'x-request-id': id,
    'x-ms-region': 'East US',
    'x-ratelimit-remaining-requests': '99',
    'x-ratelimit-remaining-tokens': '99000',
  };
}

function error(status: number, code: string, message: string, extra: Record<string, string> = {}): JsonReply {
  return json(status, { ...baseHeaders(), ...extra }, { error: { code, message } });
}

const SAFE = { filtered: false, severity: 'safe' };
const CONTENT_FILTER = { hate: SAFE, self_harm: SAFE, sexual: SAFE, violence: SAFE };
const PROMPT_FILTER_RESULTS = [
  {
    prompt_index: 0,
    content_filter_results: { ...CONTENT_FILTER, jailbreak: { filtered: false, detected: false } },
  },
];

function reply(x: Exchange): Reply {
  if (x.body.stream !== true) {
    const body = chatCompletion(x);
    body.prompt_filter_results = PROMPT_FILTER_RESULTS;
    for (const choice of body.choices) choice.content_filter_results = CONTENT_FILTER;
    return json(200, baseHeaders(), body);
  }
  const chunks = chatChunks(x).map((chunk) => {
    for (const choice of chunk.choices)
      if (choice.delta.content) choice.content_filter_results = CONTENT_FILTER;
    return chunk;
  });
  // Azure's first chunk: no id, no model, no choices; only the prompt's filter results.
  const filterChunk = {
    choices: [],
    created: 0,
    id: '',
    model: '',
    object: '',
    prompt_filter_results: PROMPT_FILTER_RESULTS,
  };
  return {
    kind: 'sse',
    headers: { ...baseHeaders(), ...SSE_HEADERS },
    frames: [sseFrame(filterChunk), ...chunks.map((c) => sseFrame(c)), DONE_FRAME],
    firstContentFrame: 2,
    errorFrame: streamErrorFrame(),
  };
}

export const azure: ProviderMock = {
  family: 'azure',

  route(method, url) {
    const m = PATH.exec(url.pathname);
    if (method !== 'POST' || !m) return undefined;
    return { operation: 'chat.completions', model: decodeURIComponent(m[1] ?? '') };
  },

  authenticate(x) {
    if (x.headers['api-key'] !== x.expectedKey) {
      return error(
        401,
        '401',
        'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key ' +
          'for an active subscription and use a correct regional API endpoint for your resource.',
      );
    }
    // Without an api-version, Azure's front door finds no operation at all.
    if (!x.url.searchParams.get('api-version')) return error(404, '404', 'Resource not found');
    return undefined;
  },

  fault(fault: ErrorFault, x) {
    const version = x.url.searchParams.get('api-version') ?? '';
    switch (fault) {
      case '429':
        return error(
          429,
          '429',
          `Requests to the ChatCompletions_Create Operation under Azure OpenAI API version ${version} have ` +
            `exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after ` +
            `${RETRY_AFTER_SECONDS} second. Please go here: https://aka.ms/oai/quotaincrease if you would like ` +
            'to further increase the default rate limit.',
          { 'retry-after': String(RETRY_AFTER_SECONDS), 'x-ratelimit-remaining-requests': '0' },
        );
      case '500':
        return error(500, 'InternalServerError', 'The server had an error while processing your request.');
      case '529':
        return error(503, 'ServiceUnavailable', 'The service is temporarily unable to process your request.');
      case '404-deprecated':
        return error(
          404,
          'DeploymentNotFound',
          'The API deployment for this resource does not exist. If you created the deployment within the last ' +
            '5 minutes, please wait a moment and try again.',
        );
    }
  },

  reply,
};
