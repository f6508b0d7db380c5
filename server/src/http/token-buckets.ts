// Token buckets per client address: the one rate limiter of the server's own (no dependency). A bucket
// holds up to `burst` tokens and refills continuously at `perMinute`; addresses are counted as the
// failure limiter counts them (an IPv6 /64 is one address), and the least recently seen address is
// forgotten first once `addresses` are held, so that a flood from many addresses costs bounded memory.
import { countedAddress } from '../identity/failure-limiter.ts';

export interface Ration {
  /** Requests (or records) allowed at once. */
  burst: number;
  /** Refilled per minute, continuously. */
  perMinute: number;
}

export interface Bucket {
  tokens: number;
  at: number;
}

/** Takes a token when there is one. */
export function take(b: Bucket, ration: Ration, now: number): boolean {
  b.tokens = Math.min(ration.burst, b.tokens + ((now - b.at) * ration.perMinute) / 60_000);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

/** How long until the bucket holds a token again (after a refused take). */
export const waitMs = (b: Bucket, ration: Ration) => Math.ceil(((1 - b.tokens) * 60_000) / ration.perMinute);

/**
 * The bucket of each address, made full on first sight. `forgotten` hears of a bucket let go to make
 * room (the unserved ration sums up what it had left out).
 */
export function createAddressBuckets<B extends Bucket>(options: {
  addresses: number;
  fresh: (now: number) => B;
  forgotten?: (bucket: B) => void;
}) {
  const buckets = new Map<string, B>();
  return {
    /** The address's bucket, and its address as counted. */
    of(ip: string, now: number): { address: string; bucket: B } {
      const address = countedAddress(ip);
      let bucket = buckets.get(address);
      if (bucket)
        buckets.delete(address); // re-inserted below: the map's order is the order last seen
      else {
        if (buckets.size >= options.addresses) {
          const [oldest, forgotten] = buckets.entries().next().value!;
          buckets.delete(oldest);
          options.forgotten?.(forgotten);
        }
        bucket = options.fresh(now);
      }
      buckets.set(address, bucket);
      return { address, bucket };
    },
  };
}
