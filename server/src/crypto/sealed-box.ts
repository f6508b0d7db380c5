// AES-256-GCM with a purpose-bound key: the sealing used for self-validating access tokens and for
// provider keys at rest. The associated data names the purpose, so a value sealed for one use cannot
// be replayed as another.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedBox {
  seal(plaintext: Buffer): Buffer;
  /** null when the value was not sealed by this key for this purpose, or was altered. */
  open(sealed: Buffer): Buffer | null;
}

export function createSealedBox(key: Buffer, purpose: string): SealedBox {
  if (key.length !== 32) throw new Error('sealed box needs a 32-byte key');
  const aad = Buffer.from(purpose);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]);
    },
    open(sealed) {
      if (sealed.length < IV_BYTES + TAG_BYTES + 1) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
        decipher.setAAD(aad);
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
          decipher.final(),
        ]);
      } catch {
        return null;
      }
    },
  };
}
