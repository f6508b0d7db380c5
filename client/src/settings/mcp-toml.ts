// `setup codex --mcp` in Codex's config.toml, edited by lines (managed-lines.ts `applyInline`), never
// re-serialised: in each `[mcp_servers.<name>]` table the `command` line and the `args` lines (an array may
// span lines) are disabled with a marker, and a block with the wrapped form (mcp-wrapping.ts) goes where the
// `command` line was. Only strings and arrays of strings are read (basic and literal TOML strings); a server
// written any other way is left alone and named in the report. A remote server registered in the
// Gatehouse inventory (mcp-remote.ts) gets the same treatment in the same edit: its `url` line disabled and
// a block with the Gateway's /mcp/{alias} in its place, `bearer_token_env_var` and the credential members
// of `http_headers` / `env_http_headers` disabled (the other members written back in the block).
import { applyInline, removeInline } from './managed-lines.ts';
import { isCredentialHeader, type RemoteRouting } from './mcp-remote.ts';
import { unwrap, wrapArgs, WRAPPER, type McpReport } from './mcp-wrapping.ts';

export const CODEX_MCP = 'codex-mcp';

const TABLE = /^\s*\[/;
const SERVER_TABLE =
  /^\s*\[\s*mcp_servers\s*\.\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*\]\s*(?:#.*)?$/;
const KEY = (key: string) => new RegExp(`^\\s*${key}\\s*=\\s*`);

/** A TOML basic or literal string at `i`: its value and where it ends, or undefined. */
function tomlString(text: string, i: number): { value: string; end: number } | undefined {
  if (text.startsWith('"""', i) || text.startsWith("'''", i)) return undefined;
  if (text[i] === "'") {
    const end = text.indexOf("'", i + 1);
    return end < 0 || text.slice(i, end).includes('\n')
      ? undefined
      : { value: text.slice(i + 1, end), end: end + 1 };
  }
  if (text[i] !== '"') return undefined;
  let j = i + 1;
  let value = '';
  const escapes: Record<string, string> = {
    b: '\b',
    t: '\t',
    n: '\n',
    f: '\f',
    r: '\r',
    e: '\x1b',
    '"': '"',
    '\\': '\\',
  };
  for (; j < text.length && text[j] !== '"'; j++) {
    const c = text[j]!;
    if (c === '\n') return undefined;
    if (c !== '\\') {
      value += c;
      continue;
    }
    const e = text[++j]!;
    if (e === 'u' || e === 'U') {
      const len = e === 'u' ? 4 : 8;
      const hex = text.slice(j + 1, j + 1 + len);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) return undefined;
      value += String.fromCodePoint(parseInt(hex, 16));
      j += len;
    } else if (escapes[e] !== undefined) value += escapes[e];
    else return undefined;
  }
  return j < text.length ? { value, end: j + 1 } : undefined;
}

/** Spaces, newlines and comments from `i`. */
function skip(text: string, i: number): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] !== '#') return i;
    while (i < text.length && text[i] !== '\n') i++;
  }
}

/** The value after `key =` on `lines[at]` (an array may run over the next lines): the strings and the lines it spans. */
function valueAt(lines: string[], at: number, last: number, array: boolean) {
  const start = lines[at]!.replace(KEY('[A-Za-z_]+'), '');
  for (let end = at; end <= last; end++) {
    const text = [start, ...lines.slice(at + 1, end + 1)].join('\n');
    const parsed = array ? tomlArray(text) : tomlString(text, 0);
    if (parsed && /^\s*(?:#.*)?$/.test(text.slice(parsed.end)))
      return { value: parsed.value, lines: end - at + 1 };
    if (!array) return undefined;
  }
  return undefined;
}

function tomlArray(text: string): { value: string[]; end: number } | undefined {
  if (text[0] !== '[') return undefined;
  const value: string[] = [];
  let i = skip(text, 1);
  while (text[i] !== ']') {
    const s = tomlString(text, i);
    if (!s) return undefined;
    value.push(s.value);
    i = skip(text, s.end);
    if (text[i] === ',') i = skip(text, i + 1);
    else if (text[i] !== ']') return undefined;
  }
  return { value, end: i + 1 };
}

/** A one-line inline table of strings (`{ a = "b", "c-d" = 'e' }`) and nothing after it but a comment. */
function tomlInlineTable(text: string): [string, string][] | undefined {
  const spaces = (i: number) => {
    while (text[i] === ' ' || text[i] === '\t') i++;
    return i;
  };
  let i = spaces(0);
  if (text[i] !== '{') return undefined;
  const out: [string, string][] = [];
  i = spaces(i + 1);
  while (text[i] !== '}') {
    let key: string;
    if (text[i] === '"' || text[i] === "'") {
      const k = tomlString(text, i);
      if (!k) return undefined;
      key = k.value;
      i = k.end;
    } else {
      const bare = /^[A-Za-z0-9_-]+/.exec(text.slice(i))?.[0];
      if (!bare) return undefined;
      key = bare;
      i += bare.length;
    }
    i = spaces(i);
    if (text[i] !== '=') return undefined;
    const v = tomlString(text, spaces(i + 1));
    if (!v) return undefined;
    out.push([key, v.value]);
    i = spaces(v.end);
    if (text[i] === ',') i = spaces(i + 1);
    else if (text[i] !== '}') return undefined;
  }
  return /^\s*(?:#.*)?$/.test(text.slice(i + 1)) ? out : undefined;
}

/** A key at the start of a line (bare or quoted), or undefined. */
function lineKey(line: string): string | undefined {
  const i = line.search(/\S/);
  if (i < 0 || line[i] === '#' || line[i] === '[') return undefined;
  if (line[i] === '"' || line[i] === "'") return tomlString(line, i)?.value;
  return /^[A-Za-z0-9_-]+/.exec(line.slice(i))?.[0];
}

const HEADERS_KEY = /^\s*((?:env_)?http_headers)\s*=\s*/;
const HEADERS_TABLE =
  /^\s*\[\s*mcp_servers\s*\.\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*\.\s*(?:env_)?http_headers\s*\]\s*(?:#.*)?$/;

const tomlStrings = (items: string[]) => `[${items.map((s) => JSON.stringify(s)).join(', ')}]`;

function tableName(raw: string): string {
  if (raw.startsWith('"')) return tomlString(raw, 0)?.value ?? raw;
  return raw.startsWith("'") ? raw.slice(1, -1) : raw;
}

export function wrapCodexMcp(text: string, file: string, report: McpReport, routing: RemoteRouting): string {
  return applyInline(
    text,
    {
      tool: CODEX_MCP,
      command: 'setup codex --mcp',
      plan(own) {
        const before = new Map<number, string[]>();
        const disable = new Set<number>();
        const routed = new Set<string>();
        own.forEach((line, header) => {
          const m = SERVER_TABLE.exec(line);
          if (!m) return;
          const name = tableName(m[1]!);
          let last = header + 1;
          while (last < own.length && !TABLE.test(own[last]!)) last++;
          last--;
          let commandAt = -1;
          let argsAt = -1;
          let urlAt = -1;
          const credentialLines: number[] = [];
          const headerLines: number[] = [];
          for (let i = header + 1; i <= last; i++) {
            if (KEY('command').test(own[i]!)) commandAt = i;
            else if (KEY('args').test(own[i]!)) argsAt = i;
            else if (KEY('url').test(own[i]!)) urlAt = i;
            else if (KEY('bearer_token_env_var').test(own[i]!)) credentialLines.push(i);
            else if (HEADERS_KEY.test(own[i]!)) headerLines.push(i);
          }
          if (commandAt < 0 && urlAt < 0) {
            report.skipped.push(`${name}: no command`);
            return;
          }
          if (commandAt < 0) {
            const url = valueAt(own, urlAt, last, false);
            if (!url || typeof url.value !== 'string') {
              report.skipped.push(`${name}: its url is not a plain string`);
              return;
            }
            if (routing.routedAlias(url.value) !== undefined) {
              report.alreadyRouted.push(name);
              return;
            }
            const found = routing.match(url.value);
            if (found === undefined) report.remote.push(name);
            else if ('unusable' in found) report.skipped.push(`${name}: ${found.unusable}`);
            else {
              const block = [`url = ${JSON.stringify(routing.gatewayUrl(found.alias))}`];
              for (const i of [urlAt, ...credentialLines]) disable.add(i);
              for (const i of headerLines) {
                const key = HEADERS_KEY.exec(own[i]!)![1]!;
                const members = tomlInlineTable(own[i]!.replace(HEADERS_KEY, ''));
                const kept = members?.filter(([k]) => !isCredentialHeader(k));
                // A table the client cannot read is not sent to the Gateway either: it may hold a credential.
                if (kept && members && kept.length === members.length) continue;
                disable.add(i);
                if (kept?.length)
                  block.push(
                    `${key} = { ${kept.map(([k, v]) => `${JSON.stringify(k)} = ${JSON.stringify(v)}`).join(', ')} }`,
                  );
              }
              before.set(urlAt, block);
              routed.add(name);
              report.routed.push(`${name} → /mcp/${found.alias}`);
            }
            return;
          }
          const command = valueAt(own, commandAt, last, false);
          const args = argsAt < 0 ? { value: [], lines: 0 } : valueAt(own, argsAt, last, true);
          if (!command || !args) {
            report.skipped.push(`${name}: its command or args are not plain strings`);
            return;
          }
          if (unwrap(command.value, args.value)) {
            report.already.push(name);
            return;
          }
          before.set(commandAt, [
            `command = ${JSON.stringify(WRAPPER)}`,
            `args = ${tomlStrings(wrapArgs(name, command.value as string, args.value as string[]))}`,
          ]);
          disable.add(commandAt);
          for (let i = 0; i < args.lines; i++) disable.add(argsAt + i);
          report.wrapped.push(name);
        });
        // A routed server's headers written as a table of their own: its credential lines disabled.
        own.forEach((line, header) => {
          const m = HEADERS_TABLE.exec(line);
          if (!m || !routed.has(tableName(m[1]!))) return;
          for (let i = header + 1; i < own.length && !TABLE.test(own[i]!); i++) {
            const key = lineKey(own[i]!);
            if (key !== undefined && isCredentialHeader(key)) disable.add(i);
          }
        });
        return { before, disable };
      },
    },
    file,
  );
}

export function unwrapCodexMcp(text: string, file: string): string {
  return removeInline(text, CODEX_MCP, file);
}

/** The routed servers' `url` lines of setup's blocks with a new device token (or Gateway address). */
export function retokenCodexMcp(text: string, routing: RemoteRouting): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith(`# >>> gatehouse-client ${CODEX_MCP} >>>`)) inBlock = true;
    else if (line === '# <<< gatehouse-client <<<') inBlock = false;
    else if (inBlock && KEY('url').test(line)) {
      const url = tomlString(line.replace(KEY('url'), ''), 0);
      const alias = url && routing.routedAlias(url.value);
      if (alias) lines[i] = `url = ${JSON.stringify(routing.gatewayUrl(alias))}`;
    }
  }
  return lines.join(eol);
}
