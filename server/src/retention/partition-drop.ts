// Retention on PostgreSQL's time partitions (docs/decisions/time-partitions.md): a month partition
// whose whole range is older than the cutoff, and whose rows a SIEM destination no longer needs, goes in
// one transaction (DETACH, then DROP) instead of a thousand-row batch at a time. The rows of the month
// the cutoff falls in, and any in the DEFAULT partition, are left to the batched DELETE.
//
// DDL fires no row trigger, so the append-only guard cannot see this: this function is the only code
// that detaches or drops a partition, and it checks the stored setting itself, in the transaction that
// drops, rather than trusting the cutoff it was given.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/database.ts';
import { listPartitions, type Partition, type PartitionedTable } from '../store/time-partitions.ts';
import { readRetentionDays } from './retention-settings.ts';
import type { GuardedLog } from './purge-statements.ts';
import { DAY_MS } from './retention-types.ts';

const TABLE: Record<GuardedLog, PartitionedTable> = { activity: 'activity', audit: 'audit_events' };

export interface DroppedPartition {
  name: string;
  /** The partition's range (epoch ms; `to` exclusive). */
  from: number;
  to: number;
  rows: number;
  /** Oldest and newest record time it held, null when it was empty. */
  oldest: number | null;
  newest: number | null;
}

/**
 * Drops every month partition of `log` wholly older than `cutoff` (and than now minus the stored
 * setting) whose rows are all below `keepFromSeq`. Stops at the first partition it must keep: the ones
 * after it are newer. `stopping` ends the loop between partitions.
 */
export async function dropExpiredPartitions(
  store: Store,
  log: GuardedLog,
  cutoff: number,
  keepFromSeq: number | null,
  stopping: () => boolean,
): Promise<DroppedPartition[]> {
  if (store.dialect !== 'postgres') return [];
  const table = TABLE[log];
  const dropped: DroppedPartition[] = [];
  for (const p of await listPartitions(store.db, table)) {
    if (stopping() || p.to > cutoff) break;
    let done: DroppedPartition | null;
    try {
      done = await store.db.transaction().execute((trx) => dropOne(trx, table, log, p, keepFromSeq));
    } catch (err) {
      // A lock not granted in time: the next run tries again; the batches below still delete what is due.
      if ((err as { code?: string }).code === LOCK_NOT_AVAILABLE || err instanceof HeldForSiem) break;
      throw err;
    }
    if (!done) break;
    dropped.push(done);
  }
  return dropped;
}

const LOCK_NOT_AVAILABLE = '55P03';
class HeldForSiem extends Error {}

async function dropOne(
  trx: Transaction<Database>,
  table: PartitionedTable,
  log: GuardedLog,
  p: Partition,
  keepFromSeq: number | null,
): Promise<DroppedPartition | null> {
  // Detaching locks the parent: a long wait would queue every append behind it, so give up the turn.
  await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
  const days = (await readRetentionDays(trx))[log];
  const { rows: clock } = await sql<{ now: number }>`
    SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now`.execute(trx);
  if (p.to > clock[0]!.now - days * DAY_MS) return null;
  const part = sql.table(p.name);
  // Detached first, so that what is counted is what is dropped: nothing can reach it after this.
  await sql`ALTER TABLE ${sql.table(table)} DETACH PARTITION ${part}`.execute(trx);
  const { rows } = await sql<{
    rows: number;
    oldest: number | null;
    newest: number | null;
    top: number | null;
  }>`
    SELECT count(*)::bigint AS rows, min(time) AS oldest, max(time) AS newest, max(seq) AS top
    FROM ${part}`.execute(trx);
  const r = rows[0]!;
  if (keepFromSeq !== null && r.top !== null && r.top >= keepFromSeq) {
    // A SIEM destination still needs some of its rows: undo the detach.
    throw new HeldForSiem();
  }
  await sql`DROP TABLE ${part}`.execute(trx);
  return { name: p.name, from: p.from, to: p.to, rows: Number(r.rows), oldest: r.oldest, newest: r.newest };
}
