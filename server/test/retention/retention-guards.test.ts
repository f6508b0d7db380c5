// The audit log (and the activity) stay append-only in the database itself: an ordinary DELETE or
// UPDATE fails on both engines, old rows included; the retention job's own mechanism (the cutoff it
// sets in its transaction) cannot delete a row newer than the stored setting, even when asked to; and
// the tables that hold the setting and the cutoff cannot lose their rows.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { Store } from '../../src/store/database.ts';
import { runInOneTransaction } from '../../src/store/batch-transaction.ts';
import { guardedBatch } from '../../src/retention/purge-statements.ts';
import { DAY, seedActivity, seedAudit } from './seed.ts';

const APPEND_ONLY = /append-only/;

eachEngine('retention guards', (engine) => {
  let server: TestServer;
  let store: Store;
  before(async () => {
    server = await startTestServer(engine);
    store = server.gatehouse.services.store;
  });
  after(() => server.close());

  /** The job's mechanism with a cutoff of our choosing: opens the guard, deletes, closes it. */
  const deleteAsJob = (log: 'audit' | 'activity', cutoff: number, where: ReturnType<typeof sql>) => {
    const table = sql.table(log === 'audit' ? 'audit_events' : 'activity');
    const [open, , close] = guardedBatch(store.dialect, log, cutoff, null, 1).statements;
    return runInOneTransaction(store, [
      open!,
      sql`DELETE FROM ${table} WHERE ${where}`,
      ...(close ? [close] : []),
    ]);
  };

  test('an ordinary DELETE or UPDATE of audit events fails, however old the event', async () => {
    await seedAudit(store, 3, Date.now() - 1000 * DAY, Date.now() - 900 * DAY, 'ancient');
    const db = store.db;
    await assert.rejects(
      db.deleteFrom('audit_events').where('actor_id', '=', 'ancient').execute(),
      APPEND_ONLY,
    );
    await assert.rejects(db.deleteFrom('audit_events').execute(), APPEND_ONLY);
    await assert.rejects(
      db.updateTable('audit_events').set({ outcome: 'failure' }).where('actor_id', '=', 'ancient').execute(),
      APPEND_ONLY,
    );
    await assert.rejects(db.updateTable('audit_events').set({ time: 0 }).execute(), APPEND_ONLY);
    const left = await db
      .selectFrom('audit_events')
      .select('seq')
      .where('actor_id', '=', 'ancient')
      .execute();
    assert.equal(left.length, 3);
  });

  test('so does an ordinary DELETE or UPDATE of activity', async () => {
    await seedActivity(store, 3, Date.now() - 1000 * DAY, Date.now() - 900 * DAY);
    await assert.rejects(store.db.deleteFrom('activity').execute(), APPEND_ONLY);
    await assert.rejects(store.db.updateTable('activity').set({ outcome: 'blocked' }).execute(), APPEND_ONLY);
  });

  test('the job cannot delete an event newer than the setting, even with a cutoff in the future', async () => {
    await seedAudit(store, 2, Date.now() - 10 * DAY, Date.now() - 5 * DAY, 'recent');
    await seedActivity(store, 2, Date.now() - 10 * DAY, Date.now() - 5 * DAY);
    const future = Date.now() + 365 * DAY;
    await assert.rejects(deleteAsJob('audit', future, sql`actor_id = ${'recent'}`), APPEND_ONLY);
    await assert.rejects(deleteAsJob('activity', future, sql`time > ${Date.now() - 90 * DAY}`), APPEND_ONLY);
    // The whole transaction was refused: the row is there, and the guard is closed again.
    const recent = await store.db
      .selectFrom('audit_events')
      .select('seq')
      .where('actor_id', '=', 'recent')
      .execute();
    assert.equal(recent.length, 2);
    await assert.rejects(
      store.db.deleteFrom('audit_events').where('actor_id', '=', 'ancient').execute(),
      APPEND_ONLY,
    );
    // Nor can a cutoff reach past the row's own time: an event of 1000 days ago stays under a cutoff
    // older than it.
    await assert.rejects(
      deleteAsJob('audit', Date.now() - 2000 * DAY, sql`actor_id = ${'ancient'}`),
      APPEND_ONLY,
    );
  });

  test('with the cutoff and the setting both passed, the job deletes, and only in its transaction', async () => {
    const [deleted] = (
      await deleteAsJob('audit', Date.now() - 400 * DAY, sql`actor_id = ${'ancient'}`)
    ).slice(1);
    assert.equal(deleted!.changes, 3);
    // The guard closed with the transaction: an ordinary delete of an old event fails again.
    await seedAudit(store, 1, Date.now() - 1000 * DAY, Date.now() - 1000 * DAY, 'ancient-2');
    await assert.rejects(
      store.db.deleteFrom('audit_events').where('actor_id', '=', 'ancient-2').execute(),
      APPEND_ONLY,
    );
  });

  test('the settings and cutoffs keep their rows', async () => {
    await assert.rejects(store.db.deleteFrom('retention_settings').execute());
    const rows = await store.db.selectFrom('retention_settings').select('log').execute();
    assert.equal(rows.length, 3);
    if (engine === 'sqlite') {
      await assert.rejects(store.db.deleteFrom('retention_cutoffs').execute());
      await assert.rejects(
        store.db.insertInto('retention_cutoffs').values({ log: 'audit', cutoff: 1 }).execute(),
      );
    }
  });
});
