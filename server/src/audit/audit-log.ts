// The audit log service, with three ways to write an event, by what a crash may cost
// (docs/operations.md, "Durability"):
// - inTransaction: a change's event, in the change's own transaction: both or neither.
// - durable: a security event with no change of its own to ride on (a sign-in or its failure, a token
//   issued or refused): the answer waits until the event has committed, in the next group commit,
//   shared with every other event committed meanwhile.
// - record: the high-volume api.request: batched; a crash loses at most the last few milliseconds.
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { createBatchWriter, type WriterStats } from '../store/batch-writer.ts';
import { ApiError } from '../errors.ts';
import { appendAlone } from '../store/event-log.ts';
import { appendAuditRows, toRow, type AuditRow } from './audit-store.ts';
import type { AuditEventInput } from './audit-types.ts';

export interface AuditLog {
  /** Recorded through the batching writer: for high-volume events, which a crash may lose. */
  record(event: AuditEventInput): void;
  /**
   * Resolves once the event has committed (answer only after it); rejects with a 503 `unavailable`
   * if it could not be written, and the event is then never written.
   */
  durable(event: AuditEventInput): Promise<void>;
  /** Recorded with the change it describes, in the caller's transaction. */
  inTransaction(trx: Transaction<Database>, ...events: AuditEventInput[]): Promise<void>;
  drain(): Promise<void>;
  readonly pending: number;
  /** Its writer's backlog, for the metrics. */
  readonly writer: WriterStats;
}

export function createAuditLog(store: Store, log: Logger): AuditLog {
  const writer = createBatchWriter<AuditRow>({
    name: 'audit',
    log,
    write: (rows) => appendAlone(store, appendAuditRows, rows),
  });
  return {
    record: (event) => writer.push(toRow(event, Date.now())),
    durable: (event) =>
      writer.commit(toRow(event, Date.now())).catch(() => {
        throw new ApiError(
          'unavailable',
          'The audit log could not be written just now, so this was not done; try again in a moment.',
          { 'retry-after': '1' },
        );
      }),
    inTransaction: (trx, ...events) =>
      appendAuditRows(
        trx,
        store.dialect,
        events.map((e) => toRow(e, Date.now())),
      ),
    drain: () => writer.drain(),
    get pending() {
      return writer.pending;
    },
    writer,
  };
}
