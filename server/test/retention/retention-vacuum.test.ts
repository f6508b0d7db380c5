// SQLite: the file shrinks after retention deletes (incremental vacuum through the writer thread), a
// new store is created in incremental mode, and an existing small store is converted at start.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import SQLite from '../../src/store/sqlite-driver.js';
import { sql } from 'kysely';
import { freshStore } from '../helpers/engines.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createAuditLog } from '../../src/audit/audit-log.ts';
import { createLogger } from '../../src/http/logger.ts';
import { createRetentionJob } from '../../src/retention/retention-job.ts';
import { DAY, seedActivity } from './seed.ts';

const log = createLogger('silent');

const autoVacuum = async (store: Store) =>
  Number((await sql<{ auto_vacuum: number }>`PRAGMA auto_vacuum`.execute(store.db)).rows[0]!.auto_vacuum);

/**
 * The database file's size once the WAL is copied back into it and cut. A checkpoint that meets the
 * store's own connections mid-read or mid-write reports itself busy and copies only part: it is asked
 * again until it completes (seen: a file of 35 MB where the whole seed makes over 40).
 */
async function settledSize(file: string): Promise<number> {
  const db = new SQLite(file);
  try {
    for (let tries = 0; ; tries++) {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      if (result?.busy === 0) break;
      if (tries === 100) throw new Error('the WAL could not be checkpointed in 5 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    db.close();
  }
  return fs.statSync(file).size;
}

test('SQLite: after a large delete the retention job gives the space back, and the file shrinks', async () => {
  const fresh = await freshStore('sqlite');
  const store = openStore({ dataDir: fresh.dataDir, log });
  const audit = createAuditLog(store, log);
  const job = createRetentionJob({ store, audit, log });
  try {
    await migrate(store);
    assert.equal(await autoVacuum(store), 2, 'a new store is created in incremental mode');
    const file = path.join(fresh.dataDir, 'gatehouse.db');
    await seedActivity(store, 20_000, Date.now() - 300 * DAY, Date.now() - 100 * DAY, 2000);
    await seedActivity(store, 500, Date.now() - 10 * DAY, Date.now() - DAY, 2000);
    const before = await settledSize(file);
    assert.ok(before > 40_000_000, `seeded ${before} bytes`);
    const run = await job.runNow();
    assert.equal(run!.logs.activity.deleted, 20_000);
    assert.equal(run!.logs.activity.batches, 21);
    const afterRun = await settledSize(file);
    assert.ok(afterRun < before / 10, `the file went from ${before} to ${afterRun} bytes`);
    const kept = await store.db
      .selectFrom('activity')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    assert.equal(Number(kept!.n), 500);
  } finally {
    await job.stop();
    await audit.drain();
    await store.close();
    await fresh.cleanup();
  }
});

test('SQLite: a store made before incremental vacuum is converted at start when it is small', async () => {
  const fresh = await freshStore('sqlite');
  const file = path.join(fresh.dataDir, 'gatehouse.db');
  const old = new SQLite(file);
  old.pragma('journal_mode = WAL');
  old.exec('CREATE TABLE earlier (x)');
  assert.equal(old.pragma('auto_vacuum', { simple: true }), 0);
  old.close();
  // Without a logger (npm run migrate, tools) a store is left as it is.
  const tool = openStore({ dataDir: fresh.dataDir });
  assert.equal(await autoVacuum(tool), 0);
  await tool.close();
  const store = openStore({ dataDir: fresh.dataDir, log });
  try {
    assert.equal(await autoVacuum(store), 2);
    await migrate(store);
  } finally {
    await store.close();
    await fresh.cleanup();
  }
});
