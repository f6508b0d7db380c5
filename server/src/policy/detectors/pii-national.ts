// Identifiers that start with two capital letters: IBANs (the country's length and the ISO 13616
// mod-97 check) and UK National Insurance numbers (the prefixes HMRC allocates, a suffix A to D).
import { ibanValid } from './checksums.ts';
import type { Candidate } from './match-utils.ts';

/** IBAN length by country (SWIFT's IBAN registry). */
const IBAN_LENGTH: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

// Two capitals (and a space for a spaced NI number) before two digits. The digits are what the
// search looks for: a lookbehind after them costs half of a scan that starts at every capital.
const TRIGGER = /\d\d(?<=(?<![A-Za-z0-9])[A-Z]{2} ?\d\d)/g;
const NINO = /([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])/y;
const NINO_UNUSED_PREFIXES = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);

const isAlnumUpper = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90);

/** The IBAN at `p`, written whole or in groups of four: its end, or -1. */
function iban(text: string, p: number): number {
  const length = IBAN_LENGTH[text.slice(p, p + 2)];
  if (length === undefined) return -1;
  const grouped = text[p + 4] === ' ';
  let chars = '';
  let q = p;
  while (chars.length < length && q < text.length) {
    if (grouped && chars.length > 0 && chars.length % 4 === 0) {
      if (text[q] !== ' ') return -1;
      q++;
    }
    const c = text.charCodeAt(q);
    if (!isAlnumUpper(c)) return -1;
    chars += text[q];
    q++;
  }
  if (chars.length !== length) return -1;
  if (q < text.length && /[A-Za-z0-9]/.test(text[q]!)) return -1;
  return ibanValid(chars) ? q : -1;
}

export function scanNational(text: string, out: Candidate[]): void {
  TRIGGER.lastIndex = 0;
  for (let m = TRIGGER.exec(text); m !== null; m = TRIGGER.exec(text)) {
    const p = m.index - (text[m.index - 1] === ' ' ? 3 : 2);
    const end = iban(text, p);
    if (end > 0) {
      out.push({ rule: 'iban', label: 'iban', severity: 'high', start: p, end, priority: 1 });
      TRIGGER.lastIndex = end;
      continue;
    }
    NINO.lastIndex = p;
    const nino = NINO.exec(text);
    if (nino && !NINO_UNUSED_PREFIXES.has(nino[1]!)) {
      out.push({
        rule: 'uk-nino',
        label: 'uk-nino',
        severity: 'high',
        start: p,
        end: p + nino[0].length,
        priority: 1,
      });
      TRIGGER.lastIndex = p + nino[0].length;
    } else TRIGGER.lastIndex = m.index + 1;
  }
}
