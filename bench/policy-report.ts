// The policy section of bench/RESULTS.md: the detectors' quality and speed, and what the policy adds to
// a coding agent's 1 MB conversation at its second turn.
import type { MachineInfo } from './machine.ts';
import { cores, int, mark, ms, plusMs, table } from './format.ts';
import type { Measured } from './measure.ts';
import { serverCpuPerRequest } from './measure.ts';
import type { DetectorBench } from './detectors.ts';
import { CONVERSATION_BYTES, type PolicyMode, type PolicyRun } from './policy-suite.ts';

/** Goals of issue 5. */
const SECOND_TURN_P99_GOAL_MS = 2;
const THROUGHPUT_GOAL_MBS = 100;
const SECRETS_QUALITY_GOAL = 0.95;

function turnRow(title: string, m: Partial<Record<PolicyMode, Measured>>): string[] {
  const cell = (x: Measured | undefined) =>
    x
      ? `${ms(x.load.latency.p50)} / ${ms(x.load.latency.p99)}${x.load.errors ? ` ⚠ ${int(x.load.errors)} errors` : ''}`
      : 'not run';
  const cpu = (x: Measured | undefined) => {
    const us = x ? serverCpuPerRequest(x) : null;
    return us === null ? 'n/a' : int(us);
  };
  const added =
    m.on && m.off
      ? `${plusMs(m.on.load.latency.p50 - m.off.load.latency.p50)} / ${plusMs(m.on.load.latency.p99 - m.off.load.latency.p99)}`
      : 'n/a';
  return [title, cell(m.off), cell(m.on), added, `${cpu(m.off)} → ${cpu(m.on)}`];
}

export function renderPolicySection(
  run: PolicyRun,
  detectors: DetectorBench | undefined,
  machine: MachineInfo,
  code: string,
): string[] {
  const s = run.settings;
  const second = run.secondTurn;
  const addedP99 =
    second.on && second.off ? (second.on.load.latency.p99 - second.off.load.latency.p99) / 1000 : null;
  const secrets = detectors?.quality.find((q) => q.detector === 'secrets');
  const goals: string[][] = [
    [
      'Second turn of a 1 MB conversation: added p99, policy on vs off',
      `≤ ${SECOND_TURN_P99_GOAL_MS} ms`,
      addedP99 === null ? 'not measured' : `${plusMs(addedP99 * 1000)} ms`,
      mark(addedP99 === null ? null : addedP99 <= SECOND_TURN_P99_GOAL_MS),
    ],
    [
      'Detector throughput on fresh text, all detectors, one core',
      `≥ ${THROUGHPUT_GOAL_MBS} MB/s`,
      detectors ? `${detectors.throughputMBs.toFixed(0)} MB/s` : 'not measured',
      mark(detectors ? detectors.throughputMBs >= THROUGHPUT_GOAL_MBS : null),
    ],
    [
      'Secrets: precision / recall on the corpus',
      `≥ ${SECRETS_QUALITY_GOAL} / ≥ ${SECRETS_QUALITY_GOAL}`,
      secrets ? `${secrets.precision.toFixed(3)} / ${secrets.recall.toFixed(3)}` : 'not measured',
      mark(
        secrets ? secrets.precision >= SECRETS_QUALITY_GOAL && secrets.recall >= SECRETS_QUALITY_GOAL : null,
      ),
    ],
  ];
  const out = [
    '## Policy and detectors (issue 5)',
    '',
    `Written by \`${run.command}\` (bench/run.ts, suite \`policy\`); rerun it to refresh this section.`,
    '',
    `- Date: ${run.startedAt.toISOString()} (took ${Math.round((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000)} s)`,
    `- Machine: ${machine.cpus} CPUs (nproc), ${machine.cpuModel}, ${machine.memoryGiB} GiB RAM, ${machine.os}`,
    `- Code: ${code}; Node ${machine.node}`,
    `- The conversation: an Anthropic Messages request of ${(run.bodyBytes / 1024 / 1024).toFixed(2)} MB (about ${CONVERSATION_BYTES / 1024 / 1024} MB: a system prompt, forty rounds of a Read tool returning source files, one new question), sent with Claude Code's user agent to the Gatehouse Gateway in front of the mock provider, open loop at ${s.rate}/s (first turns at ${Math.min(s.rate, 10)}/s).`,
    `- Policy on: the default document (secrets redact, PII alert) under \`enforce\`; off: \`enforcement: off\`. The two take turns in ${s.rounds} rounds (order swapped each round), ${s.durationS} s measured per mode in all; each mode change recompiles the policy, so each round's warm-up also refills the scan cache.`,
    '- Second turn: every request is the same history with a new last question (the history was scanned before, the question was not). First turn: each request is a conversation the Gateway has not seen.',
    ...(run.error ? [`- **The run failed**: ${run.error}`] : []),
    '',
    '### Goals',
    '',
    ...table(['Goal', 'Target', 'Measured', ''], goals),
    '',
    '### The conversation through the Gateway',
    '',
    ...table(
      [
        'Request',
        'Policy off: p50 / p99 ms',
        'Policy on: p50 / p99 ms',
        'Added p50 / p99 ms',
        'Gateway CPU per request (µs), off → on',
      ],
      [
        turnRow('Second turn (history seen, one new message)', second),
        turnRow('First turn (all new)', run.firstTurn),
      ],
    ),
    '',
  ];
  if (detectors) {
    out.push(
      '### Detectors',
      '',
      `Corpus: server/test/fixtures/detection-corpus/ (${int(detectors.corpus.positives)} positives, ${int(detectors.corpus.negatives)} negatives). Throughput: ${detectors.throughputText}.`,
      '',
      ...table(
        ['Detector', 'Precision', 'Recall', 'True positives', 'False positives', 'False negatives'],
        detectors.quality.map((q) => [
          q.detector,
          q.precision.toFixed(3),
          q.recall.toFixed(3),
          int(q.truePositives),
          int(q.falsePositives),
          int(q.falseNegatives),
        ]),
      ),
      '',
    );
  }
  const cpu = (m: Measured | undefined) =>
    m ? `${cores(m.cpu.server)} Gateway, ${cores(m.upstreamCpu)} mock` : '';
  out.push(`CPU during the second turn (cores): off ${cpu(second.off)}; on ${cpu(second.on)}.`, '');
  return out;
}
