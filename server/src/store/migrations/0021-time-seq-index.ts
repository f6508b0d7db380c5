// A time range's seqs from one index (docs/decisions/scale-bench.md, "A narrow time range"): on
// PostgreSQL the `time` index of `activity` and `audit_events` becomes `(time, seq)`, so that the
// first page of a range reads the range's seqs from the index alone and the documents of its page
// (event-log.ts, the `range` plan) instead of walking the seq index past everything beyond the range.
// Made on the partitioned parent, it is built on every month partition, and PostgreSQL clones it onto
// each partition made later (`ensurePartitions`) like every other index of the parent.
//
// SQLite needs none: `seq` is the rowid there, and every index already ends with the rowid, so its
// `time` index is (time, seq) as it stands.
//
// Numbered 0021, after 0020: Kysely refuses a migration sorted before one already applied.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of ['activity', 'audit_events']) {
    await db.schema.createIndex(`${table}_time_seq`).on(table).columns(['time', 'seq']).execute();
    // Every read the `time` index served (retention's cutoff, the oldest time) has the new one's prefix.
    await sql`DROP INDEX ${sql.id(`${table}_time`)}`.execute(db);
  }
}
