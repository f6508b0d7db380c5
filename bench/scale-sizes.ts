// What the scale suite reads of the store's size on disk: the whole store, and the activity table's
// part of it, so that a retention run's effect on the size is explained rather than only printed.
// SQLite: pages in use (the file less its free list). PostgreSQL: the database, each activity partition
// with its indexes and TOAST (pg_total_relation_size), and the space VACUUM has marked reusable inside
// them (the free space map, pg_freespacemap), which PostgreSQL keeps for new rows rather than giving
// it back to the file system.
import { sql } from 'kysely';
import type { Store } from '../server/src/store/database.ts';

/** The store's size on disk: the SQLite file's pages in use, or PostgreSQL's database size. */
export async function storeBytes(store: Store): Promise<number> {
  if (store.dialect === 'postgres') {
    const { rows } = await sql<{ n: number }>`SELECT pg_database_size(current_database()) AS n`.execute(
      store.db,
    );
    return Number(rows[0]!.n);
  }
  const { rows } = await sql<{ n: number }>`SELECT (page_count - freelist_count) * page_size AS n
      FROM pragma_page_count(), pragma_freelist_count(), pragma_page_size()`.execute(store.db);
  return Number(rows[0]!.n);
}

export interface ActivityBytes {
  /** The store as storeBytes reads it. */
  store: number;
  /** Activity records held. */
  rows: number;
  /** The activity rows, their indexes included (all partitions on PostgreSQL); null on SQLite. */
  activity: number | null;
  /** Per partition (PostgreSQL), bytes with indexes. */
  partitions: Record<string, number>;
  /** Bytes inside the activity partitions VACUUM has marked reusable; null where unknown. */
  reusable: number | null;
  /** SQLite: pages on the free list (freed, not yet given back to the file system). */
  freePages: number | null;
}

export async function activityBytes(store: Store): Promise<ActivityBytes> {
  const whole = await storeBytes(store);
  const count = await store.db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = Number(count.n);
  if (store.dialect === 'sqlite') {
    const { rows: free } = await sql<{
      n: number;
    }>`SELECT freelist_count AS n FROM pragma_freelist_count()`.execute(store.db);
    return {
      store: whole,
      rows,
      activity: null,
      partitions: {},
      reusable: null,
      freePages: Number(free[0]!.n),
    };
  }
  const { rows: parts } = await sql<{ name: string; bytes: number }>`
    SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = (quote_ident(current_schema()) || '.activity')::regclass`.execute(store.db);
  const partitions = Object.fromEntries(parts.map((r) => [r.name, Number(r.bytes)]));
  let reusable: number | null = null;
  try {
    // The scratch database's own extension (it is dropped with it); absent on a server without contrib.
    await sql`CREATE EXTENSION IF NOT EXISTS pg_freespacemap`.execute(store.db);
    const { rows: free } = await sql<{ n: number | null }>`
      SELECT sum((SELECT sum(avail) FROM pg_freespace(c.oid))) AS n
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = (quote_ident(current_schema()) || '.activity')::regclass`.execute(store.db);
    reusable = Number(free[0]?.n ?? 0);
  } catch {
    reusable = null;
  }
  return {
    store: whole,
    rows,
    activity: parts.reduce((a, r) => a + Number(r.bytes), 0),
    partitions,
    reusable,
    freePages: null,
  };
}
