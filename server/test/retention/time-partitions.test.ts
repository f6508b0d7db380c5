// PostgreSQL time partitions (migration 0018): a store with rows is migrated with every row, its seq and
// its indexes kept; months are made ahead, once, however many replicas ask; the pull's cursor pages
// across partition boundaries as an index scan; retention drops whole expired months, deletes the rows
// of the month the cutoff falls in, and keeps what a SIEM destination still needs; and the append-only
// guards still refuse every other DELETE, UPDATE and TRUNCATE.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import { freshStore, testEngines, type FreshStore } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createLogger } from '../../src/http/logger.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { MIGRATIONS, migrate } from '../../src/store/migrate.ts';
import { queryActivity } from '../../src/activity/activity-store.ts';
import { queryAudit } from '../../src/audit/audit-store.ts';
import {
  ensurePartitions,
  listPartitions,
  monthStart,
  partitionName,
} from '../../src/store/time-partitions.ts';
import { createRetentionJob } from '../../src/retention/retention-job.ts';
import { DAY, seedActivity, seedAudit } from './seed.ts';

const onPostgres = testEngines().includes('postgres');
const APPEND_ONLY = /append-only/;
const BEFORE = Object.keys(MIGRATIONS)[
  Object.keys(MIGRATIONS).indexOf('0018-time-partitions') - 1
] as keyof typeof MIGRATIONS;

/** The tables (partitions) of the schema with an index on (time, seq). */
async function timeSeqIndexed(store: Store): Promise<Set<string>> {
  const { rows } = await sql<{ name: string; def: string }>`SELECT tablename AS name, indexdef AS def
      FROM pg_indexes WHERE schemaname = current_schema()`.execute(store.db);
  return new Set(rows.filter((r) => /\("?time"?, seq\)$/.test(r.def)).map((r) => r.name));
}

const seqs = async (store: Store, table: 'activity' | 'audit_events') =>
  (await store.db.selectFrom(table).select('seq').orderBy('seq').execute()).map((r) => Number(r.seq));

describe('time partitions [postgres]', { skip: !onPostgres && 'PostgreSQL only' }, () => {
  describe('migration 0018 on a store with rows', () => {
    let fresh: FreshStore;
    let store: Store;
    const now = Date.now();
    let activitySeqs: number[];
    let auditSeqs: number[];
    before(async () => {
      if (!onPostgres) return;
      fresh = await freshStore('postgres');
      store = openStore({
        databaseUrl: fresh.databaseUrl,
        dataDir: fresh.dataDir,
        pgSchema: fresh.pgSchema!,
      });
      await migrate(store, BEFORE);
      await seedActivity(store, 400, now - 200 * DAY, now - DAY);
      await seedAudit(store, 300, now - 150 * DAY, now - DAY);
      activitySeqs = await seqs(store, 'activity');
      auditSeqs = await seqs(store, 'audit_events');
      assert.deepEqual(await migrate(store, '0018-time-partitions'), ['0018-time-partitions']);
      await migrate(store); // and the ones after it, as a start would
    });
    after(async () => {
      await store?.close();
      await fresh?.cleanup();
    });

    test('every row is kept with its seq, in a partition of its month, and months are made ahead', async () => {
      assert.deepEqual(await seqs(store, 'activity'), activitySeqs);
      assert.deepEqual(await seqs(store, 'audit_events'), auditSeqs);
      const parts = await listPartitions(store.db, 'activity');
      assert.equal(parts[0]!.from, monthStart(now - 200 * DAY));
      assert.equal(parts.at(-1)!.from, monthStart(now, 3));
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM activity_default`.execute(
        store.db,
      );
      assert.equal(rows[0]!.n, 0, 'no row fell to the DEFAULT partition');
      // Both logs get the months from the older one's first record.
      assert.equal((await listPartitions(store.db, 'audit_events'))[0]!.from, monthStart(now - 200 * DAY));
    });

    test('the next record continues the sequence, and every index is there', async () => {
      await seedActivity(store, 1, now, now);
      const after = await seqs(store, 'activity');
      assert.ok(after.at(-1)! > Math.max(...activitySeqs));
      const { rows } = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename IN ('activity', 'audit_events') ORDER BY 1`.execute(
        store.db,
      );
      assert.deepEqual(
        rows.map((r) => r.name),
        [
          'activity_actor_seq',
          'activity_device',
          'activity_device_seq',
          'activity_mcp',
          'activity_mcp_seq',
          'activity_pkey',
          'activity_request',
          'activity_time_seq',
          'audit_events_pkey',
          'audit_events_time_seq',
        ],
      );
      // Migration 0021's (time, seq) index is on every partition of both logs, DEFAULT included.
      const indexed = await timeSeqIndexed(store);
      for (const table of ['activity', 'audit_events'] as const)
        for (const part of [
          ...(await listPartitions(store.db, table)).map((p) => p.name),
          `${table}_default`,
        ])
          assert.ok(indexed.has(part), `${part} has the (time, seq) index`);
    });

    test("a time range's first page reads its seqs from its partitions' (time, seq) index alone", async () => {
      const since = monthStart(now - 120 * DAY) + DAY;
      const q = { since, until: since + DAY, order: 'desc', limit: 5 } as const;
      assert.equal(await queryActivity.plan(store.db, q), 'range');
      const { sql: text, parameters } = queryActivity.compile(store.db, q, 'range');
      // Forced as for the pull's plan: the tables are small here.
      const plan = await store.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${text}`, [...parameters]),
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      const month = partitionName('activity', monthStart(since));
      assert.match(plan, new RegExp(`Index Only Scan using ${month}_time_seq_idx`));
      // The documents are looked up in that month's partition only, the outer query's time bounds
      // pruning the rest.
      assert.deepEqual(new Set([...plan.matchAll(/ on (activity_\w+)/g)].map((m) => m[1])), new Set([month]));
    });

    test('the pull pages by cursor across partition boundaries, each page an index scan', async () => {
      for (const [read, table] of [
        [queryActivity, 'activity'],
        [queryAudit, 'audit_events'],
      ] as const) {
        const all = await seqs(store, table);
        const seen: number[] = [];
        let cursor: number | undefined;
        for (;;) {
          const page = await read(store.db, { cursor, order: 'asc', limit: 7 });
          if (page.lastSeq === null) break;
          const { rows } = await sql<{ seq: number }>`SELECT seq FROM ${sql.table(table)}
              WHERE seq > ${cursor ?? 0} ORDER BY seq LIMIT 7`.execute(store.db);
          seen.push(...rows.map((r) => Number(r.seq)));
          assert.equal(page.documents.length, rows.length);
          cursor = page.lastSeq;
        }
        assert.deepEqual(seen, all);
      }
      // The plan the pull gets when the tables are large (forced here, where they are small): an
      // ordered merge of the partitions' primary-key scans, no sort of the whole log.
      const plan = await store.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN
            SELECT seq, event FROM audit_events WHERE seq > ${auditSeqs[100]!} ORDER BY seq LIMIT 100`.execute(
          trx,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      assert.match(plan, /Merge Append/);
      assert.match(plan, /Index Scan using audit_events_p\d+_pkey/);
      assert.doesNotMatch(plan, /(^|-> +)Sort +\(/m);
    });

    test('months ahead are made once, however many replicas ask at once', async () => {
      const later = monthStart(now, 2) + DAY;
      const made = await Promise.all([ensurePartitions(store.db, later), ensurePartitions(store.db, later)]);
      // Made up to three months after January's: the fourth and fifth months from now are new.
      const expected = (['activity', 'audit_events'] as const).flatMap((t) =>
        [4, 5].map((m) => partitionName(t, monthStart(now, m))),
      );
      assert.deepEqual(made.flat().sort(), expected.sort());
      assert.deepEqual(await ensurePartitions(store.db, later), []);
      // Each new month gets the parent's indexes, migration 0021's (time, seq) among them.
      const indexed = await timeSeqIndexed(store);
      for (const name of expected) assert.ok(indexed.has(name), `${name} has the (time, seq) index`);
    });

    test('the guards still refuse DELETE, UPDATE and TRUNCATE, of the table and of a partition', async () => {
      const part = (await listPartitions(store.db, 'activity'))[0]!.name;
      for (const table of ['activity', 'audit_events', part]) {
        await assert.rejects(sql`DELETE FROM ${sql.table(table)}`.execute(store.db), APPEND_ONLY);
        await assert.rejects(
          sql`UPDATE ${sql.table(table)} SET outcome = 'x'`.execute(store.db),
          APPEND_ONLY,
        );
        await assert.rejects(sql`TRUNCATE ${sql.table(table)}`.execute(store.db), APPEND_ONLY);
      }
      // The DEFAULT partition holds no row here (a row trigger has nothing to refuse), but TRUNCATE
      // is refused whatever it holds.
      await assert.rejects(sql`TRUNCATE activity_default`.execute(store.db), APPEND_ONLY);
      assert.equal((await seqs(store, 'activity')).length, activitySeqs.length + 1);
    });
  });

  describe('retention by partition', () => {
    let server: TestServer;
    let store: Store;
    const now = Date.now();
    let activityTimes: number[];
    before(async () => {
      if (!onPostgres) return;
      server = await startTestServer('postgres');
      store = server.gatehouse.services.store;
      // Months back to 8 months ago, as a store that has run that long would have.
      await ensurePartitions(store.db, now, now - 240 * DAY);
      activityTimes = await seedActivity(store, 600, now - 200 * DAY, now - DAY);
      await seedAudit(store, 100, now - 200 * DAY, now - DAY, 'recent');
    });
    after(() => server?.close());

    test('a SIEM hold keeps the partition holding its seq, and every later row', async () => {
      const all = await seqs(store, 'activity');
      const held = all[150]!; // about 150 days ago
      const job = createRetentionJob(
        { store, audit: server.gatehouse.services.audit, log: createLogger('silent') },
        { siem: { oldestNeededSeq: async (log) => (log === 'activity' ? held : null) } },
      );
      const run = await job.runNow();
      assert.equal(run!.error, null);
      const cutoff = run!.logs.activity.cutoff;
      const due = activityTimes.filter((t) => t < cutoff).length;
      assert.ok(run!.logs.activity.waitingForSiem);
      const left = await store.db.selectFrom('activity').select(['seq', 'time']).execute();
      // Exactly the due rows below the hold went; every row from the hold on is kept, however old.
      assert.equal(left.filter((r) => Number(r.seq) < held).length, 0);
      assert.equal(run!.logs.activity.deleted, all.indexOf(held));
      assert.ok(left.filter((r) => Number(r.time) < cutoff).length === due - all.indexOf(held));
      for (const d of run!.logs.activity.dropped ?? []) assert.ok(d.to <= cutoff);
      const kept = await listPartitions(store.db, 'activity');
      const heldTime = Number(left.find((r) => Number(r.seq) === held)!.time);
      assert.ok(kept[0]!.from <= heldTime, 'the partition with the held seq is kept');
    });

    test('without a hold: whole expired months dropped, the partial month deleted by rows, audited', async () => {
      const run = await server.gatehouse.services.retention.runNow();
      assert.equal(run!.error, null);
      const cutoff = run!.logs.activity.cutoff;
      const dropped = run!.logs.activity.dropped ?? [];
      assert.ok(dropped.length >= 1, 'a whole month was dropped');
      const parts = await listPartitions(store.db, 'activity');
      assert.ok(
        parts.every((p) => p.to > cutoff),
        'no wholly expired month is left',
      );
      assert.ok(parts[0]!.from < cutoff, 'the month the cutoff falls in stays');
      const left = await store.db.selectFrom('activity').select('time').execute();
      assert.equal(left.filter((r) => Number(r.time) < cutoff).length, 0);
      assert.equal(left.length, activityTimes.filter((t) => t >= cutoff).length);
      const event = await store.db
        .selectFrom('audit_events')
        .select('event')
        .where('action', '=', 'retention.purged')
        .orderBy('seq', 'desc')
        .executeTakeFirstOrThrow();
      const details = JSON.parse(event.event).details.logs.activity;
      assert.deepEqual(
        details.partitions_dropped.map((d: { partition: string }) => d.partition),
        dropped.map((d) => d.name),
      );
      assert.equal(
        details.partitions_dropped.reduce((n: number, d: { rows: number }) => n + d.rows, 0),
        dropped.reduce((n, d) => n + d.rows, 0),
      );
      assert.equal(details.deleted, run!.logs.activity.deleted);
    });
  });
});
