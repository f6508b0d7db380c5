// `npm run bench`: starts Gatehouse as a child process, prepares a credential and a token through the
// API, runs each scenario (warm-up, then the measured window), stops the server, and writes
// bench/RESULTS.md. It does this once per server log level (info, the default, and warn) because the
// per-request access log is a real part of the server's cost.
//
// Settings (environment):
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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { summarise } from './cpu-profile.ts';
import { prepare } from './fixtures.ts';
import { closedLoop, openLoop, type LoadResult, type RequestSpec } from './load.ts';
import { describeCode, describeMachine, measureCpu, waitForQuiet, type CpuShare } from './machine.ts';
import { renderReport, type BenchReport, type LevelRun, type ScenarioResult } from './report.ts';
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

interface Target {
  origin: string;
  cpuSeconds(): number | null;
}

async function runScenario(
  server: Target,
  scenario: Pick<Scenario, 'id' | 'mode' | 'rate'>,
  request: RequestSpec,
): Promise<ScenarioResult> {
  let stopCpu: (() => CpuShare) | undefined;
  const common = {
    origin: server.origin,
    request,
    warmupMs: warmupS * 1000,
    durationMs: durationS * 1000,
    onMeasuring: () => {
      stopCpu = measureCpu(server.cpuSeconds);
    },
  };
  let load: LoadResult;
  if (scenario.mode === 'closed') {
    // Bounded by count as well as time: no server on 2 cores answers 100,000 requests a second.
    load = await closedLoop({
      ...common,
      connections,
      maxRequests: Math.ceil((durationS + warmupS) * 100_000),
    });
  } else {
    load = await openLoop({ ...common, rate: scenario.rate!, connections: openConnections, spinMs });
  }
  const cpu = stopCpu?.() ?? { seconds: 0, server: null, generator: 0, others: null, steal: null };
  return { id: scenario.id, load, cpu };
}

function describe(load: LoadResult, cpu: CpuShare): string {
  const l = load.latency;
  const f = (us: number) => `${(us / 1000).toFixed(2)}ms`;
  return (
    `${Math.round(load.achievedRate)}/s ok, ${load.errors} errors, p50 ${f(l.p50)} p90 ${f(l.p90)} p99 ${f(l.p99)} max ${f(l.max)}` +
    ` | cpu server ${cpu.server?.toFixed(2) ?? 'n/a'} gen ${cpu.generator.toFixed(2)} others ${cpu.others?.toFixed(2) ?? 'n/a'} steal ${cpu.steal?.toFixed(2) ?? 'n/a'}`
  );
}

// The child process running now, for the SIGINT handler.
let current: { stop(timeoutMs?: number): Promise<unknown> } | undefined;

async function runLevel(logLevel: string): Promise<LevelRun> {
  const profileDir = cpuProfile
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-profile-'))
    : undefined;
  const startedAt = Date.now();
  const server = await startServer({ repoRoot, logLevel, admin, cpuProfileDir: profileDir });
  current = server;
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
    current = undefined;
    if (exit.code !== 0) say(`  server exited with ${exit.signal ?? `code ${exit.code}`}\n${exit.stderr}`);
  }
  if (profileDir) {
    // The main thread's profile is the largest; the others belong to helper threads (module loader).
    const files = fs
      .readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(profileDir, f))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
    if (files[0]) {
      const summary = summarise(JSON.parse(fs.readFileSync(files[0], 'utf8')), profileSkipS * 1000);
      run.hotspots = summary.functions.slice(0, 20);
      say(
        `  CPU profile: ${files[0]} (summarise with: node --import tsx bench/cpu-profile.ts <file> 40 ${Math.ceil(profileSkipS)})`,
      );
    }
  }
  return run;
}

/** The same closed loop against a bare node:http server: this machine's and this generator's ceiling. */
async function runBaseline(): Promise<ScenarioResult> {
  const server = await startBaseline(repoRoot);
  current = server;
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
    current = undefined;
  }
}

async function main() {
  // An interrupted run still stops the server it started.
  process.once('SIGINT', () => {
    say('\ninterrupted: stopping the server');
    void (current?.stop(5_000) ?? Promise.resolve()).finally(() => process.exit(130));
  });
  const startedAt = new Date();
  const machine = describeMachine();
  say(
    `Gatehouse benchmark: ${machine.cpus} CPUs, node ${machine.node}, load average ${machine.loadAverage.toFixed(2)}; ` +
      `${SCENARIOS.length} scenarios x log levels ${logLevels.join(', ')}`,
  );
  const calibration = baseline ? await runBaseline() : undefined;
  const runs: LevelRun[] = [];
  for (const level of logLevels) runs.push(await runLevel(level));
  const report: BenchReport = {
    command: commandLine(),
    startedAt,
    finishedAt: new Date(),
    machine,
    code: describeCode(repoRoot),
    settings: { durationS, warmupS, connections, openConnections, cpuProfile, spinMs },
    baseline: calibration,
    runs,
  };
  fs.writeFileSync(resultsFile, renderReport(report));
  say(`\nwrote ${path.relative(process.cwd(), resultsFile) || resultsFile}`);
  if (runs.some((r) => r.error)) process.exitCode = 1;
}

await main();
