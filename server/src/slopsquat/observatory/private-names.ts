// The organisation's private scopes and prefixes: a name an admin lists (`@acme/*`, `acme-*`, or
// `pypi:acme_*` for one ecosystem) is never published, since a model that invents it learnt it from the
// organisation's own code. Patterns are globs where `*` is any run of characters, matched against the
// whole name without regard to case (globMatches: no regular expression, so no pattern is slow).
import { ECOSYSTEMS, type Ecosystem } from '../slopsquat-contract.ts';

/** What a pattern may hold: package-name characters, `*`, and an `<ecosystem>:` prefix. */
export const PRIVATE_SCOPE_PATTERN = '^([a-z]+:)?[A-Za-z0-9@/._~*+!-]{1,214}$';

/** Why a pattern is refused, or null when it is sound. */
export function privateScopeProblem(pattern: string): string | null {
  if (!new RegExp(PRIVATE_SCOPE_PATTERN).test(pattern))
    return `"${pattern.slice(0, 80)}" is not a name pattern: use package-name characters and *, such as @acme/* or acme-*.`;
  const colon = pattern.indexOf(':');
  if (colon > 0 && !(ECOSYSTEMS as readonly string[]).includes(pattern.slice(0, colon)))
    return `"${pattern.slice(0, 80)}" names no ecosystem; the prefix must be one of ${ECOSYSTEMS.join(', ')}.`;
  if (/^(\*+)$/.test(pattern.slice(colon + 1)))
    return `"${pattern.slice(0, 80)}" would match every name; turn the feed off instead.`;
  return null;
}

/**
 * Whether `name` matches `glob` (`*`: any run of characters), case folded by the caller: the two-pointer
 * walk that goes back only to the last `*`, so that no pattern can make it take more than
 * O(name × pattern) steps (a regular expression of several `.*` could).
 */
export function globMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (g < glob.length && glob[g] !== '*' && glob[g] === name[n]) {
      g++;
      n++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      resume = n;
    } else if (star !== -1) {
      g = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}

/** A matcher for the patterns, each ecosystem's own list. */
export function privateNameMatcher(
  patterns: readonly string[],
): (ecosystem: Ecosystem, name: string) => boolean {
  const perEcosystem = new Map<Ecosystem, string[]>();
  for (const ecosystem of ECOSYSTEMS) {
    const globs = patterns.flatMap((p) => {
      const colon = p.indexOf(':');
      if (colon > 0 && p.slice(0, colon) !== ecosystem) return [];
      return [(colon > 0 ? p.slice(colon + 1) : p).toLowerCase()];
    });
    if (globs.length > 0) perEcosystem.set(ecosystem, globs);
  }
  return (ecosystem, name) => {
    const globs = perEcosystem.get(ecosystem);
    if (!globs) return false;
    const folded = name.toLowerCase();
    return globs.some((g) => globMatches(g, folded));
  };
}
