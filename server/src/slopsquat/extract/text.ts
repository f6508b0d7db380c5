// A model's answer: the packages its code would install. Shell code blocks (and unlabelled ones) are
// read as command lines, prompts stripped, output lines left; Python blocks' `!pip install` and
// `%pip install` lines too; Dockerfiles' RUN lines; manifests in code blocks by the file they name
// (info string, a first-line comment, or the prose line above) or by their content; inline code spans
// and prompted prose lines as commands. Prose alone names nothing: "use the lodash library" installs
// nothing.
import { commandRefs } from './command.ts';
import { lines } from './lines.ts';
import { markdownParts, type Fence } from './markdown.ts';
import { manifestOfPath, manifestRefs, sniffManifest, type ManifestKind } from './manifests.ts';
import { append, type Found } from './specs.ts';

const SHELL = new Set([
  'bash',
  'sh',
  'shell',
  'console',
  'zsh',
  'fish',
  'powershell',
  'ps1',
  'pwsh',
  'ps',
  'cmd',
  'bat',
  'batch',
  'terminal',
  'shellsession',
  'shell-session',
  'sh-session',
  'bash-session',
  'dockerfile',
  'docker',
]);
/** Blocks that may be a manifest (by content or by the file named around them), or commands. */
const PLAIN = new Set(['', 'text', 'txt', 'plaintext', 'plain', 'none', 'output']);
const MANIFEST_LANGS = new Set([
  'json',
  'jsonc',
  'json5',
  'toml',
  'requirements',
  'pip-requirements',
  'pip',
  'gomod',
  'go-mod',
  'go',
]);
const PYTHON = new Set(['python', 'py', 'python3', 'ipython', 'ipython3', 'jupyter', 'notebook']);

/** Names in a Markdown text; offsets into it. */
export function textRefs(text: string): Found[] {
  // The quick exit, for the answers (nearly all) with no code at all.
  if (!text.includes('`') && !text.includes('~~~') && !/(?:^|\n)[ \t]*(?:\$|%|❯|PS )/.test(text)) return [];
  const { fences, spans } = markdownParts(text);
  const out: Found[] = [];
  for (const f of fences) append(out, fenceRefs(f));
  for (const s of spans) append(out, shift(commandRefs(s.text), s.start));
  return dedupe(out);
}

function shift(refs: Found[], by: number): Found[] {
  for (const r of refs) {
    r.start += by;
    r.end += by;
  }
  return refs;
}

function dedupe(refs: Found[]): Found[] {
  const seen = new Set<string>();
  return refs
    .sort((a, b) => a.start - b.start)
    .filter((r) => {
      const key = `${r.start}:${r.end}:${r.ecosystem}:${r.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The file named in a fence's info string (`json title="package.json"`, `toml:Cargo.toml`, `package.json`). */
function namedInInfo(info: string): ManifestKind | null {
  for (const token of info.split(/[\s:="'{}(),]+/)) {
    const kind = token ? manifestOfPath(token) : null;
    if (kind) return kind;
  }
  return null;
}

/** A first line that is only a comment naming the file (`# requirements.txt`, `// package.json`). */
function namedInFirstLine(body: string): ManifestKind | null {
  const m = /^[ \t]*(?:#|\/\/|--|;)[ \t]*(?:File:[ \t]*)?([^\s]{1,200})[ \t]*\r?$/m.exec(body.slice(0, 300));
  if (!m || body.slice(0, m.index).trim()) return null;
  return manifestOfPath(m[1]!);
}

const FILE_WORDS = /package\.json|requirements[\w.-]{0,40}\.(?:txt|in)|pyproject\.toml|Cargo\.toml|go\.mod/gi;

/** The last manifest file the prose line above a block names ("Add to your `Cargo.toml`:"). */
function namedBefore(line: string): ManifestKind | null {
  let kind: ManifestKind | null = null;
  FILE_WORDS.lastIndex = 0;
  for (let m = FILE_WORDS.exec(line); m !== null; m = FILE_WORDS.exec(line)) kind = manifestOfPath(m[0]);
  return kind;
}

function fenceRefs(f: Fence): Found[] {
  const lang = (/^[{.]*([\w.+-]*)/.exec(f.info)?.[1] ?? '').toLowerCase();
  const named = namedInInfo(f.info) ?? namedInFirstLine(f.body);
  const out: Found[] = [];
  if (named || MANIFEST_LANGS.has(lang) || PLAIN.has(lang)) {
    const sniffed = sniffManifest(f.body);
    // A language the file cannot be written in (a bash block after "in your package.json") is not it.
    const before = PLAIN.has(lang) || MANIFEST_LANGS.has(lang) ? namedBefore(f.before) : null;
    const kind = named ?? sniffed ?? (lang === 'go' || lang === 'json' ? null : before);
    if (kind && (lang !== 'go' || sniffed === 'go.mod'))
      append(out, shift(manifestRefs(kind, f.body), f.start));
  }
  if (SHELL.has(lang) || (PLAIN.has(lang) && !named)) append(out, shift(shellBlock(f.body), f.start));
  else if (PYTHON.has(lang)) append(out, shift(magicLines(f.body), f.start));
  return out;
}

/** A prompt at the start of a line of a terminal session. */
const PROMPT = /^[ \t]*(?:[\w.-]{1,64}@[\w.-]{1,64}(?::[^\s$#]{0,200})?[$#]|\$|%|>|❯|PS [^>\n]{0,80}>)[ \t]+/;

/**
 * A shell block: when some line starts with a prompt it is a terminal session, and only the prompted
 * lines (with their continuations) are commands, the rest being output; otherwise it is a script.
 */
function shellBlock(body: string): Found[] {
  const all = lines(body);
  if (!all.some((l) => PROMPT.test(l.text))) return commandRefs(body);
  const out: Found[] = [];
  for (let i = 0; i < all.length; i++) {
    const prompt = PROMPT.exec(all[i]!.text);
    if (!prompt) continue;
    const start = all[i]!.start + prompt[0].length;
    let end = all[i]!.start + all[i]!.text.length;
    while (i + 1 < all.length && all[i]!.text.trimEnd().endsWith('\\')) {
      i++;
      end = all[i]!.start + all[i]!.text.length;
    }
    append(out, shift(commandRefs(body.slice(start, end)), start));
  }
  return out;
}

/** IPython's shell escapes in a Python block: `!pip install x`, `%pip install x`, `!uv pip install x`. */
function magicLines(body: string): Found[] {
  const out: Found[] = [];
  for (const l of lines(body)) {
    const m = /^[ \t]*(?:!|%(?=pip|uv|conda|poetry))/.exec(l.text);
    if (m) append(out, shift(commandRefs(l.text.slice(m[0].length)), l.start + m[0].length));
  }
  return out;
}
