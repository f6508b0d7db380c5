// Asks the public registries, again and again, whether the names models invented have been registered
// since: a hallucinated name that appears in its registry after models started naming it is the squat
// the observatory exists to show (`registered_since` in the feed and the names view). The detection
// learns it too when a developer's later install meets the name (a `young` verdict), but a name nobody
// installs again would never be looked at; this round looks at each one every RECHECK_MS.
//
// Off the request path, in rounds like the private registry's (private-registry-check.ts): after each
// snapshot, a few of the names due, through the Gateway's own lookup (its registries, its cache, its
// concurrency limit and back-off). When any replica asked is kept in the store (`public_checked_at`), so
// replicas share the work through the snapshot; two replicas asking about one name at once both write
// the same answer. An unreachable registry is asked again next round.
import type { Logger } from 'pino';
import type { Store } from '../../store/database.ts';
import type { RegistryLookup } from '../registry/lookup.ts';
import { notePublicCheck } from './observatory-store.ts';
import type { NameTally } from './publication.ts';
import { dayOf } from './sighting-writer.ts';

/** A name is asked about again this long after it was last asked. */
export const RECHECK_MS = 6 * 3600_000;
/** Names asked about per round, and rounds at most this often (answers stored start a snapshot, whose
 * round would otherwise follow at once, and go through every name due in one burst). */
const PER_ROUND = 32;
const ROUND_GAP_MS = 30_000;
/** Lookups of a round under way at once: the Gateway's own share the registry's concurrency limit (8). */
const AT_ONCE = 2;
const DEADLINE_MS = 10_000;

/** The invented names a round should ask about: never registered so far, not asked lately, oldest first. */
export function dueForRegistrationCheck(names: NameTally[], now: number): NameTally[] {
  return names
    .filter(
      (t) =>
        t.reasons.has('missing') &&
        t.registeredSince === null &&
        (t.publicCheckedAt === null || now - t.publicCheckedAt >= RECHECK_MS),
    )
    .sort((a, b) => (a.publicCheckedAt ?? 0) - (b.publicCheckedAt ?? 0));
}

export interface RegistrationCheck {
  /** Asks about the names due at `now`, unless a round is under way; resolves when it is over. */
  round(names: NameTally[], now?: number): Promise<void>;
  /** Waits out the round under way, if any, then runs one at `now` (tests, operators). */
  next(names: () => NameTally[], now?: number): Promise<void>;
  close(): Promise<void>;
}

export function createRegistrationCheck(deps: {
  store: Store;
  log: Logger;
  lookup: RegistryLookup;
  /** After answers were stored: the snapshot is stale. */
  committed: () => Promise<void>;
}): RegistrationCheck {
  let running: Promise<void> | null = null;
  let closed = false;

  let lastStarted = -Infinity;

  async function ask(names: NameTally[], now: number): Promise<void> {
    let stored = 0;
    const queue = [...names];
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let t = queue.shift(); t !== undefined && !closed; t = queue.shift()) {
          const facts = await deps.lookup.lookup(t.ecosystem, t.name, DEADLINE_MS);
          if (closed || facts.status === 'unreachable') continue;
          const published = facts.createdAt === undefined ? NaN : Date.parse(facts.createdAt);
          await notePublicCheck(deps.store.db, {
            ecosystem: t.ecosystem,
            name: t.name,
            at: now,
            registeredDay:
              facts.status === 'exists' ? dayOf(Number.isFinite(published) ? published : now) : null,
          });
          stored++;
        }
      }),
    );
    if (stored > 0) await deps.committed();
  }

  function start(names: NameTally[], now: number): Promise<void> {
    const due = dueForRegistrationCheck(names, now).slice(0, PER_ROUND);
    if (due.length === 0) return Promise.resolve();
    lastStarted = Date.now();
    running = ask(due, now)
      .catch((err: unknown) =>
        deps.log.error({ err }, 'asking the public registries about invented names failed'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    round(names, now = Date.now()) {
      if (running || closed) return running ?? Promise.resolve();
      if (Date.now() - lastStarted < ROUND_GAP_MS) return Promise.resolve();
      return start(names, now);
    },
    async next(names, now = Date.now()) {
      while (running) await running;
      if (!closed) await start(names(), now);
    },
    async close() {
      closed = true;
      await running;
    },
  };
}
