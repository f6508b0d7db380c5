// How the Slopsquat page names ecosystems and reasons (a finding's sentence with its detail is the risk
// page's, risk/format.ts), says why a name is not published, and writes the observatory's days, which
// are UTC dates.
import type { Ecosystem, RiskFinding, WithheldReason } from '../api/client';
import { isSlopsquat, suspectBecause, type SlopsquatEvidence } from '../risk/format';

/** A slopsquat finding, its evidence known to be a package's. */
export type SlopsquatFinding = RiskFinding & { evidence: SlopsquatEvidence };
export const isSlopsquatFinding = (f: RiskFinding): f is SlopsquatFinding => isSlopsquat(f.evidence);

/** The reasons a finding gives; the names view also counts `unreachable` (a signal, never a finding). */
export type FindingReason = SlopsquatEvidence['reason'];
export type SlopsquatReason = FindingReason | 'unreachable';

export const ECOSYSTEM_LABEL: Record<Ecosystem, string> = {
  npm: 'npm',
  pypi: 'PyPI',
  crates: 'crates.io',
  go: 'Go',
  rubygems: 'RubyGems',
  packagist: 'Packagist',
};
/** In the API's order, which is the order the names view and the feed page in. */
export const ECOSYSTEMS = Object.keys(ECOSYSTEM_LABEL) as Ecosystem[];
export const ecosystemLabel = (e: string) => ECOSYSTEM_LABEL[e as Ecosystem] ?? e;

export const REASON_LABEL: Record<SlopsquatReason, string> = {
  missing: 'Invented',
  young: 'Young',
  near_popular: 'Near a popular name',
  placeholder: 'Security placeholder',
  deprecated_for: 'Deprecated for another',
  known_hallucination: 'Known hallucination',
  unreachable: 'Registry unreachable',
};

/** Most alarming first: a placeholder was taken down as malware; an unreachable registry says nothing. */
export const REASON_ORDER: readonly SlopsquatReason[] = [
  'placeholder',
  'missing',
  'known_hallucination',
  'young',
  'near_popular',
  'deprecated_for',
  'unreachable',
];

export const REASON_COLOR: Record<SlopsquatReason, string> = {
  placeholder: 'red',
  missing: 'red',
  known_hallucination: 'red',
  young: 'orange',
  near_popular: 'yellow',
  deprecated_for: 'gray',
  unreachable: 'gray',
};

/** What each reason means, without the detail a finding adds. */
export const REASON_MEANING: Record<SlopsquatReason, string> = {
  missing: 'no such package in its registry: a name the model invented, which anyone may register',
  young: 'first published only days ago: a name models invent may have been registered by an attacker',
  near_popular: 'one edit away from a popular package it is not',
  placeholder: 'the registry holds only a security placeholder: the package was taken down as malicious',
  deprecated_for: 'deprecated with a notice that names another package',
  known_hallucination: 'a subscribed observatory feed lists it as a name models invent',
  unreachable: 'the registry could not be asked in time (never a block)',
};

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A UTC day (YYYY-MM-DD, or a full timestamp) as a date: the observatory keeps nothing finer. */
export function formatDay(day: string): string {
  const d = new Date(day.length === 10 ? `${day}T00:00:00Z` : day);
  return Number.isNaN(d.getTime()) ? day : DAY.format(d);
}

/** A finding's reason with its detail (the first publication, the popular name), as one sentence. */
export function reasonDetail(e: SlopsquatEvidence): string {
  const why = suspectBecause(e);
  return why.charAt(0).toUpperCase() + why.slice(1) + '.';
}

/** A package as a developer would type it: the ecosystem, the name and the version when one was given. */
export const packageSpec = (e: SlopsquatEvidence) => (e.version ? `${e.package} ${e.version}` : e.package);

/** Why a name caught here is not in the public feed, in words; `k` and the developers for below_k. */
export function withheldText(w: WithheldReason, developers: number, k: number): string {
  switch (w) {
    case 'not_invented':
      return 'caught for another reason only: the feed lists names models invented';
    case 'private_name':
      return 'matches one of your private scopes or prefixes';
    case 'private_registry':
      return 'your private registry holds it';
    case 'private_registry_unchecked':
      return 'your private registry has not been asked about it yet';
    case 'below_k':
      return `seen by ${developers} ${developers === 1 ? 'developer' : 'developers'}; the feed needs ${k}`;
    case 'feed_off':
      return 'the feed is off';
  }
}
