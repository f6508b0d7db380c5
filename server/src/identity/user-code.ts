// User codes of device sign-in (RFC 8628 §6.1): eight letters from an alphabet without vowels (no
// words can be spelt) and without look-alikes, shown as BCDF-GHJK. 20^8 ≈ 2.6·10^10 codes, alive ten
// minutes, with wrong guesses slowed down per address. People type them, so they are compared after
// upper-casing and dropping dashes and spaces.
import { randomInt } from 'node:crypto';

export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const LENGTH = 8;
const SHAPE = new RegExp(`^[${USER_CODE_ALPHABET}]{${LENGTH}}$`);

/** A fresh code, normalised (no dash). */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** The code as people type it, normalised; null when it cannot be a user code at all. */
export function normaliseUserCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[-\s]/g, '');
  return SHAPE.test(code) ? code : null;
}

/** BCDFGHJK → BCDF-GHJK. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
