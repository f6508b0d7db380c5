// `npm run bench`: five suites, then bench/RESULTS.md.
// - api (issue 1): starts Gatehouse as a child process, prepares a credential and a token through the
//   API, runs each scenario (warm-up, then the measured window) and stops the server; once per server
//   log level (info, the default, and warn) because the per-request access log is a real part of the
//   server's cost.
// - gateway (issue 4): a mock provider and, side by side in front of it, nothing, a bare Fastify + undici
//   pass-through, the Gatehouse Gateway and the Portkey gateway (gateway-suite.ts); then, when asked,
//   the memory soak.
// - policy (issue 5): the detectors' precision and recall on the corpus and their throughput, then a
//   1 MB coding-agent conversation through the Gateway with the policy off and on (policy-suite.ts).
// - slopsquat (issue 18): the public observatory feed, GET /v1/slopsquat/observatory, served from its
//   snapshot over a seeded store, at saturation and at 2,000/s (slopsquat-suite.ts).
// - mcp (issues 16 and 17): an MCP server reached directly and through /mcp/{alias}, tools/call and a
//   200-tool tools/list side by side, then POST /mcp/decide alone, then a stdio server's tools/call run
//   directly and through `gatehouse-client mcp wrap` (mcp-suite.ts, mcp-stdio.ts).
// - summary (issue 19): GET /api/v1/activity/summary over 1,000,000 activity records on each engine
//   (summary-suite.ts); its figures go to bench/RESULTS-issue-19.md.
// - siem (issue 20), only when named in BENCH_SUITES: the SIEM push export keeping up with 5,000 audit
//   events/s and its lag at 1,000/s, to a local webhook receiver (siem-suite.ts), into
//   bench/RESULTS-issue-20-siem.md. BENCH_SIEM_RATES: events per second, one scenario each (default 5000,1000).
// - traces (issue 20), only when named in BENCH_SUITES: the Gateway with OpenTelemetry tracing off and on,
//   beside the mock reached directly (traces-suite.ts), into bench/RESULTS-issue-20-traces.md.
// - scale (issue 21), only when named in BENCH_SUITES: the SIEM pull, the activity list with each filter
//   and the findings list over 10,000,000 activity records, 5,000,000 audit events and 100,000 findings
//   on each engine (seeded in bulk, scale-seed.ts), the Gateway's added latency on that store and on an
//   empty one, then retention deleting a month while the Gateway serves 500/s (scale-suite.ts), into
//   bench/RESULTS-issue-21-scale.md.
//
// Settings (environment):
//   BENCH_SUITES            which suites, comma-separated (default all: api,gateway,policy,mcp,slopsquat,summary); a suite not run keeps
//                           its section of the results file as it was
//   BENCH_DURATION          seconds measured per scenario (default 10); warm-up scales with it
//   BENCH_WARMUP            seconds of warm-up per scenario (default: 30% of the duration, 1 to 3 s)
//   BENCH_CONNECTIONS       closed-loop connections (default 32)
//   BENCH_OPEN_CONNECTIONS  most connections an open loop may open (default 64)
//   BENCH_LOG_LEVELS        server log levels to run, comma-separated (default info,warn)
//   BENCH_CPU_PROFILE       set to 1 to run the server under node --cpu-prof and list its hotspots
//   BENCH_BASELINE          set to 0 to skip the calibration run against a bare node:http server
//   BENCH_SPIN_MS           open loop: busy-wait this many ms before each send instead of sleeping (default 0)
//   BENCH_QUIET_WAIT        seconds, in all, to wait for other processes to go quiet before scenarios (default 45)
//   BENCH_RESULTS           where to write the report (default bench/RESULTS.md)
// Gateway suite:
//   BENCH_GATEWAY_TARGETS   targets, comma-separated (default direct,bare,gatehouse,portkey, and before
//                           when BENCH_BEFORE_TREE is set)
//                           `metrics` (only when named) is the Gateway with GATEHOUSE_METRICS_PORT set and
//                           /metrics scraped every second, beside `gatehouse` (issue 20)
//   BENCH_BEFORE_TREE       another checkout of Gatehouse (with its own node_modules): the target `before`
//                           runs its Gateway beside this tree's, so that a change's cost is read in one run
//   BENCH_GATEWAY_SCENARIOS scenarios, comma-separated (default all: chat-500,chat-1000,chat-saturation,
//                           stream-ttfb,stream-install-ttfb,large-body,responses-1000,responses-ttfb,
//                           anthropic-1000,azure-1000,gemini-1000)
//   BENCH_PREWARM           seconds of unmeasured load per target and request kind first (default 2)
//   BENCH_ROUNDS            rounds per scenario, the targets taking turns in each (default 2); the
//                           measured time per target is BENCH_DURATION in all
//   BENCH_GATEWAY_LOG_LEVEL Gatehouse's log level (default info: an access line per request, to /dev/null)
//   BENCH_STREAM_RATE       streamed requests per second for the time to first byte (default 200)
//   BENCH_LARGE_RATE        500 KB requests per second (default 50)
//   BENCH_MOCK_CHUNK_DELAY_MS  the mock's pause between stream frames (default 10)
//   BENCH_SOAK              seconds of memory soak (default 0: none; the goal is about 600; at most 3000)
//   BENCH_SOAK_RATE         the soak's requests per second (default 500)
//   BENCH_SOAK_TARGET       the soak's target (default gatehouse)
//   BENCH_SOAK_SAMPLE       seconds between VmRSS samples (default 10)
// MCP suite:
//   BENCH_MCP_SCENARIOS     scenarios, comma-separated (default all: call-500,list-200,call-saturation,
//                           decide-saturation,decide-1000,stdio-call-200)
// Scale suite:
//   BENCH_SCALE_ACTIVITY, BENCH_SCALE_AUDIT, BENCH_SCALE_FINDINGS  records seeded per engine (defaults
//                           10000000, 5000000, 100000)
//   BENCH_SCALE_RATE        list requests per second (open loop; default 50)
//   BENCH_SCALE_ENGINES     engines (default sqlite,postgres); BENCH_SCALE_RESULTS the results file
//   BENCH_SCALE_GATEWAY_RATES  chat completions per second, the Gateway on the seeded and on an empty
//                           store beside the mock directly, taking turns (default 1000,500)
//   BENCH_SCALE_RETENTION_RATE the Gateway's rate while the retention job deletes a month (default 500)
// Summary suite:
//   BENCH_SUMMARY_RECORDS   activity records seeded per engine (default 1000000)
//   BENCH_SUMMARY_RATE      summaries asked per second (open loop; default 50)
//   BENCH_SUMMARY_ENGINES   sqlite,postgres (default both)
//   BENCH_POSTGRES_URL      a database of the PostgreSQL server, where the run creates (and drops) its own
//                           (default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_SUMMARY_RESULTS   where its figures go (default bench/RESULTS-issue-19.md)
// Traces suite:
//   BENCH_TRACES_RATES      chat completions per second, one scenario each (default 500,1000); the
//                           stream's rate is BENCH_STREAM_RATE
// Policy suite:
//   BENCH_POLICY_RATE       1 MB conversations per second (default 20); BENCH_ROUNDS applies too
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { mainThreadProfile, summarise } from './cpu-profile.ts';
import { prepare } from './fixtures.ts';
import { GATEWAY_SCENARIO_IDS, TARGETS, type GatewayScenarioId, type TargetId } from './gateway-scenarios.ts';
import {
  runGatewaySuite,
  type GatewayRun,
  type GatewaySettings,
  type SuiteContext,
} from './gateway-suite.ts';
import { benchDetectors, type DetectorBench } from './detectors.ts';
import { runPolicySuite, type PolicyRun, type PolicySettings } from './policy-suite.ts';
import { MCP_SCENARIO_IDS, runMcpSuite, type McpRun, type McpScenarioId } from './mcp-suite.ts';
import { runSlopsquatSuite, type SlopsquatRun } from './slopsquat-suite.ts';
import { runSummarySuite, type SummaryRun } from './summary-suite.ts';
import { runTracesSuite } from './traces-suite.ts';
import { runScaleSuite } from './scale-suite.ts';
import { renderTracesReport } from './traces-report.ts';
import { runSiemSuite } from './siem-suite.ts';
import type { RequestSpec } from './load.ts';
import { describeCode, describeMachine, waitForQuiet } from './machine.ts';
import { describe, measure, type LoadSettings } from './measure.ts';
import { renderReport, type BenchReport, type LevelRun, type ScenarioResult, type Suite } from './report.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';
import { startBaseline, startServer } from './server-process.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');

function numberSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    process.stderr.write(`bench: ${name}=${raw} must be a number from ${min} to ${max}\n`);
    process.exit(2);
  }
  return n;
}

const durationS = numberSetting('BENCH_DURATION', 10, 1, 120);
const warmupS = numberSetting('BENCH_WARMUP', Math.min(3, Math.max(1, Math.round(durationS * 0.3))), 0, 60);
const connections = numberSetting('BENCH_CONNECTIONS', 32, 1, 1024);
const openConnections = numberSetting('BENCH_OPEN_CONNECTIONS', 64, 1, 1024);
const logLevels = (process.env.BENCH_LOG_LEVELS || 'info,warn')
  .split(',')
  .map((l) => l.trim())
  .filter(Boolean);
const cpuProfile = !!process.env.BENCH_CPU_PROFILE && process.env.BENCH_CPU_PROFILE !== '0';
const baseline = process.env.BENCH_BASELINE !== '0';
const spinMs = numberSetting('BENCH_SPIN_MS', 0, 0, 5);
let quietBudgetMs = numberSetting('BENCH_QUIET_WAIT', 45, 0, 600) * 1000;
const resultsFile = path.resolve(process.env.BENCH_RESULTS || path.join(benchDir, 'RESULTS.md'));

function listSetting<T extends string>(name: string, fallback: string, allowed: readonly T[]): T[] {
  const list = (process.env[name] || fallback)
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const wrong = list.filter((x) => !(allowed as readonly string[]).includes(x));
  if (wrong.length || list.length === 0) {
    process.stderr.write(`bench: ${name} must list some of ${allowed.join(', ')}; got ${wrong.join(', ')}\n`);
    process.exit(2);
  }
  return list as T[];
}

const suites = listSetting<Suite | 'traces' | 'scale' | 'siem'>(
  'BENCH_SUITES',
  'api,gateway,policy,mcp,slopsquat,summary',
  ['traces', 'scale', 'siem', 'api', 'gateway', 'policy', 'mcp', 'slopsquat', 'summary'],
);
const targetIds = TARGETS.map((t) => t.id);
const beforeTree = process.env.BENCH_BEFORE_TREE ? path.resolve(process.env.BENCH_BEFORE_TREE) : undefined;
if (beforeTree && !fs.existsSync(path.join(beforeTree, 'node_modules'))) {
  process.stderr.write(
    `bench: BENCH_BEFORE_TREE=${beforeTree} has no node_modules: run npm ci there first\n`,
  );
  process.exit(2);
}
const availableTargets = targetIds.filter((t) => t !== 'before' || beforeTree);
// `metrics` only when asked for (BENCH_GATEWAY_TARGETS), as for issue 20's side-by-side run.
const defaultTargets = availableTargets.filter((t) => t !== 'metrics');
const loadSettings: LoadSettings = { durationS, warmupS, connections, openConnections, spinMs };
const gatewaySettings: GatewaySettings = {
  ...loadSettings,
  targets: listSetting<TargetId>('BENCH_GATEWAY_TARGETS', defaultTargets.join(','), availableTargets),
  beforeTree,
  cpuProfileDir: cpuProfile ? fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-profile-')) : undefined,
  scenarios: listSetting<GatewayScenarioId>(
    'BENCH_GATEWAY_SCENARIOS',
    GATEWAY_SCENARIO_IDS.join(','),
    GATEWAY_SCENARIO_IDS,
  ),
  prewarmS: numberSetting('BENCH_PREWARM', 2, 0, 60),
  rounds: Math.round(numberSetting('BENCH_ROUNDS', 2, 1, 20)),
  logLevel: process.env.BENCH_GATEWAY_LOG_LEVEL || 'info',
  streamRate: numberSetting('BENCH_STREAM_RATE', 200, 1, 20_000),
  largeRate: numberSetting('BENCH_LARGE_RATE', 50, 1, 2_000),
  chunkDelayMs: numberSetting('BENCH_MOCK_CHUNK_DELAY_MS', 10, 0, 1_000),
  // Under the access token's hour (a fresh token is taken just before the soak).
  soakS: numberSetting('BENCH_SOAK', 0, 0, 3_000),
  soakRate: numberSetting('BENCH_SOAK_RATE', 500, 1, 20_000),
  soakTarget: listSetting<TargetId>('BENCH_SOAK_TARGET', 'gatehouse', targetIds)[0]!,
  soakSampleS: numberSetting('BENCH_SOAK_SAMPLE', 10, 1, 600),
};
const tracesRates = (process.env.BENCH_TRACES_RATES || '500,1000').split(',').map(Number);
if (tracesRates.some((r) => !Number.isInteger(r) || r < 1 || r > 20_000)) {
  process.stderr.write(
    'bench: BENCH_TRACES_RATES must list whole numbers of requests per second, 1 to 20000\n',
  );
  process.exit(2);
}
const scaleGatewayRates = (process.env.BENCH_SCALE_GATEWAY_RATES || '1000,500').split(',').map(Number);
if (scaleGatewayRates.some((r) => !Number.isInteger(r) || r < 1 || r > 20_000)) {
  process.stderr.write(
    'bench: BENCH_SCALE_GATEWAY_RATES must list whole numbers of requests per second, 1 to 20000\n',
  );
  process.exit(2);
}
const policySettings: PolicySettings = {
  ...loadSettings,
  rate: numberSetting('BENCH_POLICY_RATE', 20, 1, 500),
  rounds: gatewaySettings.rounds,
  logLevel: gatewaySettings.logLevel,
};
// Before each scenario: a pause, so that the server's batched audit writes and GC from the last one
// settle, and then a bounded wait for the rest of the machine to be quiet (the server and the generator
// need both cores; another process's test run would be measured as the server's slowness).
const PAUSE_MS = 500;
const QUIET_CORES = 0.25;
const QUIET_WAIT_PER_SCENARIO_MS = 15_000;
const admin = { email: 'bench-owner@example.com', password: 'benchmark-owner-password' };

const say = (line: string) => process.stdout.write(`${line}\n`);

function commandLine(): string {
  const settings = Object.entries(process.env)
    .filter(([k, v]) => k.startsWith('BENCH_') && v)
    .map(([k, v]) => `${k}=${v}`);
  const command =
    process.env.npm_lifecycle_event === 'bench' ? 'npm run bench' : 'node --import tsx bench/run.ts';
  return [...settings, command].join(' ');
}

/** The pause and the bounded wait for quiet before a scenario; says so when the machine stayed busy. */
async function settle(): Promise<void> {
  await sleep(PAUSE_MS);
  const maxWaitMs = Math.min(quietBudgetMs, QUIET_WAIT_PER_SCENARIO_MS);
  const { waitedMs, busyCores } = await waitForQuiet({ thresholdCores: QUIET_CORES, maxWaitMs });
  quietBudgetMs = Math.max(0, quietBudgetMs - waitedMs);
  if (busyCores !== null && busyCores >= QUIET_CORES) {
    process.stdout.write(
      `(machine busy: ${busyCores.toFixed(2)} cores in use by others after ${Math.round(waitedMs / 1000)}s) `,
    );
  } else if (waitedMs > 1_000) {
    process.stdout.write(`(waited ${Math.round(waitedMs / 1000)}s for quiet) `);
  }
}

async function runScenario(
  server: { origin: string; cpuSeconds(): number | null },
  scenario: Pick<Scenario, 'id' | 'mode' | 'rate'>,
  request: RequestSpec,
): Promise<ScenarioResult> {
  const { load, cpu } = await measure(server, scenario, request, loadSettings);
  return { id: scenario.id, load, cpu };
}

// The child processes running now, for the SIGINT handler.
const running = new Set<{ stop(timeoutMs?: number): Promise<unknown> }>();

async function runLevel(logLevel: string): Promise<LevelRun> {
  const profileDir = cpuProfile
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-profile-'))
    : undefined;
  const startedAt = Date.now();
  const server = await startServer({ repoRoot, logLevel, admin, cpuProfileDir: profileDir });
  running.add(server);
  const run: LevelRun = { logLevel, logSink: server.logSink, scenarios: [] };
  let profileSkipS = 0;
  try {
    say(`\nlog level ${logLevel}: server pid ${server.pid} on ${server.consoleUrl}`);
    const fixtures = await prepare(server.consoleUrl, admin);
    profileSkipS = (Date.now() - startedAt) / 1000;
    for (const scenario of SCENARIOS) {
      process.stdout.write(`  ${scenario.title}: `);
      await settle();
      process.stdout.write(`${warmupS}s warm-up + ${durationS}s ... `);
      const result = await runScenario(
        { origin: server.consoleUrl, cpuSeconds: server.cpuSeconds },
        scenario,
        scenario.request(fixtures),
      );
      run.scenarios.push(result);
      say(describe(result.load, result.cpu));
    }
  } catch (err) {
    run.error = (err as Error).message;
    say(`\n  failed: ${run.error}`);
  } finally {
    const exit = await server.stop();
    running.delete(server);
    if (exit.code !== 0) say(`  server exited with ${exit.signal ?? `code ${exit.code}`}\n${exit.stderr}`);
  }
  if (profileDir) {
    const file = mainThreadProfile(profileDir);
    if (file) {
      const summary = summarise(JSON.parse(fs.readFileSync(file, 'utf8')), profileSkipS * 1000);
      run.hotspots = summary.functions.slice(0, 20);
      say(
        `  CPU profile: ${file} (summarise with: node --import tsx bench/cpu-profile.ts <file> 40 ${Math.ceil(profileSkipS)})`,
      );
    }
  }
  return run;
}

/** The same closed loop against a bare node:http server: this machine's and this generator's ceiling. */
async function runBaseline(): Promise<ScenarioResult> {
  const server = await startBaseline(repoRoot);
  running.add(server);
  try {
    process.stdout.write(
      `\ncalibration: bare node:http server, closed loop: ${warmupS}s warm-up + ${durationS}s ... `,
    );
    const result = await runScenario(
      { origin: server.url, cpuSeconds: server.cpuSeconds },
      { id: 'baseline', mode: 'closed' },
      { method: 'GET', path: '/', headers: { accept: 'application/json' }, expectStatus: 200 },
    );
    say(describe(result.load, result.cpu));
    return result;
  } finally {
    await server.stop();
    running.delete(server);
  }
}

async function runApiSuite(code: string): Promise<BenchReport> {
  const startedAt = new Date();
  say(`\nManagement API: ${SCENARIOS.length} scenarios x log levels ${logLevels.join(', ')}`);
  const calibration = baseline ? await runBaseline() : undefined;
  const runs: LevelRun[] = [];
  for (const level of logLevels) runs.push(await runLevel(level));
  return {
    command: commandLine(),
    startedAt,
    finishedAt: new Date(),
    machine: describeMachine(),
    code,
    settings: { durationS, warmupS, connections, openConnections, cpuProfile, spinMs },
    baseline: calibration,
    runs,
  };
}

/** What a suite is given: where the project is, the admin to sign in as, and this run's plumbing. */
const suiteContext = (): SuiteContext => ({
  repoRoot,
  admin,
  command: commandLine(),
  settle,
  running,
  say,
  write: (text) => process.stdout.write(text),
});

async function main() {
  // An interrupted run still stops the servers it started (and server-process.ts kills any left at exit).
  process.once('SIGINT', () => {
    say('\ninterrupted: stopping the servers');
    void Promise.allSettled([...running].map((p) => p.stop(5_000))).finally(() => process.exit(130));
  });
  const machine = describeMachine();
  // The code as it is when the servers start: what they run, whatever is edited while they do.
  const code = describeCode(repoRoot);
  say(
    `Gatehouse benchmark: ${machine.cpus} CPUs, node ${machine.node}, load average ${machine.loadAverage.toFixed(2)}; ` +
      `suites ${suites.join(', ')}`,
  );
  const api = suites.includes('api') ? await runApiSuite(code) : undefined;
  let gateway: GatewayRun | undefined;
  if (suites.includes('gateway')) {
    gateway = await runGatewaySuite(suiteContext(), gatewaySettings);
  }
  let policy: PolicyRun | undefined;
  let detectors: DetectorBench | undefined;
  if (suites.includes('policy')) {
    say('\nDetectors: precision and recall on the corpus, throughput on fresh text');
    detectors = await benchDetectors(say);
    policy = await runPolicySuite(suiteContext(), policySettings);
  }
  let mcp: McpRun | undefined;
  if (suites.includes('mcp')) {
    mcp = await runMcpSuite(suiteContext(), {
      ...loadSettings,
      cpuProfileDir: cpuProfile
        ? fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-profile-'))
        : undefined,
      scenarios: listSetting<McpScenarioId>(
        'BENCH_MCP_SCENARIOS',
        MCP_SCENARIO_IDS.join(','),
        MCP_SCENARIO_IDS,
      ),
      rounds: gatewaySettings.rounds,
      logLevel: gatewaySettings.logLevel,
    });
  }
  let slopsquat: SlopsquatRun | undefined;
  if (suites.includes('slopsquat')) {
    slopsquat = await runSlopsquatSuite(suiteContext(), {
      ...loadSettings,
      logLevel: gatewaySettings.logLevel,
    });
  }
  let summary: SummaryRun | undefined;
  if (suites.includes('summary')) {
    summary = await runSummarySuite(suiteContext(), {
      ...loadSettings,
      logLevel: gatewaySettings.logLevel,
      records: numberSetting('BENCH_SUMMARY_RECORDS', 1_000_000, 1_000, 10_000_000),
      rate: numberSetting('BENCH_SUMMARY_RATE', 50, 1, 1_000),
      engines: listSetting('BENCH_SUMMARY_ENGINES', 'sqlite,postgres', ['sqlite', 'postgres'] as const),
      postgresUrl: process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test',
      resultsFile: path.resolve(
        process.env.BENCH_SUMMARY_RESULTS || path.join(benchDir, 'RESULTS-issue-19.md'),
      ),
    });
  }
  if (suites.includes('scale')) {
    const scale = await runScaleSuite(suiteContext(), {
      ...loadSettings,
      logLevel: gatewaySettings.logLevel,
      activity: numberSetting('BENCH_SCALE_ACTIVITY', 10_000_000, 1_000, 100_000_000),
      audit: numberSetting('BENCH_SCALE_AUDIT', 5_000_000, 1_000, 100_000_000),
      findings: numberSetting('BENCH_SCALE_FINDINGS', 100_000, 100, 10_000_000),
      rate: numberSetting('BENCH_SCALE_RATE', 50, 1, 1_000),
      gatewayRates: scaleGatewayRates,
      retentionRate: numberSetting('BENCH_SCALE_RETENTION_RATE', 500, 1, 20_000),
      rounds: gatewaySettings.rounds,
      chunkDelayMs: gatewaySettings.chunkDelayMs,
      engines: listSetting('BENCH_SCALE_ENGINES', 'sqlite,postgres', ['sqlite', 'postgres'] as const),
      postgresUrl: process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test',
      resultsFile: path.resolve(
        process.env.BENCH_SCALE_RESULTS || path.join(benchDir, 'RESULTS-issue-21-scale.md'),
      ),
    });
    if (scale.error) process.exitCode = 1;
    // Its own results file only: RESULTS.md is left as it is when no other suite ran.
    if (suites.length === 1) return;
  }
  if (suites.includes('siem')) {
    const siem = await runSiemSuite({
      seconds: numberSetting('BENCH_DURATION', 10, 1, 600),
      rates: (process.env.BENCH_SIEM_RATES || '5000,1000').split(',').map(Number),
      resultsFile: path.join(benchDir, 'RESULTS-issue-20-siem.md'),
      say,
    });
    if (siem.error) process.exitCode = 1;
    // Its own results file only.
    if (suites.length === 1) return;
  }
  if (suites.includes('traces')) {
    const traces = await runTracesSuite(suiteContext(), {
      ...loadSettings,
      rounds: gatewaySettings.rounds,
      logLevel: gatewaySettings.logLevel,
      chunkDelayMs: gatewaySettings.chunkDelayMs,
      chatRates: tracesRates,
      streamRate: gatewaySettings.streamRate,
    });
    const tracesFile = path.join(benchDir, 'RESULTS-issue-20-traces.md');
    fs.writeFileSync(tracesFile, renderTracesReport(traces, machine, code));
    say(`\nwrote ${path.relative(process.cwd(), tracesFile)}`);
    if (traces.error) process.exitCode = 1;
    // Its own results file only: RESULTS.md is left as it is when no other suite ran.
    if (suites.length === 1) return;
  }
  const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : undefined;
  fs.writeFileSync(
    resultsFile,
    renderReport({
      api,
      gateway: gateway && { run: gateway, machine, code },
      policy: policy && { run: policy, detectors, machine, code },
      mcp: mcp && { run: mcp, machine, code },
      slopsquat: slopsquat && { run: slopsquat, machine, code },
      previous,
    }),
  );
  say(`\nwrote ${path.relative(process.cwd(), resultsFile) || resultsFile}`);
  if (
    api?.runs.some((r) => r.error) ||
    gateway?.error ||
    policy?.error ||
    mcp?.error ||
    slopsquat?.error ||
    summary?.error
  )
    process.exitCode = 1;
}

await main();
