// A diagnostic, not a suite: where the Gateway's latency tail comes from. One Gatehouse (as `npm start`
// runs it, GATEHOUSE_METRICS_PORT set) in front of the mock provider; a closed loop of one connection
// (no queueing anywhere: every slow answer is the Gateway's own) and an open loop at 1,000/s, then the
// process's garbage collections and event-loop delay as prom-client reports them, next to the latency
// percentiles, so that the number of pauses can be set against the number of slow requests.
//
//   node --import tsx bench/gc-diag.ts              (BENCH_DURATION seconds per loop, default 10)
//   NODE_OPTIONS=--max-semi-space-size=64 node --import tsx bench/gc-diag.ts   (the server inherits it)
//   DIAG_TREE=<another checkout>   runs that checkout's server instead of this one's
//   DIAG_PROFILE_DIR=<dir>         the server runs under --cpu-prof, its profiles written there at stop
import path from 'node:path';
import { closedLoop, openLoop } from './load.ts';
import { startMock } from './gateway-processes.ts';
import { prepareGatehouse, requestsFor } from './gateway-fixtures.ts';
import { startMetricsTarget } from './metrics-target.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_DURATION) || 10;
const admin = { email: 'bench-owner@example.com', password: 'benchmark-owner-password' };

const mock = await startMock(repoRoot, 10);
const gh = await startMetricsTarget({
  repoRoot: process.env.DIAG_TREE ? path.resolve(process.env.DIAG_TREE) : repoRoot,
  cpuProfileDir: process.env.DIAG_PROFILE_DIR,
  logLevel: 'info',
  admin,
  env: { GATEHOUSE_SLOPSQUAT_REGISTRIES: mock.registries },
  startTimeoutMs: 120_000,
});
try {
  const { accessToken } = await prepareGatehouse(gh.consoleUrl, admin, mock.url);
  const request = requestsFor('gatehouse', mock.url, accessToken, Buffer.alloc(0)).chat;
  // A checkout without metrics (DIAG_TREE older than issue 20) has none to read: latency only.
  const metric = async (names: RegExp) =>
    fetch(gh.metricsUrl)
      .then((r) => r.text())
      .then((t) => t.split('\n').filter((l) => names.test(l) && !l.startsWith('#')))
      .catch(() => [] as string[]);
  const gcCounts = async () =>
    Object.fromEntries(
      (await metric(/^nodejs_gc_duration_seconds_(bucket|count|sum)/)).map((l) => {
        const [k, v] = l.split(' ');
        return [k!, Number(v)];
      }),
    );
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const ms = (us: number) => (us / 1000).toFixed(3);
  for (const [name, run] of [
    [
      'one at a time',
      () =>
        closedLoop({
          origin: gh.gatewayUrl,
          request,
          warmupMs: 3000,
          durationMs: seconds * 1000,
          connections: 1,
          maxRequests: 1e7,
        }),
    ],
    [
      '1,000/s',
      () =>
        openLoop({
          origin: gh.gatewayUrl,
          request,
          warmupMs: 3000,
          durationMs: seconds * 1000,
          rate: 1000,
          connections: 64,
        }),
    ],
  ] as const) {
    const before = await gcCounts();
    const r = await run();
    const after = await gcCounts();
    const l = r.latency;
    say(
      `${name}: ${r.ok} ok, ${r.errors} errors, ${r.achievedRate.toFixed(0)}/s; p50 ${ms(l.p50)} p90 ${ms(l.p90)} p99 ${ms(l.p99)} max ${ms(l.max)} ms`,
    );
    // Collections in the run (the warm-up's included), by kind and by how long they paused.
    for (const k of Object.keys(after).filter((k) => k.includes('_count') || k.includes('_sum')))
      say(`  ${k} +${(after[k]! - (before[k] ?? 0)).toFixed(4)}`);
    for (const k of Object.keys(after).filter((k) => k.includes('_bucket') && k.includes('kind="minor"')))
      say(`  ${k} +${after[k]! - (before[k] ?? 0)}`);
  }
  say((await metric(/^nodejs_eventloop_lag_(p50|p90|p99|max)_seconds/)).join('\n'));
} finally {
  await gh.stop();
  await mock.stop();
}
