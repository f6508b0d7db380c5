// The seam between retention and the SIEM export (issue 21: nothing is deleted that a destination has
// not yet received). The export's hold (siem/siem-hold-store.ts) answers the lowest cursor (seq) that
// any enabled destination has not yet acknowledged for that log, and the job keeps every row from that
// seq on, however old, and says so (waiting_for_siem) in the console and the API. NO_SIEM_DESTINATIONS
// is what a job made without the export (a test of the job alone) holds: nothing.
import type { GuardedLog } from './purge-statements.ts';

export interface SiemHold {
  /** The oldest seq of `log` some SIEM destination still needs, or null when none needs any. */
  oldestNeededSeq(log: GuardedLog): Promise<number | null>;
}

export const NO_SIEM_DESTINATIONS: SiemHold = {
  oldestNeededSeq: async () => null,
};
