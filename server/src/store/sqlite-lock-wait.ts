// The main connection waits for SQLite's write lock without holding the event loop.
//
// better-sqlite3 is synchronous, and SQLite's busy handler waits for a lock by sleeping the calling
// thread: 1, 2, 5, 10, 15, 20, 25 ms… between tries. With the writer thread (sqlite-writer.ts) holding
// the write lock for each of its commits (and for each retention batch, tens of milliseconds on a large
// table), a write on the main connection that met it (a credential's last use, an MCP tool's call
// count, a finding, an admin's change) stopped every request in flight for as long: the MCP bench saw
// tools/call p99 at 83 ms against 6.5 ms direct, the very sum of those sleeps.
//
// Here the main connection has no busy timeout: a statement that finds the lock taken fails at once with
// SQLITE_BUSY, before it has done anything, and is tried again after a timer, so the event loop serves
// requests meanwhile, and the writer thread is paused until then so that the lock comes free.
// Only statements outside a transaction are retried, which includes the BEGIN
// IMMEDIATE that opens each transaction (database.ts): inside one, the lock is already held. Kysely's
// driver keeps the one connection to one caller at a time, so other queries wait their turn, as before,
// but asynchronously.
import {
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type CompiledQuery,
  type TransactionSettings,
  type QueryCompiler,
} from 'kysely';
import type SQLite from './sqlite-driver.js';

/** As long as the busy timeout it replaces: then the caller gets SQLITE_BUSY, as it did. */
export const LOCK_WAIT_MS = 5000;
/** Between tries: short at first (a writer-thread commit takes about a millisecond), then capped. */
const RETRY_DELAYS_MS = [0, 1, 1, 2, 2, 4, 4, 8];
const MAX_DELAY_MS = 10;

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** What the lock is waited for from: the writer thread, which can be asked to pause (sqlite-writer.ts). */
export interface LockHolder {
  pause(): () => void;
}

interface LockWait {
  sqlite: SQLite.Database;
  waitMs: number;
  writer: LockHolder | undefined;
}

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY, or fails with it past the wait. Once it has
 * met the lock, the writer thread is paused until then: it finishes what it has and takes no more, so
 * the lock comes free however steady the load. (The old busy wait, holding the event loop, held new
 * work back the same way; without this, under load, the thread began its next batch the moment it had
 * committed the last, and a sign-in waited its 5 s out.)
 */
async function whenUnlocked<T>(w: LockWait, attempt: () => Promise<T>): Promise<T> {
  const deadline = performance.now() + w.waitMs;
  let resume: (() => void) | undefined;
  try {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt();
      } catch (err) {
        // In a transaction the statement may have been one of several: not ours to repeat.
        if (!isBusy(err) || w.sqlite.inTransaction || performance.now() >= deadline) throw err;
      }
      resume ??= w.writer?.pause();
      const delay = RETRY_DELAYS_MS[tries] ?? MAX_DELAY_MS;
      await new Promise((resolve) => (delay === 0 ? setImmediate(resolve) : setTimeout(resolve, delay)));
    }
  } finally {
    resume?.();
  }
}

class LockWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly wait: LockWait,
  ) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return whenUnlocked(this.wait, () => this.inner.executeQuery<R>(query));
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class LockWaitingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, LockWaitingConnection>();
  constructor(
    private readonly inner: Driver,
    private readonly wait: LockWait,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapped = this.wrapped.get(connection);
    if (!wrapped) this.wrapped.set(connection, (wrapped = new LockWaitingConnection(connection, this.wait)));
    return wrapped;
  }
  // The inner driver runs its statements on the connection it is given: ours, which waits.
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(connection, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/**
 * Kysely's SQLite dialect on `sqlite` (through `database`, the statement cache), waiting for the write
 * lock off the event loop, and pausing `writer` meanwhile. Sets the connection's busy timeout to 0.
 */
export class LockWaitingSqliteDialect extends SqliteDialect {
  private readonly wait: LockWait;
  constructor(
    sqlite: SQLite.Database,
    config: ConstructorParameters<typeof SqliteDialect>[0],
    options: { writer?: LockHolder | undefined; waitMs?: number } = {},
  ) {
    super(config);
    sqlite.pragma('busy_timeout = 0');
    this.wait = { sqlite, writer: options.writer, waitMs: options.waitMs ?? LOCK_WAIT_MS };
  }
  override createDriver(): Driver {
    return new LockWaitingDriver(super.createDriver(), this.wait);
  }
}
