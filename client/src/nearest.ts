// "Did you mean …?" for a mistyped command or tool name: the closest known name by edit distance, if it
// is close enough that the typo is the likely story (two edits, as git and npm suggest), else nothing.

/** Levenshtein distance, stopping early once it exceeds `max` (names are short; this is never hot). */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      best = Math.min(best, row[j]!);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

export const SUGGEST_WITHIN = 2;

/** The known name nearest to `typed` (case-insensitive) within SUGGEST_WITHIN edits; the first on a tie. */
export function nearest(typed: string, known: readonly string[]): string | undefined {
  const t = typed.toLowerCase();
  let found: string | undefined;
  let distance = SUGGEST_WITHIN + 1;
  for (const name of known) {
    const d = editDistance(t, name, SUGGEST_WITHIN);
    if (d < distance) {
      distance = d;
      found = name;
    }
  }
  return found;
}

/** ` Did you mean "x"?`, or nothing. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = nearest(typed, known);
  return near ? ` Did you mean "${near}"?` : '';
}
