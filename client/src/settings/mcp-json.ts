// `setup <tool> --mcp` in JSON configurations (Claude Code's .mcp.json and ~/.claude.json, Gemini CLI's
// settings.json): each stdio server's `command` and `args` become the wrapped form (mcp-wrapping.ts), edited
// in place (json-edit.ts) so that every other byte stays. What each member held, as text, is recorded, and
// undo puts that text back while the member still holds what setup wrote; a server the tool has rewritten
// since (still wrapped, other bytes) is unwrapped from its values. Remote servers registered in the
// Gatehouse inventory are routed through the Gateway (mcp-json-remote.ts) in the same pass.
import { isObject } from '../mcp/json-lines.ts';
import type { RoutedJsonServer, WrappedJsonServer } from '../state-store.ts';
import { deleteMember, jsonObjectFile, memberRaw, memberValueStart, setMember } from './json-edit.ts';
import { retokenJson, routeJsonEntry, unrouteJson, type JsonDoc } from './mcp-json-remote.ts';
import type { RemoteRouting } from './mcp-remote.ts';
import { unwrap, wrapArgs, WRAPPER, type McpReport } from './mcp-wrapping.ts';

const rawArray = (items: string[]) => `[${items.map((s) => JSON.stringify(s)).join(', ')}]`;

/** Where the object at `keys` opens; undefined when a key is absent or does not hold an object. */
function objectAt(text: string, root: number, keys: string[]): number | undefined {
  let at = root;
  for (const key of keys) {
    const start = memberValueStart(text, at, key);
    if (start === undefined || text[start] !== '{') return undefined;
    at = start;
  }
  return at;
}

/** The objects holding servers: `mcpServers`, and with `projects` each project's own (~/.claude.json). */
function containers(doc: Record<string, unknown>, projects: boolean): [string[], Record<string, unknown>][] {
  const found: [string[], Record<string, unknown>][] = [];
  if (isObject(doc.mcpServers)) found.push([['mcpServers'], doc.mcpServers]);
  if (projects && isObject(doc.projects))
    for (const [dir, project] of Object.entries(doc.projects))
      if (isObject(project) && isObject(project.mcpServers))
        found.push([['projects', dir, 'mcpServers'], project.mcpServers]);
  return found;
}

const where = (keys: string[]) => (keys[0] === 'projects' ? ` (project ${keys[1]})` : '');

const pathKey = (path: string[]) => path.join('\u0000');

/** How remote servers are routed in one file: the inventory's servers, and what setup routed before. */
export interface JsonRemote {
  routing: RemoteRouting;
  earlier: RoutedJsonServer[];
  /** A `url` member without `type` is an SSE server (Gemini CLI; Streamable HTTP is its `httpUrl`). */
  urlIsSse: boolean;
}

function docOf(text: string, root: number, unit: string): JsonDoc {
  const doc: JsonDoc = { text, root, unit, objectAt: (keys) => objectAt(doc.text, root, keys) };
  return doc;
}

export function wrapJsonMcp(
  current: string,
  file: string,
  comments: boolean,
  projects: boolean,
  report: McpReport,
  remote: JsonRemote,
): { text: string; servers: WrappedJsonServer[]; routed: RoutedJsonServer[] } {
  const checked = jsonObjectFile(current, file, comments);
  const { root, unit } = checked;
  let text = checked.text;
  const servers: WrappedJsonServer[] = [];
  const routed = new Map(remote.earlier.map((r) => [pathKey(r.path), r]));
  for (const [keys, entries] of containers(checked.doc, projects)) {
    for (const [name, entry] of Object.entries(entries)) {
      const label = `${name}${where(keys)}`;
      if (!isObject(entry)) {
        report.skipped.push(`${label}: not an object`);
        continue;
      }
      if (typeof entry.command !== 'string') {
        if (typeof entry.url === 'string' || typeof entry.httpUrl === 'string') {
          const path = [...keys, name];
          const doc = docOf(text, root, unit);
          const earlier = routed.get(pathKey(path));
          const record = routeJsonEntry(
            doc,
            path,
            label,
            entry,
            remote.routing,
            earlier,
            remote.urlIsSse,
            report,
          );
          text = doc.text;
          if (record) routed.set(pathKey(path), record);
          else if (record === null) routed.delete(pathKey(path));
        } else report.skipped.push(`${label}: no command`);
        continue;
      }
      if (unwrap(entry.command, entry.args)) {
        report.already.push(label);
        continue;
      }
      const args = entry.args ?? [];
      if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
        report.skipped.push(`${label}: its args are not a list of strings`);
        continue;
      }
      const path = [...keys, name];
      let at = objectAt(text, root, path)!;
      const record: WrappedJsonServer = {
        path,
        command: memberRaw(text, at, 'command')!,
        args: memberRaw(text, at, 'args') ?? null,
        wrote_command: JSON.stringify(WRAPPER),
        wrote_args: rawArray(wrapArgs(name, entry.command, args as string[])),
      };
      text = setMember(text, at, 'command', record.wrote_command, unit);
      at = objectAt(text, root, path)!;
      text = setMember(text, at, 'args', record.wrote_args, unit);
      servers.push(record);
      report.wrapped.push(label);
    }
  }
  return { text, servers, routed: [...routed.values()] };
}

/** The routed servers' URLs with a new device token (or Gateway address): the text and the new records. */
export function retokenJsonMcp(
  current: string,
  file: string,
  comments: boolean,
  records: RoutedJsonServer[],
  routing: RemoteRouting,
): { text: string; routed: RoutedJsonServer[] } {
  const { text, root, unit } = jsonObjectFile(current, file, comments);
  const doc = docOf(text, root, unit);
  const routed = retokenJson(doc, records, routing);
  return { text: doc.text, routed };
}

/** The configuration with every server setup wrapped back as it was. */
export function unwrapJsonMcp(
  current: string,
  file: string,
  comments: boolean,
  projects: boolean,
  records: WrappedJsonServer[],
  routed: RoutedJsonServer[] = [],
): string {
  const first = jsonObjectFile(current, file, comments);
  const { root, unit } = first;
  const remote = docOf(first.text, root, unit);
  unrouteJson(remote, routed);
  let text = remote.text;
  // Exactly the text that was there, where the members still hold exactly what setup wrote.
  for (const r of records) {
    let at = objectAt(text, root, r.path);
    if (at === undefined) continue;
    if (memberRaw(text, at, 'command') !== r.wrote_command || memberRaw(text, at, 'args') !== r.wrote_args)
      continue;
    text = setMember(text, at, 'command', r.command, unit);
    at = objectAt(text, root, r.path)!;
    text = r.args === null ? deleteMember(text, at, 'args') : setMember(text, at, 'args', r.args, unit);
  }
  // Servers still wrapped (the tool rewrote the file, or the record is gone): from their values.
  const { doc } = jsonObjectFile(text, file, comments);
  for (const [keys, entries] of containers(doc, projects)) {
    for (const [name, entry] of Object.entries(entries)) {
      const original = isObject(entry) ? unwrap(entry.command, entry.args) : undefined;
      if (!original) continue;
      const path = [...keys, name];
      const hadArgs = records.find((r) => r.path.join('\u0000') === path.join('\u0000'))?.args !== null;
      let at = objectAt(text, root, path)!;
      text = setMember(text, at, 'command', JSON.stringify(original.command), unit);
      at = objectAt(text, root, path)!;
      text =
        original.args.length === 0 && !hadArgs
          ? deleteMember(text, at, 'args')
          : setMember(text, at, 'args', rawArray(original.args), unit);
    }
  }
  return text;
}
