// Random identifiers and secrets, and the one way they are hashed and compared. Secrets carry a
// recognisable prefix (like GitHub's ghp_) so that secret scanners can find a leaked one; they are
// 256-bit random values, so one SHA-256 is the right hash (a slow hash would buy nothing).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = {
  clientId: 'ghci_',
  clientSecret: 'ghcs_',
  accessToken: 'ghat_',
  session: 'ghss_',
  setup: 'ghsu_',
  invitation: 'ghiv_',
  deviceCode: 'ghdc_',
  deviceToken: 'ghdt_',
  deviceRefresh: 'ghdr_',
  developerSession: 'ghds_',
} as const;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

// Ids are made per request (audit events), so their randomness comes from a pooled buffer rather than a
// call into the CSPRNG each time; secrets below still take their own fresh bytes.
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let offset = 0;

/** A database id such as `cred_h3k9…`: 100 random bits, lowercase, URL-safe. */
export function newId(kind: string): string {
  if (offset + 20 > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  let out = '';
  for (let i = offset; i < offset + 20; i++) out += BASE32[pool[i]! & 31];
  offset += 20;
  return `${kind}_${out}`;
}

/** A secret: prefix + 32 random bytes in base64url. */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests (or any two strings of equal expected length). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  if (x.length !== y.length) {
    timingSafeEqual(x, x);
    return false;
  }
  return timingSafeEqual(x, y);
}
