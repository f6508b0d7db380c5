// bench/RESULTS-issue-20-traces.md: the Gateway's added latency with OpenTelemetry tracing off and on,
// side by side, from one run of the traces suite (traces-suite.ts).
import { cores, int, ms, plusMs, table } from './format.ts';
import type { MachineInfo } from './machine.ts';
import { heldRate, serverCpuPerRequest, type Measured } from './measure.ts';
import { tracesScenarios, type TracesRun, type TracesTarget } from './traces-suite.ts';

const LABEL: Record<TracesTarget, string> = {
  direct: 'mock provider, direct',
  off: 'Gateway, tracing off',
  on: 'Gateway, tracing on (OTLP/HTTP to a local receiver)',
};

export function renderTracesReport(run: TracesRun, machine: MachineInfo, code: string): string {
  const lines = [
    '# Benchmark: OpenTelemetry traces (issue 20)',
    '',
    'What tracing costs the Gateway: the same requests, in the same run, to the mock provider directly, to',
    'a Gatehouse with tracing off (no `OTEL_*` setting: the SDK is not loaded) and to one exporting every',
    "request's spans (a SERVER span and its upstream CLIENT span, every request sampled, the SDK's default",
    'batching) over OTLP/HTTP to a receiver on this machine. The three take turns in each round. Added',
    'latency is a Gateway percentile minus the direct one. "One at a time" is a closed loop of one',
    'connection; the rated rows are open loops, whose latency counts from the scheduled send (a backlog',
    'shows, and "rate not held" marks a rate the machine did not keep up with).',
    '',
    `- Command: \`${run.command}\``,
    `- Code: ${code}; run ${run.startedAt.toISOString()} to ${run.finishedAt.toISOString()}`,
    `- Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, ${machine.os}, node ${machine.node}, load average at start ${machine.loadAverage.toFixed(2)}`,
    `- Per target and scenario: ${run.settings.durationS} s measured in ${run.settings.rounds} rounds, warm-up ${run.settings.warmupS} s; Gatehouse log level ${run.settings.logLevel}`,
    `- Exported by the Gateway with tracing on: ${int(run.exported.spans)} spans in ${int(run.exported.requests)} OTLP requests (${int(run.exported.bytes / 1024)} KiB), for ${int(run.tracedRequests)} requests measured (warm-ups and set-up come on top; two spans each)`,
    '',
  ];
  if (run.error) lines.push(`**The run failed**: ${run.error}`, '');
  const busiest = Math.max(0, ...run.results.map((r) => r.measured.cpu.others ?? 0));
  if (busiest > 0.5)
    lines.push(
      `**The machine was busy**: other processes used up to ${busiest.toFixed(2)} of its ${machine.cpus} cores while the`,
      "Gateways were measured, so their latency and CPU figures below are the machine's as much as theirs;",
      'the in-process CPU measurement is the one to read for what tracing costs.',
      '',
    );
  if (run.cost) {
    const c = run.cost;
    lines.push(
      '## The CPU tracing adds to a request',
      '',
      "Measured in the benchmark's own process (bench/traces-cost.ts), so that no other process's share of",
      "the machine is in it: the Gateway's three tracing steps per request (begin, upstream with the",
      '`traceparent` written, the activity record that ends both spans) over the real activity log, tracing',
      'off and on (the real SDK, exporting to the same local receiver), taking turns. Process CPU time per',
      "request, export included (the SDK's batching and serialisation run on the same thread):",
      '',
      ...table(
        ['requests per arm', 'tracing off µs', 'tracing on µs', 'added µs', 'spans exported'],
        [
          [
            int(c.requests),
            c.offUs.toFixed(1),
            c.onUs.toFixed(1),
            `+${c.addedUs.toFixed(1)}`,
            `${int(c.spans)} of ${int(c.requests * 2)}`,
          ],
        ],
      ),
      '',
      '## The Gateway with tracing off and on',
      '',
    );
  }
  const rows: string[][] = [];
  for (const scenario of tracesScenarios(run.settings)) {
    const direct = find(run, scenario.id, 'direct');
    for (const target of ['direct', 'off', 'on'] as const) {
      const m = find(run, scenario.id, target);
      if (!m) continue;
      const { load } = m;
      const l = load.latency;
      const cpu = serverCpuPerRequest(m);
      rows.push([
        scenario.label,
        LABEL[target],
        `${int(load.achievedRate)}/s${scenario.rate === null || heldRate(load) ? '' : ' (rate not held)'}`,
        String(load.errors),
        ms(l.p50),
        ms(l.p99),
        direct && target !== 'direct' ? plusMs(l.p50 - direct.load.latency.p50) : '–',
        direct && target !== 'direct' ? plusMs(l.p99 - direct.load.latency.p99) : '–',
        cpu === null ? 'n/a' : int(cpu),
        cores(m.cpu.others),
      ]);
    }
  }
  lines.push(
    ...table(
      [
        'scenario',
        'target',
        'achieved',
        'errors',
        'p50 ms',
        'p99 ms',
        'added p50 ms',
        'added p99 ms',
        'server CPU µs/request',
        'others (cores)',
      ],
      rows,
    ),
    '',
    '"others" is the CPU other processes on the machine used during the window: figures taken while it is',
    "high are the machine's, not the Gateway's. The time to first byte is the latency of the streamed rows.",
    '',
  );
  return lines.join('\n');
}

function find(run: TracesRun, scenario: string, target: TracesTarget): Measured | undefined {
  return run.results.find((r) => r.scenario === scenario && r.target === target)?.measured;
}
