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

export function createAccessTokenCodec(key: MasterKey): AccessTokenCodec {
  const box = createSealedBox(key.derive('access-token/v1'), 'gatehouse access token v1');
  return {
    issue(c) {
      const body = JSON.stringify([c.credentialId, c.generation, scopesToBits(c.scopes), c.expiresAt]);
      return SECRET_PREFIX.accessToken + box.seal(Buffer.from(body)).toString('base64url');
    },
    read(token) {
      if (!token.startsWith(SECRET_PREFIX.accessToken) || token.length > 512) return null;
      const opened = box.open(Buffer.from(token.slice(SECRET_PREFIX.accessToken.length), 'base64url'));
      if (!opened) return null;
      try {
        const [credentialId, generation, bits, expiresAt] = JSON.parse(opened.toString()) as [
          string,
          number,
          number,
          number,
        ];
        return { credentialId, generation, scopes: bitsToScopes(bits), expiresAt };
      } catch {
        return null;
      }
    },
  };
}
