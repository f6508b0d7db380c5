// Judges a package name from what its registry said (docs/decisions/slopsquat-registries.md, "Judging").
//
// One reason at most, the strongest that applies, in this order: the registry could not be asked
// (`unreachable`: nothing else is known); no such package (`missing`); a security placeholder; first
// published within `young_days` (`young`: the shape of a squatted hallucination); deprecated with a
// notice naming another package (`deprecated_for`); one edit from a popular package it is not
// (`near_popular`). The first three but `unreachable` may block; the others alert.
//
// Weak signals (no repository link, very few downloads) raise the score and never give a reason; so
// does being near a popular name when a stronger reason holds. Popular names are never near_popular
// (`preact` is not a typo of `react`, nor `vue` of `vuex`) nor deprecated_for (a popular package's
// deprecation is its maintainers' business, which the package manager already prints), and an
// established package (a year old, with a repository) is not flagged for its spelling alone.
import { popularList } from './data/popular.ts';
import type { PackageRef, RegistryFacts, SlopsquatReason, Verdict } from './slopsquat-contract.ts';
import type { Ecosystem } from './slopsquat-contract.ts';

export interface JudgeSettings {
  /** A package first published fewer days ago than this is `young`. The policy's default is 30. */
  young_days: number;
}

export const DEFAULT_JUDGE_SETTINGS: JudgeSettings = { young_days: 30 };

const DAY_MS = 86_400_000;
/** Older than this, with a repository, a package is established: its spelling alone is no reason. */
const ESTABLISHED_DAYS = 365;
/** Downloads below this (as the registry counts them) are a weak signal. */
const FEW_DOWNLOADS = 100;
/** Names shorter than this are not compared by edit distance: among two- and three-letter names
 * (`ms`, `qs`, `ws`, `nx`) nearly every name is one edit from another. */
const MIN_NEAR_LENGTH = 4;

const WEIGHT: Record<SlopsquatReason, number> = {
  missing: 90,
  placeholder: 90,
  known_hallucination: 90,
  young: 70,
  deprecated_for: 50,
  near_popular: 40,
  unreachable: 10,
};
const NEAR_POPULAR_RAISE = 15;
const WEAK_SIGNAL = 10;
const BLOCKING = new Set<SlopsquatReason>(['missing', 'young', 'placeholder', 'known_hallucination']);

export function judge(ref: PackageRef, facts: RegistryFacts, settings: JudgeSettings, now: number): Verdict {
  const weak: string[] = [];
  let reason: SlopsquatReason | null = null;
  let firstPublished: string | undefined;
  let nearName: string | undefined;
  const popular = isPopular(ref.ecosystem, ref.name);
  const near = popular ? undefined : nearPopular(ref.ecosystem, ref.name);

  if (facts.status === 'unreachable') reason = 'unreachable';
  else if (facts.status === 'missing') reason = 'missing';
  else {
    if (facts.hasRepository === false) weak.push('no_repository');
    if (facts.downloads !== undefined && facts.downloads < FEW_DOWNLOADS) weak.push('few_downloads');
    const created = facts.createdAt === undefined ? NaN : Date.parse(facts.createdAt);
    const ageDays = (now - created) / DAY_MS;
    const established = ageDays >= ESTABLISHED_DAYS && facts.hasRepository !== false;
    if (facts.placeholder) reason = 'placeholder';
    else if (ageDays < Math.max(0, settings.young_days)) {
      reason = 'young';
      firstPublished = new Date(created).toISOString().slice(0, 10);
    } else if (facts.deprecatedFor && !popular && facts.deprecatedFor !== ref.name) {
      reason = 'deprecated_for';
      nearName = facts.deprecatedFor;
    } else if (near !== undefined && !established) {
      reason = 'near_popular';
      nearName = near;
    }
  }

  let score = reason === null ? 0 : WEIGHT[reason];
  if (near !== undefined && reason !== null && reason !== 'near_popular' && reason !== 'unreachable')
    score += NEAR_POPULAR_RAISE;
  score = Math.min(100, score + WEAK_SIGNAL * weak.length);
  const verdict: Verdict = { ref, reason, score, blocking: reason !== null && BLOCKING.has(reason), weak };
  if (firstPublished !== undefined) verdict.firstPublished = firstPublished;
  if (nearName !== undefined) verdict.nearName = nearName;
  return verdict;
}

// ---- Near a popular name -------------------------------------------------------------------------

interface NearIndex {
  names: Set<string>;
  /** Separator-folded name → the popular name (the better ranked when two fold alike). */
  folded: Map<string, string>;
  /** npm: a scoped popular name flattened (`@types/node` → `types-node`) → the name. */
  flattened: Map<string, string>;
  /** Folded names by length, each with its popular name and rank. */
  byLength: Map<number, Array<{ key: string; name: string; rank: number }>>;
}

const indexes = new Map<Ecosystem, NearIndex>();

/** `-`, `_` and `.` read alike (pip and many people treat them as one), case ignored. */
function fold(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function index(ecosystem: Ecosystem): NearIndex {
  let ix = indexes.get(ecosystem);
  if (ix) return ix;
  const { names } = popularList(ecosystem);
  ix = { names: new Set(names), folded: new Map(), flattened: new Map(), byLength: new Map() };
  names.forEach((name, rank) => {
    const key = fold(name);
    if (!ix!.folded.has(key)) ix!.folded.set(key, name);
    if (name.startsWith('@')) {
      const flat = fold(name.slice(1).replace('/', '-'));
      if (!ix!.flattened.has(flat)) ix!.flattened.set(flat, name);
    }
    const bucket = ix!.byLength.get(key.length) ?? [];
    bucket.push({ key, name, rank });
    ix!.byLength.set(key.length, bucket);
  });
  indexes.set(ecosystem, ix);
  return ix;
}

export function isPopular(ecosystem: Ecosystem, name: string): boolean {
  return index(ecosystem).names.has(name);
}

/**
 * The popular name of the same ecosystem that `name` is one edit from, when it is not popular itself:
 * the same but for separators (`lodash_merge`, `lodash.merge`), an unscoped spelling of a scoped name
 * (`types-node` for `@types/node`), or one insertion, deletion, substitution or swap of two
 * neighbouring characters (Damerau–Levenshtein distance 1) on the separator-folded names.
 */
export function nearPopular(ecosystem: Ecosystem, name: string): string | undefined {
  const ix = index(ecosystem);
  if (ix.names.size === 0 || ix.names.has(name)) return undefined;
  const key = fold(name);
  const same = ix.folded.get(key) ?? (name.startsWith('@') ? undefined : ix.flattened.get(key));
  if (same !== undefined) return same;
  if (key.length < MIN_NEAR_LENGTH) return undefined;
  let best: { name: string; rank: number } | undefined;
  for (let length = key.length - 1; length <= key.length + 1; length++) {
    for (const entry of ix.byLength.get(length) ?? []) {
      if (entry.key.length < MIN_NEAR_LENGTH || (best && entry.rank > best.rank)) continue;
      if (oneEditApart(key, entry.key)) best = entry;
    }
  }
  return best?.name;
}

/** Whether two different strings are one insertion, deletion, substitution or adjacent swap apart. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  return shorter.slice(i) === longer.slice(i + 1);
}
