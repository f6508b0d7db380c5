// The slopsquat suite of `npm run bench` (issue 18): first the detection's figures, in-process
// (slopsquat-detection.ts: precision and recall over the corpus, the popular-names audit, a tool call's
// wait with cold caches); then the public observatory feed, GET
// /v1/slopsquat/observatory, served from the observatory's in-memory snapshot. Gatehouse runs as for
// the other suites (`npm start`, embedded SQLite) over a store seeded beforehand with OBSERVATORY_NAMES
// names each seen by three developers (so all are published), and believes X-Forwarded-For from
// 127.0.0.1, so that the load comes from OBSERVATORY_ADDRESSES client addresses in turn, each well under
// the feed's rate limit per address (as a deployment behind a load balancer or CDN sees it). The goal:
// at least 2,000 requests a second.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore } from '../server/src/store/database.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { ECOSYSTEMS } from '../server/src/slopsquat/slopsquat-contract.ts';
import { OBSERVATORY_RATION } from '../server/src/gateway/observatory-routes.ts';
import { processGroup, type SuiteContext } from './gateway-suite.ts';
import type { LoadResult, RequestSpec } from './load.ts';
import type { CpuShare, MachineInfo } from './machine.ts';
import { describe, heldRate, measure, serverCpuPerRequest, type LoadSettings } from './measure.ts';
import { startCommandLine, startServer } from './server-process.ts';
import { cores, int, mark, ms, table } from './format.ts';
import { detectionRows, measureDetection, type DetectionFigures } from './slopsquat-detection.ts';

export const OBSERVATORY_NAMES = 3_000;
export const OBSERVATORY_ADDRESSES = 4_000;
export const OBSERVATORY_GOAL_RPS = 2_000;
const FEED = '/v1/slopsquat/observatory';

export const SLOPSQUAT_SCENARIO_IDS = [
  'feed-saturation',
  'feed-2000',
  'feed-small-saturation',
  'feed-304-saturation',
] as const;
export type SlopsquatScenarioId = (typeof SLOPSQUAT_SCENARIO_IDS)[number];

interface Scenario {
  id: SlopsquatScenarioId;
  title: string;
  mode: 'open' | 'closed';
  rate?: number;
  query: string;
  /** Revalidation: If-None-Match with the page's current ETag (a subscriber's poll when nothing changed). */
  revalidate?: boolean;
}

const SCENARIOS: Scenario[] = [
  {
    id: 'feed-saturation',
    title: 'first page (500 names), saturation (closed loop)',
    mode: 'closed',
    query: '',
  },
  {
    id: 'feed-2000',
    title: `first page (500 names) at ${int(OBSERVATORY_GOAL_RPS)}/s (open loop)`,
    mode: 'open',
    rate: OBSERVATORY_GOAL_RPS,
    query: '',
  },
  {
    id: 'feed-small-saturation',
    title: 'one ecosystem, 50 names a page, saturation (closed loop)',
    mode: 'closed',
    query: '?ecosystem=npm&limit=50',
  },
  {
    id: 'feed-304-saturation',
    title: 'revalidation, If-None-Match → 304, saturation (closed loop)',
    mode: 'closed',
    query: '',
    revalidate: true,
  },
];

export interface SlopsquatSettings extends LoadSettings {
  logLevel: string;
}

export interface SlopsquatResult {
  scenario: SlopsquatScenarioId;
  title: string;
  load: LoadResult;
  cpu: CpuShare;
}

export interface SlopsquatRun {
  command: string;
  startedAt: Date;
  finishedAt: Date;
  settings: SlopsquatSettings;
  /** The detection's figures (in-process), when they could be measured. */
  detection: DetectionFigures | null;
  /** Bytes of the first page's body. */
  pageBytes: number | null;
  results: SlopsquatResult[];
  error?: string;
}

/** A store with OBSERVATORY_NAMES invented names, three developers each, in a fresh data directory. */
async function seededDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-'));
  const store = openStore({ dataDir });
  try {
    await migrate(store);
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const rows = [];
    for (let i = 0; i < OBSERVATORY_NAMES; i++) {
      const ecosystem = ECOSYSTEMS[i % ECOSYSTEMS.length]!;
      const name = ecosystem === 'go' ? `github.com/bench/invented-module-${i}` : `invented-package-${i}`;
      for (let d = 0; d < 3; d++)
        rows.push({
          ecosystem,
          name,
          developer: randomBytes(16).toString('base64url'),
          model_family: ['claude', 'gpt', 'gemini'][d]!,
          reason: 'missing',
          first_seen: day - (i % 90) * 86_400_000,
          last_seen: day,
          count: 1 + (i % 7),
          blocked: 0,
        });
    }
    for (let i = 0; i < rows.length; i += 500)
      await store.db
        .insertInto('slopsquat_sightings')
        .values(rows.slice(i, i + 500))
        .execute();
  } finally {
    await store.close();
  }
  return dataDir;
}

/** Each request from the next of OBSERVATORY_ADDRESSES addresses, in turn. */
function rotatingAddresses(headers: Record<string, string>) {
  let n = 0;
  return () => {
    n = (n + 1) % OBSERVATORY_ADDRESSES;
    return { ...headers, 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` };
  };
}

export async function runSlopsquatSuite(ctx: SuiteContext, s: SlopsquatSettings): Promise<SlopsquatRun> {
  const run: SlopsquatRun = {
    command: ctx.command,
    startedAt: new Date(),
    finishedAt: new Date(),
    settings: s,
    detection: null,
    pageBytes: null,
    results: [],
  };
  const group = processGroup(ctx.running);
  try {
    ctx.write('\nSlopsquat detection: precision and recall over the corpus, the popular-names audit ... ');
    run.detection = await measureDetection();
    ctx.say(
      `precision ${run.detection.precision.toFixed(3)}, recall ${run.detection.recall.toFixed(3)}, ` +
        `${run.detection.audit.flagged.length} popular names flagged`,
    );
    ctx.say(`Slopsquat: the public observatory feed (${int(OBSERVATORY_NAMES)} names published)`);
    const server = group.keep(
      await startServer({
        repoRoot: ctx.repoRoot,
        logLevel: s.logLevel,
        admin: ctx.admin,
        dataDir: await seededDataDir(),
        env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' },
      }),
    );
    const first = await fetch(`${server.gatewayUrl}${FEED}`, { headers: { 'x-forwarded-for': '10.78.0.1' } });
    const body = await first.text();
    const page = JSON.parse(body) as { entries: unknown[] };
    if (first.status !== 200 || page.entries.length === 0)
      throw new Error(`the feed answered ${first.status} with ${page.entries?.length ?? 0} entries`);
    run.pageBytes = Buffer.byteLength(body);
    const etag = first.headers.get('etag')!;
    for (const scenario of SCENARIOS) {
      ctx.write(`  ${scenario.title}: `);
      await ctx.settle();
      ctx.write(`${s.warmupS}s warm-up + ${s.durationS}s ... `);
      const headers = {
        accept: 'application/json',
        ...(scenario.revalidate ? { 'if-none-match': etag } : {}),
      };
      const request: RequestSpec = {
        method: 'GET',
        path: `${FEED}${scenario.query}`,
        headers,
        nextHeaders: rotatingAddresses(headers),
        expectStatus: scenario.revalidate ? 304 : 200,
      };
      const m = await measure(
        { origin: server.gatewayUrl, cpuSeconds: server.cpuSeconds },
        scenario,
        request,
        s,
      );
      run.results.push({ scenario: scenario.id, title: scenario.title, load: m.load, cpu: m.cpu });
      ctx.say(describe(m.load, m.cpu));
    }
  } catch (err) {
    run.error = (err as Error).message;
    ctx.say(`\n  failed: ${run.error}`);
  } finally {
    await group.stopAll();
    run.finishedAt = new Date();
  }
  return run;
}

export function renderSlopsquatSection(run: SlopsquatRun, machine: MachineInfo, code: string): string[] {
  const s = run.settings;
  const rate = (r: SlopsquatResult) => r.load.achievedRate;
  const saturation = run.results.find((r) => r.scenario === 'feed-saturation');
  const open = run.results.find((r) => r.scenario === 'feed-2000');
  const goalMet = saturation
    ? rate(saturation) >= OBSERVATORY_GOAL_RPS && saturation.load.errors === 0
    : null;
  const held = open ? heldRate(open.load) : null;
  return [
    '## Slopsquat (issue 18)',
    '',
    `Written by \`${run.command}\` (bench/run.ts, suite \`slopsquat\`); rerun it to refresh this section.`,
    '',
    `- Date: ${run.startedAt.toISOString()} (took ${Math.round((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000)} s)`,
    `- Machine: ${machine.cpus} CPUs (nproc), ${machine.cpuModel}, ${machine.memoryGiB} GiB RAM, ${machine.os}; load average ${machine.loadAverage.toFixed(2)} at start`,
    `- Code: ${code}; Node ${machine.node}`,
    `- Gatehouse: \`${startCommandLine()}\`, log level ${s.logLevel}, embedded SQLite seeded with ${int(OBSERVATORY_NAMES)} invented names (three developers each, all six ecosystems), so all are published; the first page of the feed is ${run.pageBytes === null ? 'n/a' : `${int(run.pageBytes)} bytes`}. GATEHOUSE_TRUSTED_PROXIES=127.0.0.1 and each request from the next of ${int(OBSERVATORY_ADDRESSES)} addresses (X-Forwarded-For), each well under the feed's limit of ${OBSERVATORY_RATION.perMinute} a minute per address, so that the figures are the feed's and not its 429s (any other status counts as an error).`,
    '- Detection: in-process over the real extraction, registry lookup and judge against the fake registries of the tests (bench/slopsquat-detection.ts).',
    `- Feed, each scenario: ${s.warmupS} s warm-up then ${s.durationS} s measured; closed loops on ${s.connections} connections, open loops on up to ${s.openConnections}; latency in ms.`,
    ...(run.error ? ['', `**The run stopped early:** ${run.error}`] : []),
    '',
    '### Goals',
    '',
    ...table(
      ['goal', 'measured', ''],
      [
        ...(run.detection ? detectionRows(run.detection, mark) : []),
        [
          `the feed served at ≥ ${int(OBSERVATORY_GOAL_RPS)} requests/s from cache`,
          saturation ? `${int(rate(saturation))}/s at saturation, ${saturation.load.errors} errors` : 'n/a',
          mark(goalMet),
        ],
        [
          `${int(OBSERVATORY_GOAL_RPS)}/s held (open loop)`,
          open
            ? `${int(rate(open))}/s, p50 ${ms(open.load.latency.p50)}, p99 ${ms(open.load.latency.p99)}`
            : 'n/a',
          mark(held),
        ],
      ],
    ),
    '',
    '### Every run',
    '',
    ...table(
      ['scenario', 'answers/s', 'errors', 'p50', 'p99', 'server CPU (cores)', 'server CPU per request'],
      run.results.map((r) => {
        const perRequest = serverCpuPerRequest(r);
        return [
          r.title,
          int(rate(r)),
          String(r.load.errors),
          ms(r.load.latency.p50),
          ms(r.load.latency.p99),
          cores(r.cpu.server),
          perRequest === null ? 'n/a' : `${int(perRequest)} µs`,
        ];
      }),
    ),
  ];
}
