// Admins write the custom rules' and allowlists' patterns, and JavaScript's regular expressions
// backtrack: `(a+)+$` takes exponential time on a line of `a`s, and one such pattern would stall the
// Gateway for every request. What is practical without another engine:
//   - refuse the shapes that backtrack exponentially: a repeated group whose own length varies
//     (`(a+)+`, `(\w*x?)*`, `(a?){25}`), a group of alternatives repeated without bound (`(a|aa)+`),
//     and backreferences;
//   - refuse a leading unanchored `.*` / `.+`, which makes every search quadratic in the line's length
//     and adds nothing but a longer match;
//   - bound what a pattern sees per call (custom.ts matches one line at a time, and a long line in
//     windows), so that the polynomial backtracking that remains is bounded by the window, not the text.
// V8's --enable-experimental-regexp-engine-on-excessive-backtracks would close the rest for good; it
// is a process flag, for the operator to set.

/** Longest pattern accepted. */
export const MAX_PATTERN_LENGTH = 1000;
/** A group of varying length may repeat this many times at most (2^8 ways to split is bounded). */
const MAX_VARIABLE_REPEAT = 8;

interface Frame {
  /** Whether the group can match texts of different lengths (it holds a quantifier like ?, *, +, {1,3}). */
  variable: boolean;
  /** Whether the group holds alternatives at its own level. */
  alternation: boolean;
}

/** Reads a quantifier at `i`: its length and its bounds. */
function quantifierAt(src: string, i: number): { length: number; min: number; max: number } | null {
  const c = src[i];
  let length = 1;
  let min = 0;
  let max = Infinity;
  if (c === '+') min = 1;
  else if (c === '?') max = 1;
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i, i + 24));
    if (!m) return null;
    length = m[0].length;
    min = Number(m[1]);
    max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
  } else if (c !== '*') return null;
  if (src[i + length] === '?') length++;
  return { length, min, max };
}

/** Why the pattern is unsafe to run on every request, or null when it passes the checks above. */
export function unsafePatternReason(src: string): string | null {
  if (src.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters.`;
  if (/^(?:\.|\[\\s\\S\]|\[\^[^\]]*\])[*+]/.test(src)) {
    return 'starts with an unanchored .* or .+, which only widens the match and makes every search slow; remove it.';
  }
  const stack: Frame[] = [{ variable: false, alternation: false }];
  /** The last atom when it was a group (what it held), null for a character or a class, undefined for none. */
  let last: Frame | null | undefined;
  for (let i = 0; i < src.length;) {
    const c = src[i]!;
    const top = stack[stack.length - 1]!;
    if (c === '\\') {
      const next = src[i + 1];
      if (next !== undefined && /[1-9]/.test(next))
        return 'uses a backreference (\\1), which can take exponential time.';
      if (next === 'k' && src[i + 2] === '<')
        return 'uses a named backreference (\\k<…>), which can take exponential time.';
      i += 2;
      last = null;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (src[j] === '^') j++;
      if (src[j] === ']') j++;
      while (j < src.length && src[j] !== ']') j += src[j] === '\\' ? 2 : 1;
      i = j + 1;
      last = null;
      continue;
    }
    if (c === '(') {
      stack.push({ variable: false, alternation: false });
      i++;
      if (src[i] === '?') {
        // (?:  (?=  (?!  (?<=  (?<!  (?<name>
        i++;
        if (src[i] === '<' && src[i + 1] !== '=' && src[i + 1] !== '!') {
          const close = src.indexOf('>', i);
          i = close < 0 ? src.length : close + 1;
        } else i += src[i] === '<' ? 2 : 1;
      }
      last = undefined;
      continue;
    }
    if (c === ')') {
      const frame = stack.length > 1 ? stack.pop()! : { variable: false, alternation: false };
      // A group of alternatives is of varying length to its parent (one branch may be longer).
      if (frame.variable || frame.alternation) stack[stack.length - 1]!.variable = true;
      last = frame;
      i++;
      continue;
    }
    if (c === '|') {
      top.alternation = true;
      last = undefined;
      i++;
      continue;
    }
    const q = last !== undefined ? quantifierAt(src, i) : null;
    if (q) {
      if (last && q.max > 1) {
        if (last.variable && q.max > MAX_VARIABLE_REPEAT) {
          return 'repeats a group whose own length varies (like (a+)+ or (a?){20}), which can take exponential time.';
        }
        if (last.alternation && q.max === Infinity) {
          return 'repeats a group of alternatives without bound (like (a|aa)+), which can take exponential time; use a character class or a bound such as {1,8}.';
        }
      }
      if (q.min !== q.max) top.variable = true;
      i += q.length;
      last = undefined;
      continue;
    }
    last = c === '^' || c === '$' ? undefined : null;
    i++;
  }
  return null;
}
