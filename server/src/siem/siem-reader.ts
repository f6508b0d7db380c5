// Reads a stream's records after a cursor, in commit order, as the pull API serves them (the logs keep
// each document as served; a finding's is built from its columns, findingView). Every log takes an
// append lock on PostgreSQL, so a cursor never passes a row that commits later (store/event-log.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { AuditEvent } from '../audit/audit-types.ts';
import type { ActivityRecord } from '../activity/activity-types.ts';
import { findingView } from '../risk/risk-store.ts';
import type { ExportRecord, SiemStream } from './siem-contract.ts';

const iso = (t: number) => new Date(Number(t)).toISOString();

export async function readAfter(
  db: Kysely<Database>,
  stream: SiemStream,
  after: number,
  limit: number,
): Promise<ExportRecord[]> {
  if (stream === 'audit') {
    const rows = await db
      .selectFrom('audit_events')
      .select(['seq', 'id', 'time', 'event'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      stream,
      id: r.id,
      seq: Number(r.seq),
      time: iso(r.time),
      doc: JSON.parse(r.event) as AuditEvent,
    }));
  }
  if (stream === 'activity') {
    const rows = await db
      .selectFrom('activity')
      .select(['seq', 'id', 'time', 'record'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      stream,
      id: r.id,
      seq: Number(r.seq),
      time: iso(r.time),
      doc: JSON.parse(r.record) as ActivityRecord,
    }));
  }
  const rows = await db
    .selectFrom('risk_findings')
    .selectAll()
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    stream: 'findings' as const,
    id: r.id,
    seq: Number(r.seq),
    time: iso(r.first_seen),
    doc: findingView(r),
  }));
}

/** How many records of the stream lie after the cursor (a destination's lag). */
export async function countAfter(db: Kysely<Database>, stream: SiemStream, after: number): Promise<number> {
  const table = stream === 'audit' ? 'audit_events' : stream === 'activity' ? 'activity' : 'risk_findings';
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seq', '>', after)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
