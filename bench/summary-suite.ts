// The summary suite of `npm run bench` (issue 19): GET /api/v1/activity/summary over a store holding
// BENCH_SUMMARY_RECORDS activity records (default 1,000,000) spread over the last 30 days, on each
// engine. The records are appended in bulk through the activity writer's own append (appendAlone with
// appendActivityRows: on SQLite the writer thread's statements, on PostgreSQL its multi-row inserts), so
// the rollups are what the Gateway would have left. Then Gatehouse runs (`npm start`) on that store and
// the summary of each window is asked over HTTP with an audit:read token, in an open loop at
// BENCH_SUMMARY_RATE a second. The goal: p99 ≤ 100 ms for the 30-day window on both engines.
// Its figures go to bench/RESULTS-issue-19.md (BENCH_SUMMARY_RESULTS), not into RESULTS.md.
import { scratchStore } from './scratch-store.ts';
import { seedFindings } from './bench-findings.ts';
import fs from 'node:fs';
import path from 'node:path';
import { openStore, type Store } from '../server/src/store/database.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { appendAlone } from '../server/src/store/event-log.ts';
import { appendActivityRows, toRow, type ActivityRow } from '../server/src/activity/activity-store.ts';
import type { ActivityInput, Outcome } from '../server/src/activity/activity-types.ts';
import { createLogger } from '../server/src/http/logger.ts';
import { processGroup, type SuiteContext } from './gateway-suite.ts';
import { prepare } from './fixtures.ts';
import type { LoadResult, RequestSpec } from './load.ts';
import { describe, measure, type LoadSettings } from './measure.ts';
import type { CpuShare } from './machine.ts';
import { startServer } from './server-process.ts';
import { int, ms, table } from './format.ts';

export const SUMMARY_GOAL_P99_MS = 100;
const DAY = 86_400_000;
const WINDOWS = ['30d', '7d', '24h'] as const;
type Engine = 'sqlite' | 'postgres';

export interface SummarySettings extends LoadSettings {
  logLevel: string;
  records: number;
  rate: number;
  engines: Engine[];
  /** An existing database of the PostgreSQL server to connect to, to create the run's own database. */
  postgresUrl: string;
  resultsFile: string;
}

interface EngineRun {
  engine: Engine;
  seedSeconds: number;
  records: number;
  results: Array<{ window: string; load: LoadResult; cpu: CpuShare }>;
  error?: string;
}

export interface SummaryRun {
  command: string;
  startedAt: Date;
  finishedAt: Date;
  settings: SummarySettings;
  engines: EngineRun[];
  error?: string;
}

const OUTCOMES: Array<[Outcome, number]> = [
  ['allowed', 0.85],
  ['redacted', 0.05],
  ['blocked', 0.04],
  ['upstream_error', 0.04],
  ['gateway_error', 0.02],
];
const TOOLS = [
  'claude-code',
  'cursor',
  'codex',
  'gemini-cli',
  'openai-sdk',
  'anthropic-sdk',
  'aider',
  'cline',
];
const PROVIDERS = ['anthropic', 'openai', 'azure', 'gemini'];

/** A deterministic spread: 200 developers and 20 credentials, 8 tools, 24 models, 4 providers, 10% MCP calls. */
export function record(i: number, time: number, random: () => number): ActivityInput {
  let r = random();
  const outcome = OUTCOMES.find(([, p]) => (r -= p) < 0)?.[0] ?? 'allowed';
  const mcp = i % 10 === 9;
  const dev = Math.floor(random() ** 2 * 220);
  const provider = PROVIDERS[dev % 4]!;
  return {
    time,
    requestId: `req_${i}`,
    actor:
      dev < 200
        ? { type: 'developer', id: `dev_bench${dev}`, name: `dev${dev}@example.com` }
        : { type: 'credential', id: `cred_bench${dev}`, name: `ci-${dev}` },
    device: null,
    tool: TOOLS[Math.floor(random() ** 1.5 * TOOLS.length)]!,
    mode: mcp ? null : 'provider_key',
    userAgent: 'bench/1.0',
    ip: '10.0.0.1',
    provider: mcp ? null : provider,
    model: mcp ? null : `${provider}-model-${Math.floor(random() * 6)}`,
    providerKeyId: null,
    operation: mcp ? 'tools/call' : 'messages',
    status: outcome === 'blocked' ? 400 : 200,
    outcome,
    errorCode: null,
    signals: outcome === 'redacted' ? ['aws-access-key'] : [],
    signalActions: outcome === 'redacted' ? { 'aws-access-key': 'redact' } : {},
    inputTokens: mcp ? null : 500 + (i % 3000),
    outputTokens: mcp ? null : 50 + (i % 800),
    cachedTokens: null,
    reasoningTokens: null,
    latencyUs: 800_000,
    ttfbUs: 200_000,
    stream: false,
    requestBytes: 4000,
    responseBytes: 2000,
    ...(mcp
      ? { mcp: { source: 'routed' as const, server: 'notes', method: 'tools/call', tool: 'read' } }
      : {}),
  };
}

/** A small seeded generator, so that every run seeds the same records. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Appends `n` records over the 30 days before now, oldest first, as the writer would. */
async function seed(store: Store, n: number, now: number): Promise<void> {
  const random = seeded(19);
  const batch = 2000;
  const start = now - 30 * DAY;
  for (let i = 0; i < n; i += batch) {
    const rows: ActivityRow[] = [];
    for (let j = i; j < Math.min(n, i + batch); j++)
      rows.push(toRow(record(j, start + Math.floor(((j + 0.5) / n) * 30 * DAY), random)));
    await appendAlone(store, appendActivityRows, rows);
  }
  await seedFindings(store, 5000, start, 30 * DAY, 'rf_bench');
}

interface Seeded {
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

async function seededStore(engine: Engine, s: SummarySettings, now: number): Promise<Seeded> {
  const { databaseUrl, dataDir, drop } = await scratchStore(engine, s.postgresUrl, 'gatehouse-bench-summary');
  // With a logger: on SQLite the batches then go through the writer thread, as the server's do.
  const store = openStore({ databaseUrl, dataDir, log: createLogger('silent') });
  try {
    await migrate(store);
    await seed(store, s.records, now);
  } finally {
    await store.close();
  }
  return { env: databaseUrl ? { GATEHOUSE_DATABASE_URL: databaseUrl } : {}, dataDir, drop };
}

export async function runSummarySuite(ctx: SuiteContext, s: SummarySettings): Promise<SummaryRun> {
  const run: SummaryRun = {
    command: ctx.command,
    startedAt: new Date(),
    finishedAt: new Date(),
    settings: s,
    engines: [],
  };
  for (const engine of s.engines) {
    const e: EngineRun = { engine, seedSeconds: 0, records: s.records, results: [] };
    run.engines.push(e);
    const group = processGroup(ctx.running);
    let seededStoreOf: Seeded | undefined;
    try {
      ctx.write(`\nSummary [${engine}]: seeding ${int(s.records)} activity records over 30 days ... `);
      const t0 = performance.now();
      seededStoreOf = await seededStore(engine, s, Date.now());
      e.seedSeconds = (performance.now() - t0) / 1000;
      ctx.say(`${e.seedSeconds.toFixed(0)} s`);
      const server = group.keep(
        await startServer({
          repoRoot: ctx.repoRoot,
          logLevel: s.logLevel,
          admin: ctx.admin,
          dataDir: seededStoreOf.dataDir,
          env: seededStoreOf.env,
          startTimeoutMs: 120_000,
        }),
      );
      const { accessToken } = await prepare(server.consoleUrl, ctx.admin);
      for (const window of WINDOWS) {
        const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
        const check = await fetch(`${server.consoleUrl}/api/v1/activity/summary?window=${window}`, {
          headers,
        });
        const body = (await check.json()) as { totals?: { requests: number } };
        if (check.status !== 200 || !body.totals?.requests)
          throw new Error(
            `the ${window} summary answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`,
          );
        ctx.write(`  window=${window} (${int(body.totals.requests)} requests) at ${s.rate}/s: `);
        await ctx.settle();
        const request: RequestSpec = {
          method: 'GET',
          path: `/api/v1/activity/summary?window=${window}`,
          headers,
          expectStatus: 200,
        };
        const m = await measure(
          { origin: server.consoleUrl, cpuSeconds: server.cpuSeconds },
          { mode: 'open', rate: s.rate },
          request,
          s,
        );
        e.results.push({ window, load: m.load, cpu: m.cpu });
        ctx.say(describe(m.load, m.cpu));
      }
    } catch (err) {
      e.error = (err as Error).message;
      run.error = e.error;
      ctx.say(`\n  failed: ${e.error}`);
    } finally {
      await group.stopAll();
      await seededStoreOf?.drop();
    }
  }
  run.finishedAt = new Date();
  fs.writeFileSync(s.resultsFile, renderSummaryResults(run).join('\n') + '\n');
  ctx.say(`\nwrote ${path.relative(process.cwd(), s.resultsFile)}`);
  return run;
}

export function renderSummaryResults(run: SummaryRun): string[] {
  const s = run.settings;
  const rows: string[][] = [];
  for (const e of run.engines) {
    if (e.error) rows.push([e.engine, '', '', '', '', '', `failed: ${e.error}`]);
    for (const r of e.results) {
      const l = r.load.latency;
      const goal =
        r.window === '30d'
          ? l.p99 / 1000 <= SUMMARY_GOAL_P99_MS && r.load.errors === 0
            ? 'met'
            : 'missed'
          : '';
      rows.push([
        e.engine,
        r.window,
        ms(l.p50),
        ms(l.p99),
        ms(l.max),
        `${int(r.load.ok)} / ${int(r.load.errors)}`,
        goal,
      ]);
    }
  }
  return [
    '# Issue 19: the activity summary, measured',
    '',
    `\`${run.command}\``,
    '',
    `${run.startedAt.toISOString()} to ${run.finishedAt.toISOString()}. Each engine's store holds ${int(s.records)} activity records over the last 30 days (200 developers and 20 credentials, 8 tools, 24 models, 4 providers, 10% MCP calls) and 5,000 findings, appended in batches of 2,000 through the activity writer's append (the rollups kept as the Gateway keeps them). GET /api/v1/activity/summary with an audit:read token, open loop at ${s.rate}/s, ${s.warmupS} s warm-up and ${s.durationS} s measured per window.`,
    '',
    ...table(
      ['engine', 'window', 'p50', 'p99', 'max', 'ok / errors', `goal p99 ≤ ${SUMMARY_GOAL_P99_MS} ms (30d)`],
      rows,
    ),
    '',
    'Seeding: ' + run.engines.map((e) => `${e.engine} ${e.seedSeconds.toFixed(0)} s`).join(', ') + '.',
  ];
}
