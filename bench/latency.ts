// Latency samples in whole microseconds, kept in a preallocated buffer so that recording allocates
// nothing on the hot path. Percentiles are exact (nearest-rank over the sorted samples), not the
// bucketed estimate of an HDR histogram: a run holds at most a few hundred thousand samples.

export interface LatencySummary {
  count: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export class LatencyRecorder {
  private samples: Uint32Array;
  private n = 0;
  /** Samples beyond the capacity are counted in the maximum but not kept (the run is bounded anyway). */
  private overflowMax = 0;

  constructor(capacity: number) {
    this.samples = new Uint32Array(Math.max(1, capacity));
  }

  record(micros: number): void {
    const v = Math.min(0xffff_ffff, Math.max(0, Math.round(micros)));
    if (this.n < this.samples.length) this.samples[this.n++] = v;
    else if (v > this.overflowMax) this.overflowMax = v;
  }

  get count(): number {
    return this.n;
  }

  /** The samples kept, in the order recorded: a copy the size of the samples, not of the capacity. */
  values(): Uint32Array {
    return this.samples.slice(0, this.n);
  }

  summary(): LatencySummary {
    return summarise([this.samples.subarray(0, this.n)], this.overflowMax);
  }
}

/** Exact percentiles over one or more sets of samples (the rounds of one measurement, merged). */
export function summarise(sets: Uint32Array[], overflowMax = 0): LatencySummary {
  const n = sets.reduce((sum, x) => sum + x.length, 0);
  const sorted = new Uint32Array(n);
  let offset = 0;
  for (const x of sets) {
    sorted.set(x, offset);
    offset += x.length;
  }
  sorted.sort();
  const at = (q: number) => (n === 0 ? 0 : sorted[Math.min(n - 1, Math.ceil(q * n) - 1)]!);
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: n,
    min: n === 0 ? 0 : sorted[0]!,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: Math.max(n === 0 ? 0 : sorted[n - 1]!, overflowMax),
    mean: n === 0 ? 0 : sum / n,
  };
}
