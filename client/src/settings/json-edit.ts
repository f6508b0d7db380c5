// Surgical edits to a JSON document's text: one member of one object set or removed, every other byte
// (key order, indentation, inline arrays, spacing) left as it was. Re-serialising the whole document would
// reformat settings the client does not own. Comments (JSONC, which Gemini CLI's settings allow) are read
// as blank space: every scan runs over a copy with them blanked, whose indices are the text's own.
import { CliError, EXIT } from '../errors.ts';

interface Member {
  key: string;
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

function skipWs(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function stringEnd(text: string, i: number): number {
  // text[i] is the opening quote; returns the index after the closing one.
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  throw new SyntaxError('unterminated string');
}

function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return stringEnd(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = stringEnd(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') if (--depth === 0) return j + 1;
    }
    throw new SyntaxError('unbalanced brackets');
  }
  let j = i;
  while (j < text.length && !/[\s,}\]/]/.test(text[j]!)) j++;
  return j;
}

/** The text with its comments (line and block, outside strings) blanked to spaces, newlines kept. */
export function blankComments(text: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    let end = i + 1;
    if (text[i] === '"') end = stringEnd(text, i);
    else if (text.startsWith('//', i)) end = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i))
      end = text.indexOf('*/', i + 2) < 0 ? text.length : text.indexOf('*/', i + 2) + 2;
    const part = text.slice(i, end);
    out.push(text[i] === '/' && end > i + 1 ? part.replace(/[^\r\n]/g, ' ') : part);
    i = end;
  }
  return out.join('');
}

/** The members of the object whose `{` is at `open` in `scan` (comments blanked), and the index of its `}`. */
function members(text: string, open: number): { list: Member[]; close: number } {
  const list: Member[] = [];
  let i = skipWs(text, open + 1);
  while (text[i] !== '}') {
    const keyStart = i;
    const keyEnd = stringEnd(text, i);
    const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
    i = skipWs(text, keyEnd);
    i = skipWs(text, i + 1); // past ':'
    const end = valueEnd(text, i);
    list.push({ key, keyStart, valueStart: i, valueEnd: end });
    i = skipWs(text, end);
    if (text[i] === ',') i = skipWs(text, i + 1);
  }
  return { list, close: i };
}

function lineIndent(text: string, i: number): string {
  const lineStart = text.lastIndexOf('\n', i) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** Where the value of `key` in the object at `open` starts, or undefined. */
export function memberValueStart(text: string, open: number, key: string): number | undefined {
  return members(blankComments(text), open).list.find((m) => m.key === key)?.valueStart;
}

/** The text of `key`'s value in the object at `open` as it stands in the file (comments inside kept), or undefined. */
export function memberRaw(text: string, open: number, key: string): string | undefined {
  const m = members(blankComments(text), open).list.find((x) => x.key === key);
  return m ? text.slice(m.valueStart, m.valueEnd) : undefined;
}

export function memberValue(text: string, open: number, key: string): unknown {
  const scan = blankComments(text);
  const m = members(scan, open).list.find((x) => x.key === key);
  return m ? JSON.parse(scan.slice(m.valueStart, m.valueEnd)) : undefined;
}

/** Sets `key` of the object at `open` to the JSON text `raw`, adding the member at its end if absent. */
export function setMember(text: string, open: number, key: string, raw: string, unit: string): string {
  const scan = blankComments(text);
  const { list, close } = members(scan, open);
  const found = list.find((m) => m.key === key);
  if (found) return text.slice(0, found.valueStart) + raw + text.slice(found.valueEnd);
  const member = `${JSON.stringify(key)}: ${raw}`;
  const last = list[list.length - 1];
  if (last) {
    // The same separator the first member has after the object's `{` (newline and indentation, or
    // space), from its last line break: a comment above the first member is not copied.
    const before = scan.slice(open + 1, list[0]!.keyStart);
    const lineBreak = before.lastIndexOf('\n');
    const sep =
      lineBreak < 0 ? before : before.slice(before[lineBreak - 1] === '\r' ? lineBreak - 1 : lineBreak);
    return text.slice(0, last.valueEnd) + ',' + sep + member + text.slice(last.valueEnd);
  }
  const indent = lineIndent(text, open);
  return `${text.slice(0, open)}{\n${indent}${unit}${member}\n${indent}}${text.slice(close + 1)}`;
}

/** Renames member `key` of the object at `open` to `to`, in place (its value and every other byte kept). */
export function renameMember(text: string, open: number, key: string, to: string): string {
  const scan = blankComments(text);
  const m = members(scan, open).list.find((x) => x.key === key);
  if (!m) return text;
  return text.slice(0, m.keyStart) + JSON.stringify(to) + text.slice(stringEnd(scan, m.keyStart));
}

/** Removes `key` from the object at `open`, with its comma; an object left empty becomes `{}`. */
export function deleteMember(text: string, open: number, key: string): string {
  const { list, close } = members(blankComments(text), open);
  const at = list.findIndex((m) => m.key === key);
  if (at < 0) return text;
  if (list.length === 1) return `${text.slice(0, open)}{}${text.slice(close + 1)}`;
  const m = list[at]!;
  if (at === 0) return text.slice(0, m.keyStart) + text.slice(list[1]!.keyStart);
  return text.slice(0, list[at - 1]!.valueEnd) + text.slice(m.valueEnd);
}

/**
 * A settings file the client edits: its text (a missing or empty file is `{}`), its indentation unit and
 * where its root object opens. A file that is not a JSON object (or JSONC, with `comments`) is refused
 * with a message saying so.
 */
export function jsonObjectFile(
  text: string | null,
  file: string,
  comments = false,
): { text: string; unit: string; root: number; doc: Record<string, unknown> } {
  const source = text === null || text.trim() === '' ? '{}\n' : text;
  let doc: unknown;
  try {
    doc = JSON.parse(comments ? blankComments(source) : source);
  } catch (err) {
    throw new CliError(
      `${file} is not valid JSON (${(err as Error).message}); the client leaves it alone. Fix it and run the command again.`,
      EXIT.failed,
    );
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new CliError(`${file} does not hold a JSON object; the client leaves it alone.`, EXIT.failed);
  const unit = /^([ \t]+)"/m.exec(source)?.[1] ?? '  ';
  return {
    text: source,
    unit,
    root: blankComments(source).indexOf('{'),
    doc: doc as Record<string, unknown>,
  };
}
