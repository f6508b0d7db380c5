// The Gateway section of bench/RESULTS.md: the issue's goals with what was measured, the four targets
// side by side, every run's figures, the memory soak, and how the figures were taken. A target that was
// not answering 200 has its reason in its cells, never a figure.
import { cores, int, ms, table } from './format.ts';
import type { GatewayRun } from './gateway-suite.ts';
import { TARGETS, gatewayScenarios, isStream, targetLabel } from './gateway-scenarios.ts';
import type { MachineInfo } from './machine.ts';
import { FLAT_GROWTH_PERCENT, FLAT_SLOPE_PERCENT_PER_MIN, mib } from './memory-soak.ts';
import { goalsTable } from './gateway-goals.ts';
import { startCommandLine } from './server-process.ts';
import {
  addedCell,
  cpuCell,
  find,
  latencyCell,
  loadOf,
  notAnswering,
  saturation,
  saturationCell,
} from './gateway-report-cells.ts';

/** The scenarios this run measured. */
const selected = (run: GatewayRun) =>
  gatewayScenarios(run.settings.streamRate, run.settings.largeRate).filter((sc) =>
    run.settings.scenarios.includes(sc.id),
  );

function sideBySide(run: GatewayRun): string[] {
  const targets = TARGETS.filter((t) => run.settings.targets.includes(t.id));
  const rows: string[][] = [];
  for (const scenario of selected(run)) {
    if (scenario.mode === 'closed') {
      rows.push([
        `${scenario.title}: good answers/s (p50 / p99 ms)`,
        ...targets.map((t) => saturationCell(run, t.id)),
      ]);
      rows.push([
        '↳ Gateway vs this target',
        ...targets.map((t) => {
          const g = saturation(run, 'gatehouse');
          const o = saturation(run, t.id);
          if (t.id === 'gatehouse' || typeof g === 'string' || typeof o === 'string' || o.achievedRate === 0)
            return '–';
          return `${Math.round((g.achievedRate / o.achievedRate) * 100)}%`;
        }),
      ]);
    } else {
      const what = isStream(scenario.kind) ? 'time to first byte' : 'latency';
      rows.push([
        `${scenario.title}: ${what} p50 / p99 ms`,
        ...targets.map((t) => latencyCell(find(run, scenario.id, t.id))),
      ]);
      rows.push([
        `↳ added over direct, p50 / p99 ms`,
        ...targets.map((t) => addedCell(run, scenario.id, t.id)),
      ]);
      if (isStream(scenario.kind)) {
        rows.push([
          '↳ whole stream, p50 / p99 ms',
          ...targets.map((t) => {
            const l = loadOf(find(run, scenario.id, t.id));
            return typeof l === 'string'
              ? l
              : l.complete
                ? `${ms(l.complete.p50)} / ${ms(l.complete.p99)}`
                : 'n/a';
          }),
        ]);
      }
    }
  }
  return table(['Scenario', ...targets.map((t) => t.label)], rows);
}

function cpuTable(run: GatewayRun): string[] {
  const targets = TARGETS.filter((t) => run.settings.targets.includes(t.id));
  return table(
    ['Server CPU per request (µs)', ...targets.map((t) => (t.id === 'direct' ? 'The mock alone' : t.label))],
    selected(run).map((sc) => [sc.title, ...targets.map((t) => cpuCell(find(run, sc.id, t.id)))]),
  );
}

function detailTable(run: GatewayRun): string[] {
  const s = run.settings;
  const titles = new Map(gatewayScenarios(s.streamRate, s.largeRate).map((sc) => [sc.id, sc.title]));
  const rows = run.results.map((r) => {
    const title = titles.get(r.scenario) ?? r.scenario;
    if (!r.load || !r.cpu) {
      return [
        title,
        targetLabel(r.target),
        `not measured: ${(r.skipped ?? '').replace(/\|/g, '\\|').slice(0, 160)}`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ];
    }
    const l = r.load;
    const shape =
      l.mode === 'closed' ? `closed, ${l.connections} conns` : `open, ${int(l.targetRate ?? 0)}/s`;
    return [
      title,
      targetLabel(r.target),
      shape,
      int(l.achievedRate),
      l.errors ? `${int(l.errors)} (${l.errorSamples.join('; ').replace(/\|/g, '\\|').slice(0, 120)})` : '0',
      ms(l.latency.p50),
      ms(l.latency.p90),
      ms(l.latency.p99),
      ms(l.latency.max),
      l.sendLag ? ms(l.sendLag.p99) : '–',
      `${cores(r.cpu.server)} / ${r.target === 'direct' ? '–' : cores(r.upstreamCpu)} / ${cores(r.cpu.generator)} / ${cores(r.cpu.others)} / ${cores(r.cpu.steal)}`,
      cpuCell(r),
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
      'p90 ms',
      'p99 ms',
      'max ms',
      'Send lag p99 ms',
      'CPU: target / mock / generator / others / steal (cores)',
      'Target CPU per request (µs)',
    ],
    rows,
  );
}

function soakSection(run: GatewayRun): string[] {
  const s = run.soak;
  if (!s) return [];
  const out = [`### Memory soak`, ''];
  if (s.skipped)
    return [...out, `Not run: ${targetLabel(s.target)} ${notAnswering(s.skipped)}: ${s.skipped}`, ''];
  const l = s.load;
  out.push(
    `${targetLabel(s.target)} at ${int(s.rate)}/s (open loop, non-streamed chat) for ${s.durationS} s after a ${s.warmupS} s warm-up; ` +
      `VmRSS of its process (/proc/<pid>/status) every ${s.sampleS} s. ` +
      (l
        ? `Load: ${int(l.achievedRate)}/s good answers, ${int(l.errors)} errors, p50 ${ms(l.latency.p50)} ms, p99 ${ms(l.latency.p99)} ms.`
        : ''),
    '',
  );
  const v = s.verdict;
  if (v) {
    out.push(
      ...table(
        [
          `Settled (first sample after ${Math.round(v.settleS)} s)`,
          'Last',
          'Max',
          'Growth, last vs settled',
          'Slope, second half',
          'Flat?',
          'After the load, idle',
        ],
        [
          [
            `${mib(v.settled.rssBytes)} MiB at ${Math.round(v.settled.atS)} s`,
            `${mib(v.last.rssBytes)} MiB at ${Math.round(v.last.atS)} s`,
            `${mib(v.max.rssBytes)} MiB at ${Math.round(v.max.atS)} s`,
            `${v.growthPercent.toFixed(1)}%`,
            `${v.slopeMiBPerMin.toFixed(2)} MiB/min`,
            v.flat ? 'yes' : '**no**',
            s.afterLoad ? `${mib(s.afterLoad.rssBytes)} MiB after ${s.afterLoad.afterS} s` : 'n/a',
          ],
        ],
      ),
      '',
      `Flat means: the least-squares slope over the second half of the run is under ${FLAT_SLOPE_PERCENT_PER_MIN}% of the settled size per minute, ` +
        `and the last sample is less than ${FLAT_GROWTH_PERCENT}% above the settled one. ` +
        "The last column is not judged: memory a backlog held comes back once the process is idle, a leak's does not (though V8 may keep heap it has grown). " +
        'Samples (s: MiB, with the requests outstanding at that moment when more than 10): ' +
        s.samples
          .map(
            (x) =>
              `${Math.round(x.atS)}: ${mib(x.rssBytes)}${x.inFlight > 10 ? ` (${x.inFlight} outstanding)` : ''}`,
          )
          .join(', '),
      '',
    );
  }
  return out;
}

/** Why a target's request kinds were not measured; one reason when they all failed alike. */
function reasons(down: Partial<Record<string, string>>): string {
  const entries = Object.entries(down).filter((e): e is [string, string] => e[1] !== undefined);
  const distinct = new Set(entries.map(([, why]) => why));
  const text =
    distinct.size === 1
      ? `${entries.map(([k]) => k).join(', ')}: ${entries[0]![1]}`
      : entries.map(([k, w]) => `${k}: ${w}`).join('; ');
  return text.replace(/\|/g, '\\|');
}

export function renderGatewaySection(run: GatewayRun, machine: MachineInfo, code: string): string[] {
  const s = run.settings;
  const v = run.versions;
  const gatewayDown = run.unavailable.gatehouse;
  const out: string[] = [
    '## Gateway (issue 4)',
    '',
    `Written by \`${run.command}\` (bench/run.ts, suite \`gateway\`); rerun it to refresh this section.`,
    '',
    `- Date: ${run.startedAt.toISOString()} (took ${Math.round((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000)} s)`,
    `- Machine: ${machine.cpus} CPUs (nproc), ${machine.cpuModel}, ${machine.memoryGiB} GiB RAM, ${machine.os}; load average ${machine.loadAverage.toFixed(2)} at start`,
    `- Code: ${code}; Node ${machine.node}`,
    `- One mock provider (server/test/mocks/mock-upstream.ts in its own process, nothing recorded, ${s.chunkDelayMs} ms between stream frames) and four ways to reach it, each its own process on 127.0.0.1 (checked in /proc/net/tcp):`,
    "  - **Direct to the mock**: the reference; added latency is each target's percentile minus this one's, at the same rate in the same run;",
    `  - **Bare Fastify + undici** (bench/bare-passthrough.ts; fastify ${v.fastify}, undici ${v.undici}): forwards the body Buffer and streams the answer back, nothing else — the practical limit in Node;`,
    `  - **Gatehouse Gateway**: \`${startCommandLine()}\`, log level ${s.logLevel}, embedded SQLite; a provider key (the mock as OpenAI, base_url <mock>/v1) and a \`gateway:invoke\` credential set up through the management API; each request carries the credential's access token (authentication and activity recording on);`,
    `  - **Portkey gateway** (@portkey-ai/gateway ${v['@portkey-ai/gateway']}, its own build/start-server.js with --headless, NODE_ENV=production, @hono/node-server ${v['@hono/node-server']}, bound to 127.0.0.1 by bench/portkey-server.ts), routed with x-portkey-provider: openai and x-portkey-custom-host: <mock>/v1.`,
    `- Before anything is measured, each target gets ${s.prewarmS} s of unmeasured load per request kind (JIT, sockets). ` +
      `Each scenario then measures each target for ${s.durationS} s in all` +
      (s.rounds > 1
        ? `, in ${s.rounds} rounds of ${Number((s.durationS / s.rounds).toFixed(2))} s in which the targets take turns (the order rotating from round to round, so that a burst of activity elsewhere on the machine falls on all of them alike); the rounds' samples are merged before the percentiles are taken. The first round has ${s.warmupS} s of warm-up, later ones ${Math.min(1, s.warmupS)} s (to open their connections), none counted.`
        : ` after ${s.warmupS} s of warm-up (not counted), the targets one after another.`) +
      ` Closed loops on ${s.connections} keep-alive connections, open loops on up to ${s.openConnections}.`,
    '',
  ];
  if (gatewayDown) {
    out.push(
      `> **The Gatehouse Gateway was not answering 200, so its column has no figures.** ` +
        reasons(gatewayDown),
      '',
    );
  }
  for (const t of TARGETS) {
    const down = run.unavailable[t.id];
    if (t.id !== 'gatehouse' && down) {
      out.push(`> **${t.label} was not answering 200:** ${reasons(down)}`, '');
    }
  }
  if (run.gatehouseActivity) out.push(`Gatehouse Gateway: ${run.gatehouseActivity}.`, '');
  if (run.beforeCode)
    out.push(
      `${targetLabel('before')}: the same Gateway, set up the same way, started from another checkout (BENCH_BEFORE_TREE) at ${run.beforeCode}.`,
      '',
    );
  if (run.error) out.push(`**The run stopped early:** ${run.error}`, '');
  out.push('### Goals', '', ...goalsTable(run), '', '### Side by side', '', ...sideBySide(run), '');
  out.push(
    'Server CPU per request, from /proc over each measured window: the proxy process alone (the mock, whose CPU is the same for every proxy, is in the detail table). ' +
      'Steadier than throughput on a shared machine; one core divided by it bounds what the process can reach.',
    '',
    ...cpuTable(run),
    '',
  );
  const busy = run.results.filter((r) => (r.cpu?.others ?? 0) + (r.cpu?.steal ?? 0) > 0.15);
  if (busy.length) {
    out.push(
      `> **Caution:** in ${busy.length} of ${run.results.filter((r) => r.load).length} runs, other processes or the hypervisor took more than 0.15 of a core ("others / steal" below); those figures understate what the targets do on a quiet machine.`,
      '',
    );
  }
  out.push('### Every run', '', ...detailTable(run), '', ...soakSection(run));
  out.push(
    '### Method (Gateway)',
    '',
    '- Requests: OpenAI chat completions for gpt-4o-mini (a system and a user message), not streamed; the same with `stream: true` (the mock answers 7 SSE frames, the last `data: [DONE]`); and a 500 KB body (a long user message), as coding agents send. Every target forwards to the same mock, which checks the provider key and answers like the OpenAI API.',
    "- Before any load each target's answer to one request of each kind is checked in full (a `chat.completion`, or a stream of `chat.completion.chunk` frames ending in `[DONE]`). A target whose answer is not right is **not measured** for that kind, and its cells say so with the status it gave: no figure is ever shown for a target that did not answer.",
    '- During the load a request counts as an error on any status other than 200, a transport error, a 10 s timeout, or (streams) a body not ending in `data: [DONE]`.',
    "- Latency at a rate: open loop, request *i* due at start + *i*/rate, measured from its scheduled time (coordinated omission not hidden), in microseconds. **Added latency** = the target's percentile minus the direct percentile at the same rate in the same run (a difference of percentiles, not a percentile of differences); on a shared 2-core machine differences under about 0.1 ms are within noise.",
    `- Time to first byte: the first chunk of the answer's body (the first SSE frame) after the scheduled send; the stream is still read to its end and judged. The mock waits ${s.chunkDelayMs} ms between frames, so a proxy that held the stream back would show it here.`,
    "- Saturation: closed loop; good answers per second. The mock, the target and the generator share the 2 cores: the proxies' figures are the most each reaches here with the mock beside it, not on a machine of its own.",
    '- CPU: utime + stime of each process from /proc/<pid>/stat over the measured window, in cores (1.00 = one core busy the whole time); "others" is the rest of the machine, the mock left out.',
    '',
  );
  return out;
}
