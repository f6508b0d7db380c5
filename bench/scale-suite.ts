// The scale suite of `npm run bench` (issue 21), only when named in BENCH_SUITES: on each engine, a store
// holding BENCH_SCALE_ACTIVITY activity records (default 10,000,000), BENCH_SCALE_AUDIT audit events
// (5,000,000) and BENCH_SCALE_FINDINGS risk findings (100,000) over the 88 days before now (inside every
// default retention), seeded in bulk (scale-seed.ts: the logs' own rows, not through HTTP). Then:
// - Gatehouse runs on it; each list is asked over HTTP in an open loop at BENCH_SCALE_RATE a second: the
//   SIEM pull (first page, a page deep in the log, a since/until day), the activity list with each
//   filter, the findings list. Goal: p99 ≤ 50 ms each. The SIEM pull is then paged through to its end.
// - the Gateway's added latency at BENCH_SCALE_GATEWAY_RATES (1,000 and 500 a second) on the seeded
//   store and on an empty one, each against the mock reached directly, in one run (scale-gateway.ts).
// - the retention job deleting a month of activity (the setting lowered from 90 to 60 days through the
//   management API, run by the restarted server's own job) while the Gateway serves 500 a second: its
//   p50/p99 just before and during, and the store's size before and after (scale-sizes.ts).
// Bytes per record on disk are read as the seeding goes. Figures go to bench/RESULTS-issue-21-scale.md
// (BENCH_SCALE_RESULTS).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { scratchStore, type ScratchStore } from './scratch-store.ts';
import { openStore, type Store } from '../server/src/store/database.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { ensurePartitions } from '../server/src/store/time-partitions.ts';
import { processGroup, type SuiteContext } from './gateway-suite.ts';
import { createCredential, exchangeToken, signIn, tokenExchangeRequest } from './fixtures.ts';
import type { LoadResult, RequestSpec } from './load.ts';
import { describe, measure, type LoadSettings } from './measure.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { startMock } from './gateway-processes.ts';
import { int } from './format.ts';
import { renderScaleResults } from './scale-report.ts';
import { bulkSeed, type SeedReport } from './scale-seed.ts';
import { activityBytes, type ActivityBytes } from './scale-sizes.ts';
import {
  gatewayAtScale,
  retentionUnderLoad,
  type GatewayAtScale,
  type RetentionUnderLoad,
} from './scale-gateway.ts';

const DAY = 86_400_000;
export const SPAN_DAYS = 88;
/** The retention run: the activity setting lowered from its default (90 days) to this. */
export const RETENTION_DAYS = 60;
type Engine = 'sqlite' | 'postgres';

export interface ScaleSettings extends LoadSettings {
  logLevel: string;
  activity: number;
  audit: number;
  findings: number;
  rate: number;
  /** Chat completions a second for the Gateway at scale (the first is also the retention's rate's double). */
  gatewayRates: number[];
  /** The Gateway's rate while the retention job runs. */
  retentionRate: number;
  rounds: number;
  chunkDelayMs: number;
  engines: Engine[];
  postgresUrl: string;
  resultsFile: string;
}

export interface EngineRun {
  engine: Engine;
  seedSeconds: number;
  seed?: SeedReport;
  results: Array<{ name: string; load: LoadResult }>;
  /** The SIEM pull paged through from the start: events read, pages, seconds. */
  pageThrough?: { events: number; pages: number; seconds: number };
  gateway: GatewayAtScale[];
  retention?: RetentionUnderLoad & { sizeBefore: ActivityBytes; sizeAfter: ActivityBytes };
  error?: string;
}

export interface ScaleRun {
  command: string;
  startedAt: Date;
  finishedAt: Date;
  settings: ScaleSettings;
  engines: EngineRun[];
  error?: string;
}

interface Seeded extends ScratchStore {
  env: Record<string, string>;
  /** A cursor 90% of the way into the audit log, and a request id of the activity. */
  deepCursor: number;
  requestId: string;
}

async function seededStore(engine: Engine, s: ScaleSettings, e: EngineRun, now: number): Promise<Seeded> {
  const scratch = await scratchStore(engine, s.postgresUrl, 'gatehouse-bench-scale');
  const { databaseUrl, dataDir } = scratch;
  // No logger: on SQLite no writer thread; the bulk load writes on a connection of its own.
  const store = openStore({ databaseUrl, dataDir });
  try {
    await migrate(store);
    // The months the records fall in, as a store that had run that long would have made them.
    if (engine === 'postgres') await ensurePartitions(store.db, now, now - SPAN_DAYS * DAY);
    e.seed = await bulkSeed(store, dataDir, s, now, SPAN_DAYS * DAY);
    if (engine === 'postgres') {
      // As a store that has run for months: its old rows frozen and all-visible (index-only scans can
      // use them), its statistics current and its pages written out. Without this, autovacuum's first
      // passes over ten million fresh rows and the hint bits set by the first reads ran during the
      // measurements (0.4 of a core beside the Gateway in the first 10 M run).
      await sql`VACUUM (FREEZE, ANALYZE)`.execute(store.db);
      await sql`CHECKPOINT`.execute(store.db);
    } else await sql`ANALYZE`.execute(store.db);
    const range = await store.db
      .selectFrom('audit_events')
      .select((eb) => [eb.fn.min('seq').as('lo'), eb.fn.max('seq').as('hi')])
      .executeTakeFirstOrThrow();
    const lo = Number(range.lo);
    const deepCursor = Math.floor(lo + 0.9 * (Number(range.hi) - lo));
    const one = await store.db
      .selectFrom('activity')
      .select('request_id')
      .where('seq', '>=', Math.floor(s.activity / 2))
      .orderBy('seq')
      .limit(1)
      .executeTakeFirstOrThrow();
    return {
      ...scratch,
      env: databaseUrl ? { GATEHOUSE_DATABASE_URL: databaseUrl } : {},
      deepCursor,
      requestId: one.request_id,
    };
  } finally {
    await store.close();
  }
}

/** The lists asked, each a path under the console's origin. */
function lists(seededStore: Seeded, now: number): Array<{ name: string; path: string }> {
  const day = (n: number) => new Date(now - n * DAY).toISOString();
  const range = `since=${day(45)}&until=${day(44)}`;
  return [
    { name: 'audit: first page', path: '/api/v1/audit/events?limit=100' },
    { name: 'audit: page 90% deep', path: `/api/v1/audit/events?after=${seededStore.deepCursor}&limit=100` },
    { name: 'audit: since/until a day', path: `/api/v1/audit/events?${range}&limit=100` },
    { name: 'audit: newest first', path: '/api/v1/audit/events?order=desc&limit=100' },
    { name: 'activity: newest first', path: '/api/v1/activity?order=desc&limit=50' },
    { name: 'activity: since/until a day', path: `/api/v1/activity?${range}&limit=50` },
    { name: 'activity: outcome', path: '/api/v1/activity?order=desc&outcome=gateway_error&limit=50' },
    { name: 'activity: provider', path: '/api/v1/activity?order=desc&provider=gemini&limit=50' },
    { name: 'activity: model', path: '/api/v1/activity?order=desc&model=openai-model-3&limit=50' },
    { name: 'activity: tool', path: '/api/v1/activity?order=desc&tool=cline&limit=50' },
    { name: 'activity: actor', path: '/api/v1/activity?order=desc&actor_id=dev_bench150&limit=50' },
    { name: 'activity: mcp_server', path: '/api/v1/activity?order=desc&mcp_server=notes&limit=50' },
    { name: 'activity: request_id', path: `/api/v1/activity?request_id=${seededStore.requestId}` },
    { name: 'findings: first page', path: '/api/v1/risk/findings?limit=50' },
    {
      name: 'findings: open, critical',
      path: '/api/v1/risk/findings?status=open&severity=critical&limit=50',
    },
  ];
}

/** Each list asked at `s.rate` a second, its first answer checked to hold rows. */
async function measureLists(
  ctx: SuiteContext,
  s: ScaleSettings,
  e: EngineRun,
  server: ServerProcess,
  headers: Record<string, string>,
  store: Seeded,
  now: number,
): Promise<void> {
  for (const list of lists(store, now)) {
    const check = await fetch(`${server.consoleUrl}${list.path}`, { headers });
    const body = (await check.json()) as Record<string, unknown[]>;
    const rows = Object.values(body).find(Array.isArray)?.length ?? 0;
    if (check.status !== 200 || rows === 0)
      throw new Error(`${list.name} answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
    ctx.write(`  ${list.name} (${rows} rows) at ${s.rate}/s: `);
    await ctx.settle();
    const request: RequestSpec = { method: 'GET', path: list.path, headers, expectStatus: 200 };
    const m = await measure(
      { origin: server.consoleUrl, cpuSeconds: server.cpuSeconds },
      { mode: 'open', rate: s.rate },
      request,
      s,
    );
    e.results.push({ name: list.name, load: m.load });
    ctx.say(describe(m.load, m.cpu));
  }
}

/** The SIEM pull from the start of the log to its end, 1,000 events a page, as a SIEM catching up would. */
async function pageThrough(consoleUrl: string, headers: Record<string, string>, least: number) {
  const t0 = performance.now();
  let cursor: string | null = null;
  let events = 0;
  let pages = 0;
  for (;;) {
    const q: string = cursor === null ? '' : `&after=${cursor}`;
    const res = await fetch(`${consoleUrl}/api/v1/audit/events?limit=1000${q}`, { headers });
    const body = (await res.json()) as { events?: unknown[]; next_cursor: string | null };
    if (res.status !== 200 || !body.events)
      throw new Error(`the SIEM pull answered ${res.status} at ${cursor}`);
    pages++;
    if (body.events.length === 0) break;
    if (body.next_cursor === cursor) throw new Error(`the SIEM pull did not move past ${cursor}`);
    events += body.events.length;
    cursor = body.next_cursor;
  }
  if (events < least) throw new Error(`the SIEM pull paged through ${events} events of ${least}`);
  return { events, pages, seconds: (performance.now() - t0) / 1000 };
}

/** The store as the bench reads it (its own connection, no writer thread). */
async function withStore<T>(seeded: Seeded, f: (store: Store) => Promise<T>): Promise<T> {
  const store = openStore({ databaseUrl: seeded.databaseUrl, dataDir: seeded.dataDir });
  try {
    return await f(store);
  } finally {
    await store.close();
  }
}

async function runEngine(ctx: SuiteContext, s: ScaleSettings, engine: Engine, e: EngineRun): Promise<void> {
  const group = processGroup(ctx.running);
  let store: Seeded | undefined;
  let empty: ScratchStore | undefined;
  try {
    ctx.write(
      `\nScale [${engine}]: seeding ${int(s.activity)} activity records, ${int(s.audit)} audit events, ${int(s.findings)} findings ... `,
    );
    const t0 = performance.now();
    const now = Date.now();
    store = await seededStore(engine, s, e, now);
    e.seedSeconds = (performance.now() - t0) / 1000;
    const seed = e.seed!;
    ctx.say(
      `${e.seedSeconds.toFixed(0)} s (activity ${int(seed.activityPerS)}/s, audit ${int(seed.auditPerS)}/s, rollups ${seed.rollupS.toFixed(1)} s)`,
    );
    const mock = group.keep(await startMock(ctx.repoRoot, s.chunkDelayMs));
    const serverOptions = {
      repoRoot: ctx.repoRoot,
      logLevel: s.logLevel,
      admin: ctx.admin,
      dataDir: store.dataDir,
      // The store outlives the server: another starts on it for the retention run (store.drop removes it).
      keepDataDir: true,
      env: { ...store.env, GATEHOUSE_SLOPSQUAT_REGISTRIES: mock.registries },
      startTimeoutMs: 300_000,
    };
    const seeded = group.keep(await startServer(serverOptions));
    const session = await signIn(seeded.consoleUrl, ctx.admin);
    const scopes = ['audit:read', 'risk:read'];
    const { clientId, clientSecret } = await createCredential(seeded.consoleUrl, session, 'scale', scopes);
    const token = await exchangeToken(
      seeded.consoleUrl,
      tokenExchangeRequest(clientId, clientSecret),
      scopes.join(' '),
    );
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    await measureLists(ctx, s, e, seeded, headers, store, now);
    ctx.write('  SIEM pull, paged through from the start: ');
    e.pageThrough = await pageThrough(seeded.consoleUrl, headers, s.audit);
    ctx.say(`${int(e.pageThrough.events)} events in ${e.pageThrough.seconds.toFixed(1)} s`);

    // The same Gateway on an empty store of the same engine, for the comparison the issue asks.
    empty = await scratchStore(engine, s.postgresUrl, 'gatehouse-bench-scale-empty');
    const emptyServer = group.keep(
      await startServer({
        ...serverOptions,
        dataDir: empty.dataDir,
        env: {
          ...(empty.databaseUrl ? { GATEHOUSE_DATABASE_URL: empty.databaseUrl } : {}),
          GATEHOUSE_SLOPSQUAT_REGISTRIES: mock.registries,
        },
      }),
    );
    const gw = await gatewayAtScale(ctx, s, mock, { empty: emptyServer, seeded });
    e.gateway = gw.results;
    await emptyServer.stop();
    await seeded.stop();

    // Retention: the next server's job runs a minute after its start, with the setting it finds then.
    ctx.say(
      `  retention: a month of activity (90 → ${RETENTION_DAYS} days) while the Gateway serves ${s.retentionRate}/s`,
    );
    const sizeBefore = await withStore(store, activityBytes);
    const launchedAt = Date.now();
    const again = group.keep(await startServer(serverOptions));
    const retention = await withStore(store, (st) =>
      retentionUnderLoad(
        ctx,
        s,
        st,
        again,
        launchedAt,
        gw.seededRequests.chat,
        mock,
        s.retentionRate,
        RETENTION_DAYS,
      ),
    );
    await again.stop();
    // PostgreSQL gives back nothing by itself: a plain VACUUM marks the deleted rows' space reusable.
    const sizeAfter = await withStore(store, async (st) => {
      if (st.dialect === 'postgres') await sql`VACUUM`.execute(st.db);
      return activityBytes(st);
    });
    e.retention = { ...retention, sizeBefore, sizeAfter };
    const d = retention.during;
    ctx.say(
      `    ${int(retention.deleted)} deleted in ${retention.runS.toFixed(1)} s; Gateway p99 before ${(retention.before.load.latency.p99 / 1000).toFixed(2)} ms, during ${d ? (d.load.latency.p99 / 1000).toFixed(2) : 'n/a'} ms, after ${(retention.after.load.latency.p99 / 1000).toFixed(2)} ms`,
    );
  } catch (err) {
    e.error = (err as Error).message;
    ctx.say(`\n  failed: ${e.error}`);
  } finally {
    await group.stopAll();
    await store?.drop();
    await empty?.drop();
  }
}

export async function runScaleSuite(ctx: SuiteContext, s: ScaleSettings): Promise<ScaleRun> {
  const run: ScaleRun = {
    command: ctx.command,
    startedAt: new Date(),
    finishedAt: new Date(),
    settings: s,
    engines: [],
  };
  for (const engine of s.engines) {
    const e: EngineRun = { engine, seedSeconds: 0, results: [], gateway: [] };
    run.engines.push(e);
    await runEngine(ctx, s, engine, e);
    if (e.error) run.error = e.error;
  }
  run.finishedAt = new Date();
  fs.writeFileSync(s.resultsFile, renderScaleResults(run).join('\n') + '\n');
  ctx.say(`\nwrote ${path.relative(process.cwd(), s.resultsFile)}`);
  return run;
}
