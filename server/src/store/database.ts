// The store: Kysely over better-sqlite3 (the embedded default) or over pg (GATEHOUSE_DATABASE_URL).
// Everything above this file speaks Kysely and never asks which engine it is, except through
// `dialect` where SQL genuinely differs (locks, triggers, upserts).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from './sqlite-driver.js';
import pg from 'pg';
import { Kysely, type SqliteDatabase } from 'kysely';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import { NulFreeStrings } from './nul-free-strings.ts';
import type { Logger } from 'pino';
import type { Database } from './schema.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { startSqliteWriter, type SqliteWriter } from './sqlite-writer.ts';
import { convertSmallStore, requestIncrementalVacuum } from './sqlite-vacuum.ts';
import { LockWaitingSqliteDialect } from './sqlite-lock-wait.ts';

export type { Database };

export type Dialect = 'sqlite' | 'postgres';

/** The embedded database's file in the data directory (also what a restore writes). */
export const SQLITE_FILE = 'gatehouse.db';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Human-readable description for the start-up line (never holds a password). */
  describe: string;
  /** PostgreSQL connection settings, for the change-notification listener's own connection. */
  pgConfig?: pg.PoolConfig;
  /** SQLite in a long-running server: the thread that writes the logs' batches (sqlite-writer.ts). */
  writer?: SqliteWriter;
  close(): Promise<void>;
}

export interface StoreOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (tests give each run its own); it must exist. */
  pgSchema?: string;
  /** A long-running server passes its logger: on SQLite, WAL checkpoints then move to a worker thread. */
  log?: Logger;
}

const INT8_OID = 20;
// bigint columns hold epoch milliseconds and sequence numbers, both far below 2^53.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openStore(options: StoreOptions): Store {
  if (options.databaseUrl) {
    const pgConfig: pg.PoolConfig = {
      connectionString: options.databaseUrl,
      types: pgTypes,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    };
    const pool = new pg.Pool(pgConfig);
    // An idle client's error (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const url = new URL(options.databaseUrl);
    const db = new Kysely<Database>({
      dialect: new OwnSchemaPostgresDialect({ pool }),
      plugins: [new NulFreeStrings()],
    });
    return {
      db,
      dialect: 'postgres',
      describe: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      pgConfig,
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file);
  // Before anything creates a table: so that retention can give freed pages back (sqlite-vacuum.ts).
  requestIncrementalVacuum(sqlite);
  if (options.log) convertSmallStore(sqlite, file, options.log);
  // WAL lets readers run beside the writer; NORMAL sync is durable across process crashes in WAL mode;
  // the busy timeout covers `npm run migrate` or a backup touching the file while these run (once the
  // Kysely dialect is made, the main connection waits for the lock off the event loop instead).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // After a checkpoint the WAL file is cut back to this size rather than left at its high-water mark.
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  const checkpointer = options.log ? startCheckpointer(sqlite, file, options.log) : undefined;
  const writer = options.log ? startSqliteWriter(file, options.log) : undefined;
  const db = new Kysely<Database>({
    dialect: new LockWaitingSqliteDialect(sqlite, { database: withStatementCache(sqlite) }, { writer }),
  });
  return {
    db,
    dialect: 'sqlite',
    describe: `SQLite at ${file}`,
    ...(writer ? { writer } : {}),
    async close() {
      await writer?.stop();
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * Kysely's SQLite driver prepares every query anew, which costs as much as running a small one. The
 * same SQL text always gets the same prepared statement back (better-sqlite3 statements are reusable and
 * re-prepare themselves after a schema change). Bounded, oldest forgotten first.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      // Kysely begins with a deferred BEGIN. With the writer thread as a second writer, a transaction
      // that has read and then writes after the thread committed fails at once (SQLITE_BUSY_SNAPSHOT:
      // its snapshot is stale, and no busy wait can help). IMMEDIATE takes the write lock at BEGIN, so
      // a transaction waits its turn (sqlite-lock-wait.ts) instead.
      const text = sqlText === 'begin' ? 'begin immediate' : sqlText;
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}
