// The package a deprecation notice sends its reader to: "use scikit-learn instead", "Please use
// @rollup/plugin-terser", "moved to github.com/org/new". Notices are free text written for people, so
// only a word that follows a pointing phrase, and that the ecosystem could publish as a name, counts;
// ordinary words in that place ("use the platform's native DOMException", "do not use it") are not
// names. One linear pass: the phrases are plain alternatives, the name a run of non-space characters.
import type { Ecosystem } from '../slopsquat-contract.ts';
import { isValidName } from './names.ts';

/** Notices are read this far: the pointer is always near the start of a real one. */
const MAX_NOTICE_CHARS = 2_000;

const POINTER =
  /\b(?:please use|use|using|try|switch(?:ed)? to|migrate(?:d)? to|moved to|has moved to|renamed to|replaced by|replaced with|in favou?r of|superseded by|successor is|check out)\s+/gi;

/** Words that follow a pointing phrase in real notices and are not package names. */
const NOT_NAMES = new Set([
  'a',
  'an',
  'another',
  'at',
  'built-in',
  'builtin',
  'instead',
  'it',
  'its',
  'native',
  'newer',
  'new',
  'node',
  'npm',
  'of',
  'one',
  'our',
  'pip',
  'that',
  'the',
  'their',
  'these',
  'this',
  'those',
  'v2',
  'v3',
  'version',
  'versions',
  'with',
  'your',
  'yarn',
]);

/** Where the name after a pointer ends: white space, quotes, brackets, or a comma or semicolon. */
const NAME_END = /[\s`'"“”‘’(),;<>[\]]/;

/**
 * The package name a deprecation notice points to, as the contract writes names of `ecosystem`, or
 * undefined when it names none (or only `self`).
 */
export function replacementNamed(notice: string, ecosystem: Ecosystem, self: string): string | undefined {
  const text = notice.slice(0, MAX_NOTICE_CHARS);
  POINTER.lastIndex = 0;
  for (let m = POINTER.exec(text); m !== null; m = POINTER.exec(text)) {
    let start = m.index + m[0].length;
    while (start < text.length && /[`'"“‘]/.test(text[start]!)) start++;
    let end = start;
    while (end < text.length && !NAME_END.test(text[end]!)) end++;
    const name = asName(text.slice(start, end), ecosystem);
    if (name !== undefined && name !== self) return name;
  }
  return undefined;
}

/** A word from a notice as a name of the ecosystem, or undefined when it cannot be one. */
function asName(word: string, ecosystem: Ecosystem): string | undefined {
  // Sentence punctuation after the name, then a version the notice adds (`uuid@9`, `scikit-learn>=1`).
  let name = word.replace(/[.:!?]+$/, '');
  if (ecosystem === 'npm' || ecosystem === 'go') {
    const at = name.indexOf('@', 1);
    if (at !== -1) name = name.slice(0, at);
  } else if (ecosystem === 'pypi') {
    name = name
      .replace(/[[<>=!~].*$/, '')
      .toLowerCase()
      .replace(/[-_.]+/g, '-');
  } else if (ecosystem === 'packagist') {
    name = name.replace(/:.*$/, '').toLowerCase();
  }
  if (NOT_NAMES.has(name.toLowerCase()) || name.includes('://')) return undefined;
  // A capital in an npm, crates or RubyGems word is prose ("use Math.random"), not a name published
  // since those registries went lower-case.
  if ((ecosystem === 'npm' || ecosystem === 'crates' || ecosystem === 'rubygems') && /[A-Z]/.test(name))
    return undefined;
  return isValidName(ecosystem, name) ? name : undefined;
}
