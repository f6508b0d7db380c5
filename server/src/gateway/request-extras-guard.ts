// The policy on what a request carries upstream besides its body: the query string and the caller's
// headers that pass (upstream.ts says which). Each is read as the line it is written as, `name=value`
// and `name: value`, so that an assignment (`api_key=…`, `x-api-key: …`) is found as in a file. A
// redaction in a value replaces the match there; one that touches a name drops the parameter or the
// header, since a placeholder cannot be a header name. In subscription mode the tool's own provider
// credential (its `?key=`, its credential headers) is left alone: it is meant to go upstream.
import type { IncomingHttpHeaders } from 'node:http';
import type { CompiledPolicy, Hit } from '../policy/evaluation.ts';
import { redactText, type Spotted } from './json-guard.ts';
import { CALLER_CREDENTIALS, subscriptionHeaders, upstreamHeaders } from './upstream.ts';

export interface ExtrasGuarded {
  spotted: Spotted[];
  blocked: Spotted | null;
  /** The query to send, when a redaction changed it. */
  query?: string;
  /** The caller's headers to forward from, when a redaction changed them. */
  headers?: IncomingHttpHeaders;
}

interface Line {
  name: string;
  value: string;
  text: string;
  hits: readonly Hit[];
}

function read(
  policy: CompiledPolicy,
  name: string,
  value: string,
  sep: string,
  where: string,
  out: ExtrasGuarded,
): Line | null {
  const text = `${name}${sep}${value}`;
  const hits = policy.scan(text);
  if (hits.length === 0) return null;
  for (const hit of hits) {
    const s: Spotted = {
      hit,
      value: text.slice(hit.match.start, hit.match.end),
      location: `${where}.${name}`.slice(0, 300),
    };
    out.spotted.push(s);
    if (hit.action === 'block') out.blocked ??= s;
  }
  return { name, value, text, hits };
}

/** The line's value once redacted, or null when a redaction reaches into the name (drop it all). */
function redactedValue(line: Line, sep: string): string | null {
  const valueAt = line.name.length + sep.length;
  const redacts = line.hits.filter((h) => h.action === 'redact');
  if (redacts.some((h) => h.match.start < valueAt)) return null;
  return redactText(line.text, redacts).slice(valueAt);
}

export function guardRequestExtras(
  policy: CompiledPolicy,
  query: string,
  incoming: IncomingHttpHeaders,
  subscription: boolean,
): ExtrasGuarded {
  const out: ExtrasGuarded = { spotted: [], blocked: null };
  if (!policy.active) return out;
  if (query) {
    const params = new URLSearchParams(query);
    let changed = false;
    const kept = new URLSearchParams();
    for (const [name, value] of params) {
      const line = subscription && name === 'key' ? null : read(policy, name, value, '=', 'query', out);
      const redacted =
        line && line.hits.some((h) => h.action === 'redact') ? redactedValue(line, '=') : value;
      if (redacted !== value) changed = true;
      if (redacted !== null) kept.append(name, redacted);
    }
    if (changed) out.query = kept.toString();
  }
  const forwarded = subscription ? subscriptionHeaders(incoming) : upstreamHeaders(incoming);
  let headers: IncomingHttpHeaders | undefined;
  for (const name in forwarded) {
    if (subscription && CALLER_CREDENTIALS.includes(name)) continue;
    const v = incoming[name];
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    const next: string[] = [];
    let changed = false;
    for (const value of values) {
      const line = read(policy, name, value, ': ', 'header', out);
      const redacted =
        line && line.hits.some((h) => h.action === 'redact') ? redactedValue(line, ': ') : value;
      if (redacted !== value) changed = true;
      if (redacted !== null) next.push(redacted);
    }
    if (!changed) continue;
    headers ??= { ...incoming };
    if (next.length === 0) delete headers[name];
    else headers[name] = Array.isArray(v) ? next : next[0];
  }
  if (headers) out.headers = headers;
  return out;
}
