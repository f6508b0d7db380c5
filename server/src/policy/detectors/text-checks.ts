// Measures of a candidate value that separate a real secret from the strings around it in code:
// randomness (entropy, mixed character classes) and the marks of a placeholder (documented examples,
// runs of one character, counting sequences, words like "your" or "example").

const counts = new Int32Array(65536);

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  let h = 0;
  for (let i = 0; i < n; i++) counts[value.charCodeAt(i)]!++;
  for (let i = 0; i < n; i++) {
    const code = value.charCodeAt(i);
    const c = counts[code]!;
    if (c > 0) {
      const p = c / n;
      h -= p * Math.log2(p);
      counts[code] = 0;
    }
  }
  return h;
}

/** How many of lower case, upper case, digits and other characters the value holds. */
export function charClasses(value: string): number {
  let lower = 0;
  let upper = 0;
  let digit = 0;
  let other = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 97 && c <= 122) lower = 1;
    else if (c >= 65 && c <= 90) upper = 1;
    else if (c >= 48 && c <= 57) digit = 1;
    else other = 1;
  }
  return lower + upper + digit + other;
}

export function hasDigit(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/** Longest run of one repeated character, and of characters counting up by one (`abcdef`, `123456`). */
function runs(value: string): { same: number; ascending: number } {
  let same = 1;
  let ascending = 1;
  let curSame = 1;
  let curAsc = 1;
  for (let i = 1; i < value.length; i++) {
    const prev = value.charCodeAt(i - 1);
    const c = value.charCodeAt(i);
    curSame = c === prev ? curSame + 1 : 1;
    curAsc = c === prev + 1 ? curAsc + 1 : 1;
    if (curSame > same) same = curSame;
    if (curAsc > ascending) ascending = curAsc;
  }
  return { same, ascending };
}

// Words that mark a value written for a document rather than issued by a provider. A random base62
// string holds a given four-letter word about once in 30,000 tokens, so the cost in recall is nil.
const PLACEHOLDER_WORDS =
  /example|sample|dummy|placeholder|your|fake|redacted|changeme|replace|insert|notreal|not_real|here_|_here|goes_here|xxxx|\.\.\./i;

/**
 * True when a token-shaped value is evidently not a real one: a documented example, a run of one
 * character (`xxxxxxxx`, `00000000`), a counting sequence (`1234567890abcdef`), or a body too
 * uniform to be random. Real tokens are random, so they almost never show any of these.
 */
export function looksFake(value: string): boolean {
  if (PLACEHOLDER_WORDS.test(value)) return true;
  const { same, ascending } = runs(value);
  if (same >= 7 || ascending >= 6) return true;
  return value.length >= 16 && entropy(value) < 2.6;
}

/** Case changes between neighbouring letters per letter: near 0.5 for random text, low for camelCase. */
export function caseSwitchRatio(value: string): number {
  let letters = 0;
  let switches = 0;
  let prevUpper: boolean | null = null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const upper = c >= 65 && c <= 90;
    const lower = c >= 97 && c <= 122;
    if (!upper && !lower) continue;
    letters++;
    if (prevUpper !== null && prevUpper !== upper) switches++;
    prevUpper = upper;
  }
  return letters < 2 ? 0 : switches / (letters - 1);
}

/** A set of words written as one space-separated string: long lists stay a few lines long. */
export const words = (list: string): ReadonlySet<string> =>
  new Set(list.split(/\s+/).filter((w) => w.length > 0));
