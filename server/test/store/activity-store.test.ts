// The activity log in the store on each engine: rows appended in a transaction keep their order, read
// back by cursor ascending (after) and descending (before) with every filter, each record stored as
// served; a time range's first page read by either plan (the seq walk, or the range's seqs first)
// gives the same pages; and the table is append-only in the database itself, like the audit log.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { eachEngine, freshStore, type FreshStore } from '../helpers/engines.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import {
  appendActivityRows,
  queryActivity,
  toRow,
  type ActivityRow,
} from '../../src/activity/activity-store.ts';
import type { LogPage, LogPlan } from '../../src/store/event-log.ts';
import type { ActivityInput, ActivityRecord, Outcome } from '../../src/activity/activity-types.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

function input(i: number, over: Partial<ActivityInput> = {}): ActivityInput {
  const outcomes: Outcome[] = ['allowed', 'allowed', 'blocked', 'upstream_error', 'gateway_error'];
  const providers = ['anthropic', 'openai', 'gemini'];
  return {
    time: T0 + i * 1000,
    requestId: `req_${i}`,
    actor: { type: 'credential', id: i % 2 ? 'cred_odd' : 'cred_even', name: i % 2 ? 'odd' : 'even' },
    device: null,
    tool: i % 3 === 0 ? 'claude-code' : 'cursor',
    mode: 'provider_key',
    userAgent: 'test-agent/1.0',
    ip: '10.0.0.1',
    provider: providers[i % 3]!,
    model: `model-${i % 4}`,
    providerKeyId: 'pk_test',
    operation: 'messages',
    status: 200,
    outcome: outcomes[i % 5]!,
    errorCode: null,
    signals: i % 5 === 2 ? ['secrets.aws_access_key'] : [],
    signalActions: i % 5 === 2 ? { 'secrets.aws_access_key': 'block' } : {},
    inputTokens: 10 + i,
    outputTokens: 20 + i,
    cachedTokens: null,
    reasoningTokens: null,
    latencyUs: 123_456,
    ttfbUs: 45_678,
    stream: i % 2 === 0,
    requestBytes: 1000,
    responseBytes: 2000,
    ...over,
  };
}

type Query = Omit<Parameters<typeof queryActivity>[1], 'order' | 'limit'> & {
  order?: 'asc' | 'desc';
  limit?: number;
};

eachEngine('activity store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  /** The rows of this suite, in the order appended. */
  const rows: ActivityRow[] = [];
  let seqs: number[] = [];

  const append = (batch: ActivityRow[]) =>
    store.db.transaction().execute((trx) => appendActivityRows(trx, store.dialect, batch));
  const read = (q: Query) => queryActivity(store.db, { order: 'asc', limit: 1000, ...q });
  const recordIds = (docs: string[]) => docs.map((d) => (JSON.parse(d) as ActivityRecord).id);
  /** Every row a query selects, one page of `limit` at a time, following the cursor. */
  async function all(q: Query, limit: number): Promise<string[]> {
    const out: string[] = [];
    let cursor: number | undefined;
    for (let i = 0; i < 1000; i++) {
      const page = await read({ ...q, limit, ...(cursor !== undefined ? { cursor } : {}) });
      out.push(...recordIds(page.documents));
      if (page.lastSeq === null) return out;
      cursor = page.lastSeq;
    }
    assert.fail('too many pages');
  }

  before(async () => {
    fresh = await freshStore(engine);
    store = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
    await migrate(store);
    // Three transactions, the first two of several rows each.
    rows.push(...Array.from({ length: 30 }, (_, i) => toRow(input(i))));
    await append(rows.slice(0, 12));
    await append(rows.slice(12, 29));
    await append(rows.slice(29));
    await append([]); // nothing to write is no error
    const stored = await store.db.selectFrom('activity').select(['id', 'seq']).orderBy('seq').execute();
    assert.deepEqual(
      stored.map((r) => r.id),
      rows.map((r) => r.id),
      'rows are stored in the order appended',
    );
    seqs = stored.map((r) => r.seq);
  });
  after(async () => {
    await store.close();
    await fresh.cleanup();
  });

  test('toRow keeps the record as served, with filter columns copied from it', () => {
    const long = 'm'.repeat(300);
    const row = toRow(
      input(7, { model: long, userAgent: 'u'.repeat(600), actor: null, ttfbUs: null, latencyUs: 1_234_567 }),
    );
    const record = JSON.parse(row.record) as ActivityRecord;
    assert.match(row.id, /^act_[a-z2-7]{20}$/);
    assert.equal(record.id, row.id);
    assert.equal(record.time, new Date(T0 + 7000).toISOString());
    assert.equal(row.time, T0 + 7000);
    assert.equal(record.model!.length, 200);
    assert.equal(row.model, record.model);
    assert.equal(record.user_agent!.length, 512);
    assert.equal(row.actor_id, null);
    assert.equal(record.actor, null);
    assert.equal(record.latency_ms, 1234.6, 'microseconds to milliseconds, one decimal');
    assert.equal(record.ttfb_ms, null);
    assert.equal(row.outcome, record.outcome);
    assert.equal(row.provider, record.provider);
    assert.equal(row.tool, record.tool);
    for (const key of [
      'id',
      'time',
      'actor',
      'tool',
      'provider',
      'model',
      'provider_key_id',
      'status',
      'outcome',
      'signals',
      'input_tokens',
      'output_tokens',
      'latency_ms',
      'ttfb_ms',
      'stream',
    ])
      assert.ok(key in record, key);
  });

  test('ascending after a cursor: every row once, in order, the documents as stored', async () => {
    const first = await read({ limit: 1000 });
    assert.deepEqual(
      first.documents,
      rows.map((r) => r.record),
    );
    assert.equal(first.lastSeq, seqs.at(-1));
    for (const limit of [1, 7, 10, 30]) assert.deepEqual(await all({}, limit), recordIds(first.documents));

    const page = await read({ cursor: seqs[9]!, limit: 5 });
    assert.deepEqual(
      page.documents,
      rows.slice(10, 15).map((r) => r.record),
    );
    assert.equal(page.lastSeq, seqs[14]);
    const end = await read({ cursor: seqs.at(-1)! });
    assert.deepEqual(end, { documents: [], lastSeq: null });
  });

  test('descending before a cursor: newest first, the reverse of ascending', async () => {
    const newest = await read({ order: 'desc', limit: 4 });
    assert.deepEqual(
      newest.documents,
      rows
        .slice(-4)
        .reverse()
        .map((r) => r.record),
    );
    assert.equal(newest.lastSeq, seqs.at(-4));
    const below = await read({ order: 'desc', cursor: seqs[10]!, limit: 3 });
    assert.deepEqual(
      below.documents,
      [9, 8, 7].map((i) => rows[i]!.record),
    );
    assert.equal(below.lastSeq, seqs[7]);
    for (const limit of [1, 4, 30])
      assert.deepEqual(await all({ order: 'desc' }, limit), rows.map((r) => r.id).reverse());
    assert.deepEqual(await read({ order: 'desc', cursor: seqs[0]! }), { documents: [], lastSeq: null });
  });

  test('filters: outcome, provider, model, tool, actorId, since (inclusive), until (exclusive)', async () => {
    const ids = (pick: (r: ActivityRow) => boolean) => rows.filter(pick).map((r) => r.id);
    const cases: Array<[Query, (r: ActivityRow) => boolean]> = [
      [{ outcome: 'blocked' }, (r) => r.outcome === 'blocked'],
      [{ outcome: 'gateway_error' }, (r) => r.outcome === 'gateway_error'],
      [{ provider: 'openai' }, (r) => r.provider === 'openai'],
      [{ model: 'model-3' }, (r) => r.model === 'model-3'],
      [{ tool: 'claude-code' }, (r) => r.tool === 'claude-code'],
      [{ actorId: 'cred_odd' }, (r) => r.actor_id === 'cred_odd'],
      [{ since: T0 + 10_000 }, (r) => r.time >= T0 + 10_000],
      [{ until: T0 + 10_000 }, (r) => r.time < T0 + 10_000],
      [
        { since: T0 + 5_000, until: T0 + 25_000, outcome: 'allowed', actorId: 'cred_even' },
        (r) =>
          r.time >= T0 + 5_000 &&
          r.time < T0 + 25_000 &&
          r.outcome === 'allowed' &&
          r.actor_id === 'cred_even',
      ],
      [
        { provider: 'anthropic', tool: 'claude-code' },
        (r) => r.provider === 'anthropic' && r.tool === 'claude-code',
      ],
      [{ provider: 'nobody' }, () => false],
    ];
    for (const [q, pick] of cases) {
      const expected = ids(pick);
      assert.deepEqual(await all(q, 1000), expected, `asc ${JSON.stringify(q)}`);
      assert.deepEqual(await all(q, 2), expected, `asc by 2 ${JSON.stringify(q)}`);
      assert.deepEqual(
        await all({ ...q, order: 'desc' }, 3),
        [...expected].reverse(),
        `desc ${JSON.stringify(q)}`,
      );
    }
    // A filter with a cursor: rows after the cursor that also match.
    const blockedAfter = await read({ outcome: 'blocked', cursor: seqs[10]! });
    assert.deepEqual(
      recordIds(blockedAfter.documents),
      rows
        .slice(11)
        .filter((r) => r.outcome === 'blocked')
        .map((r) => r.id),
    );
    const blockedBefore = await read({ outcome: 'blocked', cursor: seqs[10]!, order: 'desc' });
    assert.deepEqual(
      recordIds(blockedBefore.documents),
      rows
        .slice(0, 10)
        .filter((r) => r.outcome === 'blocked')
        .map((r) => r.id)
        .reverse(),
    );
  });

  test('the activity table is append-only in the database itself', async () => {
    const row = toRow(input(99));
    await append([row]);
    await assert.rejects(
      sql`UPDATE activity SET outcome = 'blocked' WHERE id = ${row.id}`.execute(store.db),
      /append-only/,
    );
    await assert.rejects(store.db.updateTable('activity').set({ model: 'forged' }).execute(), /append-only/);
    await assert.rejects(sql`DELETE FROM activity WHERE id = ${row.id}`.execute(store.db), /append-only/);
    await assert.rejects(store.db.deleteFrom('activity').execute(), /append-only/);
    const kept = await store.db
      .selectFrom('activity')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    assert.equal(kept.outcome, row.outcome);
    assert.equal(kept.model, row.model);
    assert.equal(kept.record, row.record);
    const count = await store.db
      .selectFrom('activity')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), rows.length + 1);
  });

  test('a transaction that fails appends nothing', async () => {
    const batch = [toRow(input(200)), toRow(input(201))];
    await assert.rejects(
      store.db.transaction().execute(async (trx) => {
        await appendActivityRows(trx, store.dialect, batch);
        throw new Error('the request failed after its activity was appended');
      }),
      /request failed/,
    );
    const found = await store.db
      .selectFrom('activity')
      .select('id')
      .where(
        'id',
        'in',
        batch.map((r) => r.id),
      )
      .execute();
    assert.deepEqual(found, []);
  });

  test('appends keep commit order: a reader past a cursor never skips a row that commits later', async () => {
    // A reader on its own connection, as the activity pull on another replica would be.
    const reader = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
    try {
      const first = [0, 1, 2].map((i) => toRow(input(300 + i, { tool: 'order-test' })));
      const second = [0, 1, 2].map((i) => toRow(input(310 + i, { tool: 'order-test' })));
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let firstIn = false;
      const t1 = store.db.transaction().execute(async (trx) => {
        await appendActivityRows(trx, store.dialect, first);
        firstIn = true;
        await held;
      });
      for (let i = 0; i < 500 && !firstIn; i++) await sleep(10);
      assert.ok(firstIn, 'the first transaction appended');
      let secondDone = false;
      const t2 = append(second).then(() => (secondDone = true));
      const seen: string[] = [];
      let cursor: number | undefined;
      const poll = async () => {
        const page = await queryActivity(reader.db, {
          order: 'asc',
          limit: 1000,
          tool: 'order-test',
          ...(cursor !== undefined ? { cursor } : {}),
        });
        seen.push(...recordIds(page.documents));
        if (page.lastSeq !== null) cursor = page.lastSeq;
      };
      for (let i = 0; i < 15; i++) {
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
    } finally {
      await reader.close();
    }
  });

  test('a batch of more than 500 rows is written whole and in order', async () => {
    const big = Array.from({ length: 1_234 }, (_, i) => toRow(input(1000 + i, { tool: 'bulk' })));
    await append(big);
    assert.deepEqual(
      await all({ tool: 'bulk' }, 1000),
      big.map((r) => r.id),
    );
  });

  test('a time range: the first page takes the plan that reads less, and either plan reads the same pages', async () => {
    // A record committed late: its time among the first rows', its seq after every other row's.
    await append([toRow(input(7, { time: T0 + 7_500 }))]);
    const plan = (q: Query) => queryActivity.plan(store.db, { order: 'asc', limit: 50, ...q });
    // The rows span T0 to T0 + 40 min; now is months later.
    const range = { since: T0 + 5_000, until: T0 + 25_000 };
    assert.equal(await plan({ ...range, order: 'desc' }), 'range', 'newest first, months newer than until');
    assert.equal(await plan({ ...range, order: 'desc', cursor: seqs[20]! }), 'walk', 'a later page walks');
    assert.equal(await plan({ since: T0 + 5_000, order: 'desc' }), 'walk', 'a range ending now');
    assert.equal(await plan(range), 'walk', 'oldest first, 5 s older than since, 20 s of range');
    assert.equal(await plan({ since: T0 + 20_000, until: T0 + 25_000 }), 'range');
    assert.equal(await plan({ since: T0 + 20_000 }), 'walk', 'the range runs to now');
    assert.equal(await plan({ order: 'desc', outcome: 'blocked' }), 'walk', 'no time range');

    const stored = await store.db
      .selectFrom('activity')
      .select(['id', 'seq', 'time', 'outcome', 'actor_id'])
      .orderBy('seq')
      .execute();
    type Stored = (typeof stored)[number];
    const within = (from: number, to: number) => (r: Stored) => r.time >= from && r.time < to;
    const cases: Array<[Query, (r: Stored) => boolean]> = [
      [range, within(range.since, range.until)],
      [
        { ...range, outcome: 'allowed', actorId: 'cred_odd' },
        (r) => within(range.since, range.until)(r) && r.outcome === 'allowed' && r.actor_id === 'cred_odd',
      ],
      [{ since: T0 + 7_000, until: T0 + 8_000 }, within(T0 + 7_000, T0 + 8_000)],
      [{ since: T0 + 20_000 }, (r) => r.time >= T0 + 20_000],
      [{ until: T0 + 10_000, outcome: 'blocked' }, (r) => r.time < T0 + 10_000 && r.outcome === 'blocked'],
      [{ since: T0 + 30_000, until: T0 + 20_000 }, () => false],
    ];
    /** Every page of `q` by one plan, following the cursor: the plan's own statement for each page. */
    async function pages(
      q: Query & { order: 'asc' | 'desc' },
      limit: number,
      by: LogPlan,
    ): Promise<LogPage[]> {
      const out: LogPage[] = [];
      let cursor: number | undefined;
      for (let i = 0; i < 2000; i++) {
        const page = await queryActivity.read(
          store.db,
          { ...q, limit, ...(cursor !== undefined ? { cursor } : {}) },
          by,
        );
        out.push(page);
        if (page.lastSeq === null) return out;
        cursor = page.lastSeq;
      }
      assert.fail('too many pages');
    }
    let late = 0;
    for (const [q, pick] of cases)
      for (const order of ['asc', 'desc'] as const) {
        const ids = stored.filter(pick).map((r) => r.id);
        const expected = order === 'asc' ? ids : ids.reverse();
        const name = `${order} ${JSON.stringify(q)}`;
        if (expected.includes(stored.at(-1)!.id)) late++;
        for (const limit of expected.length > 100 ? [7, 1000] : [1, 3, 1000]) {
          const walked = await pages({ ...q, order }, limit, 'walk');
          assert.deepEqual(
            walked.flatMap((p) => recordIds(p.documents)),
            expected,
            `${name} by ${limit}`,
          );
          assert.deepEqual(
            await pages({ ...q, order }, limit, 'range'),
            walked,
            `${name} by ${limit}: range`,
          );
        }
        assert.deepEqual(await all({ ...q, order }, 3), expected, `${name}: the reader's own choice`);
      }
    assert.ok(late > 0, 'the late record is among the pages read');
    const sqlOf = (by: LogPlan) =>
      queryActivity.compile(store.db, { ...range, order: 'desc', limit: 5 }, by).sql;
    assert.match(sqlOf('range'), /seq \+ 0/);
    assert.doesNotMatch(sqlOf('walk'), /seq \+ 0/);
  });
});
