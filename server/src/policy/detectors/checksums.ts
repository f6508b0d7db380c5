// The check digits that let a detector tell a real identifier from a string of the right shape: a
// random 16-digit number passes Luhn one time in ten, a random `ghp_` body passes GitHub's CRC32 one
// time in four billion. Each is the published algorithm, written here so that no dependency is needed.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zlib computes it) of an ASCII string. */
export function crc32(ascii: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < ascii.length; i++) {
    crc = (crc >>> 8) ^ CRC_TABLE[(crc ^ ascii.charCodeAt(i)) & 0xff]!;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `n` in base 62 (digits, then upper case, then lower case), left-padded with '0' to `width`. */
export function base62(n: number, width: number): string {
  let out = '';
  let x = n;
  while (x > 0) {
    out = BASE62[x % 62]! + out;
    x = Math.floor(x / 62);
  }
  return out.padStart(width, '0');
}

/**
 * GitHub's and npm's token format: `<prefix>_<30 random base62><6 base62 CRC32 of the random part>`
 * (github.blog, "Behind GitHub's new authentication token formats", 2021; npm adopted it the same
 * year). `body` is everything after the prefix's underscore.
 */
export function hasCrc32Base62Suffix(body: string): boolean {
  if (body.length !== 36) return false;
  return base62(crc32(body.slice(0, 30)), 6) === body.slice(30);
}

/** Luhn mod 10 over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** ISO 13616 check: move the first four characters to the end, letters to 10..35, mod 97 must be 1. */
export function ibanValid(iban: string): boolean {
  const s = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) rem = (rem * 10 + (c - 48)) % 97;
    else if (c >= 65 && c <= 90) rem = (rem * 100 + (c - 55)) % 97;
    else return false;
  }
  return rem === 1;
}
