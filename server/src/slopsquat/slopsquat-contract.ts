// The contract between the parts of slopsquat detection (docs/decisions/slopsquat.md): what reads
// package names out of text and tool calls (extract/), what asks the registries about them
// (registry/), what judges a name from the registry's answer (judge.ts), what the Gateway does with a
// verdict (the `slopsquat` detector and the answer paths), and what the observatory keeps of it
// (observatory/). Types only: each part's module implements its side.

/** The package ecosystems whose install commands and manifests are read, each with its registry. */
export const ECOSYSTEMS = ['npm', 'pypi', 'crates', 'go', 'rubygems', 'packagist'] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

/** Where a name was read: an install command, a manifest snippet in a code block, or an agent's tool call. */
export type PackageSource = 'command' | 'manifest' | 'tool_call';

/** One package an install would fetch, as read from text. */
export interface PackageRef {
  ecosystem: Ecosystem;
  /**
   * The name as the registry knows it, normalised the ecosystem's way (npm: as written, scope included,
   * `@scope/name`; PyPI: PEP 503 normalised, lower-case with runs of `-_.` as `-`; crates: as written;
   * go: the module path; rubygems and packagist: as written, packagist `vendor/name` lower-case).
   */
  name: string;
  /** The version or specifier as written (`^1.2`, `==2.0`, `@latest`), when there is one. */
  version?: string;
  source: PackageSource;
  /** UTF-16 offsets of the name in the text it was read from (for the finding's location). */
  start: number;
  end: number;
}

/** What a registry said about a name (a lookup never throws: a failure is `unreachable`). */
export interface RegistryFacts {
  /** missing: the registry answered that no such package exists (404, or the ecosystem's own "not found"). */
  status: 'exists' | 'missing' | 'unreachable';
  /** First publication (ISO 8601), when the registry says. */
  createdAt?: string;
  /** npm's `0.0.1-security` placeholder (a package removed for malware that still takes installs). */
  placeholder?: boolean;
  /** A deprecation notice that names another package ("use scikit-learn"): that package's name. */
  deprecatedFor?: string;
  /** Whether the package links a source repository (weak signal when not). */
  hasRepository?: boolean;
  /** Downloads in the last week or month as the registry reports them, when it does (weak signal). */
  downloads?: number;
  /** Why unreachable, for the finding and the log: `timeout`, `rate_limited`, `http_503`, `connect`. */
  failure?: string;
}

/** Looks names up in their ecosystem's registry: cached, with a deadline and a concurrency limit. */
export interface PackageLookup {
  /** Never throws and never waits past `deadlineMs` (then `unreachable`, failure `timeout`). */
  lookup(ecosystem: Ecosystem, name: string, deadlineMs?: number): Promise<RegistryFacts>;
  /** The answer already known (cached), without asking: for the hot path that must not wait. */
  peek(ecosystem: Ecosystem, name: string): RegistryFacts | undefined;
}

/**
 * Why a name is suspect. missing: no such package; young: first published within `young_days`;
 * near_popular: one edit away from a popular package it is not; placeholder: a registry's security
 * placeholder; deprecated_for: deprecated with a notice naming another package; unreachable: the
 * registry could not be asked (a signal of its own, never a stall); known_hallucination: a name another
 * deployment's observatory feed reports.
 */
export const SLOPSQUAT_REASONS = [
  'missing',
  'young',
  'near_popular',
  'placeholder',
  'deprecated_for',
  'unreachable',
  'known_hallucination',
] as const;
export type SlopsquatReason = (typeof SLOPSQUAT_REASONS)[number];

/** A name judged: null reason when nothing is suspect. */
export interface Verdict {
  ref: PackageRef;
  reason: SlopsquatReason | null;
  /** 0–100: the strong reason's weight plus the weak signals'. */
  score: number;
  /** Whether the reason may block (missing, young, placeholder, known_hallucination): the rest alert. */
  blocking: boolean;
  /** young: the first publication date (ISO day). */
  firstPublished?: string;
  /** near_popular: the popular name it is one edit from; deprecated_for: the name the notice gives. */
  nearName?: string;
  /** Weak signals seen: `no_repository`, `few_downloads`. */
  weak: string[];
}

/** One name a model invented (a `missing` verdict), handed to the observatory; never waits. */
export interface HallucinationSighting {
  ecosystem: Ecosystem;
  name: string;
  /** A keyed hash of the developer (or credential) that saw it: counts distinct people, names none. */
  developerKey: string;
  /** `claude`, `gpt`, `gemini`, … : the model family, never the full model id. */
  modelFamily: string | null;
  at: number;
  /**
   * Why the name was caught, when it was not `missing` (the default): the observatory's management view
   * shows every reason; only `missing` sightings count towards the public feed.
   */
  reason?: SlopsquatReason;
  /** Whether the Gateway stopped the install (counted as a blocked install). */
  blocked?: boolean;
  /** The registry's first publication (ISO 8601), when it now exists: the name has been registered since. */
  firstPublished?: string;
}

export interface ObservatoryRecorder {
  record(sighting: HallucinationSighting): void;
  /** Whether a name is a known hallucination from a subscribed feed (checked before any lookup). */
  knownElsewhere(ecosystem: Ecosystem, name: string): boolean;
}
