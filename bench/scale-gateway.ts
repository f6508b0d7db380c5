// The scale suite's Gateway parts (issue 21). First the Gateway's added latency with the logs at full
// size: the same chat completion as the Gateway suite's `chat-1000`, in an open loop at each rate, sent
// to the mock directly, to a Gatehouse on an empty store and to the Gatehouse on the seeded store, the
// three taking turns in each round (as the traces suite's targets do), so that "the same goals as on an
// empty database" is read in one run. Then the retention job deleting a month of activity while the
// Gateway serves 500 requests a second: the server's own job, at its first run after a start (a minute
// in), the setting lowered through the management API; the load runs in short slices, and the slices
// that overlap the run (its start and end read back from the store) are its "during", those before it
// its "before".
import { setTimeout as sleep } from 'node:timers/promises';
import type { Store } from '../server/src/store/database.ts';
import { readLastRun } from '../server/src/retention/retention-record.ts';
import type { DroppedPartition } from '../server/src/retention/partition-drop.ts';
import { adminPost, signIn, USER_AGENT } from './fixtures.ts';
import { prepareGatehouse, probe, requestsFor } from './gateway-fixtures.ts';
import { largeBody, type TargetRequests } from './gateway-scenarios.ts';
import type { SuiteContext } from './gateway-suite.ts';
import {
  describe,
  measure,
  mergeMeasured,
  type LoadSettings,
  type Measured,
  type MeasureTarget,
} from './measure.ts';
import type { ServerProcess } from './server-process.ts';

export const SCALE_GATEWAY_TARGETS = ['direct', 'empty', 'seeded'] as const;
export type ScaleGatewayTarget = (typeof SCALE_GATEWAY_TARGETS)[number];

export interface GatewayAtScale {
  rate: number;
  target: ScaleGatewayTarget;
  measured: Measured;
}

export interface Mock {
  url: string;
  cpuSeconds(): number | null;
}

interface Target {
  target: MeasureTarget;
  requests: TargetRequests;
}

/** The mock and a Gatehouse, each as a target of the chat request with its credential. */
async function gatehouseTarget(ctx: SuiteContext, server: ServerProcess, mock: Mock): Promise<Target> {
  const { accessToken } = await prepareGatehouse(server.consoleUrl, ctx.admin, mock.url);
  const requests = requestsFor('gatehouse', mock.url, accessToken, largeBody());
  const answer = await probe(server.gatewayUrl, requests, ['chat']);
  if (answer.chat) throw new Error(`the Gateway did not answer the chat request: ${answer.chat}`);
  return {
    target: { origin: server.gatewayUrl, cpuSeconds: server.cpuSeconds, upstreamCpuSeconds: mock.cpuSeconds },
    requests,
  };
}

export async function gatewayAtScale(
  ctx: SuiteContext,
  s: LoadSettings & { rounds: number; gatewayRates: number[] },
  mock: Mock,
  servers: { empty: ServerProcess; seeded: ServerProcess },
): Promise<{ results: GatewayAtScale[]; seededRequests: TargetRequests }> {
  const targets: Record<ScaleGatewayTarget, Target> = {
    direct: {
      target: { origin: mock.url, cpuSeconds: mock.cpuSeconds, upstreamCpuSeconds: mock.cpuSeconds },
      requests: requestsFor('direct', mock.url, undefined, largeBody()),
    },
    empty: await gatehouseTarget(ctx, servers.empty, mock),
    seeded: await gatehouseTarget(ctx, servers.seeded, mock),
  };
  const results: GatewayAtScale[] = [];
  const perRound = { ...s, durationS: s.durationS / s.rounds };
  for (const rate of s.gatewayRates) {
    const parts: Record<ScaleGatewayTarget, Measured[]> = { direct: [], empty: [], seeded: [] };
    for (let round = 0; round < s.rounds; round++) {
      // The order turns each round: none is always measured first, or right after another.
      const order = SCALE_GATEWAY_TARGETS.map(
        (_, i) => SCALE_GATEWAY_TARGETS[(i + round) % SCALE_GATEWAY_TARGETS.length]!,
      );
      for (const t of order) {
        ctx.write(`  Gateway chat at ${rate}/s, ${t} (round ${round + 1}/${s.rounds}): `);
        await ctx.settle();
        const m = await measure(targets[t].target, { mode: 'open', rate }, targets[t].requests.chat, {
          ...perRound,
          warmupS: round === 0 ? s.warmupS : Math.min(1, s.warmupS),
        });
        parts[t].push(m);
        ctx.say(describe(m.load, m.cpu, t === 'direct' ? undefined : m.upstreamCpu));
      }
    }
    for (const t of SCALE_GATEWAY_TARGETS)
      results.push({ rate, target: t, measured: mergeMeasured(parts[t]) });
  }
  return { results, seededRequests: targets.seeded.requests };
}

export interface RetentionUnderLoad {
  rate: number;
  /** The Gateway at `rate` before the run (the slices after the process's first WARM_S seconds). */
  before: Measured;
  /** The slices that overlapped the run, merged; null if none did. */
  during: Measured | null;
  duringS: number;
  /** The AFTER_S seconds of slices after the run: with `before`, the same process without the job. */
  after: Measured;
  deleted: number;
  batches: number;
  dropped: DroppedPartition[];
  runS: number;
}

interface StatusView {
  last_run: { started_at: string; finished_at: string; error: string | null } | null;
  next_run_at: string | null;
}

async function retentionStatus(consoleUrl: string, cookie: string): Promise<StatusView> {
  const res = await fetch(`${consoleUrl}/api/v1/settings/retention/status`, {
    headers: { cookie, accept: 'application/json', 'user-agent': USER_AGENT },
  });
  if (res.status !== 200) throw new Error(`retention status answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as StatusView;
}

/** The length of each slice of load while waiting for and during the retention run, seconds. */
export const SLICE_S = 2;
/** Slices this soon after the server started are not the steady Gateway (its code still compiling). */
export const WARM_S = 20;
/** Load kept on after the run, so that the Gateway without the job is read on both sides of it. */
export const AFTER_S = 60;
const RUN_TIMEOUT_MS = 60 * 60_000;

/**
 * On a server just started on the seeded store (its retention job's first run is due a minute after
 * start): the activity setting lowered to `days`, the Gateway loaded at `rate` until the job's run is
 * over. `launchedAt` is when the server was started (a run from before it is not this one's).
 */
export async function retentionUnderLoad(
  ctx: SuiteContext,
  s: LoadSettings,
  store: Store,
  server: ServerProcess,
  launchedAt: number,
  chat: TargetRequests['chat'],
  mock: Mock,
  rate: number,
  days: number,
): Promise<RetentionUnderLoad> {
  const session = await signIn(server.consoleUrl, ctx.admin);
  const settings = (await (
    await fetch(`${server.consoleUrl}/api/v1/settings/retention`, {
      headers: { cookie: session.cookie, accept: 'application/json', 'user-agent': USER_AGENT },
    })
  ).json()) as Record<string, number>;
  await adminPost(
    server.consoleUrl,
    session,
    '/api/v1/settings/retention',
    { ...settings, activity_days: days },
    200,
    'lower the activity retention',
    'PUT',
  );
  const target: MeasureTarget = {
    origin: server.gatewayUrl,
    cpuSeconds: server.cpuSeconds,
    upstreamCpuSeconds: mock.cpuSeconds,
  };
  const answer = await probe(server.gatewayUrl, { chat } as TargetRequests, ['chat']);
  if (answer.chat) throw new Error(`the restarted Gateway did not answer: ${answer.chat}`);
  const due = Date.parse((await retentionStatus(server.consoleUrl, session.cookie)).next_run_at ?? '');
  if (Number.isNaN(due)) throw new Error('the retention job has no next run');
  const slices: Array<{ from: number; to: number; m: Measured }> = [];
  let first = true;
  // Until the run is recorded, in slices; the first one warms up.
  for (;;) {
    if (Date.now() > due + RUN_TIMEOUT_MS) throw new Error('the retention run did not finish in an hour');
    const warmupS = first ? s.warmupS : 0;
    const from = Date.now() + warmupS * 1000;
    const m = await measure(target, { mode: 'open', rate }, chat, { ...s, warmupS, durationS: SLICE_S });
    slices.push({ from, to: Date.now(), m });
    first = false;
    const status = await retentionStatus(server.consoleUrl, session.cookie);
    if (status.last_run && Date.parse(status.last_run.started_at) >= launchedAt) {
      if (status.last_run.error) throw new Error(`the retention run failed: ${status.last_run.error}`);
      break;
    }
    if (slices.length % 10 === 0)
      ctx.write(`(${Math.max(0, Math.round((due - Date.now()) / 1000))} s to the run) `);
  }
  const run = await readLastRun(store);
  if (!run) throw new Error('the retention run was not recorded');
  const afterFrom = Date.now();
  while (Date.now() < afterFrom + AFTER_S * 1000) {
    const from = Date.now();
    const m = await measure(target, { mode: 'open', rate }, chat, { ...s, warmupS: 0, durationS: SLICE_S });
    slices.push({ from, to: Date.now(), m });
  }
  const before = slices
    .filter((x) => x.to <= run.startedAt && x.from >= launchedAt + WARM_S * 1000)
    .map((x) => x.m);
  const during = slices.filter((x) => x.from < run.finishedAt && x.to > run.startedAt);
  const after = slices.filter((x) => x.from >= run.finishedAt).map((x) => x.m);
  if (before.length === 0) throw new Error('no slice measured before the retention run started');
  if (after.length === 0) throw new Error('no slice measured after the retention run');
  // Let the last answers of the run's slices land before anything else is read.
  await sleep(100);
  return {
    rate,
    before: mergeMeasured(before),
    during: during.length ? mergeMeasured(during.map((x) => x.m)) : null,
    duringS: during.reduce((a, x) => a + (x.to - x.from) / 1000, 0),
    after: mergeMeasured(after),
    deleted: run.logs.activity.deleted,
    batches: run.logs.activity.batches,
    dropped: run.logs.activity.dropped ?? [],
    runS: (run.finishedAt - run.startedAt) / 1000,
  };
}
