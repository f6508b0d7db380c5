// PostgreSQL time partitions of the two logs (migration 0018, docs/decisions/time-partitions.md): one
// partition per UTC month of `time`, a DEFAULT partition so that an append never fails, and the next
// months made ahead of time by the retention job's run. SQLite has no partitions; nothing here runs there.
//
// Monthly, not daily: the SIEM pull and the activity list page by `seq`, which is not the partition key,
// so each read merges one index scan per partition. A year and a month of audit events is 14 partitions
// by month and 400 by day; the cost of a daily partition's precision is paid on every read.
import { sql, type Kysely, type Transaction } from 'kysely';

export const PARTITIONED = ['activity', 'audit_events'] as const;
export type PartitionedTable = (typeof PARTITIONED)[number];

/** Months made ahead of the current one. */
export const MONTHS_AHEAD = 3;

/** "part": the class of the advisory lock partition upkeep takes; the second key is the schema's hash. */
const LOCK_CLASS = 0x7061_7274;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- also called by migration 0018, on history's types
type Db = Kysely<any> | Transaction<any>;

export interface Partition {
  name: string;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

/** The first millisecond of `t`'s UTC month, and of the month `add` months after it. */
export function monthStart(t: number, add = 0): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
}

export function partitionName(table: PartitionedTable, from: number): string {
  const d = new Date(from);
  return `${table}_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The table's month partitions, oldest first (the DEFAULT partition is not one of them). */
export async function listPartitions(db: Db, table: PartitionedTable): Promise<Partition[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = (quote_ident(current_schema()) || '.' || ${table})::regclass`.execute(db);
  const out: Partition[] = [];
  for (const r of rows) {
    const m = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(r.bound);
    if (m) out.push({ name: r.name, from: Number(m[1]), to: Number(m[2]) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/**
 * Makes the month partitions from `fromMonth`'s month to `MONTHS_AHEAD` months after `now`'s, of both
 * logs, that do not exist yet; returns the names made. Under a transaction advisory lock, so replicas
 * running it at once make each partition once. A month for which the DEFAULT partition already holds
 * rows (a clock far ahead) is left to it: PostgreSQL would refuse the partition, and those rows are
 * found and deleted by the retention job's batches like any other.
 */
export async function ensurePartitions(db: Db, now: number, fromMonth: number = now): Promise<string[]> {
  const made: string[] = [];
  const run = async (trx: Db) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(current_schema()))`.execute(trx);
    // Making a partition locks its parent; waiting long behind a slow reader would queue every append
    // behind this. Failing the turn is better: the next run makes it, months ahead of need.
    await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
    for (const table of PARTITIONED) {
      const existing = new Set((await listPartitions(trx, table)).map((p) => p.name));
      for (
        let from = monthStart(fromMonth);
        from <= monthStart(now, MONTHS_AHEAD);
        from = monthStart(from, 1)
      ) {
        const name = partitionName(table, from);
        if (existing.has(name)) continue;
        const to = monthStart(from, 1);
        const inDefault = await sql`SELECT 1 FROM ${sql.table(`${table}_default`)}
            WHERE time >= ${from} AND time < ${to} LIMIT 1`.execute(trx);
        if (inDefault.rows.length > 0) continue;
        await sql`CREATE TABLE IF NOT EXISTS ${sql.table(name)} PARTITION OF ${sql.table(table)}
            FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(trx);
        await truncateGuard(trx, name);
        made.push(name);
      }
    }
  };
  if (db.isTransaction) await run(db);
  else await (db as Kysely<unknown>).transaction().execute(run);
  return made;
}

/**
 * TRUNCATE fires no row trigger, and a statement trigger on the parent is not cloned to partitions: each
 * partition gets its own (the function is migration 0018's).
 */
export async function truncateGuard(db: Db, table: string): Promise<void> {
  await sql`CREATE TRIGGER ${sql.id(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION log_no_truncate()`.execute(db);
}
