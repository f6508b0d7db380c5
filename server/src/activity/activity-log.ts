// The activity record of the Gateway: every request is pushed here and written by the batching writer
// (group commit; on SQLite by the writer thread), so that the hot path never waits on a disk write;
// graceful stop drains it.
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import { createBatchWriter } from '../store/batch-writer.ts';
import { appendAlone } from '../store/event-log.ts';
import { appendActivityRows, toRow, type ActivityRow } from './activity-store.ts';
import type { ActivityInput } from './activity-types.ts';

export interface ActivityLog {
  record(entry: ActivityInput): void;
  drain(): Promise<void>;
  readonly pending: number;
}

export function createActivityLog(store: Store, log: Logger): ActivityLog {
  const writer = createBatchWriter<ActivityRow>({
    name: 'activity',
    log,
    // A commit costs as much as a few dozen rows on SQLite: at a thousand requests a second, 25 ms
    // gathers about 25 rows per transaction (a third of the cost per row of 5 ms batches); where the
    // write runs on the main connection (PostgreSQL, or SQLite without its writer thread) it then
    // holds the event loop well under a millisecond.
    maxDelayMs: 25,
    write: (rows) => appendAlone(store, appendActivityRows, rows),
  });
  return {
    record: (entry) => writer.push(toRow(entry)),
    drain: () => writer.drain(),
    get pending() {
      return writer.pending;
    },
  };
}
