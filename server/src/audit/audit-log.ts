// The audit log service. Lifecycle changes write their event in the same transaction as the change
// (inTransaction), so that no change goes unrecorded; per-request events (token issued, API call) go
// through the batching writer, so that the hot path never waits on a disk write.
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { createBatchWriter } from '../store/batch-writer.ts';
import { appendAlone } from '../store/event-log.ts';
import { appendAuditRows, toRow, type AuditRow } from './audit-store.ts';
import type { AuditEventInput } from './audit-types.ts';

export interface AuditLog {
  /** Recorded through the batching writer: for events on the hot path. */
  record(event: AuditEventInput): void;
  /** Recorded with the change it describes, in the caller's transaction. */
  inTransaction(trx: Transaction<Database>, ...events: AuditEventInput[]): Promise<void>;
  drain(): Promise<void>;
  readonly pending: number;
}

export function createAuditLog(store: Store, log: Logger): AuditLog {
  const writer = createBatchWriter<AuditRow>({
    name: 'audit',
    log,
    write: (rows) => appendAlone(store, appendAuditRows, rows),
  });
  return {
    record: (event) => writer.push(toRow(event, Date.now())),
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
  };
}
