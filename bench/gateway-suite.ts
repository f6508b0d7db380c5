// The Gateway suite of `npm run bench` (issue 4): one mock provider, and in front of it, side by side in
// one run, nothing (direct), a bare Fastify + undici pass-through, the Gatehouse Gateway (authentication
// and activity recording on, as deployed) and the Portkey gateway from npm. Each scenario runs against
// each target in turn with the same generator and settings; then, when asked (BENCH_SOAK), the memory
// soak. Every process is stopped at the end, whatever happened.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  checkLoopbackOnly,
  packageVersion,
  residentBytes,
  startBare,
  startMock,
  startPortkey,
  type ChildServer,
} from './gateway-processes.ts';
import type { AdminSession } from './fixtures.ts';
import { checkActivity, prepareGatehouse, probe, requestsFor } from './gateway-fixtures.ts';
import {
  gatewayScenarios,
  OTHER_SHAPES,
  REQUEST_KINDS,
  largeBody,
  targetLabel,
  type GatewayScenarioId,
  type RequestKind,
  type TargetId,
  type TargetRequests,
} from './gateway-scenarios.ts';
import { openLoop, type LoadResult } from './load.ts';
import { describeCode, type CpuShare } from './machine.ts';
import { NOT_SET_UP } from './gateway-report-cells.ts';
import { mainThreadProfile } from './cpu-profile.ts';
import { describe, measure, mergeMeasured, type LoadSettings, type Measured } from './measure.ts';
import { judgeSoak, mib, sampleMemory, type MemorySample, type SoakVerdict } from './memory-soak.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { startMetricsTarget, type Scraper } from './metrics-target.ts';

export interface GatewaySettings extends LoadSettings {
  targets: TargetId[];
  /** The checkout whose Gateway is the target `before` (BENCH_BEFORE_TREE). */
  beforeTree: string | undefined;
  /** BENCH_CPU_PROFILE: the Gatehouse Gateway runs under --cpu-prof, its profile written here. */
  cpuProfileDir: string | undefined;
  /** Which scenarios (all by default). */
  scenarios: GatewayScenarioId[];
  /** Seconds of unmeasured load per target and request kind before any measurement (JIT, sockets). */
  prewarmS: number;
  /**
   * Each scenario's measured time is split into this many rounds, the targets taking turns (in a
   * rotating order) in each, so that a burst of activity elsewhere on the machine falls on all of them
   * alike rather than on whichever target was being measured at the time.
   */
  rounds: number;
  streamRate: number;
  largeRate: number;
  /** The mock's pause between stream frames. */
  chunkDelayMs: number;
  /** Gatehouse's log level. */
  logLevel: string;
  soakS: number;
  soakRate: number;
  soakTarget: TargetId;
  soakSampleS: number;
}

export interface GatewayResult {
  scenario: GatewayScenarioId;
  target: TargetId;
  /** Absent when the target was not measured: `skipped` says why. */
  load?: LoadResult;
  cpu?: CpuShare;
  /** The mock's CPU during the run, in cores. */
  upstreamCpu?: number | null;
  skipped?: string;
}

export interface SoakResult {
  target: TargetId;
  rate: number;
  durationS: number;
  warmupS: number;
  sampleS: number;
  load?: LoadResult;
  samples: MemorySample[];
  verdict: SoakVerdict | null;
  /** VmRSS once the process has been idle a while after the load. */
  afterLoad?: { afterS: number; rssBytes: number };
  skipped?: string;
}

export interface GatewayRun {
  command: string;
  startedAt: Date;
  finishedAt: Date;
  settings: GatewaySettings;
  versions: Record<string, string>;
  /** Per target, the request kinds whose one checked answer was wrong, and how. */
  unavailable: Partial<Record<TargetId, Partial<Record<RequestKind, string>>>>;
  results: GatewayResult[];
  /** Whether the Gatehouse Gateway recorded the checked requests in its activity log. */
  gatehouseActivity?: string;
  /** The earlier tree's code (describeCode), when the target `before` ran. */
  beforeCode?: string;
  soak?: SoakResult;
  /** The target `metrics`' scraper over the run. */
  metricsScraper?: Omit<Scraper, 'stop'>;
  /** Set when the run stopped early. */
  error?: string;
}

export interface Stoppable {
  stop(timeoutMs?: number): Promise<unknown>;
}

/** The processes a suite starts: each also in `running` (stopped on Ctrl-C), all stopped at its end. */
export function processGroup(running: Set<Stoppable>) {
  const started: Stoppable[] = [];
  return {
    keep<T extends Stoppable>(p: T): T {
      started.push(p);
      running.add(p);
      return p;
    },
    /** Last started, first stopped: the proxies before the mock they call. */
    async stopAll() {
      for (const p of started.reverse()) {
        await p.stop();
        running.delete(p);
      }
    },
  };
}

export interface SuiteContext {
  repoRoot: string;
  admin: { email: string; password: string };
  command: string;
  /** The pause and wait for quiet before each measurement. */
  settle(): Promise<void>;
  /** Processes to stop on Ctrl-C. */
  running: Set<Stoppable>;
  say(line: string): void;
  write(text: string): void;
}

const SOAK_WARMUP_S = 10;

/** Portkey is compared on the OpenAI shapes only: the other providers' routing is not set up for it. */
const kindsOf = (target: TargetId): readonly RequestKind[] =>
  target === 'portkey' ? REQUEST_KINDS.filter((k) => !OTHER_SHAPES.includes(k)) : REQUEST_KINDS;
const AFTER_LOAD_S = 15;

export async function runGatewaySuite(ctx: SuiteContext, s: GatewaySettings): Promise<GatewayRun> {
  const run: GatewayRun = {
    command: ctx.command,
    startedAt: new Date(),
    finishedAt: new Date(),
    settings: s,
    versions: {
      '@portkey-ai/gateway': packageVersion(ctx.repoRoot, '@portkey-ai/gateway'),
      '@hono/node-server': packageVersion(ctx.repoRoot, '@hono/node-server'),
      fastify: packageVersion(ctx.repoRoot, 'fastify'),
      undici: packageVersion(ctx.repoRoot, 'undici'),
    },
    unavailable: {},
    results: [],
  };
  const { keep, stopAll } = processGroup(ctx.running);
  const wanted = (t: TargetId) => s.targets.includes(t) || (s.soakS > 0 && s.soakTarget === t);
  let scraper: Scraper | undefined;
  try {
    ctx.say(`\nGateway: starting the mock provider and the targets (${s.targets.join(', ')})`);
    const mock = keep(await startMock(ctx.repoRoot, s.chunkDelayMs));
    const servers: Partial<Record<TargetId, { origin: string; cpuSeconds(): number | null; pid: number }>> = {
      direct: { origin: mock.url, cpuSeconds: mock.cpuSeconds, pid: mock.pid },
    };
    const tokens: Partial<Record<TargetId, string>> = {};
    let gatehouseConsole: { url: string; session: AdminSession; newToken: () => Promise<string> } | undefined;
    if (wanted('gatehouse')) {
      const gh: ServerProcess = keep(
        await startServer({
          repoRoot: ctx.repoRoot,
          logLevel: s.logLevel,
          admin: ctx.admin,
          cpuProfileDir: s.cpuProfileDir,
          env: { GATEHOUSE_SLOPSQUAT_REGISTRIES: mock.registries },
          // A start takes seconds on a quiet machine; on one shared with other work, far longer.
          startTimeoutMs: 120_000,
        }),
      );
      await checkLoopbackOnly('Gatehouse (console)', { url: gh.consoleUrl, stop: gh.stop });
      await checkLoopbackOnly('the Gatehouse Gateway', { url: gh.gatewayUrl, stop: gh.stop });
      servers.gatehouse = { origin: gh.gatewayUrl, cpuSeconds: gh.cpuSeconds, pid: gh.pid };
      try {
        const prepared = await prepareGatehouse(gh.consoleUrl, ctx.admin, mock.url);
        tokens.gatehouse = prepared.accessToken;
        gatehouseConsole = { url: gh.consoleUrl, session: prepared.session, newToken: prepared.newToken };
      } catch (err) {
        const why = `setup through the management API failed: ${(err as Error).message}`;
        run.unavailable.gatehouse = { chat: why, stream: why, large: why };
      }
    }
    if (wanted('metrics')) {
      const mt = keep(
        await startMetricsTarget({
          repoRoot: ctx.repoRoot,
          logLevel: s.logLevel,
          admin: ctx.admin,
          env: { GATEHOUSE_SLOPSQUAT_REGISTRIES: mock.registries },
          startTimeoutMs: 120_000,
        }),
      );
      scraper = mt.scraper;
      servers.metrics = { origin: mt.gatewayUrl, cpuSeconds: mt.cpuSeconds, pid: mt.pid };
      try {
        tokens.metrics = (await prepareGatehouse(mt.consoleUrl, ctx.admin, mock.url)).accessToken;
      } catch (err) {
        const why = `setup through the management API failed: ${(err as Error).message}`;
        run.unavailable.metrics = { chat: why, stream: why, large: why };
      }
    }
    if (wanted('before') && s.beforeTree) {
      run.beforeCode = describeCode(s.beforeTree);
      const before: ServerProcess = keep(
        await startServer({
          repoRoot: s.beforeTree,
          logLevel: s.logLevel,
          admin: ctx.admin,
          // Profiled too, so that a change's cost can be read function by function against the earlier tree.
          cpuProfileDir: s.cpuProfileDir && `${s.cpuProfileDir}-before`,
          env: { GATEHOUSE_SLOPSQUAT_REGISTRIES: mock.registries },
        }),
      );
      servers.before = { origin: before.gatewayUrl, cpuSeconds: before.cpuSeconds, pid: before.pid };
      try {
        tokens.before = (await prepareGatehouse(before.consoleUrl, ctx.admin, mock.url)).accessToken;
      } catch (err) {
        const why = `setup through the management API failed: ${(err as Error).message}`;
        run.unavailable.before = { chat: why, stream: why, large: why };
      }
    }
    if (wanted('bare')) {
      const bare: ChildServer = keep(await startBare(ctx.repoRoot, mock.url));
      servers.bare = { origin: bare.url, cpuSeconds: bare.cpuSeconds, pid: bare.pid };
    }
    if (wanted('portkey')) {
      const pk: ChildServer = keep(await startPortkey(ctx.repoRoot));
      servers.portkey = { origin: pk.url, cpuSeconds: pk.cpuSeconds, pid: pk.pid };
    }

    const large = largeBody();
    const requests: Partial<Record<TargetId, TargetRequests>> = {};
    for (const [id, server] of Object.entries(servers) as [TargetId, { origin: string }][]) {
      requests[id] = requestsFor(id, mock.url, tokens[id], large);
      if (run.unavailable[id]) continue;
      const answers = await probe(server.origin, requests[id], kindsOf(id));
      const wrong = Object.entries(answers).filter(([, why]) => why !== null);
      if (wrong.length) run.unavailable[id] = Object.fromEntries(wrong);
    }
    if (gatehouseConsole && !run.unavailable.gatehouse?.chat) {
      run.gatehouseActivity = await checkActivity(gatehouseConsole.url, gatehouseConsole.session);
      ctx.say(`  Gatehouse: ${run.gatehouseActivity}`);
    }
    for (const [id, kinds] of Object.entries(run.unavailable)) {
      for (const [kind, why] of Object.entries(kinds))
        ctx.say(`  ${targetLabel(id as TargetId)}, ${kind}: NOT ANSWERING 200 — ${why}`);
    }

    // Every target's code paths warmed the same way before anything is measured: a process measured
    // first would otherwise pay for its JIT in the first scenario's figures.
    if (s.prewarmS > 0) {
      ctx.write(`  Pre-warm (${s.prewarmS}s per target and request kind, not measured):`);
      for (const target of s.targets) {
        const server = servers[target]!;
        let answered = 0;
        for (const kind of kindsOf(target)) {
          if (run.unavailable[target]?.[kind]) continue;
          const { load } = await measure(server, { mode: 'closed' }, requests[target]![kind], {
            ...s,
            warmupS: 0,
            durationS: s.prewarmS,
            connections: kind === 'chat' || kind === 'responses' ? s.connections : 8,
          });
          answered += load.ok;
        }
        ctx.write(` ${target} ${answered}`);
      }
      ctx.say('');
    }

    for (const scenario of gatewayScenarios(s.streamRate, s.largeRate)) {
      if (!s.scenarios.includes(scenario.id)) continue;
      ctx.say(`  ${scenario.title}`);
      const measurable = s.targets.filter(
        (t) => kindsOf(t).includes(scenario.kind) && !run.unavailable[t]?.[scenario.kind],
      );
      const parts = new Map<TargetId, Measured[]>(measurable.map((t) => [t, []]));
      for (let round = 0; round < s.rounds; round++) {
        // Rotating the order: no target is always the one measured first, or right after another.
        const order = measurable.map((_, i) => measurable[(i + round) % measurable.length]!);
        for (const target of order) {
          const server = servers[target]!;
          ctx.write(`    ${targetLabel(target)}${s.rounds > 1 ? ` (round ${round + 1}/${s.rounds})` : ''}: `);
          await ctx.settle();
          // The first round warms up in full; later ones only open their connections again.
          const warmupS = round === 0 ? s.warmupS : Math.min(1, s.warmupS);
          ctx.write(`${warmupS}s warm-up + ${Number((s.durationS / s.rounds).toFixed(2))}s ... `);
          const m = await measure(
            { origin: server.origin, cpuSeconds: server.cpuSeconds, upstreamCpuSeconds: mock.cpuSeconds },
            scenario,
            requests[target]![scenario.kind],
            { ...s, warmupS, durationS: s.durationS / s.rounds },
          );
          parts.get(target)!.push(m);
          ctx.say(describe(m.load, m.cpu, target === 'direct' ? undefined : m.upstreamCpu));
        }
      }
      for (const target of s.targets) {
        if (!kindsOf(target).includes(scenario.kind)) {
          run.results.push({ scenario: scenario.id, target, skipped: NOT_SET_UP });
          continue;
        }
        const why = run.unavailable[target]?.[scenario.kind];
        if (why) {
          run.results.push({ scenario: scenario.id, target, skipped: why });
          ctx.say(`    ${targetLabel(target)}: NOT MEASURED (${why.slice(0, 120)})`);
          continue;
        }
        const m = mergeMeasured(parts.get(target)!);
        run.results.push({
          scenario: scenario.id,
          target,
          load: m.load,
          cpu: m.cpu,
          upstreamCpu: m.upstreamCpu,
        });
        if (s.rounds > 1) {
          ctx.say(
            `    = ${targetLabel(target)}, all rounds: ${describe(m.load, m.cpu, target === 'direct' ? undefined : m.upstreamCpu)}`,
          );
        }
      }
    }

    if (s.soakS > 0) {
      if (s.soakTarget === 'gatehouse' && gatehouseConsole) {
        requests.gatehouse = requestsFor('gatehouse', mock.url, await gatehouseConsole.newToken(), large);
      }
      run.soak = await soak(ctx, s, servers[s.soakTarget], requests[s.soakTarget], run);
    }
  } catch (err) {
    run.error = (err as Error).message;
    ctx.say(`\n  failed: ${run.error}`);
  } finally {
    await stopAll();
    if (scraper) {
      const { scrapes, failures, maxBytes, maxMs } = scraper;
      run.metricsScraper = { scrapes, failures, maxBytes, maxMs };
    }
    for (const [label, dir] of [
      ['Gatehouse Gateway', s.cpuProfileDir],
      ['the earlier tree', s.cpuProfileDir && s.beforeTree && `${s.cpuProfileDir}-before`],
    ] as const) {
      const profile = dir && fs.existsSync(dir) && mainThreadProfile(dir);
      if (profile)
        ctx.say(`  ${label} CPU profile: ${profile} (node --import tsx bench/cpu-profile.ts <file> 40)`);
    }
    run.finishedAt = new Date();
  }
  return run;
}

async function soak(
  ctx: SuiteContext,
  s: GatewaySettings,
  server: { origin: string; pid: number } | undefined,
  requests: TargetRequests | undefined,
  run: GatewayRun,
): Promise<SoakResult> {
  const result: SoakResult = {
    target: s.soakTarget,
    rate: s.soakRate,
    durationS: s.soakS,
    warmupS: SOAK_WARMUP_S,
    sampleS: s.soakSampleS,
    samples: [],
    verdict: null,
  };
  const why = run.unavailable[s.soakTarget]?.chat;
  if (!server || !requests || why) {
    result.skipped = why ?? 'target not started';
    ctx.say(`  Memory soak: not run (${result.skipped.slice(0, 120)})`);
    return result;
  }
  ctx.write(
    `  Memory soak: ${targetLabel(s.soakTarget)} at ${s.soakRate}/s for ${s.soakS}s, VmRSS every ${s.soakSampleS}s ... `,
  );
  await ctx.settle();
  // Sampled from before the warm-up, so that the report shows the climb to the working size too.
  const gauge = { inFlight: 0 };
  const sampler = sampleMemory(server.pid, s.soakSampleS * 1000, gauge);
  try {
    result.load = await openLoop({
      origin: server.origin,
      request: requests.chat,
      rate: s.soakRate,
      warmupMs: SOAK_WARMUP_S * 1000,
      durationMs: s.soakS * 1000,
      connections: s.openConnections,
      spinMs: s.spinMs,
      gauge,
    });
  } finally {
    sampler.take(); // the end of the load
    result.samples = sampler.stop();
  }
  result.verdict = judgeSoak(result.samples, SOAK_WARMUP_S + s.soakS);
  // And once the process has been idle a while: memory a backlog held comes back, a leak's does not.
  await sleep(AFTER_LOAD_S * 1000);
  const rest = residentBytes(server.pid);
  if (rest !== null) result.afterLoad = { afterS: AFTER_LOAD_S, rssBytes: rest };
  const v = result.verdict;
  ctx.say(
    `${Math.round(result.load.achievedRate)}/s ok, ${result.load.errors} errors; RSS ` +
      (v
        ? `settled ${mib(v.settled.rssBytes)} MiB, last ${mib(v.last.rssBytes)} MiB, max ${mib(v.max.rssBytes)} MiB, ` +
          `slope ${v.slopeMiBPerMin.toFixed(2)} MiB/min → ${v.flat ? 'flat' : 'NOT flat'}` +
          (result.afterLoad
            ? `; ${mib(result.afterLoad.rssBytes)} MiB after ${result.afterLoad.afterS}s idle`
            : '')
        : 'too few samples'),
  );
  return result;
}
