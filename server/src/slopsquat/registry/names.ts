// What a package name can be in each ecosystem, as its registry accepts names at publication. A name
// outside its grammar cannot exist, so it is judged missing without a request (and never reaches a
// registry's URL path, where `..`, `?` or `#` would ask for something else). Also used to tell a package
// name from an ordinary word in a deprecation notice (deprecation-notice.ts).
import type { Ecosystem } from '../slopsquat-contract.ts';

const GRAMMAR: Record<Ecosystem, { pattern: RegExp; max: number }> = {
  // npm (validate-npm-package-name): lower-case for new names, but old ones such as JSONStream keep
  // their capitals, and the registry still serves them; no leading dot or underscore.
  npm: { pattern: /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i, max: 214 },
  // PEP 508 names, which the contract gives PEP 503-normalised.
  pypi: { pattern: /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i, max: 200 },
  // crates.io: ASCII letters first, then letters, digits, `-` and `_`, at most 64.
  crates: { pattern: /^[a-z][\w-]*$/i, max: 64 },
  // A module path: slash-separated elements of letters, digits and `-._~`, the first a host name with
  // a dot (golang.org/x/mod/module CheckPath); the contract strips the version.
  go: { pattern: /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[\w.~-]+)*$/i, max: 500 },
  // RubyGems: letters, digits, `-`, `_` and `.`, with at least one letter or digit.
  rubygems: { pattern: /^[\w.-]*[a-z0-9][\w.-]*$/i, max: 100 },
  // Composer's vendor/package (lower-case, as the contract gives it). Composer writes it with optional
  // separators (`[_.-]?[a-z0-9]+` repeated), which backtracks exponentially on a near miss; separators
  // required between runs of letters and digits is the same language, read in one pass.
  packagist: { pattern: /^[a-z0-9]+(?:[_.-][a-z0-9]+)*\/[a-z0-9]+(?:(?:[_.]|--?)[a-z0-9]+)*$/, max: 200 },
};

export function isValidName(ecosystem: Ecosystem, name: string): boolean {
  const { pattern, max } = GRAMMAR[ecosystem];
  if (name.length === 0 || name.length > max || !pattern.test(name)) return false;
  // No path element may be `.` or `..` (npm forbids a leading dot; a Go path element may not be one).
  return !name.split('/').some((part) => part === '.' || part === '..');
}
