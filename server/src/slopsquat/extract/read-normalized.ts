// Text read as the detectors read it (policy/detectors/normalize.ts: zero-width and other invisible
// characters dropped, fullwidth letters folded), so that `np\u200bm i x` is still an install, with
// every offset put back into the original text.
import { normalizeForScan, originalEnd, originalStart } from '../../policy/detectors/normalize.ts';
import { plainWord, type Word } from './shell-words.ts';
import type { Found } from './specs.ts';

/** Runs `read` over `text` normalised; offsets in `text`. */
export function readNormalized(text: string, read: (normalized: string) => Found[]): Found[] {
  const norm = normalizeForScan(text);
  if (!norm.map) return read(text);
  const { map } = norm;
  return read(norm.text).map((r) => ({
    ...r,
    start: originalStart(map, r.start),
    end: originalEnd(map, r.end),
  }));
}

/** An argv element as a word, normalised, its characters' offsets in the original element. */
export function normalizedWord(text: string): Word {
  const norm = normalizeForScan(text);
  if (!norm.map) return plainWord(text);
  const at = new Array<number>(norm.text.length);
  for (let i = 0; i < at.length; i++) at[i] = originalStart(norm.map, i);
  return { text: norm.text, at };
}
