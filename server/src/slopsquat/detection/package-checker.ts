// The slopsquat detector's check: package names in, verdicts out. A name another deployment's
// observatory reports is a known hallucination without asking anyone; every other name is looked up in
// its registry (cached, with a deadline: PackageLookup never throws and never waits past it) and judged.
// One per process, shared by the Gateway's answer paths and the MCP paths; it also keeps the checks
// still running, so that a graceful stop waits for the records they complete.
import type {
  Ecosystem,
  ObservatoryRecorder,
  PackageLookup,
  PackageRef,
  RegistryFacts,
  Verdict,
} from '../slopsquat-contract.ts';
import type { Logger } from 'pino';
import { failureForLog } from '../../http/logger.ts';
import type { ArmedSlopsquat } from '../../policy/detectors/slopsquat.ts';

/** Reads package names out of text and tool calls (slopsquat/extract/). */
export interface PackageReaders {
  fromText(text: string): PackageRef[];
  fromToolCall(tool: string, args: unknown): PackageRef[];
}

/** Judges a name from its registry's answer (slopsquat/judge.ts). */
export type Judge = (
  ref: PackageRef,
  facts: RegistryFacts,
  settings: { young_days: number },
  now: number,
) => Verdict;

export interface PackageCheckerDeps {
  readers: PackageReaders;
  lookup: PackageLookup;
  judge: Judge;
  /** Absent until the observatory is built into the services (then every `missing` name is handed to it). */
  observatory?: ObservatoryRecorder | null;
  log: Logger;
  now?: () => number;
}

export interface PackageChecker {
  readonly readers: PackageReaders;
  readonly observatory: ObservatoryRecorder | null;
  /** The verdict on one name: never rejects, and answers within the settings' deadline (the lookup's). */
  verdict(ref: PackageRef, armed: ArmedSlopsquat): Promise<Verdict>;
  /** The verdict when it needs no lookup (a known hallucination, or the registry's answer cached). */
  known(ref: PackageRef, armed: ArmedSlopsquat): Verdict | undefined;
  /** The names in a text or a tool call; none when the reader fails (logged: a bug, not the input's fault). */
  read(from: () => PackageRef[]): PackageRef[];
  /** Keeps `work` until it settles, for drain(). */
  track(work: Promise<unknown>): void;
  /** Waits for every check and tracked work still running (graceful stop). */
  drain(): Promise<void>;
}

export function createPackageChecker(deps: PackageCheckerDeps): PackageChecker {
  const now = deps.now ?? Date.now;
  const observatory = deps.observatory ?? null;
  const running = new Set<Promise<unknown>>();

  function track(work: Promise<unknown>): void {
    const settled: Promise<unknown> = work.then(
      () => running.delete(settled),
      () => running.delete(settled),
    );
    running.add(settled);
  }

  async function judged(ref: PackageRef, armed: ArmedSlopsquat): Promise<Verdict> {
    if (observatory?.knownElsewhere(ref.ecosystem, ref.name)) return knownHallucination(ref);
    let facts: RegistryFacts;
    try {
      facts = await deps.lookup.lookup(ref.ecosystem, ref.name, armed.deadlineMs);
    } catch {
      // The lookup's contract is never to throw; should it, the registry is as good as unreachable.
      facts = { status: 'unreachable', failure: 'lookup_failed' };
    }
    return deps.judge(ref, facts, { young_days: armed.youngDays }, now());
  }

  return {
    readers: deps.readers,
    observatory,
    known(ref, armed) {
      if (observatory?.knownElsewhere(ref.ecosystem, ref.name)) return knownHallucination(ref);
      const facts = deps.lookup.peek(ref.ecosystem, ref.name);
      return facts && deps.judge(ref, facts, { young_days: armed.youngDays }, now());
    },
    read(from) {
      try {
        return from();
      } catch (err) {
        // Failing open: a reader's bug must not stop every agent's tool calls; the admin must know.
        deps.log.error({ failure: failureForLog(err) }, 'slopsquat: reading package names failed');
        return [];
      }
    },
    verdict(ref, armed) {
      const work = judged(ref, armed).catch(() => unjudged(ref));
      track(work);
      return work;
    },
    track,
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** A name another deployment's models invented: blocking, with no lookup (it may be squatted since). */
function knownHallucination(ref: PackageRef): Verdict {
  return { ref, reason: 'known_hallucination', score: 90, blocking: true, weak: [] };
}

/** A verdict the judge could not give (it failed): a signal, never a block. */
function unjudged(ref: PackageRef): Verdict {
  return { ref, reason: 'unreachable', score: 0, blocking: false, weak: [] };
}

/** The key of a name within its ecosystem. */
export const nameKey = (ecosystem: Ecosystem, name: string) => `${ecosystem}:${name}`;
