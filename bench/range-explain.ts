// A narrow time range's first page on a seeded store, by either plan of the logs' reader
// (server/src/store/event-log.ts): what each reads and how long it takes, per engine, before and after
// migration 0021's (time, seq) index. Figures for docs/decisions/scale-bench.md, "A narrow time range".
// Not a suite of `npm run bench`: run it on its own, on a quiet machine.
//
//   node --import tsx bench/range-explain.ts postgres|sqlite [activity rows, default 1,500,000]
//
// PostgreSQL: a schema of its own in GATEHOUSE_TEST_DATABASE_URL's database (default the tests'
// `test`), dropped afterwards; EXPLAIN (ANALYZE, BUFFERS) of each read, the median of 5. SQLite: a
// temporary directory; EXPLAIN QUERY PLAN and the median of 21 reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import { openStore, type Store } from '../server/src/store/database.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { ensurePartitions, monthStart } from '../server/src/store/time-partitions.ts';
import { queryActivity } from '../server/src/activity/activity-store.ts';
import { queryAudit } from '../server/src/audit/audit-store.ts';
import type { LogPlan, LogReader } from '../server/src/store/event-log.ts';
import { bulkSeed } from './scale-seed.ts';
import { SPAN_DAYS } from './scale-suite.ts';

const DAY = 86_400_000;
const engine = process.argv[2] === 'sqlite' ? 'sqlite' : 'postgres';
const activityRows = Number(process.argv[3] ?? 1_500_000);
const now = Date.now();
const ago = (days: number) => now - days * DAY;
/** A month wholly inside the seeded span. */
const month = monthStart(ago(45));

interface Case {
  name: string;
  reader: LogReader<'since' | 'until'>;
  q: { since?: number; until?: number; order: 'asc' | 'desc'; limit: number };
}
// The readers take more filters than these; a range is all a case sets.
const activity = queryActivity as unknown as LogReader<'since' | 'until'>;
const audit = queryAudit as unknown as LogReader<'since' | 'until'>;
const CASES: Case[] = [
  {
    name: 'activity: a day 45 days back, oldest first',
    reader: activity,
    q: { since: ago(45), until: ago(44), order: 'asc', limit: 50 },
  },
  {
    name: 'activity: a day 45 days back, newest first',
    reader: activity,
    q: { since: ago(45), until: ago(44), order: 'desc', limit: 50 },
  },
  {
    name: 'activity: the last day (to now), newest first',
    reader: activity,
    q: { since: ago(1), order: 'desc', limit: 50 },
  },
  {
    name: 'activity: the last day (to now), oldest first',
    reader: activity,
    q: { since: ago(1), order: 'asc', limit: 50 },
  },
  {
    name: 'activity: since 45 days back, oldest first',
    reader: activity,
    q: { since: ago(45), order: 'asc', limit: 50 },
  },
  {
    name: 'audit: a day 45 days back, oldest first',
    reader: audit,
    q: { since: ago(45), until: ago(44), order: 'asc', limit: 100 },
  },
  // Where the range falls in its month partition decides the walk's cost: the walk's worst cases.
  {
    name: "activity: a month's first day, newest first",
    reader: activity,
    q: { since: month, until: month + DAY, order: 'desc', limit: 50 },
  },
  {
    name: "activity: a month's last day, oldest first",
    reader: activity,
    q: { since: monthStart(month, 1) - DAY, until: monthStart(month, 1), order: 'asc', limit: 50 },
  },
];

const say = (line: string) => process.stdout.write(`${line}\n`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Figures {
  ms: number;
  /** PostgreSQL: shared buffers hit and read by the statement. */
  hit?: number;
  read?: number;
  plan: string;
}

async function measure(store: Store, c: Case, plan: LogPlan): Promise<Figures> {
  const query = c.reader.compile(store.db, { ...c.q }, plan);
  if (store.dialect === 'postgres') {
    const runs: Array<{ ms: number; hit: number; read: number }> = [];
    let text = '';
    for (let i = 0; i < 5; i++) {
      const { rows } = await store.db.executeQuery<{ 'QUERY PLAN': Array<Record<string, unknown>> }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`, [...query.parameters]),
      );
      const top = rows[0]!['QUERY PLAN'][0]!;
      const node = top.Plan as Record<string, number>;
      runs.push({
        ms: top['Execution Time'] as number,
        hit: node['Shared Hit Blocks']!,
        read: node['Shared Read Blocks']!,
      });
    }
    const { rows } = await store.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${query.sql}`, [
        ...query.parameters,
      ]),
    );
    text = rows.map((r) => r['QUERY PLAN']).join('\n');
    const last = runs.at(-1)!;
    return { ms: median(runs.map((r) => r.ms)), hit: last.hit, read: last.read, plan: text };
  }
  const { rows } = await store.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    await store.db.executeQuery(query);
    times.push(performance.now() - t0);
  }
  return { ms: median(times), plan: rows.map((r) => r.detail).join('\n') };
}

async function report(store: Store, stage: string, plans: LogPlan[]) {
  for (const c of CASES) {
    const chosen = await c.reader.plan(store.db, { ...c.q });
    for (const plan of plans) {
      const f = await measure(store, c, plan);
      const buffers = f.hit === undefined ? '' : ` | ${f.hit + f.read!} (${f.read} read)`;
      const mark = plans.length > 1 && plan === chosen ? ' (chosen)' : '';
      say(`| ${stage} | ${c.name} | ${plan}${mark} | ${f.ms.toFixed(2)}${buffers} |`);
      if (process.env.RANGE_EXPLAIN_PLANS) process.stderr.write(`-- ${stage} ${c.name} ${plan}\n${f.plan}\n`);
    }
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-range-explain-'));
  const base = process.env.GATEHOUSE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `range_explain_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    // In the address, so that the seeder's own COPY connection lands in the schema too.
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  const store = openStore({ databaseUrl, dataDir });
  try {
    await migrate(store, '0020-finding-requests');
    if (engine === 'postgres') await ensurePartitions(store.db, now, ago(SPAN_DAYS));
    const t0 = performance.now();
    await bulkSeed(
      store,
      dataDir,
      { activity: activityRows, audit: Math.round(activityRows / 2), findings: 1000 },
      now,
      SPAN_DAYS * DAY,
    );
    // As the scale suite leaves the store before it is served.
    await sql`ANALYZE`.execute(store.db);
    say(
      `${engine}: ${activityRows} activity records seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
    );
    const head = engine === 'postgres' ? ' | buffers |\n|---|---|---|---|---|' : '\n|---|---|---|---|';
    say(`| index | read | plan | ms${head}`);
    await report(store, 'time', ['walk']);
    await migrate(store);
    await sql`ANALYZE`.execute(store.db);
    await report(store, engine === 'postgres' ? '(time, seq)' : 'time', ['walk', 'range']);
    if (engine === 'postgres') {
      // Index-only reads skip the heap for pages the visibility map marks all-visible, which
      // (auto)vacuum sets; a freshly loaded table has none set.
      await sql`VACUUM ANALYZE`.execute(store.db);
      await report(store, '(time, seq), vacuumed', ['walk', 'range']);
    }
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
}

await main();
