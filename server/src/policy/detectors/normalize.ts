// What the detectors see: the text as a reader sees it. Fullwidth letters (`ＡＫＩＡ…`), mathematical
// alphanumerics and ligatures are folded by NFKC; format characters (zero-width space and joiner, soft
// hyphen, BOM, bidirectional controls: Unicode Cf and the other default-ignorable code points) are
// dropped; every Unicode space becomes a plain one and the line separators a newline. A detector then
// matches `AKIA…` however it was dressed, and the offsets it reports are mapped back to the original
// text, so a redaction replaces the original span, the invisible characters inside it included.
//
// Plain ASCII text, nearly all of what coding agents send, is returned as it is after one native
// search for a character at or above 0x80. Otherwise only the code points that change cost anything
// (normalizedScan: the detectors rescan a window around each): each is normalised on its own (NFKC
// of one code point, memoised), not the text as a whole. So a
// base letter and a combining accent after it are not composed, which matters to no detector: every
// secret format is ASCII, and a composed letter is no more ASCII than the two apart.

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_RUNS = /[\u0080-\uffff]+/g;
/** Dropped: invisible, they only split what the reader reads as one word. */
const IGNORABLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
/** Spaces that NFKC keeps as they are. */
const LINE_BREAKS = new Set([0x85, 0x2028, 0x2029]);
const OTHER_SPACES = /^\s$/u;

/** What each code point becomes ('' when dropped, the same string when unchanged). */
const memo = new Map<number, string>();
const MEMO_MAX = 65_536;

/**
 * NFKC only where it yields what a detector reads: ASCII letters or digits (`Ａ`, `𝐀`, `ﬁ`, `™`,
 * `²`), or one ASCII character (`＝`, `：`, `－`). Other compatibility folds (`…` to `...`, `µ` to
 * `μ`, CJK compatibility forms) change nothing a detector reads and would only cost a rescan.
 */
const MATTERS = /^[\x20-\x7e]$|^[\x20-\x7e]*[A-Za-z0-9][\x20-\x7e]*$/;

function fold(cp: number, original: string): string {
  const known = memo.get(cp);
  if (known !== undefined) return known;
  let out: string;
  if (IGNORABLE.test(original)) out = '';
  else if (LINE_BREAKS.has(cp)) out = '\n';
  else {
    out = original.normalize('NFKC');
    if (out.length === 1 && OTHER_SPACES.test(out)) out = ' ';
    else if (!MATTERS.test(out)) out = original;
  }
  if (memo.size < MEMO_MAX) memo.set(cp, out);
  return out;
}

/**
 * A normalised text and how to find its offsets in the original. Each replacement is recorded (where it
 * starts in the normalised text and how long it is there, where it starts in the original and how long
 * it was); between replacements the two texts are the same, shifted.
 */
export interface Normalized {
  text: string;
  /** null when the text is unchanged: offsets are the original's. */
  map: OffsetMap | null;
}

export interface OffsetMap {
  at: number[];
  len: number[];
  from: number[];
  fromLen: number[];
}

/** A code point that changes: where it is in the original, how long it is there, what it becomes. */
interface Edit {
  from: number;
  width: number;
  to: string;
}

function findEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  NON_ASCII_RUNS.lastIndex = 0;
  for (let m = NON_ASCII_RUNS.exec(text); m !== null; m = NON_ASCII_RUNS.exec(text)) {
    const end = m.index + m[0].length;
    for (let i = m.index; i < end;) {
      const cp = text.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      const original = width === 1 ? text[i]! : text.slice(i, i + 2);
      const to = fold(cp, original);
      if (to !== original) edits.push({ from: i, width, to });
      i += width;
    }
  }
  return edits;
}

/** text.slice(start, end) with `edits` (all inside it) applied, offsets relative to `start`. */
function applyEdits(text: string, edits: readonly Edit[], start = 0, end = text.length): Normalized {
  if (edits.length === 0) return { text: text.slice(start, end), map: null };
  const map: OffsetMap = { at: [], len: [], from: [], fromLen: [] };
  let out = '';
  let copied = start;
  for (const e of edits) {
    out += text.slice(copied, e.from);
    map.at.push(out.length);
    map.len.push(e.to.length);
    map.from.push(e.from - start);
    map.fromLen.push(e.width);
    out += e.to;
    copied = e.from + e.width;
  }
  return { text: out + text.slice(copied, end), map };
}

export function normalizeForScan(text: string): Normalized {
  if (!NON_ASCII.test(text)) return { text, map: null };
  return applyEdits(text, findEdits(text));
}

/**
 * Characters of context each side of a change that a detector rescans with it: more than any match
 * but a PEM block or a very long JWT is long (one of those with an invisible character inside is
 * still found when the changes are many, as then the whole text is normalised).
 */
const CONTEXT = 512;

/** Runs a detector as if over the normalised text; offsets in the original. */
export type NormalizedScan = <T extends { start: number; end: number }>(scan: (text: string) => T[]) => T[];

/**
 * The way to scan `text` normalised, chosen once for every detector. Building a normalised copy of a
 * long text costs more than a detector's pass over it, and a long text holds few characters that
 * change (a `…`, a no-break space): so the detectors read the original, and, normalised, a window of
 * CONTEXT characters around each change. A match from a window counts where it covers a change, and
 * then replaces what the original reading found there. When the windows would be over a quarter of
 * the text, the whole text is normalised instead.
 */
export function normalizedScan(text: string): NormalizedScan {
  // The closures are returned unnamed: the server runs under tsx, whose esbuild keeps function names
  // by defining `name` on every closure bound to a name, a cost per call larger than this whole test.
  if (!NON_ASCII.test(text)) return (scan) => scan(text);
  const edits = findEdits(text);
  if (edits.length === 0) return (scan) => scan(text);
  const windows: Array<{ start: number; end: number; edits: Edit[] }> = [];
  let total = 0;
  for (const e of edits) {
    const start = Math.max(0, e.from - CONTEXT);
    const end = Math.min(text.length, e.from + e.width + CONTEXT);
    const last = windows[windows.length - 1];
    if (last && start <= last.end) {
      total += Math.max(0, end - last.end);
      last.end = Math.max(last.end, end);
      last.edits.push(e);
    } else {
      windows.push({ start, end, edits: [e] });
      total += end - start;
    }
  }
  if (total * 4 > text.length) {
    const whole = applyEdits(text, edits);
    return (scan) => mapMatches(whole.map, scan(whole.text));
  }
  const views = windows.map((w) => ({ start: w.start, norm: applyEdits(text, w.edits, w.start, w.end) }));
  return (scan) => {
    const read = scan(text);
    const changed: typeof read = [];
    for (const v of views) {
      for (const m of scan(v.norm.text)) {
        const start = v.start + originalStart(v.norm.map, m.start);
        const end = v.start + originalEnd(v.norm.map, m.end);
        if (changes(edits, start, end)) changed.push({ ...m, start, end });
      }
    }
    if (changed.length === 0) return read;
    const kept = read.filter((m) => !changed.some((c) => c.start < m.end && m.start < c.end));
    return [...kept, ...changed].sort((a, b) => a.start - b.start);
  };
}

/** Whether [start, end) of the original holds a change (edits are in order of position). */
function changes(edits: readonly Edit[], start: number, end: number): boolean {
  let lo = 0;
  let hi = edits.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (edits[mid]!.from + edits[mid]!.width <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < edits.length && edits[lo]!.from < end;
}

/** The last replacement that starts at or before `p` (strictly before, with `strict`), or -1. */
function lastAt(map: OffsetMap, p: number, strict: boolean): number {
  let lo = 0;
  let hi = map.at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strict ? map.at[mid]! < p : map.at[mid]! <= p) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Where the character at normalised offset `p` came from: a match's start. */
export function originalStart(map: OffsetMap | null, p: number): number {
  if (!map) return p;
  const r = lastAt(map, p, false);
  if (r < 0) return p;
  const end = map.at[r]! + map.len[r]!;
  if (p < end) return map.from[r]!;
  return map.from[r]! + map.fromLen[r]! + (p - end);
}

/** Where the text up to normalised offset `p` ends in the original: a match's end. */
export function originalEnd(map: OffsetMap | null, p: number): number {
  if (!map) return p;
  const r = lastAt(map, p, true);
  if (r < 0) return p;
  const end = map.at[r]! + map.len[r]!;
  if (p <= end) return map.from[r]! + map.fromLen[r]!;
  return map.from[r]! + map.fromLen[r]! + (p - end);
}

/** Matches found in the normalised text, with offsets in the original. */
export function mapMatches<T extends { start: number; end: number }>(
  map: OffsetMap | null,
  matches: T[],
): T[] {
  if (!map) return matches;
  return matches.map((m) => ({ ...m, start: originalStart(map, m.start), end: originalEnd(map, m.end) }));
}

/** How many characters at the end of the original a holdback of `n` normalised characters covers. */
export function originalHoldback(norm: Normalized, originalLength: number, n: number): number {
  if (n <= 0) return 0;
  return originalLength - originalStart(norm.map, norm.text.length - n);
}
