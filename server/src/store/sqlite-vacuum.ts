// SQLite gives freed pages back to the file system only with auto_vacuum: without it, a store that
// retention trims stays at its high-water mark. INCREMENTAL (not FULL, which moves pages at every
// commit) leaves the free pages on a list until `PRAGMA incremental_vacuum` truncates them away, which
// the retention job does in small steps after it deletes (docs/decisions/retention.md).
//
// The mode can only be set before the first table exists, or by a VACUUM, which rewrites the whole
// file. A new store gets it at once; an existing small store is rewritten at start (a VACUUM of
// SMALL_STORE_BYTES takes about a second); a larger one waits for the operator's `npm run vacuum`
// with Gatehouse stopped, and meanwhile reuses its free pages instead of growing.
import fs from 'node:fs';
import { sql } from 'kysely';
import type SQLite from './sqlite-driver.js';
import type { Logger } from 'pino';
import type { Store } from './database.ts';
import { runInOneTransaction } from './batch-transaction.ts';

const INCREMENTAL = 2;
const SMALL_STORE_BYTES = 64 * 1024 * 1024;
/** Pages truncated per transaction: 8 MB of 4 KB pages, a few milliseconds of the writer thread. */
const PAGES_PER_STEP = 2000;

/** Asks for incremental auto-vacuum: takes effect on a new (empty) database only. */
export function requestIncrementalVacuum(sqlite: SQLite.Database): void {
  sqlite.pragma('auto_vacuum = INCREMENTAL');
}

/** At a server's start: an existing store without incremental vacuum is converted if it is small. */
export function convertSmallStore(sqlite: SQLite.Database, file: string, log: Logger): void {
  if (sqlite.pragma('auto_vacuum', { simple: true }) === INCREMENTAL) return;
  const bytes = fs.statSync(file).size;
  if (bytes <= SMALL_STORE_BYTES) {
    sqlite.pragma('auto_vacuum = INCREMENTAL');
    sqlite.exec('VACUUM');
    log.info({ bytes }, 'SQLite store converted to incremental vacuum, so that retention shrinks the file');
    return;
  }
  log.warn(
    { bytes },
    'this SQLite store predates incremental vacuum: retention frees space inside the file but cannot ' +
      'shrink it until you stop Gatehouse and run `npm run vacuum` once (docs/operations.md, "Retention")',
  );
}

/** Rewrites the whole file in incremental mode: `npm run vacuum`, with Gatehouse stopped. */
export function vacuumIntoIncremental(sqlite: SQLite.Database): void {
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  sqlite.exec('VACUUM');
}

/**
 * Gives the free pages back to the file system in small transactions (through the writer thread, as
 * every background write), yielding between them; stops early when asked. Returns the pages freed.
 */
export async function reclaimFreePages(store: Store, stopping: () => boolean): Promise<number> {
  if (store.dialect !== 'sqlite') return 0;
  const mode = await sql<{ auto_vacuum: number }>`PRAGMA auto_vacuum`.execute(store.db);
  if (Number(mode.rows[0]?.auto_vacuum) !== INCREMENTAL) return 0;
  const free = await sql<{ freelist_count: number }>`PRAGMA freelist_count`.execute(store.db);
  const start = Number(free.rows[0]?.freelist_count ?? 0);
  let left = start;
  while (left > 0 && !stopping()) {
    const [, count] = await runInOneTransaction(store, [
      sql.raw(`PRAGMA incremental_vacuum(${PAGES_PER_STEP})`),
      sql`PRAGMA freelist_count`,
    ]);
    const now = Number(count?.rows[0]?.freelist_count ?? 0);
    if (now >= left) break; // nothing more it can give back
    left = now;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return start - left;
}
