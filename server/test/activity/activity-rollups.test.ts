// The rollups the activity writer keeps, on each engine: after mixed batches, written in a caller's
// transaction and by the batching path (on SQLite the writer thread), they equal a recount of the
// activity rows in SQL; a failed transaction adds nothing to either; and the migration that brought
// them in rolls up the activity already stored.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { eachEngine, freshStore, type FreshStore } from '../helpers/engines.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { appendAlone } from '../../src/store/event-log.ts';
import { appendActivityRows, toRow, type ActivityRow } from '../../src/activity/activity-store.ts';
import { createLogger } from '../../src/http/logger.ts';
import { DAY, activityInput, recount, storedRollups } from '../helpers/activity-rows.ts';

const log = createLogger('silent');

const rowsOf = (from: number, n: number): ActivityRow[] =>
  Array.from({ length: n }, (_, i) => toRow(activityInput(from + i)));

eachEngine('activity rollups', (engine) => {
  let fresh: FreshStore;
  let store: Store;

  before(async () => {
    fresh = await freshStore(engine);
    // With a logger, as a server opens it: on SQLite the batches then go through the writer thread.
    store = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      log,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
    await migrate(store);
  });
  after(async () => {
    await store.close();
    await fresh.cleanup();
  });

  test('after mixed batches, in a transaction and by the batching writer, the rollups equal a recount', async () => {
    if (engine === 'sqlite') assert.ok(store.writer?.alive, 'the SQLite writer thread runs');
    await store.db.transaction().execute((trx) => appendActivityRows(trx, store.dialect, rowsOf(0, 40)));
    await appendAlone(store, appendActivityRows, rowsOf(40, 120));
    await Promise.all([
      appendAlone(store, appendActivityRows, rowsOf(160, 1)),
      appendAlone(store, appendActivityRows, rowsOf(161, 59)),
      store.db.transaction().execute((trx) => appendActivityRows(trx, store.dialect, rowsOf(220, 30))),
    ]);
    const stored = await storedRollups(store);
    assert.deepEqual(stored, await recount(store));
    const total = stored.hourly.reduce((n, h) => n + h.requests, 0);
    assert.equal(total, 250);
    assert.ok(new Set(stored.hourly.map((h) => h.hour)).size >= 6, 'the batches span several hours');
    assert.ok(
      stored.busiest.some((b) => b.span === DAY && b.start === Date.parse('2026-03-02T00:00:00Z')),
      'and two days',
    );
    assert.ok(stored.busiest.some((b) => b.blocked > 0));
  });

  test('a failed transaction adds nothing to the activity or to its rollups', async () => {
    const before = await storedRollups(store);
    const count = async () =>
      Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM activity`.execute(store.db)).rows[0]!.n);
    const rowsBefore = await count();
    await assert.rejects(
      store.db.transaction().execute(async (trx) => {
        await appendActivityRows(trx, store.dialect, rowsOf(300, 25));
        throw new Error('the caller failed after the append');
      }),
      /the caller failed/,
    );
    // A batch whose last row the database refuses (a tool is required): on SQLite on the writer thread.
    const bad = rowsOf(400, 20);
    bad[19] = { ...bad[19]!, tool: null as unknown as string };
    await assert.rejects(appendAlone(store, appendActivityRows, bad));
    assert.equal(await count(), rowsBefore);
    assert.deepEqual(await storedRollups(store), before);
    assert.deepEqual(await storedRollups(store), await recount(store));
  });
});

eachEngine('activity rollups migration', (engine) => {
  test('migration 0014 rolls up the activity already stored', async () => {
    const fresh = await freshStore(engine);
    const store = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
    try {
      await migrate(store, '0013-slopsquat');
      // Rows as written before 0014: no token columns (the record holds the counts).
      const old = rowsOf(0, 80).map(({ input_tokens: _i, output_tokens: _o, ...row }) => row);

      await (store.db as any).insertInto('activity').values(old).execute();
      await migrate(store);
      const stored = await storedRollups(store);
      assert.equal(
        stored.hourly.reduce((n, h) => n + h.requests, 0),
        80,
      );
      assert.ok(stored.hourly.some((h) => h.tokens_in > 0));
      assert.deepEqual(stored, await recount(store));
    } finally {
      await store.close();
      await fresh.cleanup();
    }
  });
});
