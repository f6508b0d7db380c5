// Appending and reading audit events. The SIEM cursor is the event's `seq`, and a poller must never
// miss an event: on PostgreSQL two transactions could commit their sequence numbers out of order (a
// reader would pass the lower one before it is visible), so every append takes one advisory
// transaction lock before it draws numbers. Appends are batched, so the lock is cheap; on SQLite
// writes are serial already.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Dialect } from '../store/database.ts';
import type { AuditEventsTable, Database } from '../store/schema.ts';
import type { AuditEvent, AuditEventInput } from './audit-types.ts';
import { newId } from '../crypto/tokens.ts';

const APPEND_LOCK = 0x6761_7465; // "gate": one fixed key for the audit append lock

// Defence in depth: a value shaped like one of Gatehouse's own secrets never reaches the log, even if a
// caller put one in `details` by mistake.
const SECRET_SHAPE = /gh(?:cs|at|ss|su)_[A-Za-z0-9_-]{16,}/g;

function scrub(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(SECRET_SHAPE, '[redacted]');
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)]));
  }
  return value;
}

const trunc = (s: string | null | undefined, n: number) =>
  s == null ? null : s.length > n ? s.slice(0, n) : s;

export function toRow(e: AuditEventInput, time: number): Omit<AuditEventsTable, 'seq'> {
  return {
    id: newId('evt'),
    time,
    action: e.action,
    actor_type: e.actor.type,
    actor_id: e.actor.id,
    actor_name: trunc(e.actor.name, 200),
    target_type: e.target?.type ?? null,
    target_id: e.target?.id ?? null,
    target_name: trunc(e.target?.name, 200),
    ip: e.ip ?? null,
    user_agent: trunc(e.userAgent, 512),
    outcome: e.outcome,
    request_id: e.requestId ?? null,
    details: JSON.stringify(scrub(e.details ?? {})),
  };
}

export async function appendAuditRows(
  trx: Transaction<Database>,
  dialect: Dialect,
  rows: Omit<AuditEventsTable, 'seq'>[],
): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`.execute(trx);
  // Chunked: SQLite allows at most 32766 bound parameters per statement.
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('audit_events')
      .values(rows.slice(i, i + 200))
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

export async function queryAudit(
  db: Kysely<Database>,
  q: AuditQuery,
): Promise<{ events: AuditEvent[]; lastSeq: number | null }> {
  let query = db.selectFrom('audit_events').selectAll().orderBy('seq', 'asc').limit(q.limit);
  if (q.after !== undefined) query = query.where('seq', '>', q.after);
  if (q.since !== undefined) query = query.where('time', '>=', q.since);
  if (q.until !== undefined) query = query.where('time', '<', q.until);
  if (q.action !== undefined) query = query.where('action', '=', q.action);
  if (q.actorId !== undefined) query = query.where('actor_id', '=', q.actorId);
  const rows = await query.execute();
  return { events: rows.map(fromRow), lastSeq: rows.length ? rows[rows.length - 1]!.seq : null };
}

function fromRow(r: Selectable<AuditEventsTable>): AuditEvent {
  return {
    id: r.id,
    time: new Date(r.time).toISOString(),
    action: r.action,
    actor: { type: r.actor_type, id: r.actor_id, name: r.actor_name },
    target: r.target_type ? { type: r.target_type, id: r.target_id, name: r.target_name } : null,
    ip: r.ip,
    user_agent: r.user_agent,
    outcome: r.outcome,
    request_id: r.request_id,
    details: JSON.parse(r.details) as Record<string, unknown>,
  };
}
