// Appending and reading audit events. The SIEM cursor is the event's `seq`; store/event-log.ts says
// why appends take a lock on PostgreSQL.
import { CompiledQuery, type Transaction } from 'kysely';
import { createLogReader, takeAppendLock } from '../store/event-log.ts';
import type { Dialect } from '../store/database.ts';
import type { AuditEventsTable, Database } from '../store/schema.ts';
import type { AuditEvent, AuditEventInput } from './audit-types.ts';
import { newId } from '../crypto/tokens.ts';

const APPEND_LOCK = 0x6761_7465; // "gate": one fixed key for the audit append lock

// Defence in depth: a value shaped like one of Gatehouse's own secrets never reaches the log, even if a
// caller put one in `details` by mistake. Applied to the serialised event: the secret alphabet holds no
// character that JSON escapes, so one pass over the text finds every one.
const SECRET_SHAPE = /gh(?:cs|at|ss|su)_[A-Za-z0-9_-]{16,}/g;

const trunc = (s: string | null | undefined, n: number) =>
  s == null ? null : s.length > n ? s.slice(0, n) : s;

export type AuditRow = Omit<AuditEventsTable, 'seq'>;

export function toRow(e: AuditEventInput, time: number): AuditRow {
  const target = e.target ? { type: e.target.type, id: e.target.id, name: trunc(e.target.name, 200) } : null;
  const event: AuditEvent = {
    id: newId('evt'),
    time: new Date(time).toISOString(),
    action: e.action,
    actor: { type: e.actor.type, id: e.actor.id, name: trunc(e.actor.name, 200) },
    target,
    ip: e.ip ?? null,
    user_agent: trunc(e.userAgent, 512),
    outcome: e.outcome,
    request_id: e.requestId ?? null,
    details: e.details ?? {},
  };
  return {
    id: event.id,
    time,
    action: event.action,
    actor_id: event.actor.id,
    target_id: target?.id ?? null,
    outcome: event.outcome,
    event: JSON.stringify(event).replace(SECRET_SHAPE, '[redacted]'),
  };
}

const COLUMNS = [
  'id',
  'time',
  'action',
  'actor_id',
  'target_id',
  'outcome',
  'event',
] as const satisfies ReadonlyArray<keyof AuditRow>;
// One fixed single-row statement: on SQLite, one cached prepared insert run per row inside the batch's
// transaction is several times cheaper than compiling and preparing a multi-row insert per batch.
const INSERT_ONE = `INSERT INTO audit_events (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;

export async function appendAuditRows(
  trx: Transaction<Database>,
  dialect: Dialect,
  rows: AuditRow[],
): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === 'sqlite') {
    for (const row of rows)
      await trx.executeQuery(
        CompiledQuery.raw(
          INSERT_ONE,
          COLUMNS.map((c) => row[c]),
        ),
      );
    return;
  }
  // PostgreSQL: a round trip per statement is what costs, so multi-row inserts, after the append lock.
  await takeAppendLock(trx, dialect, APPEND_LOCK);
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('audit_events')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Audit events by cursor, ascending (the SIEM pull) or descending (the console, newest first). */
export const queryAudit = createLogReader<'since' | 'until' | 'action' | 'actorId'>('audit_events', 'event', [
  { field: 'since', column: 'time', op: '>=' },
  { field: 'until', column: 'time', op: '<' },
  { field: 'action', column: 'action', op: '=' },
  { field: 'actorId', column: 'actor_id', op: '=' },
]);
