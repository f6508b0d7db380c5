// What the append-only logs (audit events, activity) share: the append lock that keeps their cursor
// safe on PostgreSQL, and reads by cursor with filters. Each row stores its document (JSON) as served,
// so a page is the stored documents spliced together.
//
// The cursor is the row's `seq`. A poller must never miss a row: on PostgreSQL two transactions could
// commit their sequence numbers out of order (a reader would pass the lower one before it is visible),
// so every append takes one advisory transaction lock per log before it draws numbers. Appends are
// batched, so the lock is cheap; on SQLite writes are serial already.
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect, Store } from './database.ts';
import type { Database } from './schema.ts';

/** Appends rows to a log in the caller's transaction. */
export interface LogAppender<Row> {
  (trx: Transaction<Database>, dialect: Dialect, rows: Row[]): Promise<void>;
  /** SQLite's single-row insert, and a row's parameters for it (for the writer thread). */
  readonly insertOne: string;
  readonly values: (row: Row) => unknown[];
}

/**
 * On SQLite one fixed single-row statement, cached and prepared once, run per row is several times
 * cheaper than compiling a multi-row insert per batch; on PostgreSQL a round trip per statement is what
 * costs, so multi-row inserts, after the append lock.
 */
export function createLogAppender<Row extends Record<string, unknown>>(
  table: keyof Database,
  columns: ReadonlyArray<keyof Row & string>,
  lockKey: number,
): LogAppender<Row> {
  const insertOne = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  const values = (row: Row) => columns.map((c) => row[c]);
  const append = async (trx: Transaction<Database>, dialect: Dialect, rows: Row[]): Promise<void> => {
    if (rows.length === 0) return;
    if (dialect === 'sqlite') {
      for (const row of rows) await trx.executeQuery(CompiledQuery.raw(insertOne, values(row)));
      return;
    }
    await sql`SELECT pg_advisory_xact_lock(${lockKey})`.execute(trx);
    for (let i = 0; i < rows.length; i += 500)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one appender serves several tables
      await (trx as Transaction<any>)
        .insertInto(table)
        .values(rows.slice(i, i + 500))
        .execute();
  };
  return Object.assign(append, { insertOne, values });
}

/**
 * Rows in a transaction of their own (a batching writer's flush): on SQLite by the store's writer
 * thread while it runs, so that the event loop never waits on the disk; otherwise on the store's own
 * connection.
 */
export function appendAlone<Row>(store: Store, append: LogAppender<Row>, rows: Row[]): Promise<void> {
  if (store.writer?.alive && rows.length > 0)
    return store.writer.run(append.insertOne, rows.map(append.values));
  return store.db.transaction().execute((trx) => append(trx, store.dialect, rows));
}

/** A filter a read may carry: the query field and the column it compares. */
export interface LogFilter<K extends string> {
  field: K;
  column: string;
  op: '=' | '>=' | '<';
}

export type LogQuery<K extends string> = {
  /** Rows after this cursor (ascending order) or before it (descending). */
  cursor?: number | undefined;
  order: 'asc' | 'desc';
  limit: number;
} & { [F in K]?: string | number | undefined };

export interface LogPage {
  /** The stored documents, in the order asked for. */
  documents: string[];
  /** The seq of the last row returned, or null when none was. */
  lastSeq: number | null;
}

export type LogReader<K extends string> = (db: Kysely<Database>, q: LogQuery<K>) => Promise<LogPage>;

/**
 * Reads by cursor. The SQL depends only on which filters are present and the order, so it is built (by
 * Kysely) once per combination and reused with fresh parameters: the SIEM pull runs thousands of times
 * a second.
 */
export function createLogReader<K extends string>(
  table: keyof Database,
  documentColumn: string,
  filters: ReadonlyArray<LogFilter<K>>,
): LogReader<K> {
  const compiled = new WeakMap<Kysely<Database>, Map<string, string>>();

  function text(db: Kysely<Database>, present: boolean[], cursor: boolean, order: 'asc' | 'desc') {
    let cache = compiled.get(db);
    if (!cache) compiled.set(db, (cache = new Map()));
    const key = `${order}${cursor ? 'c' : ''}:${present.map(Number).join('')}`;
    let sqlText = cache.get(key);
    if (sqlText === undefined) {
      // Table and columns are this module's constants; only the SQL text is kept, the values below
      // are placeholders whose order matches the parameters' order in the read.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one reader serves several tables
      let query = (db as Kysely<any>).selectFrom(table).select(['seq', `${documentColumn} as doc`]);
      if (cursor) query = query.where('seq', order === 'asc' ? '>' : '<', 0);
      filters.forEach((f, i) => {
        if (present[i]) query = query.where(f.column, f.op, '');
      });
      sqlText = query.orderBy('seq', order).limit(1).compile().sql;
      cache.set(key, sqlText);
    }
    return sqlText;
  }

  return async (db, q) => {
    const present = filters.map((f) => q[f.field] !== undefined);
    const params: unknown[] = [];
    if (q.cursor !== undefined) params.push(q.cursor);
    filters.forEach((f, i) => {
      if (present[i]) params.push(q[f.field]);
    });
    params.push(q.limit);
    const { rows } = await db.executeQuery<{ seq: number; doc: string }>(
      CompiledQuery.raw(text(db, present, q.cursor !== undefined, q.order), params),
    );
    return { documents: rows.map((r) => r.doc), lastSeq: rows.length ? rows[rows.length - 1]!.seq : null };
  };
}
