// bench/RESULTS.md from one benchmark run: per suite (the management API, the Gateway), the goals with
// what was measured, every scenario's figures, where the CPU went, and how the figures were taken. Each
// suite's section sits between markers, so that a run of one suite keeps the other's last section.
import type { Hotspot } from './cpu-profile.ts';
import { cores, int, mark, ms, table } from './format.ts';
import { heldRate, serverCpuPerRequest } from './measure.ts';
import type { LoadResult } from './load.ts';
import { renderGatewaySection } from './gateway-report.ts';
import { startCommandLine } from './server-process.ts';
import type { GatewayRun } from './gateway-suite.ts';
import type { DetectorBench } from './detectors.ts';
import { renderPolicySection } from './policy-report.ts';
import type { PolicyRun } from './policy-suite.ts';
import { renderMcpSection } from './mcp-report.ts';
import type { McpRun } from './mcp-suite.ts';
import { renderSlopsquatSection, type SlopsquatRun } from './slopsquat-suite.ts';
import type { CpuShare, MachineInfo } from './machine.ts';
import { GOALS, HYDRA_TOKENS_PER_SECOND, SCENARIOS, type Goal, type ScenarioId } from './scenarios.ts';

export interface ScenarioResult {
  id: ScenarioId;
  load: LoadResult;
  cpu: CpuShare;
}

export interface LevelRun {
  logLevel: string;
  /** Where the server's stdout went. */
  logSink: string;
  scenarios: ScenarioResult[];
  /** When the server ran under the profiler: its heaviest functions over the whole run. */
  hotspots?: Hotspot[];
  /** Set when the run stopped early. */
  error?: string;
}

/** The management-API suite's run. */
export interface BenchReport {
  command: string;
  startedAt: Date;
  finishedAt: Date;
  machine: MachineInfo;
  /** The commit measured (and whether the server's sources had uncommitted changes). */
  code: string;
  settings: {
    durationS: number;
    warmupS: number;
    connections: number;
    openConnections: number;
    cpuProfile: boolean;
    spinMs: number;
  };
  /** The calibration run against a bare node:http server, when it was made. */
  baseline?: ScenarioResult | undefined;
  runs: LevelRun[];
}

function judge(goal: Goal, result: ScenarioResult | undefined): { value: string; met: boolean | null } {
  if (!result) return { value: 'not run', met: null };
  const { load } = result;
  if (goal.kind === 'rate') {
    return {
      value: `${int(load.achievedRate)}/s${load.errors ? ` (${int(load.errors)} errors)` : ''}`,
      met: load.errors === 0 && load.achievedRate >= goal.target,
    };
  }
  const held = heldRate(load);
  const value = `${ms(load.latency.p99)} ms${held ? '' : ` (rate not held: ${int(load.achievedRate)}/s, ${int(load.errors)} errors)`}`;
  return { value, met: held && load.latency.p99 / 1000 < goal.target };
}

const find = (run: LevelRun, id: ScenarioId) => run.scenarios.find((s) => s.id === id);

function goalsTable(runs: LevelRun[]): string[] {
  const head = ['Goal', 'Target', ...runs.map((r) => `Measured (log level ${r.logLevel})`)];
  const rows = GOALS.map((g) => {
    const target = g.kind === 'rate' ? `≥ ${int(g.target)}/s` : `< ${g.target} ms`;
    const cells = runs.map((r) => {
      const { value, met } = judge(g, find(r, g.scenario));
      return `${value} ${mark(met)}`;
    });
    return [g.label + (g.note ? ` (${g.note})` : ''), target, ...cells];
  });
  const reported: [string, ScenarioId][] = [
    ['Token exchange p50 / p99 at saturation', 'token-saturation'],
    ['Token exchange p50 / p99 at 1,500/s (open loop)', 'token-open'],
    ['Authenticated call p50 / p99 at saturation', 'audit-saturation'],
  ];
  for (const [label, id] of reported) {
    rows.push([
      label,
      'reported',
      ...runs.map((r) => {
        const s = find(r, id);
        if (!s) return 'not run';
        const held = s.load.mode === 'closed' || heldRate(s.load);
        return `${ms(s.load.latency.p50)} / ${ms(s.load.latency.p99)} ms${held ? '' : ' (rate not held)'}`;
      }),
    ]);
  }
  return table(head, rows);
}

/** What each request costs the server, and what that cost allows: the view that survives a busy machine. */
function budgetTable(runs: LevelRun[]): string[] {
  const head = [
    'Request (saturation run)',
    'CPU budget for the goal',
    ...runs.map((r) => `Server CPU per request, log level ${r.logLevel} → one core's ceiling`),
  ];
  const rows = GOALS.filter((g) => g.kind === 'rate').map((g) => [
    SCENARIOS.find((sc) => sc.id === g.scenario)?.title ?? g.scenario,
    `≤ ${int(1e6 / g.target)} µs (${int(g.target)}/s on one core)`,
    ...runs.map((r) => {
      const result = find(r, g.scenario);
      const us = result ? serverCpuPerRequest(result) : null;
      return us === null ? 'n/a' : `${int(us)} µs → ${int(1e6 / us)}/s`;
    }),
  ]);
  return table(head, rows);
}

function calibration(b: ScenarioResult | undefined): string[] {
  if (!b) return [];
  const perRequest = serverCpuPerRequest(b);
  return [
    `Calibration: a bare \`node:http\` server answering a fixed JSON body (bench/baseline-server.ts), measured the same way ` +
      `(closed loop, ${b.load.connections} connections), answers **${int(b.load.achievedRate)}/s** ` +
      `(p50 ${ms(b.load.latency.p50)} ms, p99 ${ms(b.load.latency.p99)} ms${b.load.errors ? `, ${int(b.load.errors)} errors` : ''}), ` +
      `using ${perRequest === null ? 'n/a' : int(perRequest)} µs of server CPU per request; CPU: server ${cores(b.cpu.server)}, ` +
      `generator ${cores(b.cpu.generator)}, others ${cores(b.cpu.others)}, steal ${cores(b.cpu.steal)} cores. ` +
      'No Node server doing real work can exceed that here, with this generator sharing the machine.',
    '',
  ];
}

function scenarioTable(run: LevelRun): string[] {
  const head = [
    'Scenario',
    'Load',
    'Good answers/s',
    'Errors',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'Send lag p99 ms',
    'CPU: server / generator / others / steal (cores)',
    'Server CPU per request (µs)',
  ];
  const rows = run.scenarios.map((result) => {
    const { id, load, cpu } = result;
    const perRequest = serverCpuPerRequest(result);
    const title = SCENARIOS.find((s) => s.id === id)?.title ?? id;
    const shape =
      load.mode === 'closed'
        ? `closed, ${load.connections} connections`
        : `open, ${int(load.targetRate ?? 0)}/s`;
    return [
      title,
      shape,
      int(load.achievedRate),
      load.errors ? `${int(load.errors)} (${load.errorSamples.join('; ')})` : '0',
      ms(load.latency.p50),
      ms(load.latency.p90),
      ms(load.latency.p99),
      ms(load.latency.max),
      load.sendLag ? ms(load.sendLag.p99) : '–',
      `${cores(cpu.server)} / ${cores(cpu.generator)} / ${cores(cpu.others)} / ${cores(cpu.steal)}`,
      perRequest === null ? 'n/a' : int(perRequest),
    ];
  });
  return table(head, rows);
}

export type Suite = 'api' | 'gateway' | 'policy' | 'mcp' | 'slopsquat' | 'summary';

/** The fuzz run's section (`npm run fuzz` writes it): kept as it is by every bench run. */
type Section = Suite | 'fuzz';

const begin = (suite: Section) => `<!-- suite:${suite} -->`;
const end = (suite: Section) => `<!-- /suite:${suite} -->`;

/**
 * A suite's section from an earlier RESULTS.md, to keep when this run did not make that suite. A file
 * from before the sections had markers is all management API.
 */
export function previousSection(text: string | undefined, suite: Section): string | undefined {
  if (!text) return undefined;
  const from = text.indexOf(begin(suite));
  const to = text.indexOf(end(suite));
  if (from >= 0 && to > from) return text.slice(from + begin(suite).length, to).trim();
  if (suite === 'api' && !text.includes('<!-- suite:') && text.includes('Token exchanges per second')) {
    const body = text.slice(text.indexOf('Written by')).replace(/^## /gm, '### ');
    return `## Management API (issue 1)\n\n${body.trim()}`;
  }
  return undefined;
}

export interface FullReport {
  api?: BenchReport | undefined;
  gateway?: { run: GatewayRun; machine: MachineInfo; code: string } | undefined;
  policy?:
    { run: PolicyRun; detectors: DetectorBench | undefined; machine: MachineInfo; code: string } | undefined;
  mcp?: { run: McpRun; machine: MachineInfo; code: string } | undefined;
  slopsquat?: { run: SlopsquatRun; machine: MachineInfo; code: string } | undefined;
  /** The RESULTS.md this run replaces, for the sections of suites it did not run. */
  previous?: string | undefined;
}

export function renderReport(r: FullReport): string {
  const section = (suite: Section, lines: string[] | undefined) => {
    const body = lines?.join('\n').trim() ?? previousSection(r.previous, suite);
    return body ? [begin(suite), body, end(suite), ''] : [];
  };
  return [
    '# Gatehouse benchmark results',
    '',
    'Five suites, each section written by the run it names: the management API (issue 1), the Gateway (issue 4), the policy and its detectors (issue 5), MCP (issues 16 and 17) and slopsquat (issue 18). ' +
      '`npm run bench` runs them all; `BENCH_SUITES=api`, `gateway`, `policy`, `mcp` or `slopsquat` (or a comma-separated list) runs some and keeps the other sections as they were.',
    '',
    ...section('api', r.api && renderApiSection(r.api)),
    ...section(
      'gateway',
      r.gateway && renderGatewaySection(r.gateway.run, r.gateway.machine, r.gateway.code),
    ),
    ...section(
      'policy',
      r.policy && renderPolicySection(r.policy.run, r.policy.detectors, r.policy.machine, r.policy.code),
    ),
    ...section('mcp', r.mcp && renderMcpSection(r.mcp.run, r.mcp.machine, r.mcp.code)),
    ...section(
      'slopsquat',
      r.slopsquat && renderSlopsquatSection(r.slopsquat.run, r.slopsquat.machine, r.slopsquat.code),
    ),
    ...section('fuzz', undefined),
  ].join('\n');
}

function renderApiSection(r: BenchReport): string[] {
  const m = r.machine;
  const s = r.settings;
  const busy = r.runs
    .flatMap((run) => run.scenarios)
    .filter((x) => (x.cpu.others ?? 0) + (x.cpu.steal ?? 0) > 0.15);
  const out: string[] = [
    '## Management API (issue 1)',
    '',
    `Written by \`${r.command}\` (bench/run.ts, suite \`api\`); rerun it to refresh this section.`,
    '',
    `- Date: ${r.startedAt.toISOString()} (took ${Math.round((r.finishedAt.getTime() - r.startedAt.getTime()) / 1000)} s)`,
    `- Machine: ${m.cpus} CPUs (nproc), ${m.cpuModel}, ${m.memoryGiB} GiB RAM, ${m.os}; load average ${m.loadAverage.toFixed(2)} at start`,
    `- Code: ${r.code}`,
    `- Node ${m.node}; server: \`${startCommandLine()}\` as a child process, embedded SQLite in a fresh directory under the OS temp directory, 127.0.0.1 only`,
    `- Each scenario: ${s.warmupS} s warm-up (not counted) then ${s.durationS} s measured (BENCH_DURATION=${s.durationS}); closed loops on ${s.connections} keep-alive connections, open loops on up to ${s.openConnections}`,
    `- Server log level per column below; ${r.runs.map((run) => `${run.logLevel}: stdout to ${run.logSink === '/dev/null' ? '/dev/null (one JSON access line per request, written and discarded)' : "a file in the run's temporary directory (start-up errors only)"}`).join('; ')}. The headline figures are the first column (${r.runs[0]?.logLevel ?? 'n/a'}, the server's default level).`,
    ...(s.cpuProfile
      ? ["- **The server ran under `node --cpu-prof`**: the figures carry the profiler's overhead."]
      : []),
    '',
    '### Goals',
    '',
    ...goalsTable(r.runs),
    '',
    `For scale: Ory Hydra publishes ${HYDRA_TOKENS_PER_SECOND} client-credentials token exchanges per second on 2 CPUs.`,
    '',
    "Server CPU time per request (all of the server process's threads, from /proc, over the measured window). " +
      'The server handles requests on one JavaScript thread, so this bounds what it can reach even on an otherwise idle machine:',
    '',
    ...budgetTable(r.runs),
    '',
    ...calibration(r.baseline),
  ];
  if (busy.length > 0) {
    out.push(
      `> **Caution:** in ${busy.length} of ${r.runs.flatMap((x) => x.scenarios).length} runs, other processes or the hypervisor (steal) took more than 0.15 of a core ` +
        '(last column of the tables below). The server and the generator then had less than the whole machine, and those figures understate what the server does on an idle machine.',
      '',
    );
  }
  for (const run of r.runs) {
    out.push(`### Log level ${run.logLevel}`, '');
    if (run.error) out.push(`**The run stopped early:** ${run.error}`, '');
    if (run.scenarios.length) out.push(...scenarioTable(run), '');
    if (run.hotspots?.length) {
      out.push('Server CPU profile, heaviest functions by self time over the whole run:', '');
      out.push(
        ...table(
          ['Function', 'Self ms', '%'],
          run.hotspots.map((h) => [`\`${h.name}\``, int(h.selfMs), h.percent.toFixed(1)]),
        ),
        '',
      );
    }
  }
  out.push(
    '### Method',
    '',
    '- **Saturation (requests/s)**: a closed loop; each of the N keep-alive connections (undici `Pool`, no pipelining) sends its next request as soon as the previous answer has been read. The figure is good answers per second over the measured window; its latencies are time in the server plus queueing at that concurrency.',
    "- **Latency at a rate**: an open loop. Request *i* is due at start + *i*/rate (times from `process.hrtime.bigint()`), and is sent then whatever happened to earlier requests; a slow answer never delays the next send. Each latency is measured **from the scheduled send time** to the end of the answer, in microseconds, so time a request spent waiting behind a slow one (in the client's queue or for a free connection) is counted: coordinated omission is not hidden. " +
      (s.spinMs > 0
        ? `The generator busy-waits the last ${s.spinMs} ms before each send (BENCH_SPIN_MS). `
        : 'The generator sleeps on Node timers between sends (1 ms granularity, so at these rates requests leave in bursts of two or three, up to about 1 ms late) rather than spinning a core the server could use; BENCH_SPIN_MS=1.5 trades that core for sub-millisecond spacing. ') +
      '"Send lag" is how late the generator actually sent requests: its own delay, already inside the latency.',
    '- Percentiles are exact (nearest rank over every sample), not estimated. A request counts as an error on any status other than 200, a transport error, a 10 s timeout, or (open loop) if it could not be sent because 10,000 were outstanding.',
    "- The load generator runs in the benchmark process; the server is a separate process started exactly as `npm start` starts it. Both share this machine's cores: the CPU column shows how they split (1.00 = one core busy for the whole run), and what other processes and the hypervisor took meanwhile.",
    '- Every token exchange and every authenticated call writes an audit event (batched into SQLite by the server), so those writes are part of the measured cost. The audit table grows during the run; `limit=10` without a cursor reads its first page.',
    '- Before each scenario the runner pauses and waits (at most 15 s, 45 s in all: BENCH_QUIET_WAIT) until other processes use less than a quarter of a core, because on a 2-core machine someone else\'s work would be measured as the server\'s slowness. It starts anyway when the wait runs out; the "others / steal" column shows what happened during each run.',
    "- On a shared virtual machine the same code measures differently from one run to the next even when nothing else is busy (the host's other guests do not show up as steal). Compare runs through the calibration figure of each and through server CPU per request, not through requests per second alone.",
    '- Every loop is bounded by a request count and by time, and the server is stopped with SIGTERM (graceful stop) at the end.',
    '',
  );
  return out;
}
