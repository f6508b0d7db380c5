// Appending and reading audit events. The SIEM cursor is the event's `seq`, and a poller must never
// miss an event: on PostgreSQL two transactions could commit their sequence numbers out of order (a
// reader would pass the lower one before it is visible), so every append takes one advisory
// transaction lock before it draws numbers. Appends are batched, so the lock is cheap; on SQLite
// writes are serial already.
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
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
  await sql`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`.execute(trx);
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('audit_events')
      .values(rows.slice(i, i + 500))
      .execute();
}

export interface AuditQuery {
  after?: number | undefined;
  since?: number | undefined;
  until?: number | undefined;
  action?: string | undefined;
  actorId?: string | undefined;
  limit: number;
}

// The SQL of a pull depends only on which filters are present, so it is built (by Kysely) once per
// combination and reused with fresh parameters: the SIEM pull is called thousands of times a second.
const FILTERS = ['after', 'since', 'until', 'action', 'actorId'] as const;
const compiled = new WeakMap<Kysely<Database>, Map<number, string>>();

function pullSql(db: Kysely<Database>, present: number): string {
  let cache = compiled.get(db);
  if (!cache) compiled.set(db, (cache = new Map()));
  let text = cache.get(present);
  if (text === undefined) {
    let query = db.selectFrom('audit_events').select(['seq', 'event']);
    const has = (f: (typeof FILTERS)[number]) => (present & (1 << FILTERS.indexOf(f))) !== 0;
    // Placeholder values: only the SQL text is kept. The order here is the parameters' order below.
    if (has('after')) query = query.where('seq', '>', 0);
    if (has('since')) query = query.where('time', '>=', 0);
    if (has('until')) query = query.where('time', '<', 0);
    if (has('action')) query = query.where('action', '=', '');
    if (has('actorId')) query = query.where('actor_id', '=', '');
    text = query.orderBy('seq', 'asc').limit(1).compile().sql;
    cache.set(present, text);
  }
  return text;
}

/** The matching events as their stored JSON documents, in commit order. */
export async function queryAudit(
  db: Kysely<Database>,
  q: AuditQuery,
): Promise<{ events: string[]; lastSeq: number | null }> {
  let present = 0;
  const params: unknown[] = [];
  FILTERS.forEach((f, i) => {
    if (q[f] !== undefined) {
      present |= 1 << i;
      params.push(q[f]);
    }
  });
  params.push(q.limit);
  const { rows } = await db.executeQuery<{ seq: number; event: string }>(
    CompiledQuery.raw(pullSql(db, present), params),
  );
  return { events: rows.map((r) => r.event), lastSeq: rows.length ? rows[rows.length - 1]!.seq : null };
}
