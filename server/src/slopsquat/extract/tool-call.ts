// An agent's tool call: the shell tools' commands (Claude Code's Bash {command}, Codex's shell
// {command: argv} and the Responses API's local_shell_call action, Gemini CLI's run_shell_command,
// Cursor's run_terminal_cmd), the file tools that write a manifest (Write/write_file {file_path,
// content}, Edit/replace {old_string, new_string}, MultiEdit {edits}, the text editor tool's
// {path, file_text | new_str}, apply_patch's patch), and any other tool's arguments, walked for
// strings and argv arrays that read as command lines. The arguments are the model's JSON: untrusted,
// so walked with an explicit stack, capped in depth and in how many values are looked at.
import { commandRefs, startsLikeCommand, wordsRefs } from './command.ts';
import { manifestOfPath, manifestRefs, type ManifestKind } from './manifests.ts';
import { patchRefs } from './patch.ts';
import { normalizedWord, readNormalized } from './read-normalized.ts';
import { append, type Found } from './specs.ts';
import { argumentsOf } from '../../gateway/providers/provider-types.ts';

const MAX_DEPTH = 32;
const MAX_VALUES = 10_000;

/** The tools whose `command` is a command line, whatever it starts with. */
const SHELL_TOOLS = new Set([
  'bash',
  'shell',
  'local_shell',
  'local_shell_call',
  'run_shell_command',
  'shell_command',
  'exec_command',
  'run_terminal_cmd',
  'execute_command',
  'run_command',
  'terminal',
  'container.exec',
]);
const COMMAND_FIELDS = ['command', 'cmd', 'commands', 'script'];
const PATH_FIELDS = ['file_path', 'path', 'filePath', 'target_file', 'filename', 'file'];
/** A file's whole new content. */
const CONTENT_FIELDS = ['content', 'file_text', 'contents', 'text'];
/** An edit's new text and the text it replaces. */
const EDIT_PAIRS: Array<[string, string]> = [
  ['new_string', 'old_string'],
  ['new_str', 'old_str'],
  ['newString', 'oldString'],
  ['code_edit', ''],
];
const PATCH_FIELDS = ['input', 'patch', 'diff'];
/**
 * Arguments that hold prose or a search, not a command to run: `{query: "pip install x error"}` is a
 * search for an error message, an issue's body quotes the command that failed.
 */
const PROSE = new Set([
  'query',
  'q',
  'search',
  'title',
  'body',
  'description',
  'message',
  'prompt',
  'comment',
  'note',
  'summary',
  'explanation',
  'instruction',
  'reason',
]);

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: Obj, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** Reads `args` as given, or as JSON when it is a string (OpenAI's `arguments`), within the depth cap. */
const parsed = (args: unknown): unknown => (typeof args === 'string' ? argumentsOf(args) : args);

export function toolCallRefs(tool: string, rawArgs: unknown): Found[] {
  let args = parsed(rawArgs);
  const name = tool.trim().toLowerCase();
  // The Responses API's local_shell_call carries its command in `action`.
  if (isObject(args) && isObject(own(args, 'action'))) args = own(args, 'action');
  const out: Found[] = [];
  const used = new Set<string>();
  if (isObject(args)) {
    append(out, fileWrites(args, used));
    if (SHELL_TOOLS.has(name)) {
      for (const field of COMMAND_FIELDS) {
        const value = own(args, field);
        if (value === undefined) continue;
        used.add(field);
        append(out, commandValue(value, true));
      }
    }
  } else if (SHELL_TOOLS.has(name)) return commandValue(args, true);
  append(out, walk(args, used));
  return out;
}

/** A command given as a line or as argv; `trusted` when the tool is a shell (no need to look like one). */
function commandValue(value: unknown, trusted: boolean): Found[] {
  if (typeof value === 'string')
    return readNormalized(value, (t) => (trusted || startsLikeCommand(t) ? commandRefs(t) : []));
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
    // A single string in an array is a line (`{commands: ["npm i x"]}`); several are argv.
    if (value.length === 1) return commandValue(value[0], trusted);
    const argv = (value as string[]).map(normalizedWord);
    return trusted || startsLikeCommand(argv[0]!.text) ? wordsRefs(argv) : [];
  }
  return [];
}

/** Writes and edits of a manifest: the new content read as that manifest. */
function fileWrites(args: Obj, used: Set<string>): Found[] {
  let kind: ManifestKind | null = null;
  for (const field of PATH_FIELDS) {
    const path = own(args, field);
    if (typeof path === 'string' && (kind = manifestOfPath(path))) break;
  }
  const out: Found[] = [];
  for (const field of PATCH_FIELDS) {
    const patch = own(args, field);
    if (typeof patch === 'string' && /\*\*\* Begin Patch|^\+\+\+ /m.test(patch.slice(0, 100_000))) {
      used.add(field);
      append(out, readNormalized(patch, patchRefs));
    }
  }
  if (!kind) return out;
  for (const field of CONTENT_FIELDS) {
    const content = own(args, field);
    if (typeof content !== 'string') continue;
    used.add(field);
    append(
      out,
      readNormalized(content, (t) => manifestRefs(kind!, t)),
    );
  }
  for (const [next, prev] of EDIT_PAIRS) {
    used.add(next).add(prev);
    append(out, edited(kind, own(args, next), prev ? own(args, prev) : undefined));
  }
  const edits = own(args, 'edits');
  if (Array.isArray(edits)) {
    used.add('edits');
    for (const e of edits.slice(0, 1000)) {
      if (!isObject(e)) continue;
      for (const [next, prev] of EDIT_PAIRS) append(out, edited(kind, own(e, next), own(e, prev)));
    }
  }
  return out;
}

/** The names an edit adds: in its new text (read as part of the manifest) and not in the text it replaces. */
function edited(kind: ManifestKind, next: unknown, prev: unknown): Found[] {
  if (typeof next !== 'string') return [];
  const read = (t: string) => manifestRefs(kind, t, true);
  const before = new Set(
    typeof prev === 'string' ? readNormalized(prev, read).map((r) => `${r.ecosystem}:${r.name}`) : [],
  );
  return readNormalized(next, read).filter((r) => !before.has(`${r.ecosystem}:${r.name}`));
}

/**
 * What every install command or manifest write names somewhere: an installer (npm, pnpm, npx, yarn,
 * bun, pip, pipx, uv, poetry, python, cargo, go, gem, composer) or a manifest's file. Most strings in a
 * tool's arguments (paths, queries, text) have none of them and are passed over without being split
 * into shell words: an MCP call's arguments are read on every call (POST /mcp/decide). A string with
 * anything beyond ASCII is read in full, as the normalisation would read it (zero-width characters,
 * fullwidth letters).
 */
const MAY_INSTALL =
  /npm|npx|yarn|bun|pip|uv|poetry|python|cargo|go|gem|composer|package\.json|requirements|pyproject|\.toml|\.mod|patch|[\u0080-\uffff]/i;

/** Any other strings and argv arrays in the arguments that read as command lines. */
function walk(root: unknown, skip: ReadonlySet<string>): Found[] {
  const out: Found[] = [];
  const stack: Array<{ value: unknown; depth: number }> = [];
  if (isObject(root)) {
    for (const k of Object.keys(root))
      if (!skip.has(k) && !PROSE.has(k)) stack.push({ value: root[k], depth: 1 });
  } else stack.push({ value: root, depth: 0 });
  let count = 0;
  // A caller's object may hold itself (JSON cannot): each is walked once.
  const seen = new WeakSet<object>();
  if (typeof root === 'object' && root !== null) seen.add(root);
  while (stack.length && count++ < MAX_VALUES) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    if (typeof value === 'string') {
      if (!MAY_INSTALL.test(value)) continue;
      append(out, commandValue(value, false));
      if (value.includes('*** Begin Patch')) append(out, readNormalized(value, patchRefs));
      continue;
    }
    if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) continue;
    if (Array.isArray(value)) {
      if (isArgv(value)) append(out, commandValue(value, false));
      else for (const v of value.slice(0, MAX_VALUES)) stack.push({ value: v, depth: depth + 1 });
      continue;
    }
    for (const [k, v] of Object.entries(value).slice(0, MAX_VALUES))
      if (!PROSE.has(k)) stack.push({ value: v, depth: depth + 1 });
  }
  return out;
}

/** An array of strings that is a command's argv (`["npm", "install", "x"]`), not a list of lines. */
const isArgv = (value: unknown[]) =>
  value.length > 1 && value.every((v) => typeof v === 'string') && startsLikeCommand(value[0] as string);
