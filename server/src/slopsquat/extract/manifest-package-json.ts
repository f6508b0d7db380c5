// package.json's dependencies, read from what models write: JSON with `// comments`, `...` where they
// left entries out, trailing commas, sometimes no closing brace. So not JSON.parse: one pass over the
// tokens (strings, brackets, colons, commas; anything else skipped) with a stack of the containers
// open, capped in depth, which notes each `"name": "range"` pair inside a dependencies object.
import { found, npmSpec, type Found } from './specs.ts';
import { plainWord } from './shell-words.ts';

const SECTIONS = new Set(['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']);
/** Keys of other objects that hold `name: version`-shaped pairs that are no dependencies (engines). */
const NOT_DEPENDENCIES = new Set(['node', 'npm', 'yarn', 'pnpm', 'bun', 'version', 'name', 'packageManager']);
const MAX_DEPTH = 64;
/** A version range, a tag or `*`: what a dependency's value looks like, not a script's. */
const RANGE = /^(?:[\^~=<>]|v?\d|\*$|latest$|next$|x$|npm:)/;

interface Frame {
  /** The key this container is the value of (null for the outermost, or an array's items). */
  key: string | null;
  array: boolean;
}

interface Str {
  text: string;
  /** Offset of the string's first character (after its quote). */
  start: number;
}

/** Reads a JSON string at `p` (its quote): its text, where it starts, and the index after it. */
function readString(text: string, p: number): { str: Str; next: number } {
  let q = p + 1;
  let raw = true;
  while (q < text.length && text[q] !== '"' && text[q] !== '\n') {
    if (text[q] === '\\') {
      raw = false;
      q++;
    }
    q++;
  }
  let value = text.slice(p + 1, q);
  if (!raw) {
    try {
      value = JSON.parse(`"${value}"`) as string;
    } catch {
      // A broken escape: the text as written.
    }
  }
  return { str: { text: value, start: p + 1 }, next: q + 1 };
}

/**
 * The dependencies of a package.json (or a part of one). A `fragment` (an edit's new text) may hold
 * bare `"name": "^1.0"` lines outside any section: those count when their value reads as a range.
 */
export function packageJsonRefs(text: string, fragment = false): Found[] {
  const out: Found[] = [];
  const stack: Frame[] = [];
  let key: Str | null = null;
  let colon = false;
  const n = text.length;
  for (let p = 0; p < n;) {
    const c = text[p]!;
    if (c === '"') {
      const { str, next } = readString(text, p);
      p = next;
      const top = stack[stack.length - 1];
      if (top?.array) continue;
      if (!key || !colon) {
        key = str;
        colon = false;
        continue;
      }
      const inSection = top !== undefined && top.key !== null && SECTIONS.has(top.key);
      const loose = fragment && (top === undefined || top.key === null) && RANGE.test(str.text);
      if ((inSection || loose) && !NOT_DEPENDENCIES.has(key.text)) addDependency(out, key, str);
      key = null;
      colon = false;
      continue;
    }
    if (c === '{' || c === '[') {
      if (stack.length >= MAX_DEPTH) break;
      const top = stack[stack.length - 1];
      stack.push({ key: top?.array ? null : colon && key ? key.text : null, array: c === '[' });
      key = null;
      colon = false;
    } else if (c === '}' || c === ']') {
      stack.pop();
      key = null;
      colon = false;
    } else if (c === ':') {
      colon = key !== null;
    } else if (c === ',') {
      key = null;
      colon = false;
    } else if (c === '/' && text[p + 1] === '/') {
      const nl = text.indexOf('\n', p);
      p = nl < 0 ? n : nl;
      continue;
    } else if (c === '/' && text[p + 1] === '*') {
      const close = text.indexOf('*/', p + 2);
      p = close < 0 ? n : close + 2;
      continue;
    }
    p++;
  }
  return out;
}

/** `"name": "range"`, or `"alias": "npm:real@range"` (the real package is the one fetched). */
function addDependency(out: Found[], key: Str, value: Str): void {
  const v = value.text;
  if (v.startsWith('npm:')) {
    const spec = npmSpec(v.slice(4));
    if (spec) out.push(found('npm', plainWord(v.slice(4), value.start + 4), spec));
    return;
  }
  // file:, link:, workspace:, git and tarball URLs, and `user/repo` GitHub shorthand are no registry's.
  if (v.includes(':') || v.includes('/')) return;
  const spec = npmSpec(key.text);
  if (!spec || spec.version) return;
  const ref = found('npm', plainWord(key.text, key.start), spec);
  if (v) ref.version = v;
  out.push(ref);
}
