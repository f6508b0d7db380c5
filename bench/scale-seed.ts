// The scale suite's bulk seeding (issue 21): the rows are the logs' own (toRow of the activity, made
// faster by scale-rows.ts and checked against it, and of the audit log; the columns and values of their
// appenders), only written the way a bulk load is:
// SQLite through one prepared statement in transactions of 50,000 rows on a connection of its own,
// PostgreSQL by `COPY … FROM STDIN` of 10,000 rows at a time (pg-copy.ts), the next batch made while
// the database writes the last. The secondary indexes are dropped first and
// built once over the rows in place (read from the catalogue, as migration 0018 does), and the summary's
// rollups are then computed in SQL (activity-rollup-rebuild.ts, migration 0014's), so the store is what
// the writer would have left, at some 10 to 20 times the appends' rate.
import { seedFindings } from './bench-findings.ts';
import path from 'node:path';
import SQLite from '../server/src/store/sqlite-driver.js';
import pg from 'pg';
import { sql } from 'kysely';
import type { AuditAction } from '../server/src/audit/audit-actions.ts';
import { SQLITE_FILE, type Store } from '../server/src/store/database.ts';
import type { LogAppender } from '../server/src/store/event-log.ts';
import { appendActivityRows } from '../server/src/activity/activity-store.ts';
import { activityRows } from './scale-rows.ts';
import { appendAuditRows, toRow as auditRow } from '../server/src/audit/audit-store.ts';
import { rebuildActivityRollups } from '../server/src/activity/activity-rollup-rebuild.ts';
import { record, seeded } from './summary-suite.ts';
import { storeBytes } from './scale-sizes.ts';
import { copyRows } from './pg-copy.ts';

export interface SeedCounts {
  activity: number;
  audit: number;
  findings: number;
}

export interface SeedReport {
  /** Rows a second, each log's indexes built included. */
  activityPerS: number;
  auditPerS: number;
  /** The rollups' rebuild, seconds. */
  rollupS: number;
  bytesPerActivity: number;
  bytesPerAudit: number;
}

const AUDIT_ACTIONS: AuditAction[] = [
  'api.request',
  'credential.token_issued',
  'gateway.token_refused',
  'policy.changed',
];

/** Where the rows go: a batch at a time (made while the last is written), then done. */
interface Sink {
  write(rows: unknown[][]): Promise<void>;
  done(): Promise<void>;
}

type Table = 'activity' | 'audit_events';

/** SQLite: one prepared statement, one transaction per batch; synchronous, so nothing overlaps. */
function sqliteSink(raw: SQLite.Database, insertOne: string): Sink {
  const stmt = raw.prepare(insertOne);
  const insertAll = raw.transaction((rows: unknown[][]) => {
    for (const r of rows) stmt.run(r);
  });
  return { write: async (rows) => insertAll(rows), done: async () => {} };
}

/** PostgreSQL: one COPY per batch (pg-copy.ts); at most one in flight while the next batch is made. */
function postgresSink(client: pg.Client, table: Table, columns: string[]): Sink {
  let inFlight: Promise<void> = Promise.resolve();
  return {
    async write(rows) {
      await inFlight;
      inFlight = copyRows(client, table, columns, rows);
      // Not awaited here: the caller makes the next batch meanwhile. A failure surfaces at the next write.
      inFlight.catch(() => {});
    },
    done: () => inFlight,
  };
}

/** The secondary indexes of a table (not those behind a constraint), dropped; returns how to rebuild them. */
async function dropIndexes(store: Store, table: Table): Promise<string[]> {
  if (store.dialect === 'postgres') {
    const { rows } = await sql<{ name: string; def: string }>`
      SELECT c.relname AS name, pg_get_indexdef(x.indexrelid) AS def
      FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
      WHERE x.indrelid = (quote_ident(current_schema()) || '.' || ${table})::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`.execute(store.db);
    for (const r of rows) await sql`DROP INDEX ${sql.id(r.name)}`.execute(store.db);
    // A partitioned table's index reads `CREATE INDEX … ON ONLY <table>`: made again as written it would
    // index the parent alone and leave every partition without it (the 10 M run's request_id list then
    // scanned 10 million rows on each request). Without ONLY it is built on each partition too.
    return rows.map((r) => r.def.replace(/ ON ONLY /, ' ON '));
  }
  const { rows } = await sql<{ name: string; def: string }>`
    SELECT name, sql AS def FROM sqlite_master
    WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL`.execute(store.db);
  for (const r of rows) await sql`DROP INDEX ${sql.id(r.name)}`.execute(store.db);
  return rows.map((r) => r.def);
}

async function loadTable<Row>(
  store: Store,
  dataDir: string,
  table: Table,
  appender: LogAppender<Row>,
  columns: string[],
  n: number,
  make: (i: number) => Row,
): Promise<number> {
  const t0 = performance.now();
  const indexes = await dropIndexes(store, table);
  const raw = store.dialect === 'sqlite' ? new SQLite(path.join(dataDir, SQLITE_FILE)) : undefined;
  const client = raw ? undefined : new pg.Client({ connectionString: store.pgConfig!.connectionString! });
  try {
    let sink: Sink;
    if (raw) {
      raw.pragma('journal_mode = WAL');
      raw.pragma('synchronous = OFF');
      sink = sqliteSink(raw, appender.insertOne);
    } else {
      await client!.connect();
      await client!.query('SET synchronous_commit = off');
      sink = postgresSink(client!, table, columns);
    }
    const batch = raw ? 50_000 : 10_000;
    for (let i = 0; i < n; i += batch) {
      const rows: unknown[][] = [];
      for (let j = i; j < Math.min(n, i + batch); j++) rows.push(appender.values(make(j)));
      await sink.write(rows);
    }
    await sink.done();
  } finally {
    raw?.close();
    await client?.end();
  }
  for (const def of indexes) await sql.raw(def).execute(store.db);
  return n / ((performance.now() - t0) / 1000);
}

/** The column names of an appender's insert, in the order of its values. */
const columnsOf = (insertOne: string) =>
  /\(([^)]*)\)/
    .exec(insertOne)![1]!
    .split(',')
    .map((c) => c.trim());

/**
 * Seeds `n` records of each log over `spanMs` before `now`, oldest first (the same records as the
 * appends made: record() with seed 21, and the audit events below), then the rollups and the findings.
 */
export async function bulkSeed(
  store: Store,
  dataDir: string,
  n: SeedCounts,
  now: number,
  spanMs: number,
): Promise<SeedReport> {
  const start = now - spanMs;
  const random = seeded(21);
  const activityRow = activityRows();
  const empty = await storeBytes(store);
  const activityPerS = await loadTable(
    store,
    dataDir,
    'activity',
    appendActivityRows,
    columnsOf(appendActivityRows.insertOne),
    n.activity,
    (j) => activityRow(record(j, start + Math.floor(((j + 0.5) / n.activity) * spanMs), random)),
  );
  const t0 = performance.now();
  await rebuildActivityRollups(store.db, store.dialect);
  const rollupS = (performance.now() - t0) / 1000;
  const afterActivity = await storeBytes(store);
  const auditPerS = await loadTable(
    store,
    dataDir,
    'audit_events',
    appendAuditRows,
    columnsOf(appendAuditRows.insertOne),
    n.audit,
    (j) =>
      auditRow(
        {
          action: AUDIT_ACTIONS[j % AUDIT_ACTIONS.length]!,
          actor: { type: 'credential', id: `cred_bench${j % 50}`, name: `ci-${j % 50}` },
          target: { type: 'route', id: null, name: 'GET /api/v1/activity' },
          ip: '10.0.0.1',
          userAgent: 'bench/1.0',
          outcome: j % 20 === 0 ? 'failure' : 'success',
          requestId: `req_a${j}`,
        },
        start + Math.floor(((j + 0.5) / n.audit) * spanMs),
      ),
  );
  const afterAudit = await storeBytes(store);
  await seedFindings(store, n.findings, start, spanMs, 'rf_scale');
  return {
    activityPerS,
    auditPerS,
    rollupS,
    bytesPerActivity: (afterActivity - empty) / Math.max(1, n.activity),
    bytesPerAudit: (afterAudit - afterActivity) / Math.max(1, n.audit),
  };
}
