// Anthropic Messages (docs.claude.com/en/api/messages) and count_tokens. Errors are
// {type: "error", error: {type, message}}; usage comes in the answer's `usage`, and when streamed in
// message_start (input) and message_delta (cumulative output).
import { upstreamBase } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';
import {
  fieldPiece,
  int,
  obj,
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

/** The delta fields that carry the model's text: prose, a tool's input as JSON, thinking. */
const DELTA_TEXT: Record<string, string> = {
  text_delta: 'text',
  input_json_delta: 'partial_json',
  thinking_delta: 'thinking',
};

/** Text in content_block_delta events, per content block; content_block_stop closes its block. */
function streamTexts(data: unknown): StreamTexts | null {
  const e = obj(data);
  const index = int(e?.index);
  if (!e || index === null) return e?.type === 'message_stop' ? { pieces: [], ends: [''] } : null;
  if (e.type === 'content_block_stop') return { pieces: [], ends: [`${index}/`] };
  const delta = obj(e.delta);
  const field = delta && DELTA_TEXT[String(delta.type)];
  if (e.type !== 'content_block_delta' || !delta || !field || typeof delta[field] !== 'string') return null;
  const channel = `${index}/`;
  const type = delta.type;
  const carry = (text: string): CarriedPiece => {
    const carried = { type, [field]: text };
    return {
      data: { type: 'content_block_delta', index, delta: carried },
      event: 'content_block_delta',
      piece: fieldPiece(channel, carried, field, carry),
    };
  };
  return { pieces: [fieldPiece(channel, delta, field, carry)], ends: [] };
}

/** Text blocks are the model's prose; tool_use blocks its calls (Claude Code's Bash: {command}). */
function answerContent(body: unknown): AnswerContent {
  const out: AnswerContent = { texts: [], calls: [] };
  const content = obj(body)?.content;
  if (!Array.isArray(content)) return out;
  content.forEach((b, i) => {
    const block = obj(b);
    if (block?.type === 'text' && typeof block.text === 'string')
      out.texts.push({ text: block.text, location: `content[${i}].text` });
    else if (block?.type === 'tool_use' && typeof block.name === 'string')
      out.calls.push({ name: block.name, arguments: block.input, location: `content[${i}].input` });
  });
  return out;
}

/** A tool_use block starts with its name, its input streams as input_json_delta, content_block_stop ends it. */
function streamContent(data: unknown, into: ContentSink): void {
  const e = obj(data);
  const index = int(e?.index);
  if (!e || index === null) return;
  const key = String(index);
  if (e.type === 'content_block_start') {
    const block = obj(e.content_block);
    if (block?.type === 'tool_use' && typeof block.name === 'string') into.callStart(key, block.name);
    else if (block?.type === 'text' && typeof block.text === 'string' && block.text)
      into.text(key, block.text);
  } else if (e.type === 'content_block_delta') {
    const delta = obj(e.delta);
    if (delta?.type === 'text_delta' && typeof delta.text === 'string') into.text(key, delta.text);
    else if (delta?.type === 'input_json_delta' && typeof delta.partial_json === 'string')
      into.callArguments(key, delta.partial_json);
  } else if (e.type === 'content_block_stop') into.callEnd(key);
}

function errorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 529) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

const model = (req: ProviderRequest) => str(req.body.model);
const withQuery = (path: string, req: ProviderRequest) => (req.query ? `${path}?${req.query}` : path);

function readUsage(u: unknown, into: Usage) {
  const usage = obj(u);
  if (!usage) return;
  // Each counter is a cumulative total for the message: one that is sent replaces the last, one that is
  // left out (or null) keeps its value, as the SDK's MessageStream reads them.
  const parts = (into.parts ??= {});
  for (const name of ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens']) {
    const n = int(usage[name]);
    if (n !== null) parts[name] = n;
  }
  // Cached prompt tokens are billed input too; Anthropic reports them apart.
  if (parts.input_tokens !== undefined) {
    into.inputTokens =
      parts.input_tokens + (parts.cache_creation_input_tokens ?? 0) + (parts.cache_read_input_tokens ?? 0);
  }
  // Cache reads are what "cached" means in every shape (OpenAI's cached_tokens, Gemini's cached content);
  // cache writes (cache_creation_input_tokens, billed above the input rate) stay counted in input only.
  if (parts.cache_read_input_tokens !== undefined) into.cachedTokens = parts.cache_read_input_tokens;
  const output = int(usage.output_tokens);
  if (output !== null) into.outputTokens = output;
}

export const anthropic: Provider = {
  family: 'anthropic',
  tokenHeaders: [],
  tokenInQuery: false,
  routes: [
    {
      url: '/v1/messages',
      operation: () => 'messages',
      model,
      stream: (req) => req.body.stream === true,
      upstreamPath: (req, key) => withQuery(`${upstreamBase(key)}/v1/messages`, req),
    },
    {
      url: '/v1/messages/count_tokens',
      operation: () => 'count_tokens',
      model,
      stream: () => false,
      upstreamPath: (req, key) => withQuery(`${upstreamBase(key)}/v1/messages/count_tokens`, req),
    },
  ],
  sign(request, key) {
    request.headers['x-api-key'] = key.secret;
  },
  errorBody: (status: number, _code: GatewayErrorCode, message: string) => ({
    type: 'error',
    error: { type: errorType(status), message },
  }),
  streamTexts,
  streamError: (message) =>
    sseEvent({ type: 'error', error: { type: 'invalid_request_error', message } }, 'error'),
  answerContent,
  streamContent,
  usage(body) {
    const b = obj(body);
    if (!b) return null;
    // count_tokens answers {input_tokens}.
    if (b.usage === undefined && int(b.input_tokens) !== null)
      return { inputTokens: int(b.input_tokens), outputTokens: null };
    const into: Usage = { inputTokens: null, outputTokens: null };
    readUsage(b.usage, into);
    return into;
  },
  streamUsage(data, into) {
    const event = obj(data);
    if (!event) return;
    if (event.type === 'message_start') readUsage(obj(event.message)?.usage, into);
    else if (event.type === 'message_delta') readUsage(event.usage, into);
  },
};
