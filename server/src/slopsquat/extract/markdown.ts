// The parts of a model's Markdown answer that can hold an install: fenced code blocks (``` and ~~~,
// indented or not, with their info string; one left open runs to the end, as CommonMark says),
// inline code spans (`…`, one line), and prose lines that start with a shell prompt (`$ npm i x`).
// One pass over the lines; nothing is copied but what is handed on.
import { lines } from './lines.ts';

export interface Fence {
  /** The info string after the fence (`bash`, `json title="package.json"`, `toml:Cargo.toml`). */
  info: string;
  body: string;
  /** Offset of the body's first character. */
  start: number;
  /** The last prose line before the fence ("Add this to your `Cargo.toml`:"), for the file it names. */
  before: string;
}

export interface Span {
  text: string;
  start: number;
}

export interface MarkdownParts {
  fences: Fence[];
  /** Inline code spans and prompted prose lines (the prompt left out). */
  spans: Span[];
}

/** A fence opening: up to 12 spaces of indent (inside list items), 3 or more backticks or tildes. */
function fenceAt(line: string): { char: string; length: number; info: string } | null {
  let i = 0;
  while (i < line.length && i < 12 && (line[i] === ' ' || line[i] === '\t')) i++;
  const char = line[i];
  if (char !== '`' && char !== '~') return null;
  let j = i;
  while (line[j] === char) j++;
  if (j - i < 3) return null;
  const info = line.slice(j).trim();
  // A backtick fence's info string holds no backtick (``` `x` ``` is inline code).
  if (char === '`' && info.includes('`')) return null;
  return { char, length: j - i, info };
}

function closes(line: string, char: string, length: number): boolean {
  const t = line.trim();
  if (t.length < length) return false;
  for (let i = 0; i < t.length; i++) if (t[i] !== char) return false;
  return true;
}

/** Inline code spans of one line: a run of backticks closed by a run of the same length. */
function inlineSpans(line: string, offset: number, into: Span[]): void {
  for (let i = line.indexOf('`'); i >= 0 && i < line.length;) {
    let j = i;
    while (line[j] === '`') j++;
    const run = j - i;
    let close = line.indexOf('`', j);
    while (close >= 0) {
      let k = close;
      while (line[k] === '`') k++;
      if (k - close === run) break;
      close = line.indexOf('`', k);
    }
    if (close < 0) {
      i = line.indexOf('`', j);
      continue;
    }
    let from = j;
    let to = close;
    if (line[from] === ' ' && line[to - 1] === ' ' && to - from > 2) {
      from++;
      to--;
    }
    into.push({ text: line.slice(from, to), start: offset + from });
    i = line.indexOf('`', close + run);
  }
}

/** A shell prompt at the start of a prose line: `$ `, `% `, `❯ `, `PS C:\> `. */
const PROSE_PROMPT = /^[ \t]*(?:\$|%|❯|PS [^>\n]{0,80}>)[ \t]+(?=\S)/;

export function markdownParts(text: string): MarkdownParts {
  const parts: MarkdownParts = { fences: [], spans: [] };
  let open: { char: string; length: number; info: string; start: number; before: string } | null = null;
  let before = '';
  for (const { text: line, start: p } of lines(text)) {
    if (open) {
      if (closes(line, open.char, open.length)) {
        parts.fences.push({
          info: open.info,
          body: text.slice(open.start, p),
          start: open.start,
          before: open.before,
        });
        open = null;
        before = '';
      }
    } else {
      const fence = fenceAt(line);
      if (fence) open = { ...fence, start: Math.min(p + line.length + 1, text.length), before };
      else if (line.trim()) {
        before = line;
        const prompt = PROSE_PROMPT.exec(line);
        if (prompt) parts.spans.push({ text: line.slice(prompt[0].length), start: p + prompt[0].length });
        else if (line.includes('`')) inlineSpans(line, p, parts.spans);
      }
    }
  }
  if (open) {
    const start = Math.min(open.start, text.length);
    parts.fences.push({ info: open.info, body: text.slice(start), start, before: open.before });
  }
  return parts;
}
