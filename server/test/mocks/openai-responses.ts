// OpenAI Responses API, as documented in the API reference (platform.openai.com/docs/api-reference/responses)
// and its "Streaming events" page:
// - `POST /v1/responses`: the `response` object (`output` items `message` with `output_text` parts,
//   `function_call` with `call_id`/`name`/`arguments`, `reasoning` with `encrypted_content` when the request
//   `include`s it), `usage` with `input_tokens_details.cached_tokens` and
//   `output_tokens_details.reasoning_tokens`;
// - streamed: named SSE events (`event:` line, `data:` with the same `type`), each with a rising
//   `sequence_number`: response.created → response.in_progress → per output item response.output_item.added
//   → (message) response.content_part.added, response.output_text.delta…, response.output_text.done,
//   response.content_part.done / (function call) response.function_call_arguments.delta…,
//   response.function_call_arguments.done → response.output_item.done → response.completed; no `[DONE]`;
//   a failure after the start is an `error` event `{type, code, message, param, sequence_number}`;
// - `GET` and `DELETE /v1/responses/{id}`, `POST /v1/responses/{id}/cancel` (only for `background: true`
//   responses; a finished one comes back unchanged), `GET /v1/responses/{id}/input_items` (a list, newest
//   first unless `order=asc`); an unknown id is a 404 invalid_request_error.
// Errors, authentication and the rate-limit headers are the Chat Completions API's (openai.ts). Prompt caching
// as the guide "Prompt caching" describes it: a repeated prefix (instructions and tools) of 1,024 tokens or
// more is served from cache in steps of 128 tokens, which the second turn of an agent shows.
import { createHash } from 'node:crypto';
import { baseHeaders, error, openai, SSE_HEADERS } from './openai.ts';
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

const ITEM_PATH = /^\/v1\/responses\/([^/]+)(\/cancel|\/input_items)?$/;
/** Entries (stored responses, cached prefixes) kept per mock server; the oldest go first, so that a long
 * benchmark cannot grow the mock. */
const MAX_REMEMBERED = 2000;
/** Tokens a reasoning model "thinks" per answer, counted in output_tokens as the API does. */
const REASONING_TOKENS = 64;

type Item = Record<string, any>;

interface Stored {
  response: Item;
  /** The request's input, as `input_items` lists it (each item with its id). */
  input: Item[];
  /** A background response not yet "finished": what a poll reveals. */
  finished?: Item;
}

const itemId = (prefix: string): string => `${prefix}_${hex(25)}`;

function notFound(id: string): JsonReply {
  return error(404, `Response with id '${id}' not found.`, 'invalid_request_error', null);
}

/** The request's `input` as stored items: a string is one user message; messages get ids and typed parts. */
function inputItems(input: unknown): Item[] {
  const items: unknown[] =
    typeof input === 'string' ? [{ role: 'user', content: input }] : [input ?? []].flat();
  return items
    .filter((i): i is Item => i !== null && typeof i === 'object')
    .map((i) => {
      if (i.type !== undefined && i.type !== 'message') return { id: i.id ?? itemId('fc'), ...i };
      const content = typeof i.content === 'string' ? [{ type: 'input_text', text: i.content }] : i.content;
      return { id: i.id ?? itemId('msg'), type: 'message', status: 'completed', ...i, content };
    });
}

const wantsReasoning = (x: Exchange): boolean =>
  (x.body.reasoning?.effort ?? null) !== null || /^(o\d|gpt-5)/.test(x.model);

/** Input tokens, the share of them served from cache (see the header), and the remembered prefix. */
function inputUsage(x: Exchange): { input: number; cached: number } {
  const input = estimateTokens(x.body.instructions, x.body.input, x.body.tools);
  const prefix = estimateTokens(x.body.instructions, x.body.tools);
  const key = `cache:${createHash('sha256')
    .update(JSON.stringify([x.model, x.body.instructions, x.body.tools]))
    .digest('hex')}`;
  const seen = x.memory.has(key);
  keep(x, key, true);
  return { input, cached: seen && prefix >= 1024 ? Math.floor(prefix / 128) * 128 : 0 };
}

/** The output items of this answer, complete: a reasoning item for reasoning models, then text or a call. */
function outputItems(x: Exchange): Item[] {
  const items: Item[] = [];
  if (wantsReasoning(x)) {
    const encrypted = [x.body.include ?? []].flat().includes('reasoning.encrypted_content');
    items.push({
      id: itemId('rs'),
      type: 'reasoning',
      summary: [],
      ...(encrypted ? { encrypted_content: `gAAAAA${base62(120)}` } : {}),
    });
  }
  if (x.toolCall) {
    items.push({
      id: itemId('fc'),
      type: 'function_call',
      status: 'completed',
      arguments: JSON.stringify(x.toolCall.arguments),
      call_id: `call_${base62(24)}`,
      name: x.toolCall.name,
      ...(x.toolCall.namespace ? { namespace: x.toolCall.namespace } : {}),
    });
  } else {
    items.push({
      id: itemId('msg'),
      type: 'message',
      status: 'completed',
      content: [{ type: 'output_text', annotations: [], logprobs: [], text: x.pieces.join('') }],
      role: 'assistant',
    });
  }
  return items;
}

/** The `response` object: what the request asked for echoed back, with status, output and usage. */
function responseObject(x: Exchange, id: string, status: string, output: Item[], usage: Item | null): Item {
  const b = x.body;
  return {
    id,
    object: 'response',
    created_at: unixSeconds(),
    status,
    background: b.background === true,
    error: null,
    incomplete_details: null,
    instructions: b.instructions ?? null,
    max_output_tokens: b.max_output_tokens ?? null,
    max_tool_calls: b.max_tool_calls ?? null,
    model: x.model,
    output,
    parallel_tool_calls: b.parallel_tool_calls ?? true,
    previous_response_id: b.previous_response_id ?? null,
    prompt_cache_key: b.prompt_cache_key ?? null,
    reasoning: { effort: b.reasoning?.effort ?? null, summary: b.reasoning?.summary ?? null },
    safety_identifier: b.safety_identifier ?? null,
    service_tier: 'default',
    store: b.store !== false,
    temperature: b.temperature ?? 1,
    text: { format: { type: 'text' }, verbosity: 'medium', ...b.text },
    tool_choice: b.tool_choice ?? 'auto',
    tools: b.tools ?? [],
    top_logprobs: b.top_logprobs ?? 0,
    top_p: b.top_p ?? 1,
    truncation: b.truncation ?? 'disabled',
    usage,
    user: b.user ?? null,
    metadata: b.metadata ?? {},
  };
}

function usageOf(x: Exchange, output: Item[]): Item {
  const { input, cached } = inputUsage(x);
  const reasoning = output.some((i) => i.type === 'reasoning') ? REASONING_TOKENS : 0;
  const visible = estimateTokens(output.filter((i) => i.type !== 'reasoning'));
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: cached },
    output_tokens: visible + reasoning,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: input + visible + reasoning,
  };
}

/** Cuts a function call's arguments into a few deltas, as the model streams them. */
function argumentPieces(args: string): string[] {
  const size = Math.max(1, Math.ceil(args.length / 3));
  const pieces: string[] = [];
  for (let i = 0; i < args.length; i += size) pieces.push(args.slice(i, i + size));
  return pieces.length > 0 ? pieces : [''];
}

/** The typed events of one streamed answer, in order; `firstContent` is the index of the first delta. */
function streamEvents(x: Exchange, done: Item): { events: Item[]; firstContent: number } {
  const events: Item[] = [];
  let firstContent = -1;
  const emit = (type: string, fields: Item, content = false): void => {
    if (content && firstContent < 0) firstContent = events.length;
    events.push({ type, sequence_number: events.length, ...fields });
  };
  const started = { ...done, status: 'in_progress', output: [], usage: null };
  emit('response.created', { response: started });
  emit('response.in_progress', { response: started });
  for (const [output_index, item] of (done.output as Item[]).entries()) {
    const at = { item_id: item.id, output_index };
    if (item.type === 'message') {
      const part = item.content[0] as Item;
      emit('response.output_item.added', {
        output_index,
        item: { ...item, status: 'in_progress', content: [] },
      });
      emit('response.content_part.added', { ...at, content_index: 0, part: { ...part, text: '' } });
      for (const delta of x.pieces)
        emit('response.output_text.delta', { ...at, content_index: 0, delta, logprobs: [] }, true);
      emit('response.output_text.done', { ...at, content_index: 0, text: part.text, logprobs: [] });
      emit('response.content_part.done', { ...at, content_index: 0, part });
    } else if (item.type === 'function_call') {
      emit('response.output_item.added', {
        output_index,
        item: { ...item, status: 'in_progress', arguments: '' },
      });
      for (const delta of argumentPieces(item.arguments))
        emit('response.function_call_arguments.delta', { ...at, delta }, true);
      emit('response.function_call_arguments.done', { ...at, name: item.name, arguments: item.arguments });
    } else {
      const { encrypted_content: _sealed, ...open } = item;
      emit('response.output_item.added', { output_index, item: open });
    }
    emit('response.output_item.done', { output_index, item });
  }
  emit('response.completed', { response: done });
  return { events, firstContent };
}

/** Remembers `value` as the newest entry, forgetting the oldest past MAX_REMEMBERED (a Map keeps order). */
function keep(x: Exchange, key: string, value: unknown): void {
  x.memory.delete(key);
  x.memory.set(key, value);
  if (x.memory.size > MAX_REMEMBERED) x.memory.delete(x.memory.keys().next().value as string);
}

function create(x: Exchange): Reply {
  if (typeof x.body.model !== 'string') {
    return json(400, baseHeaders(), {
      error: {
        message: "Missing required parameter: 'model'.",
        type: 'invalid_request_error',
        param: 'model',
        code: 'missing_required_parameter',
      },
    });
  }
  const previous = x.body.previous_response_id;
  if (typeof previous === 'string' && !x.memory.has(`response:${previous}`)) {
    return json(400, baseHeaders(), {
      error: {
        message: `Previous response with id '${previous}' not found.`,
        type: 'invalid_request_error',
        param: 'previous_response_id',
        code: 'previous_response_not_found',
      },
    });
  }
  const id = itemId('resp');
  const output = outputItems(x);
  const done = responseObject(x, id, 'completed', output, usageOf(x, output));
  const background = x.body.background === true && x.body.stream !== true;
  const shown = background ? { ...done, status: 'queued', output: [], usage: null } : done;
  if (x.body.store !== false) {
    const input = inputItems(x.body.input);
    keep(x, `response:${id}`, { response: shown, input, ...(background ? { finished: done } : {}) });
  }
  if (x.body.stream !== true) return json(200, baseHeaders(), shown);
  const { events, firstContent } = streamEvents(x, done);
  return {
    kind: 'sse',
    headers: { ...baseHeaders(), ...SSE_HEADERS },
    frames: events.map((e) => sseFrame(e, e.type)),
    firstContentFrame: firstContent,
    errorFrame: sseFrame(
      {
        type: 'error',
        code: 'server_error',
        message: 'The server had an error while processing your request. Sorry about that!',
        param: null,
        sequence_number: firstContent + 1,
      },
      'error',
    ),
  };
}

/** Retrieval, deletion, cancellation and the input list of a stored response. */
function stored(x: Exchange, id: string): Reply {
  const entry = x.memory.get(`response:${id}`) as Stored | undefined;
  if (!entry) return notFound(id);
  switch (x.operation) {
    case 'responses.retrieve':
      // A polled background response has "finished" by the time anyone asks.
      if (entry.finished) {
        entry.response = entry.finished;
        delete entry.finished;
      }
      return json(200, baseHeaders(), entry.response);
    case 'responses.delete':
      x.memory.delete(`response:${id}`);
      return json(200, baseHeaders(), { id, object: 'response', deleted: true });
    case 'responses.cancel':
      if (!entry.response.background) {
        return error(400, 'Cannot cancel a synchronous response.', 'invalid_request_error', null);
      }
      if (entry.finished) {
        entry.response = { ...entry.response, status: 'cancelled' };
        delete entry.finished;
      }
      return json(200, baseHeaders(), entry.response);
    default: {
      const order = x.url.searchParams.get('order') === 'asc' ? 'asc' : 'desc';
      const limit = Math.min(100, Math.max(1, Number(x.url.searchParams.get('limit') ?? 20) || 20));
      const all = order === 'asc' ? entry.input : [...entry.input].reverse();
      const after = x.url.searchParams.get('after');
      const start = after ? all.findIndex((i) => i.id === after) + 1 : 0;
      const data = all.slice(start, start + limit);
      return json(200, baseHeaders(), {
        object: 'list',
        data,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
        has_more: start + limit < all.length,
      });
    }
  }
}

export const openaiResponses: ProviderMock = {
  family: 'openai',

  route(method, url) {
    if (url.pathname === '/v1/responses') return method === 'POST' ? { operation: 'responses' } : undefined;
    const m = ITEM_PATH.exec(url.pathname);
    if (!m) return undefined;
    if (m[2] === '/cancel') return method === 'POST' ? { operation: 'responses.cancel' } : undefined;
    if (m[2] === '/input_items') return method === 'GET' ? { operation: 'responses.input_items' } : undefined;
    if (method === 'GET') return { operation: 'responses.retrieve' };
    if (method === 'DELETE') return { operation: 'responses.delete' };
    return undefined;
  },

  authenticate: (x) => openai.authenticate(x),
  fault: (fault, x) => openai.fault(fault, x),

  reply(x) {
    if (x.operation === 'responses') return create(x);
    return stored(x, decodeURIComponent(ITEM_PATH.exec(x.url.pathname)?.[1] ?? ''));
  },
};
