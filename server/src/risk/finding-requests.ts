// Which requests raised or repeated each finding, by the activity's request_id. The risk service gathers
// them in memory with the finding's sightings (never a write on the Gateway's path) and its batching
// writer writes them in the same transaction as the finding's upsert. Bounded per finding: the first
// request (the one that raised it) and the latest KEEP_LATEST; requests_count counts every distinct one
// (docs/decisions/finding-requests.md).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Requests kept per finding from its start: the one that raised it. */
export const KEEP_FIRST = 1;
/** Requests kept per finding from its end: the latest ones. */
export const KEEP_LATEST = 100;
/** The latest request ids a served finding carries; the activity's finding_id filter lists all kept. */
export const REQUEST_IDS_SERVED = 20;

const KEPT = KEEP_FIRST + KEEP_LATEST;

/** One finding's requests since its last write began: request id → when it first showed the finding. */
export class GatheredRequests {
  readonly ids = new Map<string, number>();
  /** Distinct requests let go of in memory (past KEPT within one gathering): counted, not kept. */
  overflow = 0;

  add(requestId: string, time: number): void {
    const seen = this.ids.get(requestId);
    if (seen !== undefined) {
      if (time < seen) this.ids.set(requestId, time);
      return;
    }
    if (this.ids.size >= KEPT) {
      // Let go of the oldest after the first ones (a Map iterates in insertion order): the first and
      // the latest stay, as in the table.
      let i = 0;
      for (const key of this.ids.keys()) {
        if (i++ < KEEP_FIRST) continue;
        this.ids.delete(key);
        break;
      }
      this.overflow++;
    }
    this.ids.set(requestId, time);
  }

  /** Adds another gathering of the same finding (a retried batch meeting a newer one). */
  merge(other: GatheredRequests): void {
    for (const [id, time] of other.ids) this.add(id, time);
    this.overflow += other.overflow;
  }
}

/**
 * Links a finding to its gathered requests, counts the new ones, and trims it to its kept ones, in the
 * writer's transaction. A request linked already (seen again in a later batch) is not counted again.
 */
export async function writeFindingRequests(
  trx: Transaction<Database>,
  findingId: string,
  gathered: GatheredRequests,
): Promise<void> {
  const rows = [...gathered.ids].map(([request_id, time]) => ({ finding_id: findingId, request_id, time }));
  let added = gathered.overflow;
  if (rows.length > 0) {
    const inserted = await trx
      .insertInto('risk_finding_requests')
      .values(rows)
      .onConflict((oc) => oc.columns(['finding_id', 'request_id']).doNothing())
      .returning('request_id')
      .execute();
    added += inserted.length;
  }
  if (added === 0) return;
  const { requests_count } = await trx
    .updateTable('risk_findings')
    .set({ requests_count: sql<number>`requests_count + ${added}` })
    .where('id', '=', findingId)
    .returning('requests_count')
    .executeTakeFirstOrThrow();
  if (requests_count <= KEPT) return;
  // Only the first and the latest stay (ordered by time, then id, so that ties are cut the same way).
  await sql`DELETE FROM risk_finding_requests WHERE finding_id = ${findingId} AND request_id NOT IN (
      SELECT request_id FROM (
        SELECT request_id FROM risk_finding_requests WHERE finding_id = ${findingId}
        ORDER BY time ASC, request_id ASC LIMIT ${KEEP_FIRST}
      ) AS first_ones
      UNION ALL
      SELECT request_id FROM (
        SELECT request_id FROM risk_finding_requests WHERE finding_id = ${findingId}
        ORDER BY time DESC, request_id DESC LIMIT ${KEEP_LATEST}
      ) AS latest_ones
    )`.execute(trx);
}

/** The latest REQUEST_IDS_SERVED request ids of each finding, latest first: one query for a page. */
export async function latestRequestIds(
  db: Db,
  findingIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (findingIds.length === 0) return out;
  const { rows } = await sql<{ finding_id: string; request_id: string }>`
    SELECT finding_id, request_id FROM (
      SELECT finding_id, request_id, ROW_NUMBER() OVER (
        PARTITION BY finding_id ORDER BY time DESC, request_id DESC
      ) AS n
      FROM risk_finding_requests WHERE finding_id IN (${sql.join(findingIds)})
    ) AS ranked WHERE n <= ${REQUEST_IDS_SERVED} ORDER BY finding_id, n`.execute(db);
  for (const r of rows) {
    const ids = out.get(r.finding_id);
    if (ids) ids.push(r.request_id);
    else out.set(r.finding_id, [r.request_id]);
  }
  return out;
}

/** The findings each request raised or repeated (of those its findings keep), oldest first: one query. */
export async function findingIdsOfRequests(
  db: Db,
  requestIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (requestIds.length === 0) return out;
  const rows = await db
    .selectFrom('risk_finding_requests')
    .select(['request_id', 'finding_id'])
    .where('request_id', 'in', [...new Set(requestIds)])
    .orderBy('time')
    .orderBy('finding_id')
    .execute();
  for (const r of rows) {
    const ids = out.get(r.request_id);
    if (ids) ids.push(r.finding_id);
    else out.set(r.request_id, [r.finding_id]);
  }
  return out;
}
