// The store on each engine: migrations, the append-only audit log, commit-ordered appends, the batching
// writer (group commit, drain, retry) and, on PostgreSQL, change notifications between two replicas.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import v8 from 'node:v8';
import vm from 'node:vm';
import { eachEngine, freshStore, type FreshStore } from '../helpers/engines.ts';
import { append, readIds, rowsOf, until, type Row } from '../helpers/audit-rows.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { MIGRATIONS, migrate } from '../../src/store/migrate.ts';
import { createBatchWriter } from '../../src/store/batch-writer.ts';
import { createChangeBus } from '../../src/store/change-bus.ts';
import { appendAuditRows } from '../../src/audit/audit-store.ts';
import { createLogger } from '../../src/http/logger.ts';

const log = createLogger('silent');

eachEngine('store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  const open = () =>
    openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
  before(async () => {
    fresh = await freshStore(engine);
    store = open();
    await migrate(store);
  });
  after(async () => {
    await store.close();
    await fresh.cleanup();
  });

  test('migrations apply on an empty store, and a second run applies nothing', async () => {
    const empty = await freshStore(engine);
    const options = {
      databaseUrl: empty.databaseUrl,
      dataDir: empty.dataDir,
      ...(empty.pgSchema ? { pgSchema: empty.pgSchema } : {}),
    };
    const first = openStore(options);
    // A second process (a replica starting later) finds nothing to do either.
    const second = openStore(options);
    try {
      assert.deepEqual(await migrate(first), Object.keys(MIGRATIONS));
      assert.deepEqual(await migrate(first), []);
      assert.deepEqual(await migrate(second), []);
      const n = await second.db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(n.n), 0);
    } finally {
      await first.close();
      await second.close();
      await empty.cleanup();
    }
  });

  test('the audit log is append-only in the database itself', async () => {
    const [row] = rowsOf('append-only', 1);
    await append(store, [row!]);
    await assert.rejects(
      sql`UPDATE audit_events SET outcome = 'failure' WHERE id = ${row!.id}`.execute(store.db),
      /append-only/,
    );
    await assert.rejects(
      store.db.updateTable('audit_events').set({ action: 'forged' }).execute(),
      /append-only/,
    );
    await assert.rejects(
      sql`DELETE FROM audit_events WHERE id = ${row!.id}`.execute(store.db),
      /append-only/,
    );
    await assert.rejects(store.db.deleteFrom('audit_events').execute(), /append-only/);
    const kept = await store.db
      .selectFrom('audit_events')
      .selectAll()
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    assert.equal(kept.outcome, 'success');
    assert.equal(kept.action, 'test.event');
  });

  test('appendAuditRows keeps commit order: a cursor reader never passes a row that commits later', async () => {
    // A reader on its own connection, as the SIEM pull on another replica would be.
    const reader = open();
    try {
      const first = rowsOf('order-first', 3);
      const second = rowsOf('order-second', 3);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let firstIn = false;
      // The first transaction draws its numbers and stays open; the second, started meanwhile, must not
      // commit numbers above it before it commits (else a poller would skip the first's rows).
      const t1 = store.db.transaction().execute(async (trx) => {
        await appendAuditRows(trx, store.dialect, first);
        firstIn = true;
        await held;
      });
      await until(() => firstIn, 5_000, 'the first transaction to append');
      let secondDone = false;
      const t2 = append(store, second).then(() => (secondDone = true));

      let cursor = 0;
      const seen: string[] = [];
      const poll = async () => {
        const rows = await reader.db
          .selectFrom('audit_events')
          .select(['id', 'seq'])
          .where('seq', '>', cursor)
          .where('actor_id', 'in', ['order-first', 'order-second'])
          .orderBy('seq', 'asc')
          .execute();
        for (const r of rows) seen.push(r.id);
        if (rows.length) cursor = rows[rows.length - 1]!.seq;
      };
      for (let i = 0; i < 20; i++) {
        await poll();
        await sleep(10);
      }
      assert.equal(secondDone, false, 'the second append waits for the first to commit');
      assert.deepEqual(seen, [], 'nothing is visible while the first transaction is open');
      release();
      await Promise.all([t1, t2]);
      await poll();
      assert.deepEqual(
        seen,
        [...first, ...second].map((r) => r.id),
      );
      assert.deepEqual(
        await readIds(reader, 'order-first'),
        first.map((r) => r.id),
      );
    } finally {
      await reader.close();
    }
  });

  test('the batch writer groups pushes into few transactions and keeps their order', async () => {
    const calls: number[] = [];
    const writer = createBatchWriter<Row>({
      name: 'test',
      log,
      write: async (rows) => {
        calls.push(rows.length);
        await append(store, rows);
      },
    });
    const rows = rowsOf('grouped', 1_200);
    for (const r of rows) writer.push(r);
    await until(
      () => writer.pending === 0 && calls.reduce((a, b) => a + b, 0) === 1_200,
      10_000,
      'the writer to catch up',
    );
    assert.ok(calls.length <= 4, `1200 records took ${calls.length} transactions (${calls.join(', ')})`);
    assert.ok(Math.max(...calls) <= 500, 'a transaction holds at most maxBatch records');
    assert.deepEqual(
      await readIds(store, 'grouped'),
      rows.map((r) => r.id),
    );

    // A trickle written within a few milliseconds is one transaction too.
    calls.length = 0;
    const trickle = rowsOf('trickle', 20);
    for (const r of trickle) writer.push(r);
    await until(() => writer.pending === 0 && calls.length > 0, 5_000, 'the trickle to be written');
    assert.deepEqual(calls, [20]);
    await writer.drain();
  });

  test('drain() flushes everything pending at once', async () => {
    let writes = 0;
    const writer = createBatchWriter<Row>({
      name: 'test',
      log,
      maxDelayMs: 60_000, // nothing would be written for a minute without drain()
      write: async (rows) => {
        writes++;
        await append(store, rows);
      },
    });
    const rows = rowsOf('drained', 1_100);
    for (const r of rows) writer.push(r);
    assert.ok(writer.pending > 0);
    await writer.drain();
    assert.equal(writer.pending, 0);
    assert.equal(writer.dropped, 0);
    assert.ok(writes >= 1 && writes <= 3, `drain wrote in ${writes} transactions`);
    assert.deepEqual(
      await readIds(store, 'drained'),
      rows.map((r) => r.id),
    );
  });

  test('a write that fails is retried, and no record is lost or written twice', async () => {
    let attempts = 0;
    const writer = createBatchWriter<Row>({
      name: 'test',
      log,
      write: async (rows) => {
        attempts++;
        if (attempts === 1) throw new Error('the database is briefly unavailable');
        await append(store, rows);
      },
    });
    const rows = rowsOf('retried', 50);
    for (const r of rows) writer.push(r);
    await until(() => writer.pending === 0, 10_000, 'the retry to succeed');
    assert.ok(attempts >= 2, 'the failed batch was tried again');
    assert.deepEqual(
      await readIds(store, 'retried'),
      rows.map((r) => r.id),
    );
  });

  test('drain() during a slow failing write neither loses nor repeats records', async () => {
    // An in-memory sink, so that a record written twice shows (audit rows would hit their unique id).
    const written: Row[] = [];
    let attempts = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const writer = createBatchWriter<Row>({
      name: 'test',
      log,
      maxBatch: 20,
      write: async (rows) => {
        attempts++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        try {
          await sleep(150); // slower than the retry back-off
          if (attempts === 1) throw new Error('the database is briefly unavailable');
          written.push(...rows);
        } finally {
          concurrent--;
        }
      },
    });
    const rows = rowsOf('drain-retry', 60);
    for (const r of rows) writer.push(r);
    await until(() => attempts === 1, 5_000, 'the first write to start');
    await writer.drain();
    assert.equal(writer.pending, 0);
    await sleep(300); // a stray retry would have written by now
    assert.deepEqual(
      written.map((r) => r.id),
      rows.map((r) => r.id),
    );
    assert.equal(maxConcurrent, 1, 'writes never overlap');
  });

  test(
    'change notifications reach another replica within a second; the publisher applies its own at once',
    { skip: engine !== 'postgres' && 'LISTEN/NOTIFY is PostgreSQL only' },
    async () => {
      const replica = open();
      const busA = createChangeBus(store, log);
      const busB = createChangeBus(replica, log);
      try {
        const heardByA: string[] = [];
        const heardByB: string[] = [];
        busA.subscribe('credential', async (id) => {
          await sleep(50); // a handler that takes a while: publish() must still wait for it
          heardByA.push(id);
        });
        busB.subscribe('credential', (id) => void heardByB.push(id));

        // The listener connects in the background: warm up until B hears A at all.
        for (let i = 0; i < 100 && heardByB.length === 0; i++) {
          await busA.publish('credential', `warmup-${i}`);
          await sleep(50);
        }
        assert.ok(heardByB.length > 0, 'the other replica hears notifications');

        for (const id of ['cred_one', 'cred_two']) {
          heardByA.length = 0;
          const started = Date.now();
          await busA.publish('credential', id);
          assert.deepEqual(heardByA, [id], "the publisher's own handler ran before publish() resolved");
          await until(() => heardByB.includes(id), 1_000, `replica B to hear ${id}`);
          assert.ok(Date.now() - started < 1_000);
        }
        // Each side hears the other, and never its own notification a second time.
        await busB.publish('credential', 'cred_from_b');
        await until(() => heardByA.includes('cred_from_b'), 1_000, 'replica A to hear B');
        await sleep(200);
        assert.equal(heardByA.filter((id) => id === 'cred_two').length, 1);
        assert.equal(heardByB.filter((id) => id === 'cred_from_b').length, 1);
      } finally {
        await busA.close();
        await busB.close();
        await replica.close();
      }
    },
  );
});

test('batch writer: past maxPending, new records are refused and counted; the backlog is kept whole', async () => {
  let failing = true;
  const written: number[] = [];
  const writer = createBatchWriter<number>({
    name: 'test',
    log,
    maxPending: 3,
    maxBatch: 2,
    write: async (items) => {
      if (failing) throw new Error('the database is down');
      written.push(...items);
    },
  });
  for (let i = 1; i <= 5; i++) writer.push(i);
  assert.equal(writer.pending, 3);
  assert.equal(writer.dropped, 2);
  failing = false;
  await writer.drain();
  assert.deepEqual(written, [1, 2, 3]);
  assert.equal(writer.pending, 0);
});

test('batch writer: a long backlog is written in order, each record once', async () => {
  const written: number[] = [];
  const writer = createBatchWriter<number>({
    name: 'test',
    log,
    maxBatch: 100,
    write: async (items) => void written.push(...items),
  });
  for (let i = 0; i < 20_000; i++) writer.push(i);
  await writer.drain();
  assert.equal(written.length, 20_000);
  assert.ok(written.every((v, i) => v === i));
});

// Held until a compaction, written records lived for seconds at a thousand a second: long enough to
// reach V8's old generation, whose full collections then stalled the Gateway (bench/RESULTS.md).
test('the batch writer lets a record go once it is written, while later ones still wait', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const batches: number[] = [];
  const writer = createBatchWriter<{ n: number }>({
    name: 'test',
    log,
    maxBatch: 2,
    maxDelayMs: 0,
    write: async (items) => {
      batches.push(items.length);
      if (batches.length === 2) await gate; // the second batch is still being written
    },
  });
  // Made in a function of their own: a suspended async function's frame could keep the last one.
  const refs = ((): WeakRef<{ n: number }>[] =>
    Array.from({ length: 5 }, (_, n) => {
      const record = { n };
      writer.push(record);
      return new WeakRef(record);
    }))();
  await until(() => batches.length === 2, 5_000, 'the second batch to start');
  await sleep(0);
  gc();
  assert.equal(refs[0]!.deref(), undefined, 'the first written record is still held');
  assert.equal(refs[1]!.deref(), undefined, 'the second written record is still held');
  assert.ok(refs[4]!.deref() !== undefined, 'a record not yet written was let go');
  open();
  await writer.drain();
  await sleep(0);
  gc();
  assert.ok(
    refs.every((r) => r.deref() === undefined),
    `records are still held after everything was written: ${refs.map((r) => r.deref()?.n ?? '-').join(' ')}`,
  );
});
