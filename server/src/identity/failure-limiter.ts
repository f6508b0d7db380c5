// Slows down guessing: failed attempts are counted per key (an account, a client id, an address) and,
// past a free allowance, each further failure locks the key for a doubling delay (1 s, 2 s, 4 s, … up to
// 15 min). A success clears the key. Kept in memory: on PostgreSQL each replica counts for itself,
// which multiplies the allowance by the replica count but keeps the hot path off the database.
export interface FailureLimiter {
  /** Seconds to wait before another attempt is accepted, or 0. */
  retryAfter(key: string): number;
  fail(key: string): void;
  succeed(key: string): void;
}

export interface FailureLimiterOptions {
  /** Failures allowed within `windowMs` before locking starts. */
  freeAttempts: number;
  windowMs: number;
  maxLockMs?: number;
  /** Most keys remembered; past it the oldest are forgotten, so that a spray of keys has a ceiling. */
  maxKeys?: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  firstAt: number;
  lockedUntil: number;
}

export function createFailureLimiter(opts: FailureLimiterOptions): FailureLimiter {
  const now = opts.now ?? Date.now;
  const maxLockMs = opts.maxLockMs ?? 15 * 60_000;
  const maxKeys = opts.maxKeys ?? 100_000;
  const entries = new Map<string, Entry>();

  // Forget stale entries now and then so that a spray of random keys cannot grow the map without end.
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of entries) if (t - e.firstAt > opts.windowMs && t > e.lockedUntil) entries.delete(k);
  }, 60_000);
  sweep.unref();

  return {
    retryAfter(key) {
      const e = entries.get(key);
      if (!e) return 0;
      const wait = e.lockedUntil - now();
      return wait > 0 ? Math.ceil(wait / 1000) : 0;
    },
    fail(key) {
      const t = now();
      let e = entries.get(key);
      if (!e || (t - e.firstAt > opts.windowMs && t > e.lockedUntil)) {
        e = { failures: 0, firstAt: t, lockedUntil: 0 };
        entries.delete(key);
        entries.set(key, e);
        if (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
      }
      e.failures++;
      const over = e.failures - opts.freeAttempts;
      if (over > 0) e.lockedUntil = t + Math.min(maxLockMs, 1000 * 2 ** (over - 1));
    },
    succeed(key) {
      entries.delete(key);
    },
  };
}
