// The observatory's settings and what it serves: the public feed's entries, the management view of the
// names caught here, and why a name is not published (docs/decisions/slopsquat-observatory.md).
import type { Ecosystem, SlopsquatReason } from '../slopsquat-contract.ts';

export interface ObservatorySettings {
  /** Whether GET /v1/slopsquat/observatory answers (off: 404). */
  feed_enabled: boolean;
  /** A name is published once at least k distinct developers have seen it invented. */
  k: number;
  /** Names never published: `@acme/*`, `acme-*`, `npm:acme-*` (an ecosystem prefix limits a pattern). */
  private_scopes: string[];
  /** The organisation's own registry per ecosystem: a name it holds is never published. */
  private_registries: Partial<Record<Ecosystem, string>>;
  /** Other deployments' feed addresses, whose names are known hallucinations here. */
  subscriptions: string[];
  /** Public registry addresses replacing GATEHOUSE_SLOPSQUAT_REGISTRIES' per ecosystem (mirrors). */
  registries: Partial<Record<Ecosystem, string>>;
}

export const DEFAULT_K = 3;
/** k = 1 would publish what one developer's model said: two is the least that hides anyone. */
export const MIN_K = 2;
export const MAX_K = 1000;
export const MAX_PRIVATE_SCOPES = 200;
export const MAX_SUBSCRIPTIONS = 20;

export const DEFAULT_OBSERVATORY_SETTINGS: ObservatorySettings = {
  feed_enabled: true,
  k: DEFAULT_K,
  private_scopes: [],
  private_registries: {},
  subscriptions: [],
  registries: {},
};

/** One name of the public feed. Days are UTC dates (YYYY-MM-DD): nothing finer is kept. */
export interface FeedEntry {
  ecosystem: Ecosystem;
  name: string;
  first_seen: string;
  last_seen: string;
  /** Times models served through this Gatehouse invented it. */
  count: number;
  /** Distinct developers who were served it (at least k). */
  developers: number;
  model_families: string[];
  /** When the name was registered after models invented it (a squat), when that is known. */
  registered_since?: string;
}

/**
 * Why a name caught here is not in the feed, the strongest reason first: it was never invented (only
 * caught for another reason: young, near a popular name, …); it is under a private scope or prefix; the
 * private registry holds it; the private registry has not answered for it yet; fewer than k developers
 * saw it; the feed is off.
 */
export const WITHHELD_REASONS = [
  'not_invented',
  'private_name',
  'private_registry',
  'private_registry_unchecked',
  'below_k',
  'feed_off',
] as const;
export type WithheldReason = (typeof WITHHELD_REASONS)[number];

/** One name caught here, as the management API shows it. */
export interface CaughtName {
  ecosystem: Ecosystem;
  name: string;
  first_seen: string;
  last_seen: string;
  /** Sightings of every reason. */
  count: number;
  /** Sightings per reason. */
  reasons: Partial<Record<SlopsquatReason, number>>;
  /** Installs the Gateway stopped. */
  blocked_installs: number;
  /** Distinct developers who were served it invented (what k is compared with). */
  developers: number;
  model_families: string[];
  registered_since: string | null;
  published: boolean;
  withheld: WithheldReason | null;
}

/** A page request of the feed or the names view. */
export interface PageQuery {
  ecosystem?: Ecosystem | undefined;
  cursor?: string | undefined;
  limit: number;
}

export const DEFAULT_PAGE = 500;
export const MAX_PAGE = 1000;
