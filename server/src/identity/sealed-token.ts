// A self-validating token: a prefix plus AES-256-GCM-sealed JSON claims under a purpose-bound key.
// Issuing one writes nothing and any replica with the same master key can open it; what it names
// (a credential, a device session) is still checked against the cache on every use. Access tokens and
// device tokens are both made this way (docs/decisions/access-tokens.md, device-sign-in.md).
import { createSealedBox } from '../crypto/sealed-box.ts';
import type { MasterKey } from '../crypto/master-key.ts';

export interface SealedTokenCodec<C> {
  issue(claims: C): string;
  /** null when the token is not one of ours (malformed, forged, altered). Expiry is the caller's check. */
  read(token: string): C | null;
}

// Opening a token costs an AES-GCM decipher (tens of µs), and a client reuses one token for a long time,
// so the claims of tokens already opened are remembered. Forged tokens never enter the cache.
const OPENED_CACHE_SIZE = 10_000;
const MAX_TOKEN_LENGTH = 512;

export function createSealedTokenCodec<C>(opts: {
  key: MasterKey;
  /** Derives the key, so that one kind of token cannot pass as another. */
  purpose: string;
  /** The associated data every token of this kind is sealed with. */
  aad: string;
  prefix: string;
  encode(claims: C): unknown[];
  /** Throws (or returns null) on a shape that is not this token's. */
  decode(fields: unknown[]): C | null;
}): SealedTokenCodec<C> {
  const { prefix } = opts;
  const box = createSealedBox(opts.key.derive(opts.purpose), opts.aad);
  const opened = new Map<string, C>();
  const remember = (token: string, claims: C) => {
    if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value!);
    opened.set(token, Object.freeze(claims));
    return claims;
  };
  return {
    issue(claims) {
      return prefix + box.seal(Buffer.from(JSON.stringify(opts.encode(claims)))).toString('base64url');
    },
    read(token) {
      const known = opened.get(token);
      if (known) return known;
      if (!token.startsWith(prefix) || token.length > MAX_TOKEN_LENGTH) return null;
      const text = token.slice(prefix.length);
      const sealed = Buffer.from(text, 'base64url');
      // Buffer.from skips what it cannot decode (a stray trailing character): only the one canonical
      // spelling of a token is that token.
      if (sealed.toString('base64url') !== text) return null;
      const plain = box.open(sealed);
      if (!plain) return null;
      try {
        const fields: unknown = JSON.parse(plain.toString());
        const claims = Array.isArray(fields) ? opts.decode(fields) : null;
        return claims ? remember(token, claims) : null;
      } catch {
        return null;
      }
    },
  };
}
