// What the detectors see: the text as a reader sees it. Fullwidth letters (`ＡＫＩＡ…`), mathematical
// alphanumerics and ligatures are folded by NFKC; format characters (zero-width space and joiner, soft
// hyphen, BOM, bidirectional controls: Unicode Cf and the other default-ignorable code points) are
// dropped; every Unicode space becomes a plain one and the line separators a newline. A detector then
// matches `AKIA…` however it was dressed, and the offsets it reports are mapped back to the original
// text, so a redaction replaces the original span, the invisible characters inside it included.
//
// Plain ASCII text, nearly all of what coding agents send, is returned as it is after one native
// search for a character at or above 0x80. Otherwise only the code points that change cost anything:
// each is normalised on its own (NFKC of one code point, memoised), not the text as a whole. So a
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

function fold(cp: number, original: string): string {
  const known = memo.get(cp);
  if (known !== undefined) return known;
  let out: string;
  if (IGNORABLE.test(original)) out = '';
  else if (LINE_BREAKS.has(cp)) out = '\n';
  else {
    out = original.normalize('NFKC');
    if (out.length === 1 && OTHER_SPACES.test(out)) out = ' ';
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

export function normalizeForScan(text: string): Normalized {
  if (!NON_ASCII.test(text)) return { text, map: null };
  let out = '';
  let copied = 0;
  const map: OffsetMap = { at: [], len: [], from: [], fromLen: [] };
  NON_ASCII_RUNS.lastIndex = 0;
  for (let m = NON_ASCII_RUNS.exec(text); m !== null; m = NON_ASCII_RUNS.exec(text)) {
    const end = m.index + m[0].length;
    for (let i = m.index; i < end;) {
      const cp = text.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      const original = width === 1 ? text[i]! : text.slice(i, i + 2);
      const folded = fold(cp, original);
      if (folded !== original) {
        out += text.slice(copied, i);
        map.at.push(out.length);
        map.len.push(folded.length);
        map.from.push(i);
        map.fromLen.push(width);
        out += folded;
        copied = i + width;
      }
      i += width;
    }
  }
  if (map.at.length === 0) return { text, map: null };
  out += text.slice(copied);
  return { text: out, map };
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
