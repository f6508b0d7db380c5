// The proxy's own tools/list, in the caller's session. Two uses:
// - Drift mid-session: when a server says its tools changed (notifications/tools/list_changed), the
//   proxy lists them itself and hands them to the governor before the notification goes on, so that a
//   changed tool is caught (and, under enforce, refused) even when the client never lists again.
// - A client's paginated list: the governor must see the whole list (a tool missing from one page is
//   not removed), so the first page of a client's list is completed by the proxy fetching the rest.
// The answer may come as JSON or as an SSE stream; pages are followed (nextCursor).
import { EventEmitter } from 'node:events';
import type { McpToolDefinition } from '../mcp-contract.ts';
import { dataOf } from '../../gateway/sse-framing.ts';
import type { McpCall } from './mcp-call.ts';
import { parseMessages } from './jsonrpc.ts';
import { mcpRequestHeaders } from './mcp-upstream.ts';
import { MAX_MCP_MESSAGE, SseSplitter } from './sse-events.ts';

/** A server with more pages than this is listing forever. */
const MAX_PAGES = 50;
const MAX_TOOLS = 10_000;

let counter = 0;

export interface GatheredTools {
  tools: McpToolDefinition[];
  /** Whether the server's list ended (no nextCursor), rather than the page or tool cap. */
  complete: boolean;
}

/**
 * The server's tools, listed in the session of `call`: from the start, or from `cursor` on (the rest of
 * a list whose first page the caller already has). Throws, saying why, when it could not list.
 */
export async function gatherTools(call: McpCall, cursor?: string): Promise<GatheredTools> {
  const { deps, request } = call;
  const route = call.route!;
  const tools: McpToolDefinition[] = [];
  const cancel = new EventEmitter();
  const timer = setTimeout(() => cancel.emit('abort'), deps.relistTimeoutMs);
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const id = `gatehouse-relist-${++counter}`;
      const headers = mcpRequestHeaders(sessionHeaders(request.headers), route);
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/list',
        ...(cursor ? { params: { cursor } } : {}),
      });
      const answer = await deps.upstream.send({ route, method: 'POST', headers, body }, cancel);
      if (answer.statusCode >= 400) {
        answer.body.destroy();
        throw new Error(`the server answered ${answer.statusCode}`);
      }
      const result = await readResult(answer.body, String(answer.headers['content-type'] ?? ''), id);
      const list = (result as { tools?: unknown }).tools;
      if (!Array.isArray(list)) throw new Error('its answer holds no tools');
      for (const t of list)
        if (t !== null && typeof t === 'object' && !Array.isArray(t)) tools.push(t as McpToolDefinition);
      const next = (result as { nextCursor?: unknown }).nextCursor;
      if (typeof next !== 'string' || next === '') return { tools, complete: true };
      if (tools.length >= MAX_TOOLS) break;
      cursor = next;
    }
    return { tools, complete: false };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Lists the server's tools after its list_changed and hands them to the governor. Resolves in any case
 * (logging why when it could not list): the notification goes on either way, and the client's own
 * next tools/list is filtered as usual.
 */
export async function relistTools(call: McpCall): Promise<void> {
  const route = call.route!;
  try {
    const { tools, complete } = await gatherTools(call);
    call.deps.governor.onToolsList(route, tools, call.mcpCaller(), { partial: !complete });
  } catch (err) {
    call.request.log.warn(
      { mcpServer: route.alias, reason: reasonOf(err) },
      'could not list the MCP server’s tools after it said they changed',
    );
  }
}

export const reasonOf = (err: unknown) => (err instanceof Error ? err.message.slice(0, 200) : 'failed');

/** Only what the transport needs: the caller's own headers (and its token) stay out of this request. */
function sessionHeaders(incoming: Record<string, string | string[] | undefined>) {
  const out: Record<string, string> = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
  };
  for (const name of ['mcp-session-id', 'mcp-protocol-version']) {
    const v = incoming[name];
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}

/** The result of the answer to `id`, from a JSON body or the first matching event of a stream. */
async function readResult(
  body: AsyncIterable<Buffer> & { destroy(): void },
  contentType: string,
  id: string,
) {
  const sse = contentType.includes('text/event-stream');
  const splitter = new SseSplitter();
  let text = '';
  try {
    for await (const chunk of body) {
      if (!sse) {
        text += chunk.toString('utf8');
        if (text.length > MAX_MCP_MESSAGE) throw new Error('its answer is too large');
        continue;
      }
      for (const raw of splitter.push(chunk)) {
        const found = answerIn(dataOf(raw), id);
        if (found !== undefined) return found;
      }
    }
  } finally {
    body.destroy();
  }
  const found = answerIn(sse ? dataOf(splitter.end() ?? '') : text, id);
  if (found === undefined) throw new Error('it did not answer');
  return found;
}

function answerIn(data: string | undefined, id: string): object | undefined {
  if (!data?.trim()) return undefined;
  const parsed = parseMessages(data, 'message');
  if (!parsed.ok) throw new Error(parsed.message);
  for (const m of parsed.messages) {
    if (m.id !== id) continue;
    if (m.result === null || typeof m.result !== 'object') throw new Error('it answered with an error');
    return m.result;
  }
  return undefined;
}
