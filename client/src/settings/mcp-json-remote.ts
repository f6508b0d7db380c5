// `setup <tool> --mcp` for remote servers in JSON configurations (mcp-remote.ts says which and why): the
// URL member set to the Gateway's /mcp/{alias} in place, an SSE server made a Streamable HTTP one (the only
// transport /mcp/{alias} speaks: Claude Code's `type` "sse" becomes "http", Gemini CLI's `url` becomes
// `httpUrl`), and the credential members of `headers` removed. What each changed member held is recorded as
// text; undo and a new device token act only where the member still holds what setup wrote (compared as
// values, so that a tool that re-serialised the file is still understood).
import { isDeepStrictEqual } from 'node:util';
import type { RoutedJsonServer } from '../state-store.ts';
import { blankComments, deleteMember, memberRaw, memberValue, renameMember, setMember } from './json-edit.ts';
import { isCredentialHeader, type RemoteRouting } from './mcp-remote.ts';
import type { McpReport } from './mcp-wrapping.ts';

/** The document being edited: its text, where its root object opens, its indentation unit. */
export interface JsonDoc {
  text: string;
  root: number;
  unit: string;
  /** Where the object at `keys` opens in the current text, or undefined. */
  objectAt(keys: string[]): number | undefined;
}

const parsed = (raw: string): unknown => JSON.parse(blankComments(raw));

/** Whether `key` of the object at `at` holds, as a value, what the raw text `raw` says. */
const holds = (doc: JsonDoc, at: number, key: string, raw: string) =>
  isDeepStrictEqual(memberValue(doc.text, at, key), parsed(raw));

/**
 * One remote entry (`entry`, at `path`): routed through the Gateway when the inventory has its URL. Returns
 * its record (a new one, or `earlier` with a fresh token), undefined when setup does not route it, or null
 * when setup's earlier routing was taken out (its server is gone from the inventory).
 */
export function routeJsonEntry(
  doc: JsonDoc,
  path: string[],
  label: string,
  entry: Record<string, unknown>,
  routing: RemoteRouting,
  earlier: RoutedJsonServer | undefined,
  urlIsSse: boolean,
  report: McpReport,
): RoutedJsonServer | null | undefined {
  const key = typeof entry.httpUrl === 'string' ? 'httpUrl' : 'url';
  const value = entry[key] as string;
  const routedTo = routing.routedAlias(value);
  const own = earlier && earlier.alias === routedTo && earlier.wrote_key === key ? earlier : undefined;
  if (own && !routing.registered(own.alias)) {
    // Routed by setup to a server an admin has since removed: back to the server's own URL, as undo would
    // (whatever token the URL holds), and said like any other unregistered server.
    unrouteJson(doc, [{ ...own, wrote_url: JSON.stringify(value) }]);
    report.remote.push(label);
    return null;
  }
  if (routedTo !== undefined) {
    report.alreadyRouted.push(label);
    if (!own) return undefined;
    // Setup's own entry, with a token a refresh could not write (the file was unreadable then).
    const want = JSON.stringify(routing.gatewayUrl(routedTo));
    if (!holds(doc, doc.objectAt(path)!, key, want))
      doc.text = setMember(doc.text, doc.objectAt(path)!, key, want, doc.unit);
    return { ...own, wrote_url: want };
  }
  const found = routing.match(value);
  if (found === undefined) {
    report.remote.push(label);
    return undefined;
  }
  if ('unusable' in found) {
    report.skipped.push(`${label}: ${found.unusable}`);
    return undefined;
  }
  const at = () => doc.objectAt(path)!;
  const record: RoutedJsonServer = {
    path,
    alias: found.alias,
    key,
    wrote_key: key,
    url: memberRaw(doc.text, at(), key)!,
    wrote_url: JSON.stringify(routing.gatewayUrl(found.alias)),
  };
  doc.text = setMember(doc.text, at(), key, record.wrote_url, doc.unit);
  if (entry.type === 'sse') {
    record.type = { was: memberRaw(doc.text, at(), 'type')!, wrote: '"http"' };
    doc.text = setMember(doc.text, at(), 'type', record.type.wrote, doc.unit);
  } else if (urlIsSse && key === 'url' && entry.type === undefined) {
    record.wrote_key = 'httpUrl';
    doc.text = renameMember(doc.text, at(), 'url', 'httpUrl');
  }
  const headers = entry.headers;
  if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
    const credentials = Object.keys(headers).filter(isCredentialHeader);
    if (credentials.length) {
      const was = memberRaw(doc.text, at(), 'headers')!;
      for (const name of credentials)
        doc.text = deleteMember(doc.text, doc.objectAt([...path, 'headers'])!, name);
      record.headers = { was, wrote: memberRaw(doc.text, at(), 'headers')! };
    }
  }
  report.routed.push(`${label} → /mcp/${found.alias}`);
  return record;
}

/** Each routed server put back as it was, where its members still hold what setup wrote. */
export function unrouteJson(doc: JsonDoc, records: readonly RoutedJsonServer[]): void {
  for (const r of records) {
    const at = () => doc.objectAt(r.path);
    if (at() === undefined || !holds(doc, at()!, r.wrote_key, r.wrote_url)) continue;
    doc.text = setMember(doc.text, at()!, r.wrote_key, r.url, doc.unit);
    if (r.key !== r.wrote_key) doc.text = renameMember(doc.text, at()!, r.wrote_key, r.key);
    if (r.type && holds(doc, at()!, 'type', r.type.wrote))
      doc.text = setMember(doc.text, at()!, 'type', r.type.was, doc.unit);
    if (r.headers && holds(doc, at()!, 'headers', r.headers.wrote))
      doc.text = setMember(doc.text, at()!, 'headers', r.headers.was, doc.unit);
  }
}

/** The routed servers pointed at the Gateway with the session `routing` was made for (a new token). */
export function retokenJson(
  doc: JsonDoc,
  records: readonly RoutedJsonServer[],
  routing: RemoteRouting,
): RoutedJsonServer[] {
  return records.map((r) => {
    const at = doc.objectAt(r.path);
    const want = JSON.stringify(routing.gatewayUrl(r.alias));
    if (at === undefined || want === r.wrote_url || !holds(doc, at, r.wrote_key, r.wrote_url)) return r;
    doc.text = setMember(doc.text, at, r.wrote_key, want, doc.unit);
    return { ...r, wrote_url: want };
  });
}
