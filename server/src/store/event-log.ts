// What the append-only logs (audit events, activity) share: the append lock that keeps their cursor
// safe on PostgreSQL, and reads by cursor with filters. Each row stores its document (JSON) as served,
// so a page is the stored documents spliced together.
//
// The cursor is the row's `seq`. A poller must never miss a row: on PostgreSQL two transactions could
// commit their sequence numbers out of order (a reader would pass the lower one before it is visible),
// so every append takes one advisory transaction lock per log before it draws numbers. Appends are
// batched, so the lock is cheap; on SQLite writes are serial already.
import {
  CompiledQuery,
  sql,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import type { Dialect, Store } from './database.ts';
import type { Database } from './schema.ts';

/** A statement the SQLite writer thread runs once per parameter list (sqlite-writer.ts). */
export interface WriteStep {
  sql: string;
  rows: unknown[][];
}

/** Appends rows to a log in the caller's transaction. */
export interface LogAppender<Row> {
  (trx: Transaction<Database>, dialect: Dialect, rows: Row[]): Promise<void>;
  /** SQLite's single-row insert, and a row's parameters for it (for the writer thread). */
  readonly insertOne: string;
  readonly values: (row: Row) => unknown[];
  /** What else the writer thread writes, after the rows, in their transaction (the activity's rollups). */
  readonly also?: (rows: Row[]) => WriteStep[];
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
    return store.writer.run([
      { sql: append.insertOne, rows: rows.map(append.values) },
      ...(append.also?.(rows) ?? []),
    ]);
  return store.db.transaction().execute((trx) => append(trx, store.dialect, rows));
}

/** A filter a read may carry: the query field and the column it compares. */
export interface LogFilter<K extends string> {
  field: K;
  column: string;
  op: '=' | '>=' | '<';
  /**
   * Compares `column` with the rows of another table instead: `column IN (SELECT select FROM table
   * WHERE key = <the value>)` (the activity of one finding, by its requests' ids). `op` is then '='.
   */
  within?: { table: keyof Database; select: string; key: string };
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

/**
 * How a page is found. `walk`: the seq index in the page's order, each row checked against the
 * filters, until the page is full. `range`: the seqs of the rows matching, sorted, from where the
 * filters point (a time range's from the (time, seq) index alone, migration 0021), then the documents
 * of the page's seqs.
 */
export type LogPlan = 'walk' | 'range';

/** The column of a log's time, which `since` (>=) and `until` (<) compare. */
const TIME = 'time';

/** How long a log's oldest time is used before it is read again. */
const OLDEST_TTL_MS = 60_000;

/**
 * The plan that reads fewer rows for the first page of a time range, records assumed to arrive at an
 * even rate (times in epoch ms). A walk passes every row beyond the range on its side before it
 * reaches the range: newest first, the rows newer than `until`; oldest first, those older than `since`.
 * Reading the range reads all of it. An empty range (until at or before since or the oldest row, since
 * after now) costs nothing to read, where a walk would pass the whole log looking for it. `oldest` is
 * the log's oldest time, null when the log is empty.
 */
export function rangePlan(
  order: 'asc' | 'desc',
  since: number | undefined,
  until: number | undefined,
  now: number,
  oldest: number | null,
): LogPlan {
  if (oldest === null || (since === undefined && until === undefined)) return 'walk';
  const from = Math.max(since ?? oldest, oldest);
  const to = Math.min(until ?? now, now);
  if (to <= from) return 'range';
  const passed = order === 'desc' ? now - to : from - oldest;
  return passed > to - from ? 'range' : 'walk';
}

export interface LogReader<K extends string> {
  (db: Kysely<Database>, q: LogQuery<K>): Promise<LogPage>;
  /** The plan the reader takes for `q`: `range` only for a first page (no cursor) rangePlan picks. */
  plan(db: Kysely<Database>, q: LogQuery<K>): Promise<LogPlan>;
  /** The statement reading `q` by `plan`; either plan reads any query, a cursor's page too. */
  compile(db: Kysely<Database>, q: LogQuery<K>, plan: LogPlan): CompiledQuery;
  /** Reads `q` by `plan` (the tests read by both). */
  read(db: Kysely<Database>, q: LogQuery<K>, plan: LogPlan): Promise<LogPage>;
}

/** Which of a read's values a placeholder takes: its cursor, its limit, or the filter at that index. */
type Slot = 'cursor' | 'limit' | number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one reader serves several tables
type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * Reads by cursor. The SQL depends only on which filters are present, the order, the cursor's
 * presence and the plan, so it is built (by Kysely) once per combination and reused with fresh
 * parameters: the SIEM pull runs thousands of times a second.
 *
 * The first page of a time range far from the walk's starting end takes the `range` plan (rangePlan):
 * on PostgreSQL a walk of the seq index through the month partition holding `until` passed up to a
 * month of rows newer than it (docs/decisions/scale-bench.md). Later pages walk: their cursor already
 * starts inside the range.
 */
export function createLogReader<K extends string>(
  table: keyof Database,
  documentColumn: string,
  filters: ReadonlyArray<LogFilter<K>>,
): LogReader<K> {
  const compiled = new WeakMap<Kysely<Database>, Map<string, { sql: string; slots: Slot[] }>>();
  const oldest = new WeakMap<Kysely<Database>, { at: number; time: Promise<number | null> }>();
  const sinceAt = filters.findIndex((f) => f.column === TIME && f.op === '>=');
  const untilAt = filters.findIndex((f) => f.column === TIME && f.op === '<');

  function statement(
    db: Kysely<Database>,
    present: boolean[],
    cursor: boolean,
    order: 'asc' | 'desc',
    plan: LogPlan,
  ) {
    let cache = compiled.get(db);
    if (!cache) compiled.set(db, (cache = new Map()));
    const key = `${plan}:${order}${cursor ? 'c' : ''}:${present.map(Number).join('')}`;
    let found = cache.get(key);
    if (found === undefined) {
      // Table and columns are this module's constants; only the SQL text is kept. Each placeholder is
      // compiled with a marker of its own, and the markers in the compiled parameters say which of a
      // read's values goes where (the range plan has the time bounds twice).
      const markers = new Map<unknown, Slot>();
      const mark = (slot: Slot) => {
        const marker = -1 - markers.size;
        markers.set(marker, slot);
        return marker;
      };
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one reader serves several tables
      const from = () => (db as Kysely<any>).selectFrom(table);
      const matching = (query: AnySelect): AnySelect => {
        if (cursor) query = query.where('seq', order === 'asc' ? '>' : '<', mark('cursor'));
        filters.forEach((f, i) => {
          if (!present[i]) return;
          const { within } = f;
          query = within
            ? // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as the query's own table
              query.where(f.column, 'in', (eb: ExpressionBuilder<any, any>) =>
                eb.selectFrom(within.table).select(within.select).where(within.key, '=', mark(i)),
              )
            : query.where(f.column, f.op, mark(i));
        });
        return query;
      };
      const documents = from().select(['seq', `${documentColumn} as doc`]);
      let query: AnySelect;
      if (plan === 'walk') query = matching(documents).orderBy('seq', order).limit(mark('limit'));
      else {
        // Ordered by an expression, the seqs cannot come from a walk of the seq index: the planner
        // reads them where the filters point and sorts them.
        const seqs = matching(from().select('seq'))
          .orderBy(sql`seq + 0`, order)
          .limit(mark('limit'));
        query = documents.where('seq', 'in', seqs);
        // The time bounds again, outside: PostgreSQL then looks the seqs up in the range's partitions.
        for (const i of [sinceAt, untilAt])
          if (i >= 0 && present[i]) query = query.where(TIME, filters[i]!.op, mark(i));
        query = query.orderBy('seq', order);
      }
      const { sql: text, parameters } = query.compile();
      const slots = parameters.map((p) => markers.get(p));
      if (slots.includes(undefined)) throw new Error(`${table}: a parameter of the read is not a marker`);
      found = { sql: text, slots: slots as Slot[] };
      cache.set(key, found);
    }
    return found;
  }

  const compile = (db: Kysely<Database>, q: LogQuery<K>, plan: LogPlan): CompiledQuery => {
    const present = filters.map((f) => q[f.field] !== undefined);
    const { sql: text, slots } = statement(db, present, q.cursor !== undefined, q.order, plan);
    const value = (s: Slot) => (s === 'cursor' ? q.cursor : s === 'limit' ? q.limit : q[filters[s]!.field]);
    return CompiledQuery.raw(text, slots.map(value));
  };

  const read = async (db: Kysely<Database>, q: LogQuery<K>, plan: LogPlan): Promise<LogPage> => {
    const { rows } = await db.executeQuery<{ seq: number; doc: string }>(compile(db, q, plan));
    return { documents: rows.map((r) => r.doc), lastSeq: rows.length ? rows[rows.length - 1]!.seq : null };
  };

  /** The log's oldest time, an index lookup kept for a minute (retention moves it by the hour). */
  function oldestTime(db: Kysely<Database>): Promise<number | null> {
    const now = Date.now();
    let cached = oldest.get(db);
    if (!cached || now - cached.at > OLDEST_TTL_MS) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one reader serves several tables
      const time = (db as Kysely<any>)
        .selectFrom(table)
        .select((eb) => eb.fn.min(TIME).as('t'))
        .executeTakeFirst()
        .then((r) => (r?.t == null ? null : Number(r.t)));
      const entry = (cached = { at: now, time });
      oldest.set(db, entry);
      // A failed lookup is not kept: the next read asks again.
      time.catch(() => {
        if (oldest.get(db) === entry) oldest.delete(db);
      });
    }
    return cached.time;
  }

  const plan = async (db: Kysely<Database>, q: LogQuery<K>): Promise<LogPlan> => {
    const bound = (i: number) => {
      const v = i >= 0 ? q[filters[i]!.field] : undefined;
      return v === undefined ? undefined : Number(v);
    };
    const since = bound(sinceAt);
    const until = bound(untilAt);
    if (q.cursor !== undefined || (since === undefined && until === undefined)) return 'walk';
    return rangePlan(q.order, since, until, Date.now(), await oldestTime(db));
  };

  const reader = async (db: Kysely<Database>, q: LogQuery<K>) => read(db, q, await plan(db, q));
  return Object.assign(reader, { plan, compile, read });
}
