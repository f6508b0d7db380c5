// Access tokens are self-validating: AES-256-GCM-sealed {credential id, secret generation, scopes,
// expiry} under a key derived from the master key. Issuing one writes nothing, and any replica with the
// same master key can check it. Reissue and revoke still refuse old tokens on their next use, because
// every check also compares the generation and status against the (cached) credential. See
// docs/decisions/access-tokens.md.
import { SECRET_PREFIX } from '../crypto/tokens.ts';
import type { MasterKey } from '../crypto/master-key.ts';
import { bitsToScopes, scopesToBits, type Scope } from './scopes.ts';
import { createSealedTokenCodec, type SealedTokenCodec } from './sealed-token.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AccessTokenClaims {
  credentialId: string;
  generation: number;
  scopes: Scope[];
  /** Epoch seconds. */
  expiresAt: number;
}

export type AccessTokenCodec = SealedTokenCodec<AccessTokenClaims>;

export function createAccessTokenCodec(key: MasterKey): AccessTokenCodec {
  return createSealedTokenCodec<AccessTokenClaims>({
    key,
    purpose: 'access-token/v1',
    aad: 'gatehouse access token v1',
    prefix: SECRET_PREFIX.accessToken,
    encode: (c) => [c.credentialId, c.generation, scopesToBits(c.scopes), c.expiresAt],
    decode: ([credentialId, generation, bits, expiresAt]) => ({
      credentialId: credentialId as string,
      generation: generation as number,
      scopes: bitsToScopes(bits as number),
      expiresAt: expiresAt as number,
    }),
  });
}
