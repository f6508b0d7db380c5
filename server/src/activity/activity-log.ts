// The activity record of the Gateway: every request is pushed here and written by the batching writer
// (group commit; on SQLite by the writer thread), so that the hot path never waits on a disk write;
// graceful stop drains it.
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import { createBatchWriter, type WriterStats } from '../store/batch-writer.ts';
import { appendAlone } from '../store/event-log.ts';
import { appendActivityRows, toRow, type ActivityRow } from './activity-store.ts';
import type { ActivityInput } from './activity-types.ts';
import { recordedOutcome } from './signal-actions.ts';

/** Told of each record as it is pushed (metrics, traces): synchronous, cheap, and never throws into the Gateway. */
export type ActivityObserver = (entry: ActivityInput) => void;

export interface ActivityLog {
  record(entry: ActivityInput): void;
  /** Adds an observer; the returned function removes it. */
  observe(observer: ActivityObserver): () => void;
  drain(): Promise<void>;
  readonly pending: number;
  /** Its writer's backlog, for the metrics. */
  readonly writer: WriterStats;
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
  const observers = new Set<ActivityObserver>();
  return {
    record(given) {
      // One place decides `redacted`, for model requests and MCP calls alike, before observers see it.
      const outcome = recordedOutcome(given.outcome, given.signalActions);
      const entry = outcome === given.outcome ? given : { ...given, outcome };
      writer.push(toRow(entry));
      for (const observe of observers) {
        try {
          observe(entry);
        } catch (err) {
          // An observer's fault must not fail the request it describes, which is already answered.
          log.error({ err }, 'an activity observer failed');
        }
      }
    },
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    drain: () => writer.drain(),
    get pending() {
      return writer.pending;
    },
    writer,
  };
}
