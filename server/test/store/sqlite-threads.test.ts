// SQLite's threads beside the main connection: the WAL checkpointer, and the writer of the logs'
// batches (its order, its errors, and the main connection's transactions beside it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { sql } from 'kysely';
import { freshStore } from '../helpers/engines.ts';
import { append, readIds, rowsOf, until } from '../helpers/audit-rows.ts';
import { openStore } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { appendAlone } from '../../src/store/event-log.ts';
import { appendAuditRows } from '../../src/audit/audit-store.ts';
import { createLogger } from '../../src/http/logger.ts';

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
