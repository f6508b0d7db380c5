// OpenAI Responses API, as documented in the API reference "Responses" (platform.openai.com/docs/
// api-reference/responses): "Create a model response" (the response object, its output items
// `message` with `output_text` parts and `function_call`, `usage` with input_tokens_details.cached_tokens
// and output_tokens_details.reasoning_tokens), "Streaming events" (each event named by an `event:` line
// and by `type` in its data, with a `sequence_number`: response.created, response.in_progress,
// response.output_item.added, response.content_part.added, response.output_text.delta/.done,
// response.function_call_arguments.delta/.done, response.content_part.done, response.output_item.done,
// response.completed; `error` for a failure mid-stream), and "Get", "Delete", "Cancel" (background
// responses only) and "List input items". Errors and authentication are Chat Completions' (openai.ts).
// A request that offers function tools and carries no function_call_output is answered with a call to
// the first tool, its arguments `{"input": <the reply text>}`; otherwise with a message.
import { openai, SSE_HEADERS } from './openai.ts';
import {
  base62,
  estimateTokens,
  hex,
  json,
  sseFrame,
  unixSeconds,
  type Exchange,
  type JsonReply,
  type ProviderMock,
  type Reply,
} from './shared.ts';

interface Stored {
  response: Record<string, any>;
  input: Record<string, any>[];
}

/** What a created response leaves behind for retrieval (a test server lives for one test file). */
const stored = new Map<string, Stored>();

const headers = () => ({ 'x-request-id': `req_${hex(16)}`, 'openai-processing-ms': '12' });

function notFound(id: string): JsonReply {
  return json(404, headers(), {
    error: {
      message: `Response with id '${id}' not found.`,
      type: 'invalid_request_error',
      param: null,
      code: null,
    },
  });
}

/** The input as items with ids, as "List input items" returns it (a string is one user message). */
function inputItems(input: unknown): Record<string, any>[] {
  const items = typeof input === 'string' ? [{ type: 'message', role: 'user', content: input }] : input;
  if (!Array.isArray(items)) return [];
  return items.map((item) => {
    const i = { ...(item as Record<string, any>) };
    if (i.type === undefined && i.role !== undefined) i.type = 'message';
    if (typeof i.content === 'string') i.content = [{ type: 'input_text', text: i.content }];
    i.id ??= `msg_${hex(24)}`;
    return i;
  });
}

function wantsCall(x: Exchange): string | undefined {
  const tool = Array.isArray(x.body.tools)
    ? x.body.tools.find((t: any) => t?.type === 'function')
    : undefined;
  const answered =
    Array.isArray(x.body.input) && x.body.input.some((i: any) => i?.type === 'function_call_output');
  return tool && !answered ? String(tool.name) : undefined;
}

/** The argument deltas of a call: `{"input":"`, each piece escaped, `"}`. */
const argumentDeltas = (pieces: string[]) => [
  '{"input":"',
  ...pieces.map((p) => JSON.stringify(p).slice(1, -1)),
  '"}',
];

function outputItem(x: Exchange, done: boolean): Record<string, any> {
  const call = wantsCall(x);
  const status = done ? 'completed' : 'in_progress';
  if (call) {
    return {
      id: `fc_${hex(24)}`,
      type: 'function_call',
      status,
      arguments: done ? argumentDeltas(x.pieces).join('') : '',
      call_id: `call_${base62(24)}`,
      name: call,
    };
  }
  const content = done
    ? [{ type: 'output_text', annotations: [], logprobs: [], text: x.pieces.join('') }]
    : [];
  return { id: `msg_${hex(24)}`, type: 'message', status, content, role: 'assistant' };
}

function usage(x: Exchange) {
  const input = estimateTokens(x.body.input, x.body.instructions, x.body.tools);
  const output = estimateTokens(x.pieces.join(''));
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
}

function responseObject(x: Exchange, status: string, output: Record<string, any>[]): Record<string, any> {
  const b = x.body;
  return {
    id: `resp_${hex(24)}`,
    object: 'response',
    created_at: unixSeconds(),
    status,
    background: b.background === true,
    error: null,
    incomplete_details: null,
    instructions: b.instructions ?? null,
    max_output_tokens: b.max_output_tokens ?? null,
    model: x.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: b.previous_response_id ?? null,
    reasoning: { effort: null, summary: null },
    store: b.store !== false,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: b.tools ?? [],
    top_p: 1,
    truncation: 'disabled',
    usage: status === 'completed' ? usage(x) : null,
    user: null,
    metadata: b.metadata ?? {},
  };
}

function remember(x: Exchange, response: Record<string, any>) {
  if (response.store) stored.set(response.id, { response, input: inputItems(x.body.input) });
}

function streamed(x: Exchange): Reply {
  let seq = 0;
  const frame = (type: string, data: Record<string, unknown>) =>
    sseFrame({ type, sequence_number: seq++, ...data }, type);
  const started = outputItem(x, false);
  const item: Record<string, any> = {
    ...outputItem(x, true),
    id: started.id,
    ...(started.call_id ? { call_id: started.call_id } : {}),
  };
  const shell = responseObject(x, 'in_progress', []);
  const id = { item_id: item.id, output_index: 0 };
  const frames = [
    frame('response.created', { response: shell }),
    frame('response.in_progress', { response: shell }),
    frame('response.output_item.added', { output_index: 0, item: started }),
  ];
  if (item.type === 'function_call') {
    for (const delta of argumentDeltas(x.pieces))
      frames.push(frame('response.function_call_arguments.delta', { ...id, delta }));
    frames.push(frame('response.function_call_arguments.done', { ...id, arguments: item.arguments }));
  } else {
    const part = { type: 'output_text', annotations: [], logprobs: [], text: '' };
    frames.push(frame('response.content_part.added', { ...id, content_index: 0, part }));
    for (const delta of x.pieces)
      frames.push(frame('response.output_text.delta', { ...id, content_index: 0, delta, logprobs: [] }));
    const text = x.pieces.join('');
    frames.push(frame('response.output_text.done', { ...id, content_index: 0, text, logprobs: [] }));
    frames.push(frame('response.content_part.done', { ...id, content_index: 0, part: { ...part, text } }));
  }
  frames.push(frame('response.output_item.done', { output_index: 0, item }));
  const completed = { ...shell, status: 'completed', output: [item], usage: usage(x) };
  remember(x, completed);
  frames.push(frame('response.completed', { response: completed }));
  return {
    kind: 'sse',
    headers: { ...headers(), ...SSE_HEADERS },
    frames,
    firstContentFrame: 3,
    errorFrame: sseFrame(
      {
        type: 'error',
        code: 'server_error',
        message: 'The server had an error while processing your request.',
        param: null,
        sequence_number: seq,
      },
      'error',
    ),
  };
}

/** `/v1/responses/{id}[/cancel|/input_items]` → its parts. */
function idPath(pathname: string): { id: string; rest: string } | undefined {
  const m = /^\/v1\/responses\/([^/]+)(\/cancel|\/input_items)?$/.exec(pathname);
  return m ? { id: decodeURIComponent(m[1]!), rest: m[2] ?? '' } : undefined;
}

function byId(x: Exchange): Reply {
  const { id, rest } = idPath(x.url.pathname)!;
  const found = stored.get(id);
  if (!found) return notFound(id);
  switch (x.operation) {
    case 'responses.retrieve':
      return json(200, headers(), found.response);
    case 'responses.delete':
      stored.delete(id);
      return json(200, headers(), { id, object: 'response', deleted: true });
    case 'responses.cancel':
      if (!found.response.background) {
        return json(400, headers(), {
          error: {
            message: 'Only background responses can be cancelled.',
            type: 'invalid_request_error',
            param: null,
            code: null,
          },
        });
      }
      found.response.status = 'cancelled';
      return json(200, headers(), found.response);
    default: {
      void rest;
      const data = found.input;
      return json(200, headers(), {
        object: 'list',
        data,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
        has_more: false,
      });
    }
  }
}

export const openaiResponses: ProviderMock = {
  family: 'openai',

  route(method, url) {
    if (url.pathname === '/v1/responses') return method === 'POST' ? { operation: 'responses' } : undefined;
    const p = idPath(url.pathname);
    if (!p) return undefined;
    if (p.rest === '/cancel') return method === 'POST' ? { operation: 'responses.cancel' } : undefined;
    if (p.rest === '/input_items')
      return method === 'GET' ? { operation: 'responses.input_items' } : undefined;
    if (method === 'GET') return { operation: 'responses.retrieve' };
    if (method === 'DELETE') return { operation: 'responses.delete' };
    return undefined;
  },

  authenticate: openai.authenticate,
  fault: openai.fault,

  reply(x) {
    if (x.operation !== 'responses') return byId(x);
    if (typeof x.body.model !== 'string') {
      return json(400, headers(), {
        error: {
          message: "Missing required parameter: 'model'.",
          type: 'invalid_request_error',
          param: 'model',
          code: 'missing_required_parameter',
        },
      });
    }
    if (x.body.stream === true) return streamed(x);
    const background = x.body.background === true;
    const response = responseObject(
      x,
      background ? 'in_progress' : 'completed',
      background ? [] : [outputItem(x, true)],
    );
    remember(x, response);
    return json(200, headers(), response);
  },
};

/**
 * OpenAI embeddings ("Create embeddings"): {object: "list", data: [{object: "embedding", index,
 * embedding}], model, usage: {prompt_tokens, total_tokens}}; `encoding_format: "base64"` (the Node SDK's
 * default) sends each vector as base64 of little-endian float32.
 */
export const openaiEmbeddings: ProviderMock = {
  family: 'openai',
  route: (method, url) =>
    method === 'POST' && url.pathname === '/v1/embeddings' ? { operation: 'embeddings' } : undefined,
  authenticate: openai.authenticate,
  fault: openai.fault,
  reply(x) {
    const inputs: unknown[] = Array.isArray(x.body.input) ? x.body.input : [x.body.input];
    const dims = 8;
    const data = inputs.map((input, index) => {
      const vector = Array.from({ length: dims }, (_, d) => ((estimateTokens(input) + d) % 7) / 7);
      const embedding =
        x.body.encoding_format === 'base64'
          ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
          : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = estimateTokens(x.body.input);
    return json(200, headers(), {
      object: 'list',
      data,
      model: x.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  },
};
