// The traces suite of `npm run bench` (issue 20): what OpenTelemetry tracing costs the Gateway. One mock
// provider; two Gatehouses in front of it, one with tracing off (no OTEL_* setting) and one exporting
// every request's spans over OTLP/HTTP to a receiver in this process, as to a local Collector; and the
// mock reached directly, so that each Gateway's added latency is read against the same run. The three
// take turns in each round. The receiver counts what arrives, so that the report can say the spans were
// in fact exported while they were measured.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestsFor, prepareGatehouse } from './gateway-fixtures.ts';
import { checkLoopbackOnly, startMock } from './gateway-processes.ts';
import { largeBody, type TargetRequests } from './gateway-scenarios.ts';
import { processGroup, type SuiteContext } from './gateway-suite.ts';
import {
  describe,
  measure,
  mergeMeasured,
  type LoadSettings,
  type Measured,
  type MeasureTarget,
} from './measure.ts';
import { startServer } from './server-process.ts';
import { measureTracingCost, type TracingCost } from './traces-cost.ts';

export interface TracesSettings extends LoadSettings {
  rounds: number;
  logLevel: string;
  chunkDelayMs: number;
  /** Chat completions per second, one scenario each (BENCH_TRACES_RATES, default 500 and 1,000). */
  chatRates: number[];
  /** Streamed chats per second for the time to first byte (BENCH_STREAM_RATE, default 200). */
  streamRate: number;
}

export const TRACES_TARGETS = ['direct', 'off', 'on'] as const;
export type TracesTarget = (typeof TRACES_TARGETS)[number];

export interface TracesScenario {
  id: string;
  label: string;
  kind: 'chat' | 'stream';
  /** Open loop at this rate; null: a closed loop of one connection (one request at a time). */
  rate: number | null;
}

export function tracesScenarios(s: Pick<TracesSettings, 'chatRates' | 'streamRate'>): TracesScenario[] {
  return [
    // One at a time: the cost per request without a queue, readable even on a busy machine, where an
    // open loop at a rate the machine cannot hold measures the backlog instead.
    { id: 'chat-sequential', label: 'chat completion, one at a time', kind: 'chat', rate: null },
    ...s.chatRates.map((rate) => ({
      id: `chat-${rate}`,
      label: `chat completion at ${rate.toLocaleString('en-US')}/s`,
      kind: 'chat' as const,
      rate,
    })),
    {
      id: 'stream-ttfb',
      label: `streamed chat at ${s.streamRate.toLocaleString('en-US')}/s, time to first byte`,
      kind: 'stream',
      rate: s.streamRate,
    },
  ];
}

export interface TracesRun {
  command: string;
  startedAt: Date;
  finishedAt: Date;
  settings: TracesSettings;
  results: Array<{ scenario: string; target: TracesTarget; measured: Measured }>;
  /** What the receiver got from the Gateway with tracing on, over the whole run. */
  exported: { requests: number; spans: number; bytes: number };
  /** Requests sent to the Gateway with tracing on in the measured windows (its warm-ups come on top). */
  tracedRequests: number;
  /** Tracing's own CPU per request, measured in this process (traces-cost.ts). */
  cost?: TracingCost;
  error?: string;
}

/** An OTLP/HTTP receiver that counts spans and bytes and keeps nothing (the suite's local Collector). */
async function startCountingReceiver() {
  const counts = { requests: 0, spans: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      counts.requests++;
      counts.bytes += body.length;
      // Each span carries exactly one spanId.
      counts.spans += body.toString('latin1').split('"spanId"').length - 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    counts,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function runTracesSuite(ctx: SuiteContext, s: TracesSettings): Promise<TracesRun> {
  const run: TracesRun = {
    command: ctx.command,
    startedAt: new Date(),
    finishedAt: new Date(),
    settings: s,
    results: [],
    exported: { requests: 0, spans: 0, bytes: 0 },
    tracedRequests: 0,
  };
  const { keep, stopAll } = processGroup(ctx.running);
  const receiver = await startCountingReceiver();
  // What the receiver had before the Gateways ran: the in-process measurement's spans.
  let before = { ...receiver.counts };
  try {
    ctx.say('\nTraces: the CPU tracing adds per request, in this process');
    await ctx.settle();
    run.cost = await measureTracingCost(receiver, s.rounds);
    ctx.say(
      `  off ${run.cost.offUs.toFixed(1)} µs, on ${run.cost.onUs.toFixed(1)} µs: +${run.cost.addedUs.toFixed(1)} µs per request; ${run.cost.spans} spans exported for ${run.cost.requests} traced requests`,
    );
    before = { ...receiver.counts };
    ctx.say('\nTraces: the Gateway with OpenTelemetry tracing off and on (exporting to a local receiver)');
    const mock = keep(await startMock(ctx.repoRoot, s.chunkDelayMs));
    const env = { GATEHOUSE_SLOPSQUAT_REGISTRIES: mock.registries };
    // Two servers start one after the other on a machine that may be busy: a patient wait.
    const startTimeoutMs = 120_000;
    const off = keep(
      await startServer({
        repoRoot: ctx.repoRoot,
        logLevel: s.logLevel,
        admin: ctx.admin,
        env,
        startTimeoutMs,
      }),
    );
    const on = keep(
      await startServer({
        repoRoot: ctx.repoRoot,
        logLevel: s.logLevel,
        admin: ctx.admin,
        startTimeoutMs,
        // Every request sampled, the SDK's default batching: the cost an operator would see.
        env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'gatehouse-bench' },
      }),
    );
    for (const [name, gh] of [
      ['off', off],
      ['on', on],
    ] as const)
      await checkLoopbackOnly(`the Gatehouse Gateway (tracing ${name})`, {
        url: gh.gatewayUrl,
        stop: gh.stop,
      });
    const large = largeBody();
    const targets: Record<TracesTarget, { target: MeasureTarget; requests: TargetRequests }> = {
      direct: {
        target: { origin: mock.url, cpuSeconds: mock.cpuSeconds, upstreamCpuSeconds: mock.cpuSeconds },
        requests: requestsFor('direct', mock.url, undefined, large),
      },
      off: {
        target: { origin: off.gatewayUrl, cpuSeconds: off.cpuSeconds, upstreamCpuSeconds: mock.cpuSeconds },
        requests: requestsFor(
          'gatehouse',
          mock.url,
          (await prepareGatehouse(off.consoleUrl, ctx.admin, mock.url)).accessToken,
          large,
        ),
      },
      on: {
        target: { origin: on.gatewayUrl, cpuSeconds: on.cpuSeconds, upstreamCpuSeconds: mock.cpuSeconds },
        requests: requestsFor(
          'gatehouse',
          mock.url,
          (await prepareGatehouse(on.consoleUrl, ctx.admin, mock.url)).accessToken,
          large,
        ),
      },
    };

    const perRound = { ...s, durationS: s.durationS / s.rounds };
    for (const scenario of tracesScenarios(s)) {
      const parts: Record<TracesTarget, Measured[]> = { direct: [], off: [], on: [] };
      for (let round = 0; round < s.rounds; round++) {
        // The order turns each round, so that none is always measured first (or last).
        const order = TRACES_TARGETS.map((_, i) => TRACES_TARGETS[(i + round) % TRACES_TARGETS.length]!);
        for (const t of order) {
          ctx.write(
            `  ${scenario.label}, ${t === 'direct' ? 'direct' : `tracing ${t}`} (round ${round + 1}/${s.rounds}): `,
          );
          await ctx.settle();
          const m = await measure(
            targets[t].target,
            scenario.rate === null ? { mode: 'closed' } : { mode: 'open', rate: scenario.rate },
            targets[t].requests[scenario.kind],
            {
              ...perRound,
              warmupS: round === 0 ? s.warmupS : 1,
              ...(scenario.rate === null ? { connections: 1 } : {}),
            },
          );
          if (t === 'on') run.tracedRequests += m.load.sent;
          parts[t].push(m);
          ctx.say(describe(m.load, m.cpu, m.upstreamCpu));
        }
      }
      for (const t of TRACES_TARGETS)
        run.results.push({ scenario: scenario.id, target: t, measured: mergeMeasured(parts[t]) });
    }
  } catch (err) {
    run.error = (err as Error).message;
    ctx.say(`\n  failed: ${run.error}`);
  } finally {
    // The graceful stop flushes the spans still queued: counted after it.
    await stopAll();
    run.exported = {
      requests: receiver.counts.requests - before.requests,
      spans: receiver.counts.spans - before.spans,
      bytes: receiver.counts.bytes - before.bytes,
    };
    await receiver.stop();
    run.finishedAt = new Date();
  }
  return run;
}
