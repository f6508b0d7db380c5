// Latency samples in whole microseconds, kept in a preallocated buffer so that recording allocates
// nothing on the hot path. Percentiles are exact (nearest-rank over the sorted samples), not the
// bucketed estimate of an HDR histogram: a run holds at most a few hundred thousand samples.

export interface LatencySummary {
  count: number;
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

  summary(): LatencySummary {
    const sorted = this.samples.slice(0, this.n).sort();
    const at = (q: number) => (this.n === 0 ? 0 : sorted[Math.min(this.n - 1, Math.ceil(q * this.n) - 1)]!);
    let sum = 0;
    for (const v of sorted) sum += v;
    return {
      count: this.n,
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: Math.max(this.n === 0 ? 0 : sorted[this.n - 1]!, this.overflowMax),
      mean: this.n === 0 ? 0 : sum / this.n,
    };
  }
}
