// Database access for risk findings. A finding is written by an upsert on its fingerprint: a new one is
// inserted, a known one has its count added to and its last sighting (when, where, evidence) replaced.
// A resolved finding seen again after it was resolved opens again. The served document is built from
// the columns, since count, last_seen and status change after the insert.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, RiskFindingsTable } from '../store/schema.ts';
import type { Dialect } from '../store/database.ts';
import type { LogPage } from '../store/event-log.ts';
import { latestRequestIds } from './finding-requests.ts';
import type { Evidence, FindingKind, FindingStatus, RiskActor, RiskFinding } from './risk-types.ts';
import type { DetectorId, Severity } from '../policy/detectors/detector-types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type FindingRow = Omit<RiskFindingsTable, 'seq' | 'requests_count'>;

// "risk": findings' sequence numbers become visible in order on PostgreSQL, as the logs' do
// (store/event-log.ts): the cursor of a poller must not pass a finding that commits later.
const INSERT_LOCK = 0x7269_736b;

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** The served finding; `requestIds` are its latest requests (finding-requests.ts latestRequestIds). */
export function findingView(r: Selectable<RiskFindingsTable>, requestIds: string[] = []): RiskFinding {
  return {
    id: r.id,
    kind: r.kind as FindingKind,
    severity: r.severity as Severity,
    rule: r.rule,
    detector: r.detector as DetectorId | null,
    actor: { type: r.actor_type as RiskActor['type'], id: r.actor_id, name: r.actor_name },
    provider: r.provider,
    model: r.model,
    tool: r.tool,
    first_seen: iso(r.first_seen)!,
    last_seen: iso(r.last_seen)!,
    count: r.count,
    status: r.status as FindingStatus,
    resolved_at: iso(r.resolved_at),
    resolved_by: r.resolved_by === null ? null : (JSON.parse(r.resolved_by) as RiskFinding['resolved_by']),
    resolution_note: r.resolution_note,
    evidence: JSON.parse(r.evidence) as Evidence,
    request_ids: requestIds,
    requests_count: r.requests_count,
  };
}

// The expressions below are typed `never` so that each fits whichever column it sets.
/** `column` from the later of the stored sighting and the incoming one. */
const later = (column: string) =>
  sql.raw<never>(
    `CASE WHEN excluded.last_seen >= risk_findings.last_seen THEN excluded.${column} ELSE risk_findings.${column} END`,
  );

/** Seen again after it was resolved: it opens again (a sighting from before the resolution does not). */
const REOPENS = `risk_findings.status = 'resolved' AND excluded.last_seen > risk_findings.resolved_at`;
const unlessReopened = (column: string) =>
  sql.raw<never>(`CASE WHEN ${REOPENS} THEN NULL ELSE risk_findings.${column} END`);

/** Inserts or adds to each finding, in the caller's transaction; returns each one's id. */
export async function upsertFindings(trx: Transaction<Database>, dialect: Dialect, rows: FindingRow[]) {
  if (rows.length === 0) return [];
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${INSERT_LOCK})`.execute(trx);
  const ids: string[] = [];
  // One statement per row: the same SQL text each time (prepared once on SQLite); a batch holds one row
  // per distinct finding, which is few.
  for (const row of rows) {
    const { id } = await trx
      .insertInto('risk_findings')
      .values(row)
      .onConflict((oc) =>
        oc.column('fingerprint').doUpdateSet({
          count: sql`risk_findings.count + excluded.count`,
          last_seen: later('last_seen'),
          severity: later('severity'),
          actor_name: later('actor_name'),
          provider: later('provider'),
          model: later('model'),
          tool: later('tool'),
          evidence: later('evidence'),
          status: sql.raw<never>(`CASE WHEN ${REOPENS} THEN 'open' ELSE risk_findings.status END`),
          resolved_at: unlessReopened('resolved_at'),
          resolved_by: unlessReopened('resolved_by'),
          resolution_note: unlessReopened('resolution_note'),
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

export async function findFindingRow(db: Db, id: string) {
  return db.selectFrom('risk_findings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks an open finding resolved; false when it was not open (resolved meanwhile, or no such id). */
export async function markResolved(
  db: Db,
  id: string,
  at: number,
  by: { type: string; id: string | null; name: string | null },
  note: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('risk_findings')
    .set({ status: 'resolved', resolved_at: at, resolved_by: JSON.stringify(by), resolution_note: note })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface FindingQuery {
  /** Findings first seen after this cursor (ascending) or before it (descending). */
  cursor?: number | undefined;
  order: 'asc' | 'desc';
  limit: number;
  status?: FindingStatus | undefined;
  severity?: Severity | undefined;
  kind?: FindingKind | undefined;
  rule?: string | undefined;
  detector?: DetectorId | undefined;
  actorId?: string | undefined;
  /** Seen at or after this time (its last sighting). */
  since?: number | undefined;
  /** Seen before this time (its first sighting). */
  until?: number | undefined;
}

/** A page of findings in order of first sighting, as served (JSON documents), for log-paging's pageJson. */
export async function queryFindings(db: Db, q: FindingQuery): Promise<LogPage> {
  let query = db.selectFrom('risk_findings').selectAll();
  if (q.cursor !== undefined) query = query.where('seq', q.order === 'asc' ? '>' : '<', q.cursor);
  if (q.status !== undefined) query = query.where('status', '=', q.status);
  if (q.severity !== undefined) query = query.where('severity', '=', q.severity);
  if (q.kind !== undefined) query = query.where('kind', '=', q.kind);
  if (q.rule !== undefined) query = query.where('rule', '=', q.rule);
  if (q.detector !== undefined) query = query.where('detector', '=', q.detector);
  if (q.actorId !== undefined) query = query.where('actor_id', '=', q.actorId);
  if (q.since !== undefined) query = query.where('last_seen', '>=', q.since);
  if (q.until !== undefined) query = query.where('first_seen', '<', q.until);
  const rows = await query.orderBy('seq', q.order).limit(q.limit).execute();
  const requests = await latestRequestIds(
    db,
    rows.map((r) => r.id),
  );
  return {
    documents: rows.map((r) => JSON.stringify(findingView(r, requests.get(r.id)))),
    lastSeq: rows.length ? rows[rows.length - 1]!.seq : null,
  };
}
