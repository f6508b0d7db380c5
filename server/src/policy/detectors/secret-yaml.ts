// Secrets whose value is not on the line of their YAML key, found from a key that secret-assignments.ts
// parsed with nothing after its colon (or a block indicator, `|` or `>-`):
//
//   password: >-            credentials:
//     S3cret!9x               database: S3cret!9x
//
// The value is the more indented line under the key. Under a plural key (`passwords`, `credentials`,
// `secrets`, `tokens`), every `name: value` line one level in is its secret. The value must pass the
// same plausibility checks as one written on the key's line.
import type { Candidate } from './match-utils.ts';
import type { NameKind } from './secret-names.ts';
import { classifyName, nameWords } from './secret-names.ts';

/** A block scalar's indicator, a comment, then the end of the line. */
const BLOCK_START = /(?:[|>][-+]?[1-9]?)?[ \t]*(?:#[^\n]*)?\r?\n/y;
const PLURAL = /(?:passwords|secrets|credentials|creds|tokens|keys)$/;
// A comment starts at a `#` after white space; a `#` inside a value is part of it.
const CHILD =
  /([A-Za-z0-9_.-]{1,80})[ \t]*:[ \t]+("([^"\n]{1,512})"|'([^'\n]{1,512})'|([^\s#'"][^\n]{0,511}?))(?:[ \t]+#[^\n]*)?[ \t]*(?=\r?\n|$)/y;
const SCALAR =
  /("([^"\n]{1,512})"|'([^'\n]{1,512})'|([^\s#'"][^\n]{0,511}?))(?:[ \t]+#[^\n]*)?[ \t]*(?=\r?\n|$)/y;
const MAX_CHILDREN = 32;

export type Plausible = (value: string, kind: NameKind, quoted: boolean) => boolean;

/** The indentation of the line `at` is on, when only spaces and list dashes come before `at`; or -1. */
function indentOf(text: string, at: number): number {
  let i = at;
  while (i > 0 && text[i - 1] !== '\n') {
    const c = text[i - 1];
    if (c !== ' ' && c !== '-' && c !== '"' && c !== "'") return -1;
    i--;
  }
  return at - i;
}

/** The next line that is not blank, from `p` (a line's start): its start and its indentation. */
function nextLine(text: string, p: number): { start: number; indent: number } | null {
  while (p < text.length) {
    let q = p;
    while (q < text.length && (text[q] === ' ' || text[q] === '\t')) q++;
    if (q < text.length && text[q] !== '\n' && text[q] !== '\r') return { start: q, indent: q - p };
    p = text.indexOf('\n', q);
    if (p < 0) return null;
    p++;
  }
  return null;
}

/**
 * From a secret-looking key at [identStart, identEnd) whose colon is followed, at `after`, by nothing
 * but a block indicator: the value or values under it, as candidates.
 */
export function scanYamlBlock(
  text: string,
  identStart: number,
  identEnd: number,
  after: number,
  plausible: Plausible,
  out: Candidate[],
): void {
  BLOCK_START.lastIndex = after;
  if (!BLOCK_START.test(text)) return;
  const indent = indentOf(text, identStart);
  if (indent < 0) return;
  const words = nameWords(text.slice(identStart, identEnd));
  const kind = classifyName(words);
  if (kind === null || kind === 'authorization') return;
  const first = nextLine(text, BLOCK_START.lastIndex);
  if (!first || first.indent <= indent) return;
  const push = (start: number, value: string, quoted: boolean, k: NameKind) => {
    if (!plausible(value, k, quoted)) return;
    const rule = k === 'password' ? 'password' : 'generic-secret';
    out.push({ rule, label: rule, severity: 'high', start, end: start + value.length, priority: 1 });
  };
  CHILD.lastIndex = first.start;
  if (!CHILD.test(text)) {
    SCALAR.lastIndex = first.start;
    const m = SCALAR.exec(text);
    if (!m) return;
    const value = m[2] ?? m[3] ?? m[4]!;
    // A key still being written (`min_length:`) is no value.
    if (m[4] !== undefined && /:(?:\s|$)/.test(value)) return;
    push(m.index + (m[4] === undefined ? 1 : 0), value, m[4] === undefined, kind);
    return;
  }
  if (!PLURAL.test(words.join(''))) return;
  let line: { start: number; indent: number } | null = first;
  for (let n = 0; line && line.indent === first.indent && n < MAX_CHILDREN; n++) {
    CHILD.lastIndex = line.start;
    const m = CHILD.exec(text);
    if (!m) break;
    // A child named like a secret is an assignment of its own, found by secret-assignments.ts.
    if (classifyName(nameWords(m[1]!)) === null) {
      const value = m[3] ?? m[4] ?? m[5]!;
      const valueAt = m.index + m[0].indexOf(m[2]!) + (m[5] === undefined ? 1 : 0);
      push(valueAt, value, m[5] === undefined, kind);
    }
    const eol = text.indexOf('\n', line.start);
    line = eol < 0 ? null : nextLine(text, eol + 1);
  }
}

/** A secret-looking key with its value still to come on a later line. */
const OPEN_KEY =
  /^([ \t-]*)[A-Za-z0-9_.-]{0,40}(?:pass|pwd|secret|token|cred|key)[A-Za-z0-9_.-]{0,40}[ \t]*:[ \t]*(?:[|>][-+]?[1-9]?)?[ \t]*$/gim;
const HOLD_BACK = 1024;

/**
 * On a stream: from such a key among the last lines, while every line after it is more indented
 * (its block is still open), up to HOLD_BACK characters.
 */
export function yamlHoldback(text: string): number {
  const base = Math.max(0, text.length - HOLD_BACK);
  const window = text.slice(base);
  let hold = 0;
  OPEN_KEY.lastIndex = 0;
  for (let m = OPEN_KEY.exec(window); m !== null; m = OPEN_KEY.exec(window)) {
    const indent = m[1]!.length;
    const after = window
      .slice(m.index + m[0].length)
      .split('\n')
      .slice(1);
    // Blank lines (the last one may still be being indented) and more indented ones: still open.
    const open = after.every((line) => {
      const trimmed = line.trimStart();
      return trimmed.length === 0 || line.length - trimmed.length > indent;
    });
    if (open) {
      hold = window.length - m.index;
      break;
    }
  }
  return hold;
}
