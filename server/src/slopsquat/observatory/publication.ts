// Which names are published, and why the others are not: the one rule the public feed, the management
// preview and the names view all apply, so that what the preview shows is exactly what is published.
// Pure: the tallies come from the store, the settings and the private registry's answers from memory.
import type { Ecosystem, SlopsquatReason } from '../slopsquat-contract.ts';
import { privateNameMatcher } from './private-names.ts';
import type { CaughtName, FeedEntry, ObservatorySettings, WithheldReason } from './observatory-types.ts';

/** One reason's sightings of a name. */
export interface ReasonTally {
  firstSeen: number;
  lastSeen: number;
  count: number;
  blocked: number;
  developers: number;
  families: string[];
}

/** Everything kept of one name, across reasons. */
export interface NameTally {
  ecosystem: Ecosystem;
  name: string;
  reasons: Map<SlopsquatReason, ReasonTally>;
  registeredSince: number | null;
  /** The private registry's answer, which registry gave it, and when. */
  privateStatus: 'exists' | 'missing' | null;
  privateRegistry: string | null;
  privateCheckedAt: number | null;
  /** When the public registry was last asked whether the name has been registered since. */
  publicCheckedAt: number | null;
}

export interface Published {
  /** Every name caught here, in feed order (ecosystem, then name). */
  names: CaughtName[];
  /** The feed's entries, whether the feed is on or off (the preview shows them), in the same order. */
  feed: FeedEntry[];
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Feed order: ecosystem, then name by UTF-16 code units (the same on every replica). */
export function compareNames(a: { ecosystem: string; name: string }, b: { ecosystem: string; name: string }) {
  if (a.ecosystem !== b.ecosystem) return a.ecosystem < b.ecosystem ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function withheldReason(
  tally: NameTally,
  settings: ObservatorySettings,
  isPrivate: (ecosystem: Ecosystem, name: string) => boolean,
): WithheldReason | null {
  const invented = tally.reasons.get('missing');
  if (!invented) return 'not_invented';
  if (isPrivate(tally.ecosystem, tally.name)) return 'private_name';
  const registry = settings.private_registries[tally.ecosystem];
  if (registry !== undefined) {
    // Only the answer of the registry configured now counts.
    const status = tally.privateRegistry === registry ? tally.privateStatus : null;
    if (status === 'exists') return 'private_registry';
    if (status !== 'missing') return 'private_registry_unchecked';
  }
  if (invented.developers < settings.k) return 'below_k';
  return null;
}

export function publish(tallies: NameTally[], settings: ObservatorySettings): Published {
  const isPrivate = privateNameMatcher(settings.private_scopes);
  const sorted = [...tallies].sort(compareNames);
  const names: CaughtName[] = [];
  const feed: FeedEntry[] = [];
  for (const t of sorted) {
    const all = [...t.reasons.values()];
    const withheld = withheldReason(t, settings, isPrivate);
    const invented = t.reasons.get('missing');
    names.push({
      ecosystem: t.ecosystem,
      name: t.name,
      first_seen: day(Math.min(...all.map((r) => r.firstSeen))),
      last_seen: day(Math.max(...all.map((r) => r.lastSeen))),
      count: all.reduce((n, r) => n + r.count, 0),
      reasons: Object.fromEntries([...t.reasons].map(([reason, r]) => [reason, r.count])),
      blocked_installs: all.reduce((n, r) => n + r.blocked, 0),
      developers: invented?.developers ?? 0,
      model_families: [...new Set(all.flatMap((r) => r.families))].sort(),
      registered_since: t.registeredSince === null ? null : day(t.registeredSince),
      published: withheld === null && settings.feed_enabled,
      withheld: withheld ?? (settings.feed_enabled ? null : 'feed_off'),
    });
    if (withheld !== null || !invented) continue;
    feed.push({
      ecosystem: t.ecosystem,
      name: t.name,
      first_seen: day(invented.firstSeen),
      last_seen: day(invented.lastSeen),
      count: invented.count,
      developers: invented.developers,
      model_families: [...invented.families].sort(),
      ...(t.registeredSince !== null ? { registered_since: day(t.registeredSince) } : {}),
    });
  }
  return { names, feed };
}
