// PostgreSQL time partitions (issue 21, docs/decisions/time-partitions.md): `activity` and
// `audit_events` become tables partitioned by RANGE of `time`, one partition per UTC month, with a
// DEFAULT partition, so that retention drops a whole expired month instead of deleting it row by row.
// SQLite is unchanged (batched deletes and incremental vacuum, migration 0015).
//
// Each table is rebuilt: its columns (whatever earlier migrations added), indexes and triggers are read
// from the catalogue, the rows copied with their own `seq`, and the identity carried on from where the
// old one stood, so that a SIEM's cursor never sees a number again. A partitioned table's primary key
// must hold the partition key: it becomes (seq, time), whose leading `seq` still serves the pull's
// `WHERE seq > $1 ORDER BY seq` as an ordered merge of one index scan per partition.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { PARTITIONED, ensurePartitions, truncateGuard } from '../time-partitions.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await partition(db);
  await listIndexes(db);
}

/**
 * Indexes the scale suite (bench/scale-suite.ts) showed missing, on both engines: the activity list
 * filtered by actor, device or MCP server pages newest first by `seq`, so each wants (column, seq) to
 * read one page without walking the log (on SQLite an index carries the rowid, which is `seq`); and a
 * request id is looked up exactly. Low-cardinality filters (outcome, provider, tool, model) find a page
 * within a few thousand rows of the seq index and get none, to keep appends cheap.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
async function listIndexes(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activity_actor_seq').on('activity').columns(['actor_id', 'seq']).execute();
  await db.schema.createIndex('activity_device_seq').on('activity').columns(['device_id', 'seq']).execute();
  await db.schema.createIndex('activity_mcp_seq').on('activity').columns(['mcp_server', 'seq']).execute();
  await db.schema.createIndex('activity_request').on('activity').column('request_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
async function partition(db: Kysely<any>): Promise<void> {
  await sql`CREATE FUNCTION log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION '% is append-only: it cannot be truncated', TG_TABLE_NAME; END $$`.execute(db);

  const now = Date.now();
  let oldest = now;
  const copies: PendingCopy[] = [];
  for (const table of PARTITIONED) {
    const old = `${table}_unpartitioned`;
    const regclass = sql`(quote_ident(current_schema()) || '.' || ${table})::regclass`;
    const indexes = await sql<{ def: string }>`
      SELECT pg_get_indexdef(x.indexrelid) AS def FROM pg_index x
      WHERE x.indrelid = ${regclass}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`.execute(db);
    const triggers = await sql<{ def: string }>`
      SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger
      WHERE tgrelid = ${regclass} AND NOT tgisinternal`.execute(db);
    const { rows: seqRows } = await sql<{ name: string }>`
      SELECT pg_get_serial_sequence(${table}, 'seq') AS name`.execute(db);
    const { rows: last } = await sql<{ value: number | null }>`
      SELECT CASE WHEN is_called THEN last_value END AS value FROM ${sql.raw(seqRows[0]!.name)}`.execute(db);
    const { rows: range } = await sql<{ min: number | null }>`
      SELECT min(time) AS min FROM ${sql.table(table)}`.execute(db);
    if (range[0]?.min != null) oldest = Math.min(oldest, Number(range[0].min));

    await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${sql.table(old)}`.execute(db);
    await sql`CREATE TABLE ${sql.table(table)} (LIKE ${sql.table(old)}
        INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING CONSTRAINTS INCLUDING STORAGE)
        PARTITION BY RANGE (time)`.execute(db);
    await sql`CREATE TABLE ${sql.table(`${table}_default`)} PARTITION OF ${sql.table(table)} DEFAULT`.execute(
      db,
    );
    copies.push({ table, old, indexes: indexes.rows, triggers: triggers.rows, last: last[0]?.value ?? null });
  }

  // Every month from the oldest row's to a few ahead, then the rows, then indexes (built once, over
  // rows already in place) and the triggers the old tables had (the retention guard among them).
  await ensurePartitions(db, now, oldest);
  for (const c of copies) {
    const { rows: cols } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${c.table} ORDER BY ordinal_position`.execute(
      db,
    );
    const list = sql.join(cols.map((col) => sql.ref(col.name)));
    await sql`INSERT INTO ${sql.table(c.table)} (${list}) OVERRIDING SYSTEM VALUE
        SELECT ${list} FROM ${sql.table(c.old)}`.execute(db);
    const { rows: max } = await sql<{ max: number | null }>`
      SELECT max(seq) AS max FROM ${sql.table(c.table)}`.execute(db);
    const next = Math.max(c.last ?? 0, max[0]?.max ?? 0);
    if (next > 0) await sql`SELECT setval(pg_get_serial_sequence(${c.table}, 'seq'), ${next})`.execute(db);
    await sql`DROP TABLE ${sql.table(c.old)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(c.table)} ADD CONSTRAINT ${sql.id(`${c.table}_pkey`)}
        PRIMARY KEY (seq, time)`.execute(db);
    for (const i of c.indexes) await sql.raw(i.def).execute(db);
    for (const t of c.triggers) await sql.raw(t.def).execute(db);
    await truncateGuard(db, c.table);
    await truncateGuard(db, `${c.table}_default`);
  }
}

interface PendingCopy {
  table: string;
  old: string;
  indexes: Array<{ def: string }>;
  triggers: Array<{ def: string }>;
  last: number | null;
}
