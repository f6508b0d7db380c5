// A tools/list answer told apart from its id without parsing it. A client lists a server's tools at
// every session's start, and a server answers with the same bytes each time but for the id: the
// governor remembers the last whole list it judged and passed unchanged (McpToolGovernor.rememberList),
// and the relay passes a byte-identical repeat on without parsing, pinning and serialising 100 KB again
// (McpToolGovernor.repeatsList). Only the two compact forms servers write are recognised, with the id
// first (`{"jsonrpc":"2.0","id":7,…}`) or last (`{…,"jsonrpc":"2.0","id":7}`, the SDK's order); any
// other text, or an id of another shape, is read the ordinary way.
import type { JsonRpcId } from './jsonrpc.ts';

/** A message's text around its id: `head + id + tail` is the text. */
export interface IdSplit {
  head: string;
  tail: string;
  id: JsonRpcId;
}

const HEAD = '{"jsonrpc":"2.0","id":';
const TAIL_ID = ',"id":';
/** Ids a client sends: small integers, or short strings without escapes. */
const ID_TOKEN = /^(?:0|[1-9]\d{0,14}|"[\w.:-]{1,64}")$/;

const idOf = (token: string): JsonRpcId | null =>
  ID_TOKEN.test(token) ? (token.startsWith('"') ? token.slice(1, -1) : Number(token)) : null;

/**
 * The text split at its top-level id, or null. Last: the text ends with `,"id":<token>}`, and since that
 * `}` closes the message, the member before it is the message's own id. First: the text starts with
 * the message's `jsonrpc` and `id` members.
 */
export function splitId(text: string): IdSplit | null {
  if (text.startsWith(HEAD)) {
    const end = text.indexOf(',', HEAD.length);
    if (end < 0 || end - HEAD.length > 66) return null;
    const id = idOf(text.slice(HEAD.length, end));
    return id === null ? null : { head: HEAD, tail: text.slice(end), id };
  }
  if (!text.endsWith('}')) return null;
  const at = text.lastIndexOf(TAIL_ID);
  if (at < 0 || text.length - at > 72) return null;
  const id = idOf(text.slice(at + TAIL_ID.length, -1));
  return id === null ? null : { head: text.slice(0, at + TAIL_ID.length), tail: '}', id };
}

/** Whether two splits are the same message but for the id. */
export const sameButId = (a: IdSplit, b: IdSplit): boolean => a.tail === b.tail && a.head === b.head;
