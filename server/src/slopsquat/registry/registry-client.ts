// What each ecosystem's module (npm.ts, pypi.ts, …) provides, and the readings of untrusted values
// they share. A module knows its registry's paths and answer shapes; asking, caching, deadlines and
// concurrency are the lookup's (lookup.ts).
import type { Ecosystem, RegistryFacts } from '../slopsquat-contract.ts';
import type { RegistryHttp } from './registry-http.ts';

export interface AskContext {
  http: RegistryHttp;
  /** The registry's base URL (registry-urls.ts): origin and path prefix, no trailing slash. */
  base: string;
  /** Aborts the requests (the lookup's own cap on how long one may take, or its closing). */
  signal: AbortSignal;
}

export interface RegistryClient {
  ecosystem: Ecosystem;
  /**
   * What the registry says of `name` (valid for the ecosystem, names.ts): `exists` or `missing`.
   * Throws RegistryFailure when the registry cannot be asked; the lookup makes that `unreachable`.
   */
  ask(name: string, ctx: AskContext): Promise<RegistryFacts>;
}

/** A registry's timestamp as ISO 8601 (UTC), or undefined when it is not a date. Naive timestamps
 * (PyPI's `upload_time`) are UTC. */
export function isoTime(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const naive = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value);
  const ms = Date.parse(naive ? `${value}Z` : value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** The earlier of two ISO times (either may be missing). */
export function earlier(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b < a ? b : a;
}

/** A count the registry reports (downloads), when it is one. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Hosts whose URLs are source repositories, for registries whose links do not say which is which. */
const CODE_HOSTS = [
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'codeberg.org',
  'sr.ht',
  'sourceforge.net',
  'launchpad.net',
  'gitee.com',
  'salsa.debian.org',
  'opendev.org',
];

/** Whether a link points at a source repository (a code host, or a git URL). */
export function isRepositoryUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2048) return false;
  if (/^git(\+\w+)?:|\.git$|^git@/.test(value)) return true;
  try {
    const host = new URL(value).hostname.toLowerCase();
    return CODE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
}

/** Whether a link is there at all: any non-empty string (a registry that has a field for the repository). */
export function isLink(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}
