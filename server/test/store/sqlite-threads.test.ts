// SQLite's threads beside the main connection: the WAL checkpointer, and the writer of the logs'
// batches (its order, its errors, and the main connection's transactions beside it); and the main
// connection waiting for the write lock off the event loop (sqlite-lock-wait.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import SQLite from '../../src/store/sqlite-driver.js';
import { Kysely, sql } from 'kysely';
import { freshStore } from '../helpers/engines.ts';
import { append, readIds, rowsOf, until } from '../helpers/audit-rows.ts';
import { openStore } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { appendAlone } from '../../src/store/event-log.ts';
import { appendAuditRows } from '../../src/audit/audit-store.ts';
import { createLogger } from '../../src/http/logger.ts';
import { LockWaitingSqliteDialect } from '../../src/store/sqlite-lock-wait.ts';
import type { Database } from '../../src/store/schema.ts';

const log = createLogger('silent');

test('SQLite: WAL checkpoints run in a worker thread, not in the commits of the main connection', async () => {
  const fresh = await freshStore('sqlite');
  const store = openStore({ dataDir: fresh.dataDir, log });
  try {
    await migrate(store);
    const file = path.join(fresh.dataDir, 'gatehouse.db');
    const pragma = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(store.db);
    assert.equal(pragma.rows[0]!.wal_autocheckpoint, 0, 'commits never checkpoint');
    const before = fs.statSync(file).size;
    for (let i = 0; i < 10; i++) await append(store, rowsOf('wal', 200));
    await until(
      () => fs.statSync(file).size > before + 200_000,
      5_000,
      'the worker to copy the WAL into the database',
    );
  } finally {
    await store.close();
    await fresh.cleanup();
  }
});

test("on SQLite a running server writes the logs' batches on its writer thread, in order, and hears its errors", async () => {
  const fresh = await freshStore('sqlite');
  const store = openStore({ dataDir: fresh.dataDir, log });
  try {
    await migrate(store);
    assert.ok(store.writer?.alive, 'a SQLite store opened with a logger has no writer thread');
    const rows = rowsOf('threaded', 300);
    await Promise.all([
      appendAlone(store, appendAuditRows, rows.slice(0, 100)),
      appendAlone(store, appendAuditRows, rows.slice(100)),
    ]);
    assert.deepEqual(
      await readIds(store, 'threaded'),
      rows.map((r) => r.id),
    );
    // A row that breaks a constraint fails its batch as a whole, with SQLite's reason, and the thread
    // goes on writing.
    await assert.rejects(
      appendAlone(store, appendAuditRows, [rowsOf('again', 1)[0]!, { ...rows[0]!, action: null as never }]),
      /NOT NULL constraint failed: audit_events\.action/,
    );
    assert.deepEqual(await readIds(store, 'again'), [], 'half of a failed batch was written');
    const later = rowsOf('later', 2);
    await appendAlone(store, appendAuditRows, later);
    assert.deepEqual(
      await readIds(store, 'later'),
      later.map((r) => r.id),
    );
  } finally {
    await store.close();
    await fresh.cleanup();
  }
  assert.equal(store.writer?.alive, false, 'the writer thread outlived the store');
});

// The writer thread is a second writer: a deferred transaction that has read, and writes after the
// thread committed, would fail at once with SQLITE_BUSY (its snapshot is stale; no busy wait helps).
test('on SQLite a transaction that reads, then writes after the writer thread committed, succeeds', async () => {
  const fresh = await freshStore('sqlite');
  const store = openStore({ dataDir: fresh.dataDir, log });
  try {
    await migrate(store);
    await appendAlone(store, appendAuditRows, rowsOf('started', 1)); // the thread is up
    let meanwhile: Promise<void> | undefined;
    await store.db.transaction().execute(async (trx) => {
      await trx.selectFrom('audit_events').select('id').execute();
      meanwhile = appendAlone(store, appendAuditRows, rowsOf('meanwhile', 1));
      await sleep(100); // time enough for the thread to commit, were it let
      await appendAuditRows(trx, store.dialect, rowsOf('inside', 1));
    });
    await meanwhile;
    assert.equal((await readIds(store, 'inside')).length, 1, 'the transaction did not write');
    assert.equal((await readIds(store, 'meanwhile')).length, 1, 'the writer thread did not write');
  } finally {
    await store.close();
    await fresh.cleanup();
  }
});

/** Holds SQLite's write lock from a connection of its own, as the writer thread does while it commits. */
function holdWriteLock(file: string) {
  const other = new SQLite(file);
  other.exec('BEGIN IMMEDIATE');
  return () => {
    other.exec('COMMIT');
    other.close();
  };
}

/** Resolves at the event loop's next turn after a timer: never while the loop is held. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

// better-sqlite3 is synchronous: with a busy timeout, a main-connection write that met the writer
// thread's lock slept the whole event loop (1, 2, 5, 10… ms, as long as the lock was held).
test('on SQLite a write on the main connection waits for the write lock without holding the event loop', async () => {
  const fresh = await freshStore('sqlite');
  const store = openStore({ dataDir: fresh.dataDir, log });
  try {
    await migrate(store);
    const release = holdWriteLock(path.join(fresh.dataDir, 'gatehouse.db'));
    let done = 0;
    let settled = 0;
    const writes = [
      // A statement on its own, and a transaction (its BEGIN IMMEDIATE is what waits).
      store.db
        .insertInto('server_settings')
        .values({ key: 'alone', value: '1' })
        .execute()
        .then(() => done++),
      store.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('server_settings').values({ key: 'in a transaction', value: '2' }).execute();
          await appendAuditRows(trx, store.dialect, rowsOf('locked out', 1));
        })
        .then(() => done++),
    ].map((w) => w.finally(() => settled++));
    // The loop turns while both writes wait: a loop held by the busy wait would turn only once they
    // had failed, 5 s later each. (Whatever the machine's load: no count of turns is asserted.)
    await nextTurn();
    assert.equal(settled, 0, 'the event loop was held until a write had settled');
    await sleep(300);
    assert.equal(done, 0, 'a write went through while another connection held the lock');
    release();
    await Promise.all(writes);
    const keys = await store.db
      .selectFrom('server_settings')
      .select('key')
      .where('key', 'in', ['alone', 'in a transaction'])
      .execute();
    assert.equal(keys.length, 2, 'a waiting write was lost');
    assert.equal((await readIds(store, 'locked out')).length, 1);
    // Reads never waited: WAL readers do not take the write lock.
    const releaseAgain = holdWriteLock(path.join(fresh.dataDir, 'gatehouse.db'));
    assert.equal((await readIds(store, 'locked out')).length, 1);
    releaseAgain();
  } finally {
    await store.close();
    await fresh.cleanup();
  }
});

test('on SQLite a write that cannot have the lock in time fails with SQLITE_BUSY, and the connection serves on', async () => {
  const fresh = await freshStore('sqlite');
  const file = path.join(fresh.dataDir, 'gatehouse.db');
  const sqlite = new SQLite(file);
  const db = new Kysely<Database>({
    dialect: new LockWaitingSqliteDialect(sqlite, { database: sqlite }, { waitMs: 150 }),
  });
  try {
    await sql`CREATE TABLE probe (x INTEGER)`.execute(db);
    const release = holdWriteLock(file);
    const started = performance.now();
    let settled = false;
    const insert = sql`INSERT INTO probe VALUES (1)`.execute(db).finally(() => (settled = true));
    await nextTurn();
    assert.equal(settled, false, 'the event loop was held until the write had settled');
    await assert.rejects(insert, { code: 'SQLITE_BUSY' });
    assert.ok(performance.now() - started >= 150, 'gave up before its wait was over');
    await assert.rejects(
      db.transaction().execute((trx) => sql`INSERT INTO probe VALUES (2)`.execute(trx)),
      { code: 'SQLITE_BUSY' },
    );
    assert.equal(sqlite.inTransaction, false, 'a transaction that never began was left open');
    release();
    await sql`INSERT INTO probe VALUES (3)`.execute(db);
    const rows = await sql<{ x: number }>`SELECT x FROM probe`.execute(db);
    assert.deepEqual(rows.rows, [{ x: 3 }]);
  } finally {
    await db.destroy();
    await fresh.cleanup();
  }
});
