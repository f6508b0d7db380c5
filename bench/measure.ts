// One measured load run against one server: a closed loop (saturation) or an open loop at a rate, with
// the CPU each process used over the measured window. Shared by the management-API and Gateway suites.
import { summarise } from './latency.ts';
import { closedLoop, openLoop, type LoadResult, type RequestSpec } from './load.ts';
import { measureCpu, type CpuShare } from './machine.ts';

export interface LoadSettings {
  durationS: number;
  warmupS: number;
  /** Closed loop. */
  connections: number;
  /** Most connections an open loop may open. */
  openConnections: number;
  spinMs: number;
}

export interface MeasureTarget {
  origin: string;
  cpuSeconds(): number | null;
  /** Another process whose CPU counts for the run (the Gateway suite's mock provider). */
  upstreamCpuSeconds?: () => number | null;
}

export interface Measured {
  load: LoadResult;
  /** `server` is the target's CPU; `others` leaves out the upstream's. */
  cpu: CpuShare;
  /** The upstream's CPU over the same window, in cores; null when not watched or unreadable. */
  upstreamCpu: number | null;
}

export async function measure(
  target: MeasureTarget,
  shape: { mode: 'open' | 'closed'; rate?: number | undefined },
  request: RequestSpec,
  s: LoadSettings,
): Promise<Measured> {
  let stopCpu: (() => CpuShare) | undefined;
  let stopUpstream: (() => CpuShare) | undefined;
  const common = {
    origin: target.origin,
    request,
    warmupMs: s.warmupS * 1000,
    durationMs: s.durationS * 1000,
    onMeasuring: () => {
      stopCpu = measureCpu(target.cpuSeconds);
      if (target.upstreamCpuSeconds) stopUpstream = measureCpu(target.upstreamCpuSeconds);
    },
  };
  let load: LoadResult;
  if (shape.mode === 'closed') {
    // Bounded by count as well as time: no server on 2 cores answers 100,000 requests a second.
    load = await closedLoop({
      ...common,
      connections: s.connections,
      maxRequests: Math.ceil((s.durationS + s.warmupS) * 100_000),
    });
  } else {
    load = await openLoop({ ...common, rate: shape.rate!, connections: s.openConnections, spinMs: s.spinMs });
  }
  const cpu = stopCpu?.() ?? { seconds: 0, server: null, generator: 0, others: null, steal: null };
  const upstreamCpu = stopUpstream?.().server ?? null;
  // The upstream is busy because of this run, not "someone else": take it out of `others`. When the
  // target is the upstream itself (direct), measureCpu has already counted it as the server.
  const sameProcess = target.upstreamCpuSeconds === target.cpuSeconds;
  if (upstreamCpu !== null && cpu.others !== null && !sameProcess) {
    cpu.others = Math.max(0, cpu.others - upstreamCpu);
  }
  return { load, cpu, upstreamCpu };
}

/** Server CPU time per request, in µs: steadier than a rate on a shared machine, and it bounds the rate
 * one core can reach (the server's JavaScript runs on one thread). */
export function serverCpuPerRequest({ load, cpu }: { load: LoadResult; cpu: CpuShare }): number | null {
  return cpu.server === null || load.sent === 0 ? null : (cpu.server * cpu.seconds * 1e6) / load.sent;
}

/**
 * The rate was reached without errors, so the latency figures describe the server at that rate. Answers
 * keep arriving for as long as one takes after the last send (a stream lasts tens of ms): the typical
 * answer's time is left out of the window before the rate is compared.
 */
export function heldRate(load: LoadResult): boolean {
  if (load.errors !== 0 || load.targetRate === null || load.scheduleMs === null || load.lateMs === null)
    return false;
  // 99% of the rate: the last answer no later than 1% of the schedule after the last send, plus (per
  // round) the time the quickest answer took (a stream lasts tens of ms however fast the server is).
  const shortestMs = (load.complete ?? load.latency).min / 1000;
  return load.lateMs <= load.scheduleMs * 0.01 + load.rounds * shortestMs;
}

/**
 * Rounds of one measurement as one: counts and times added, percentiles over all the samples, CPU
 * shares weighted by each round's length.
 */
export function mergeMeasured(parts: Measured[]): Measured {
  if (parts.length === 1) return parts[0]!;
  const loads = parts.map((p) => p.load);
  const first = loads[0]!;
  const sum = (f: (l: LoadResult) => number) => loads.reduce((acc, l) => acc + f(l), 0);
  const sets = (f: (l: LoadResult) => Uint32Array | undefined) =>
    loads.map(f).filter((x): x is Uint32Array => x !== undefined);
  const elapsedMs = sum((l) => l.elapsedMs);
  const ok = sum((l) => l.ok);
  const latency = sets((l) => l.samples.latency);
  const sendLag = sets((l) => l.samples.sendLag);
  const complete = sets((l) => l.samples.complete);
  const load: LoadResult = {
    ...first,
    elapsedMs,
    sent: sum((l) => l.sent),
    ok,
    errors: sum((l) => l.errors),
    errorSamples: [...new Set(loads.flatMap((l) => l.errorSamples))].slice(0, 5),
    achievedRate: elapsedMs > 0 ? ok / (elapsedMs / 1000) : 0,
    latency: summarise(latency, Math.max(...loads.map((l) => l.latency.max))),
    sendLag: sendLag.length ? summarise(sendLag) : null,
    ...(complete.length ? { complete: summarise(complete) } : {}),
    scheduleMs: first.scheduleMs === null ? null : sum((l) => l.scheduleMs ?? 0),
    lateMs: first.lateMs === null ? null : sum((l) => l.lateMs ?? 0),
    rounds: sum((l) => l.rounds),
    // The rounds' samples are not kept together: a merge is not merged again.
    samples: { latency: new Uint32Array(0) },
  };
  const seconds = parts.reduce((acc, p) => acc + p.cpu.seconds, 0);
  const weighted = (f: (p: Measured) => number | null): number | null => {
    let acc = 0;
    for (const p of parts) {
      const v = f(p);
      if (v === null) return null;
      acc += v * p.cpu.seconds;
    }
    return seconds > 0 ? acc / seconds : null;
  };
  return {
    load,
    cpu: {
      seconds,
      server: weighted((p) => p.cpu.server),
      generator: weighted((p) => p.cpu.generator) ?? 0,
      others: weighted((p) => p.cpu.others),
      steal: weighted((p) => p.cpu.steal),
    },
    upstreamCpu: weighted((p) => p.upstreamCpu),
  };
}

/** One line of progress on the terminal. */
export function describe(load: LoadResult, cpu: CpuShare, upstreamCpu?: number | null): string {
  const l = load.latency;
  const f = (us: number) => `${(us / 1000).toFixed(2)}ms`;
  const complete = load.complete
    ? ` (to the end: p50 ${f(load.complete.p50)} p99 ${f(load.complete.p99)})`
    : '';
  return (
    `${Math.round(load.achievedRate)}/s ok, ${load.errors} errors${load.errors ? ` [${load.errorSamples[0]}]` : ''}, ` +
    `p50 ${f(l.p50)} p90 ${f(l.p90)} p99 ${f(l.p99)} max ${f(l.max)}${complete}` +
    ` | cpu server ${cpu.server?.toFixed(2) ?? 'n/a'}${upstreamCpu !== undefined ? ` upstream ${upstreamCpu?.toFixed(2) ?? 'n/a'}` : ''}` +
    ` gen ${cpu.generator.toFixed(2)} others ${cpu.others?.toFixed(2) ?? 'n/a'} steal ${cpu.steal?.toFixed(2) ?? 'n/a'}`
  );
}
