// JSON-RPC 2.0 as MCP uses it: what the proxy reads of a message, checked before anything else looks at
// it. A caller's POST carries one message or (protocol 2025-03-26) a batch of them; the server's answers
// come the same way, as a JSON body or as SSE events. Both sides are untrusted: a message is parsed only
// after its nesting has been checked on the raw text (gateway/json-limits.ts), and only the members the
// proxy acts on are read.
import { jsonShape, MAX_JSON_DEPTH } from '../../gateway/json-limits.ts';

export type JsonRpcId = string | number;

export interface JsonRpcMessage {
  jsonrpc: '2.0';
  id?: JsonRpcId | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

/** A message's kind: a request (method and id), a notification (method, no id), or a response. */
export type MessageKind = 'request' | 'notification' | 'response';

/** The JSON-RPC error codes the proxy answers with (the spec's, and MCP's -32001 for a lost session). */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  internalError: -32603,
  /** Implementation-defined server errors (-32000..-32099): the Gateway's own refusals. */
  refused: -32000,
  sessionNotFound: -32001,
} as const;

/** The SDK's own limit, and what no real client comes near. */
export const MAX_BATCH = 100;

export function kindOf(m: JsonRpcMessage): MessageKind {
  if (typeof m.method === 'string') return m.id === undefined || m.id === null ? 'notification' : 'request';
  return 'response';
}

/** A key for an id in maps: `1` and `"1"` are different ids. */
export function idKey(id: JsonRpcId): string {
  return typeof id === 'number' ? `n${id}` : `s${id}`;
}

export type Parsed =
  | { ok: true; messages: JsonRpcMessage[]; batch: boolean }
  /** notRpc: valid JSON, within the limits, that is not JSON-RPC (such as a replayed priming event's `{}`). */
  | { ok: false; message: string; code: number; notRpc?: boolean };

const isId = (v: unknown): v is JsonRpcId =>
  (typeof v === 'string' && v.length <= 256) || (typeof v === 'number' && Number.isFinite(v));

/** Whether `v` has the shape of one JSON-RPC 2.0 message; the reason when not. */
function check(v: unknown): string | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'a message must be a JSON object';
  const m = v as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return 'a message must carry "jsonrpc": "2.0"';
  if (m.method !== undefined) {
    if (typeof m.method !== 'string' || m.method.length === 0 || m.method.length > 256)
      return '"method" must be a non-empty string';
    if (m.id !== undefined && !isId(m.id)) return '"id" must be a string or a number';
    if (m.params !== undefined && (m.params === null || typeof m.params !== 'object'))
      return '"params" must be an object or an array';
    return null;
  }
  if (!('result' in m) && !('error' in m))
    return 'a message needs "method" (a request) or "result"/"error" (a response)';
  if (m.id !== null && !isId(m.id)) return 'a response must carry the id of the request it answers';
  return null;
}

const RPC_MEMBERS = ['jsonrpc', 'id', 'method', 'params', 'result', 'error'];

/**
 * An object that carries no member of a JSON-RPC message (the SDK's event store replays a stream's
 * priming event as `{}`): no malformed message, just no message at all.
 */
function noRpcMember(v: unknown): boolean {
  return (
    v !== null && typeof v === 'object' && !Array.isArray(v) && !RPC_MEMBERS.some((k) => Object.hasOwn(v, k))
  );
}

/**
 * One POSTed body or one server message as JSON-RPC: a message or a non-empty batch of them. The
 * message of a refusal is for a person (no value of the body is repeated in it).
 */
export function parseMessages(text: string, what: 'body' | 'message'): Parsed {
  if (jsonShape(text).tooDeep)
    return {
      ok: false,
      code: RPC.invalidRequest,
      message: `The ${what} is nested deeper than the Gateway reads (${MAX_JSON_DEPTH} levels of objects and arrays).`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: RPC.parseError, message: `The ${what} is not valid JSON.` };
  }
  const batch = Array.isArray(value);
  const list = batch ? (value as unknown[]) : [value];
  if (list.length === 0)
    return { ok: false, code: RPC.invalidRequest, message: 'An empty batch holds no message.' };
  if (list.length > MAX_BATCH)
    return {
      ok: false,
      code: RPC.invalidRequest,
      message: `A batch may hold at most ${MAX_BATCH} messages.`,
    };
  for (let i = 0; i < list.length; i++) {
    const why = check(list[i]);
    if (why) {
      const at = batch ? ` (message ${i + 1} of the batch)` : '';
      return {
        ok: false,
        code: RPC.invalidRequest,
        message: `The ${what} is not JSON-RPC 2.0${at}: ${why}.`,
        notRpc: !batch && noRpcMember(value),
      };
    }
  }
  return { ok: true, messages: list as JsonRpcMessage[], batch };
}

/** A JSON-RPC error response; `data.code` is the Gateway's stable code, which tests and tools may read. */
export function errorMessage(
  id: JsonRpcId | null,
  rpcCode: number,
  message: string,
  code: string,
): JsonRpcMessage {
  return { jsonrpc: '2.0', id, error: { code: rpcCode, message, data: { code } } };
}

/** The name of the tool a tools/call asks for, or undefined when it names none. */
export function toolOf(m: JsonRpcMessage): string | undefined {
  const p = m.params as { name?: unknown } | undefined;
  return typeof p?.name === 'string' ? p.name : undefined;
}
