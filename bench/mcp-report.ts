// The MCP section of bench/RESULTS.md: the goals of issues 16 and 17 with what was measured, and every
// run's figures.
import { cores, int, mark, ms, plusMs, table } from './format.ts';
import type { MachineInfo } from './machine.ts';
import { heldRate, serverCpuPerRequest } from './measure.ts';
import {
  MCP_SCENARIOS,
  MCP_TARGETS,
  type McpResult,
  type McpRun,
  type McpScenarioId,
  type McpTargetId,
} from './mcp-suite.ts';
import { STDIO_CALL_RATE, STDIO_SCENARIO } from './mcp-stdio.ts';
import { startCommandLine } from './server-process.ts';

interface GoalRow {
  goal: string;
  target: string;
  value: string;
  met: boolean | null;
}

const find = (run: McpRun, scenario: McpScenarioId, target: McpResult['target']) =>
  run.results.find((r) => r.scenario === scenario && r.target === target);

const why = (r: McpResult | undefined) =>
  r?.skipped ? `not measured: ${r.skipped.slice(0, 160)}` : 'not run';

/** What a scenario's governed target adds over its direct one: the Gateway over the server, by default. */
function added(
  run: McpRun,
  scenario: McpScenarioId,
  p: 'p50' | 'p99',
  goalMs: number,
  label: string,
  via: { target: McpTargetId; name: string; direct: McpTargetId } = {
    target: 'gatehouse',
    name: 'Gateway',
    direct: 'direct',
  },
): GoalRow {
  const row = { goal: label, target: `≤ ${goalMs} ms` };
  const g = find(run, scenario, via.target);
  const d = find(run, scenario, via.direct);
  if (!g?.load) return { ...row, value: why(g), met: null };
  if (!d?.load) return { ...row, value: `direct: ${why(d)}`, met: null };
  const a = g.load.latency[p] - d.load.latency[p];
  const held = heldRate(g.load) && heldRate(d.load);
  return {
    ...row,
    value: `${plusMs(a)} ms (${via.name} ${ms(g.load.latency[p])}, direct ${ms(d.load.latency[p])})${held ? '' : ' ⚠ rate not held'}`,
    met: held && a / 1000 <= goalMs,
  };
}

function decideRate(run: McpRun): GoalRow {
  const row = { goal: 'POST /mcp/decide, decisions per second at saturation', target: '≥ 5,000/s' };
  const r = find(run, 'decide-saturation', 'gatehouse');
  if (!r?.load) return { ...row, value: why(r), met: null };
  return {
    ...row,
    value: `${int(r.load.achievedRate)}/s (p50 ${ms(r.load.latency.p50)} / p99 ${ms(r.load.latency.p99)} ms)${r.load.errors ? ` ⚠ ${int(r.load.errors)} errors` : ''}`,
    met: r.load.errors === 0 && r.load.achievedRate >= 5_000,
  };
}

function decideP99(run: McpRun): GoalRow {
  const row = { goal: 'POST /mcp/decide at 1,000/s, p99', target: '≤ 2 ms' };
  const r = find(run, 'decide-1000', 'gatehouse');
  if (!r?.load) return { ...row, value: why(r), met: null };
  const held = heldRate(r.load);
  return {
    ...row,
    value: `${ms(r.load.latency.p99)} ms (p50 ${ms(r.load.latency.p50)})${held ? '' : ' ⚠ rate not held'}`,
    met: held && r.load.latency.p99 <= 2_000,
  };
}

function goals(run: McpRun): string[] {
  const rows: GoalRow[] = [
    added(run, 'call-500', 'p50', 1, 'tools/call through /mcp/{alias} at 500/s: added p50'),
    added(run, 'call-500', 'p99', 3, 'tools/call through /mcp/{alias} at 500/s: added p99'),
    added(run, 'list-200', 'p50', 2, 'tools/list of 200 tools: added p50'),
    decideRate(run),
    decideP99(run),
    added(
      run,
      STDIO_SCENARIO.id,
      'p50',
      2,
      `tools/call through \`mcp wrap\` at ${STDIO_CALL_RATE}/s: added p50 against the same stdio server run directly`,
      { target: 'stdio-wrapped', name: 'wrapped', direct: 'stdio-direct' },
    ),
  ];
  const reported = added(run, 'list-200', 'p99', 0, 'tools/list of 200 tools: added p99');
  rows.push({ ...reported, target: 'reported', met: null });
  // What one more hop of the list costs here, whatever the proxy: the floor under the Gateway's figure.
  const floor = added(
    run,
    'list-200',
    'p50',
    0,
    'tools/list of 200 tools: added p50 by a bare proxy reading answers whole',
    {
      target: 'bare',
      name: 'bare proxy',
      direct: 'direct',
    },
  );
  rows.push({ ...floor, target: 'reported', met: null });
  return table(
    ['Goal', 'Target', 'Measured', ''],
    rows.map((r) => [r.goal, r.target, r.value, r.target === 'reported' ? '' : mark(r.met)]),
  );
}

function runs(run: McpRun): string[] {
  const titles = new Map([...MCP_SCENARIOS, STDIO_SCENARIO].map((s) => [s.id, s.title]));
  const label = new Map(MCP_TARGETS.map((t) => [t.id, t.label]));
  const rows = run.results.map((r) => {
    const head = [titles.get(r.scenario) ?? r.scenario, label.get(r.target) ?? r.target];
    if (!r.load || !r.cpu) return [...head, why(r).replace(/\|/g, '\\|'), '', '', '', '', '', '', ''];
    const l = r.load;
    const cpu = serverCpuPerRequest({ load: l, cpu: r.cpu });
    return [
      ...head,
      l.mode === 'closed' ? `closed, ${l.connections} conns` : `open, ${int(l.targetRate ?? 0)}/s`,
      int(l.achievedRate),
      l.errors ? `${int(l.errors)} (${l.errorSamples.join('; ').replace(/\|/g, '\\|').slice(0, 120)})` : '0',
      ms(l.latency.p50),
      ms(l.latency.p99),
      ms(l.latency.max),
      `${cores(r.cpu.server)} / ${cores(r.cpu.generator)} / ${cores(r.cpu.others)}`,
      cpu === null ? 'n/a' : int(cpu),
    ];
  });
  return table(
    [
      'Scenario',
      'Target',
      'Load',
      'Good answers/s',
      'Errors',
      'p50 ms',
      'p99 ms',
      'max ms',
      'CPU: target / generator / others (cores)',
      'Target CPU per request (µs)',
    ],
    rows,
  );
}

export function renderMcpSection(run: McpRun, machine: MachineInfo, code: string): string[] {
  const s = run.settings;
  return [
    '## MCP (issues 16 and 17)',
    '',
    `Written by \`${run.command}\` (bench/run.ts, suite \`mcp\`); rerun it to refresh this section.`,
    '',
    `- Date: ${run.startedAt.toISOString()} (took ${Math.round((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000)} s)`,
    `- Machine: ${machine.cpus} CPUs (nproc), ${machine.cpuModel}, ${machine.memoryGiB} GiB RAM, ${machine.os}; load average ${machine.loadAverage.toFixed(2)} at start`,
    `- Code: ${code}; Node ${machine.node}`,
    "- The MCP server: the official SDK's `McpServer` behind its `StreamableHTTPServerTransport` (JSON answers, one session per client) in its own process on 127.0.0.1 (bench/mcp-upstream-process.ts), with 200 tools, each with a description, a schema of three parameters and annotations, its tools/list made once by the SDK and answered from memory (as most servers answer it; McpServer converts every schema on each list, about 20 ms whose variation hid what the Gateway adds); tools/call calls `echo`.",
    `- **Direct**: the same requests to the server's own endpoint, in a session of their own. **Through the Gateway**: \`${startCommandLine()}\`, log level ${s.logLevel}, embedded SQLite, the server registered through the management API as \`bench\` and reached at /mcp/bench with a \`gateway:invoke\` access token; the default policy (pinning enforced, detectors on arguments and results), the 200 tools pinned by one tools/list before anything is measured; every call recorded in Activity. **The bare proxy** (tools/list only; bench/mcp-bare-proxy.ts): node:http and an undici Pool forwarding the request and reading each answer whole before writing it back, nothing else: what one more hop of a 137 KB answer costs on this machine, the floor of any proxy that must read an answer before passing it on.`,
    `- Each scenario: ${s.rounds} round${s.rounds > 1 ? 's' : ''}, the targets taking turns, ${s.durationS} s measured per target in all after ${s.warmupS} s of warm-up; each request a new JSON-RPC id; latency from the scheduled send time (open loops) in microseconds.`,
    "- POST /mcp/decide: the endpoint shim's question before a local server's tools/call (docs/decisions/mcp-shim-protocol.md), with arguments for the detectors to scan, so that no answer is cached.",
    `- **The stdio server** (bench/mcp-stdio-server.ts, an SDK \`McpServer\` with an \`echo\` tool over \`StdioServerTransport\`), run directly and as \`gatehouse-client mcp wrap --name bench -- node … mcp-stdio-server.ts\`, the client signed in to the Gatehouse above by the real device sign-in (a developer invited and approving the code); the default policy, so every call asks POST /mcp/decide before the call and on its result (bench/mcp-stdio.ts). The bench writes newline-delimited JSON-RPC to the process's stdin (initialize, notifications/initialized, tools/list, then tools/call at ${STDIO_CALL_RATE}/s on the one pipe); latency from writing a call's line to reading its answer; the target's CPU is the process the bench started (for the wrapped server, the shim's alone).`,
    ...(run.error ? ['', `**The run stopped early:** ${run.error}`] : []),
    '',
    '### Goals',
    '',
    ...goals(run),
    '',
    '### Every run',
    '',
    ...runs(run),
  ];
}
