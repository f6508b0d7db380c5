// The PackageLookup (slopsquat-contract.ts): asks each ecosystem's registry about a name, remembers
// the answer, and never makes its caller wait past a deadline.
//
// - Cached by answer: an existing name for a day (it will not stop existing), a missing one for ten
//   minutes (it may be registered, by its author or by a squatter), an unreachable registry for a few
//   seconds (so that a burst of names does not hammer a registry that is down).
// - One request per name at a time: callers asking for a name already being looked up share it.
// - A deadline per call: the caller gets `unreachable` (failure `timeout`) when it passes, but the
//   request goes on (up to its own cap) and its answer is cached for the next caller. Deadline 0 starts
//   a lookup without waiting for it: with `peek`, that is how a path that must not wait uses it.
// - A concurrency limit per registry, and a registry that answered 429 (or 503 with Retry-After) is
//   left alone for as long as it asked: lookups meanwhile are `unreachable` (`rate_limited`) at once.
import type { Logger } from 'pino';
import { httpBaseUrl } from '../../config-urls.ts';
import { timeoutSignal } from '../../http/timeout-signal.ts';
import { ECOSYSTEMS, type Ecosystem, type PackageLookup, type RegistryFacts } from '../slopsquat-contract.ts';
import { crates } from './crates.ts';
import { FactsCache } from './facts-cache.ts';
import { go } from './go.ts';
import { isValidName } from './names.ts';
import { npm } from './npm.ts';
import { packagist } from './packagist.ts';
import { pypi } from './pypi.ts';
import type { RegistryClient } from './registry-client.ts';
import { createRegistryHttp, RegistryFailure } from './registry-http.ts';
import { DEFAULT_REGISTRIES, withDefaults, type RegistryUrls } from './registry-urls.ts';
import { rubygems } from './rubygems.ts';

const CLIENTS: Record<Ecosystem, RegistryClient> = { npm, pypi, crates, go, rubygems, packagist };

export interface LookupOptions {
  /** Each ecosystem's registry (config.slopsquatRegistries); default the public ones. */
  registries?: RegistryUrls;
  /** How long `lookup` waits when its caller gives no deadline. Default 2,000 ms. */
  deadlineMs?: number;
  /** Requests under way at once per registry; more wait their turn. Default 8. */
  concurrency?: number;
  /** Names remembered, all ecosystems together. Default 20,000. */
  maxEntries?: number;
  /** How long answers are kept, by kind. Defaults: exists 24 h, missing 10 min, unreachable 5 s. */
  ttlMs?: Partial<Record<RegistryFacts['status'], number>>;
  /** The longest one request to a registry may take, whatever its callers' deadlines. Default 15 s. */
  requestTimeoutMs?: number;
  /** Largest answer read, decompressed. Default 128 MB (the biggest npm packuments run to tens of MB). */
  maxAnswerBytes?: number;
  userAgent?: string;
  /** The clock the cache's expiry and back-off read (tests move it). */
  now?: () => number;
  log?: Pick<Logger, 'warn'>;
}

export interface RegistryLookup extends PackageLookup {
  /** Replaces registry addresses (from the console); an ecosystem not named goes back to its default.
   * Throws when an address is not an http(s) base URL. Answers from a replaced registry are forgotten. */
  setRegistries(urls: Partial<Record<Ecosystem, string>>): void;
  registries(): RegistryUrls;
  /** Ends every request under way (their callers get `unreachable`) and closes the connections. */
  close(): Promise<void>;
}

const TTL: Record<RegistryFacts['status'], number> = {
  exists: 24 * 3_600_000,
  missing: 10 * 60_000,
  unreachable: 5_000,
};
/** Lookups waiting for one registry beyond which more are refused (`busy`) rather than queued. */
const MAX_WAITING = 512;
const MAX_DEADLINE_MS = 10 * 60_000;
const USER_AGENT = 'Gatehouse-slopsquat/1 (AI gateway: checks that packages named by models exist)';

function unreachable(failure: string): RegistryFacts {
  return Object.freeze({ status: 'unreachable', failure });
}
const MISSING: RegistryFacts = Object.freeze({ status: 'missing' });

/** The name as the registry matches it, so that spellings it treats as one share a cache entry. */
function cacheKey(ecosystem: Ecosystem, name: string): string {
  if (ecosystem === 'pypi') return `pypi\0${name.toLowerCase().replace(/[-_.]+/g, '-')}`;
  if (ecosystem === 'crates') return `crates\0${name.toLowerCase().replace(/-/g, '_')}`;
  if (ecosystem === 'packagist') return `packagist\0${name.toLowerCase()}`;
  return `${ecosystem}\0${name}`;
}

interface RegistryState {
  base: string;
  /** Bumped when the address changes: answers from the old one are not cached. */
  generation: number;
  /** Until when the registry asked to be left alone. */
  backoffUntil: number;
  running: number;
  waiting: Array<() => void>;
}

export function createPackageLookup(options: LookupOptions = {}): RegistryLookup {
  const now = options.now ?? Date.now;
  const ttl = { ...TTL, ...options.ttlMs };
  const concurrency = options.concurrency ?? 8;
  const defaultDeadline = options.deadlineMs ?? 2_000;
  const requestTimeout = options.requestTimeoutMs ?? 15_000;
  const cache = new FactsCache(options.maxEntries ?? 20_000);
  const inFlight = new Map<string, Promise<RegistryFacts>>();
  const closing = new AbortController();
  const http = createRegistryHttp({
    userAgent: options.userAgent ?? USER_AGENT,
    connections: concurrency,
    maxAnswerBytes: options.maxAnswerBytes ?? 128 * 1024 * 1024,
  });
  const state = {} as Record<Ecosystem, RegistryState>;
  const initial = options.registries ?? DEFAULT_REGISTRIES;
  for (const e of ECOSYSTEMS)
    state[e] = { base: initial[e], generation: 0, backoffUntil: 0, running: 0, waiting: [] };

  /** A turn to ask the registry; false when too many are waiting already. */
  function acquire(s: RegistryState): Promise<boolean> {
    if (s.running < concurrency) {
      s.running++;
      return Promise.resolve(true);
    }
    if (s.waiting.length >= MAX_WAITING) return Promise.resolve(false);
    return new Promise((resolve) => s.waiting.push(() => resolve(true)));
  }

  function release(s: RegistryState) {
    const next = s.waiting.shift();
    if (next) next();
    else s.running--;
  }

  async function ask(ecosystem: Ecosystem, name: string, key: string): Promise<RegistryFacts> {
    const s = state[ecosystem];
    const generation = s.generation;
    const bounded = timeoutSignal(closing.signal, requestTimeout);
    const signal = bounded.signal;
    let facts: RegistryFacts;
    if (!(await acquire(s))) facts = unreachable('busy');
    else {
      try {
        // While this lookup waited its turn the registry may have asked to be left alone.
        facts = signal.aborted
          ? unreachable('timeout')
          : now() < s.backoffUntil
            ? unreachable('rate_limited')
            : Object.freeze(await CLIENTS[ecosystem].ask(name, { http, base: s.base, signal }));
      } catch (err) {
        const failure = err instanceof RegistryFailure ? err : new RegistryFailure('bad_answer');
        if (failure.retryAfterMs !== undefined && generation === s.generation) {
          s.backoffUntil = Math.max(s.backoffUntil, now() + failure.retryAfterMs);
          options.log?.warn(
            { ecosystem, registry: new URL(s.base).origin, retryAfterMs: failure.retryAfterMs },
            'package registry asked Gatehouse to slow down: its lookups are unreachable meanwhile',
          );
        }
        facts = unreachable(failure.failure);
      } finally {
        release(s);
      }
    }
    bounded.clear();
    if (generation === s.generation && !closing.signal.aborted)
      cache.set(key, facts, now() + ttl[facts.status]);
    return facts;
  }

  function waitAtMost(answer: Promise<RegistryFacts>, ms: number): Promise<RegistryFacts> {
    if (!(ms > 0)) return Promise.resolve(unreachable('timeout'));
    // Past 2^31 - 1 ms a timer fires at once; no caller means to wait that long.
    ms = Math.min(ms, MAX_DEADLINE_MS);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(unreachable('timeout')), ms);
      timer.unref();
      void answer.then((facts) => {
        clearTimeout(timer);
        resolve(facts);
      });
    });
  }

  return {
    async lookup(ecosystem, name, deadlineMs = defaultDeadline) {
      try {
        if (closing.signal.aborted) return unreachable('aborted');
        // A name outside its ecosystem's grammar cannot have been published.
        if (!isValidName(ecosystem, name)) return MISSING;
        const key = cacheKey(ecosystem, name);
        const known = cache.get(key, now());
        if (known) return known;
        if (now() < state[ecosystem].backoffUntil) return unreachable('rate_limited');
        let answer = inFlight.get(key);
        if (!answer) {
          answer = ask(ecosystem, name, key);
          inFlight.set(key, answer);
          const mine = answer;
          void answer.finally(() => {
            if (inFlight.get(key) === mine) inFlight.delete(key);
          });
        }
        return await waitAtMost(answer, deadlineMs);
      } catch {
        return unreachable('error');
      }
    },
    peek(ecosystem, name) {
      if (!isValidName(ecosystem, name)) return MISSING;
      return cache.get(cacheKey(ecosystem, name), now());
    },
    setRegistries(urls) {
      const next = withDefaults(urls);
      const bases = {} as Record<Ecosystem, string>;
      for (const e of ECOSYSTEMS) {
        const base = httpBaseUrl(next[e]);
        // The address is not repeated: it may carry credentials, and the message may be logged.
        if (base === undefined)
          throw new Error(
            `${e}: the registry address must be an http(s) base URL without query or credentials`,
          );
        bases[e] = base;
      }
      for (const e of ECOSYSTEMS) {
        const s = state[e];
        if (bases[e] === s.base) continue;
        s.base = bases[e];
        s.generation++;
        s.backoffUntil = 0;
        cache.dropPrefix(`${e}\0`);
        // Lookups under way ask the old registry: later callers do not join them.
        for (const key of inFlight.keys()) if (key.startsWith(`${e}\0`)) inFlight.delete(key);
      }
    },
    registries() {
      return Object.freeze(Object.fromEntries(ECOSYSTEMS.map((e) => [e, state[e].base]))) as RegistryUrls;
    },
    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      await http.close();
    },
  };
}
