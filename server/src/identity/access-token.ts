// Access tokens are self-validating: AES-256-GCM-sealed {credential id, secret generation, scopes,
// expiry} under a key derived from the master key. Issuing one writes nothing, and any replica with the
// same master key can check it. Reissue and revoke still refuse old tokens on their next use, because
// every check also compares the generation and status against the (cached) credential. See
// docs/decisions/access-tokens.md.
import { createSealedBox } from '../crypto/sealed-box.ts';
import { SECRET_PREFIX } from '../crypto/tokens.ts';
import type { MasterKey } from '../crypto/master-key.ts';
import { bitsToScopes, scopesToBits, type Scope } from './scopes.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AccessTokenClaims {
  credentialId: string;
  generation: number;
  scopes: Scope[];
  /** Epoch seconds. */
  expiresAt: number;
}

export interface AccessTokenCodec {
  issue(claims: AccessTokenClaims): string;
  /** null when the token is not one of ours (malformed, forged, altered). Expiry is the caller's check. */
  read(token: string): AccessTokenClaims | null;
}

// Opening a token costs an AES-GCM decipher (tens of µs); a client reuses one token for an hour, so the
// claims of tokens already opened are remembered. Only the claims are cached: every use still checks the
// credential's status, generation and expiry against the credential cache. Forged tokens never enter it.
const OPENED_CACHE_SIZE = 10_000;

export function createAccessTokenCodec(key: MasterKey): AccessTokenCodec {
  const box = createSealedBox(key.derive('access-token/v1'), 'gatehouse access token v1');
  const opened = new Map<string, AccessTokenClaims>();
  const remember = (token: string, claims: AccessTokenClaims) => {
    if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value!);
    opened.set(token, Object.freeze(claims));
    return claims;
  };
  return {
    issue(c) {
      const body = JSON.stringify([c.credentialId, c.generation, scopesToBits(c.scopes), c.expiresAt]);
      return SECRET_PREFIX.accessToken + box.seal(Buffer.from(body)).toString('base64url');
    },
    read(token) {
      const known = opened.get(token);
      if (known) return known;
      if (!token.startsWith(SECRET_PREFIX.accessToken) || token.length > 512) return null;
      const text = token.slice(SECRET_PREFIX.accessToken.length);
      const sealed = Buffer.from(text, 'base64url');
      // Buffer.from skips what it cannot decode (a stray trailing character): only the one canonical
      // spelling of a token is that token.
      if (sealed.toString('base64url') !== text) return null;
      const plain = box.open(sealed);
      if (!plain) return null;
      try {
        const [credentialId, generation, bits, expiresAt] = JSON.parse(plain.toString()) as [
          string,
          number,
          number,
          number,
        ];
        return remember(token, { credentialId, generation, scopes: bitsToScopes(bits), expiresAt });
      } catch {
        return null;
      }
    },
  };
}
