// The memory soak: the Gateway under a fixed rate for a long time (BENCH_SOAK seconds), its resident
// memory (VmRSS from /proc/<pid>/status: the whole process, V8 heap and native memory alike) sampled at
// a fixed interval, and a verdict on whether it stayed flat. A leak shows as a steady climb; a healthy
// process grows while its heap reaches its working size and then stays level, give or take a GC cycle.
import { residentBytes } from './gateway-processes.ts';

export interface MemorySample {
  /** Seconds since the start of the soak (warm-up included). */
  atS: number;
  rssBytes: number;
  /** Requests outstanding at that moment: a backlog holds memory that is not a leak. */
  inFlight: number;
}

/** Samples VmRSS now and every intervalMs until stopped, with the generator's requests outstanding. */
export function sampleMemory(
  pid: number,
  intervalMs: number,
  gauge: { inFlight: number },
): { take(): void; stop(): MemorySample[] } {
  const samples: MemorySample[] = [];
  const t0 = process.hrtime.bigint();
  const take = () => {
    const rss = residentBytes(pid);
    if (rss !== null) {
      samples.push({
        atS: Number(process.hrtime.bigint() - t0) / 1e9,
        rssBytes: rss,
        inFlight: gauge.inFlight,
      });
    }
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    take,
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

export interface SoakVerdict {
  /** The sample at the end of the settling period (the first minute, or the first tenth of a short run). */
  settled: MemorySample;
  settleS: number;
  last: MemorySample;
  max: MemorySample;
  /** Least-squares slope over the second half of the run, in MiB per minute. */
  slopeMiBPerMin: number;
  /** Last sample against the settled one. */
  growthPercent: number;
  flat: boolean;
}

/** Flat: no steady climb in the second half, and no more than this much above the settled level. */
export const FLAT_SLOPE_PERCENT_PER_MIN = 1;
export const FLAT_GROWTH_PERCENT = 10;

const MiB = 2 ** 20;

function slope(samples: MemorySample[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((s, x) => s + x.atS, 0) / n;
  const my = samples.reduce((s, x) => s + x.rssBytes, 0) / n;
  let num = 0;
  let den = 0;
  for (const x of samples) {
    num += (x.atS - mx) * (x.rssBytes - my);
    den += (x.atS - mx) ** 2;
  }
  return den === 0 ? 0 : num / den; // bytes per second
}

/**
 * The verdict: flat when, after the settling period, the resident size does not climb steadily (slope of
 * the second half under 1% of the settled size per minute) and ends within 10% of the settled size.
 */
export function judgeSoak(samples: MemorySample[], durationS: number): SoakVerdict | null {
  if (samples.length < 3) return null;
  const settleS = Math.min(60, durationS / 10);
  const settled = samples.find((s) => s.atS >= settleS) ?? samples[0]!;
  const last = samples.at(-1)!;
  const max = samples.reduce((m, s) => (s.rssBytes > m.rssBytes ? s : m));
  const half = samples.filter((s) => s.atS >= last.atS / 2);
  const slopeBytesPerS = slope(half);
  const slopeMiBPerMin = (slopeBytesPerS * 60) / MiB;
  const growthPercent = ((last.rssBytes - settled.rssBytes) / settled.rssBytes) * 100;
  const slopePercentPerMin = ((slopeBytesPerS * 60) / settled.rssBytes) * 100;
  return {
    settled,
    settleS,
    last,
    max,
    slopeMiBPerMin,
    growthPercent,
    flat: slopePercentPerMin < FLAT_SLOPE_PERCENT_PER_MIN && growthPercent < FLAT_GROWTH_PERCENT,
  };
}

export const mib = (bytes: number) => (bytes / MiB).toFixed(1);
