// Per-provider health for GET /v1/status, from the outcomes of recent upstream requests on this
// replica: a ring of 5-second buckets covering the last five minutes, so recording is O(1) and old
// outcomes age out without a timer.
import { PROVIDER_FAMILIES, type ProviderFamily } from '../provider-keys/provider-key-types.ts';

const BUCKET_MS = 5_000;
const BUCKETS = 60;

interface Bucket {
  start: number;
  requests: number;
  /** 5xx (and 529) answers, unreachable and timed-out upstreams. */
  errors: number;
  rateLimited: number;
  latencyMsSum: number;
}

export type UpstreamResult = { status: number } | { failed: 'unreachable' | 'timeout' };

export interface ProviderHealth {
  provider: ProviderFamily;
  status: 'operational' | 'degraded' | 'down' | 'unknown';
  window_seconds: number;
  requests: number;
  error_rate: number;
  rate_limited: number;
  mean_latency_ms: number | null;
  last_error: { status: number | null; reason: string; at: string } | null;
}

export interface UpstreamHealth {
  record(provider: ProviderFamily, result: UpstreamResult, latencyMs: number): void;
  report(now?: number): ProviderHealth[];
}

export function createUpstreamHealth(): UpstreamHealth {
  const rings = new Map<ProviderFamily, Bucket[]>();
  const lastError = new Map<ProviderFamily, ProviderHealth['last_error']>();

  function bucket(provider: ProviderFamily, now: number): Bucket {
    let ring = rings.get(provider);
    if (!ring) {
      ring = Array.from({ length: BUCKETS }, () => ({
        start: -1,
        requests: 0,
        errors: 0,
        rateLimited: 0,
        latencyMsSum: 0,
      }));
      rings.set(provider, ring);
    }
    const start = now - (now % BUCKET_MS);
    const b = ring[Math.floor(start / BUCKET_MS) % BUCKETS]!;
    if (b.start !== start)
      Object.assign(b, { start, requests: 0, errors: 0, rateLimited: 0, latencyMsSum: 0 });
    return b;
  }

  return {
    record(provider, result, latencyMs) {
      const now = Date.now();
      const b = bucket(provider, now);
      b.requests++;
      b.latencyMsSum += latencyMs;
      const status = 'status' in result ? result.status : null;
      if (status === 429) b.rateLimited++;
      if (status === null || status >= 500) {
        b.errors++;
        lastError.set(provider, {
          status,
          reason: 'failed' in result ? result.failed : `HTTP ${status}`,
          at: new Date(now).toISOString(),
        });
      }
    },
    report(now = Date.now()) {
      return PROVIDER_FAMILIES.map((provider) => {
        const live = (rings.get(provider) ?? []).filter(
          (b) => b.start >= 0 && now - b.start < BUCKET_MS * BUCKETS,
        );
        const sum = (f: (b: Bucket) => number) => live.reduce((n, b) => n + f(b), 0);
        const requests = sum((b) => b.requests);
        const errors = sum((b) => b.errors);
        const rate = requests ? errors / requests : 0;
        const status: ProviderHealth['status'] =
          requests === 0 ? 'unknown' : rate >= 0.5 ? 'down' : rate >= 0.05 ? 'degraded' : 'operational';
        return {
          provider,
          status,
          window_seconds: (BUCKET_MS * BUCKETS) / 1000,
          requests,
          error_rate: Math.round(rate * 1000) / 1000,
          rate_limited: sum((b) => b.rateLimited),
          mean_latency_ms: requests ? Math.round((sum((b) => b.latencyMsSum) / requests) * 10) / 10 : null,
          last_error: lastError.get(provider) ?? null,
        };
      });
    },
  };
}
