// Asks the organisation's private registries about the names that would otherwise be published: a name
// the private registry holds came from the organisation's own packages and is never published; until
// its registry has answered, it is not published either (publication.ts). Off the request path, in
// rounds: after each snapshot and every CHECK_MS, the names waiting for an answer (or whose answer is a
// day old: the organisation may have published one since), a few at a time, through the registry
// lookup (slopsquat/registry/) pointed at the private registries. An unreachable registry is asked
// again next round; nothing is published meanwhile.
import type { Logger } from 'pino';
import type { Store } from '../../store/database.ts';
import { createPackageLookup, type RegistryLookup } from '../registry/lookup.ts';
import type { Ecosystem } from '../slopsquat-contract.ts';
import { notePrivateStatus } from './observatory-store.ts';
import type { NameTally } from './publication.ts';
import type { ObservatorySettings } from './observatory-types.ts';

/** A private registry's answer is asked again after this. */
export const RECHECK_MS = 24 * 3600_000;
/** Names asked about per round. */
const PER_ROUND = 64;
const DEADLINE_MS = 10_000;

export interface PrivateRegistryCheck {
  /** Points the lookup at the settings' private registries. */
  configure(settings: ObservatorySettings): void;
  /** Asks about the names that need it, unless a round is under way; resolves when it is over. */
  round(
    names: NameTally[],
    settings: ObservatorySettings,
    isPrivate: (e: Ecosystem, n: string) => boolean,
  ): Promise<void>;
  close(): Promise<void>;
}

/** The names a round should ask about: invented, not under a private pattern, not answered lately. */
export function waitingForPrivateAnswer(
  names: NameTally[],
  settings: ObservatorySettings,
  isPrivate: (e: Ecosystem, n: string) => boolean,
  now: number,
): NameTally[] {
  return names.filter((t) => {
    const registry = settings.private_registries[t.ecosystem];
    if (registry === undefined || !t.reasons.has('missing') || isPrivate(t.ecosystem, t.name)) return false;
    return (
      t.privateRegistry !== registry || t.privateCheckedAt === null || now - t.privateCheckedAt >= RECHECK_MS
    );
  });
}

export function createPrivateRegistryCheck(deps: {
  store: Store;
  log: Logger;
  /** After answers were stored: the snapshot is stale. */
  committed: () => Promise<void>;
}): PrivateRegistryCheck {
  const lookup: RegistryLookup = createPackageLookup({ log: deps.log, deadlineMs: DEADLINE_MS });
  let running: Promise<void> | null = null;
  let closed = false;

  async function ask(names: NameTally[], settings: ObservatorySettings): Promise<void> {
    let stored = 0;
    await Promise.all(
      names.map(async (t) => {
        const registry = settings.private_registries[t.ecosystem]!;
        const facts = await lookup.lookup(t.ecosystem, t.name, DEADLINE_MS);
        if (closed || facts.status === 'unreachable') return;
        await notePrivateStatus(deps.store.db, {
          ecosystem: t.ecosystem,
          name: t.name,
          status: facts.status,
          registry,
          at: Date.now(),
        });
        stored++;
      }),
    );
    if (stored > 0) await deps.committed();
  }

  return {
    configure(settings) {
      try {
        lookup.setRegistries(settings.private_registries);
      } catch (err) {
        // The settings were validated as base URLs: this is not expected, and nothing is published.
        deps.log.error({ err }, 'the private registries could not be set on the lookup');
      }
    },
    round(names, settings, isPrivate) {
      if (running || closed) return running ?? Promise.resolve();
      const waiting = waitingForPrivateAnswer(names, settings, isPrivate, Date.now()).slice(0, PER_ROUND);
      if (waiting.length === 0) return Promise.resolve();
      running = ask(waiting, settings)
        .catch((err: unknown) => deps.log.error({ err }, 'asking the private registries failed'))
        .finally(() => {
          running = null;
        });
      return running;
    },
    async close() {
      closed = true;
      await lookup.close();
      await running;
    },
  };
}
