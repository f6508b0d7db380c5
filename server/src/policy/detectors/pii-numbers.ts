// Numbers that identify a person: payment cards (Luhn and the networks' number ranges), US Social
// Security numbers (area, group and serial in their valid ranges) and phone numbers (international
// with `+`, North American, and national numbers with a leading trunk 0). One native pass finds the
// places where seven digits follow one another with at most two separators between them; the exact
// shapes are tried only there. Bare digit runs are cards only: as a phone or SSN they are more often
// an id, a timestamp or a count.
import { luhnValid } from './checksums.ts';
import type { Candidate } from './match-utils.ts';

// Seven digits with at most two separators between each, not after a word, a version's dot, a path
// or an operand. The match starts at the digit (a set of starting characters without `(` and `+`,
// which code is full of, keeps the scan fast); a `+` or `(` just before it is taken in by start().
const CANDIDATE = /(?<![\w./\-)\]}*])\d(?:[ \-.()]{0,2}\d){6}/g;

/** Where the number whose first digit is at `p` starts (at a `+` or `(` before it), or -1 if nowhere. */
function start(text: string, p: number): number {
  const before = text[p - 1];
  if (before === '(') return p - 1;
  if (before !== '+') return p;
  // `x)+16777216*y` and `a+1234567` are sums; `+44 20…`, `tel:+1…`, `"+1…` are numbers.
  return p >= 2 && /[\w)\]}*+./-]/.test(text[p - 2]!) ? -1 : p - 1;
}

/** Numbers published as test cards by the networks and payment providers: not anyone's. */
const TEST_CARDS = new Set([
  '4111111111111111',
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
  '4012888888881881',
  '4222222222222',
  '5431111111111111',
  '4000000000000002',
  '4000000000000077',
  '4000002500003155',
]);

function cardNetworkAllows(d: string): boolean {
  const len = d.length;
  const p2 = Number(d.slice(0, 2));
  const p3 = Number(d.slice(0, 3));
  const p4 = Number(d.slice(0, 4));
  const p6 = Number(d.slice(0, 6));
  if (d[0] === '4') return len === 13 || len === 16 || len === 19; // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return len === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return len === 15; // American Express
  if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65 || (p6 >= 622126 && p6 <= 622925)) {
    return len >= 16 && len <= 19; // Discover
  }
  if (p4 >= 3528 && p4 <= 3589) return len >= 16 && len <= 19; // JCB
  if ((p3 >= 300 && p3 <= 305) || p4 === 3095 || p2 === 36 || p2 === 38 || p2 === 39) {
    return len >= 14 && len <= 19; // Diners Club
  }
  if (p2 === 62) return len >= 16 && len <= 19; // UnionPay
  return false;
}

/**
 * What may follow a number: not a letter or digit, nor `.`/`-`/`/`/`:` leading into more digits, nor
 * (after a number written in groups) a space and another group: it goes on, a longer number or a row.
 */
function endsCleanly(text: string, start: number, end: number): boolean {
  if (end >= text.length) return true;
  const c = text.charCodeAt(end);
  if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) return false;
  const grouped = c === 32 && text.slice(start, end).includes(' ');
  if (c === 46 || c === 45 || c === 47 || c === 58 || grouped) {
    const d = text.charCodeAt(end + 1);
    return !(d >= 48 && d <= 57);
  }
  return true;
}

const CARD_GROUPED =
  /\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{4}([ -])\d{4}\3\d{4}\3\d{1,3}|\d{13,19}/y;
const SSN = /(\d{3})([ -])(\d{2})\2(\d{4})/y;
const NANP = /(?:1([ .-])?)?(?:\(([2-9]\d{2})\) ?|([2-9]\d{2})([ .-]))([2-9]\d{2})([ .-])(\d{4})/y;
const TRUNK = /0\d{1,4}(?:([ -])\d{2,8})(?:\1\d{2,8}){0,3}/y;
const INTERNATIONAL = /\+[1-9]\d{0,3}(?:(?:[ .-]|[ ]?\([ ]?|\)[ ]?)?\d{1,6}){1,6}/y;

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** Six of a digit, or six counting up or down (`+15555555`, `+1234567890`): a made-up number. */
function madeUp(d: string): boolean {
  let same = 1;
  let up = 1;
  let down = 1;
  for (let i = 1; i < d.length; i++) {
    const diff = d.charCodeAt(i) - d.charCodeAt(i - 1);
    same = diff === 0 ? same + 1 : 1;
    up = diff === 1 ? up + 1 : 1;
    down = diff === -1 ? down + 1 : 1;
    if (same >= 6 || up >= 6 || down >= 6) return true;
  }
  return false;
}

interface Found {
  rule: string;
  severity: Candidate['severity'];
  end: number;
}

function card(text: string, p: number): Found | null {
  CARD_GROUPED.lastIndex = p;
  const m = CARD_GROUPED.exec(text);
  if (!m) return null;
  const d = digitsOf(m[0]);
  if (d.length < 13 || d.length > 19 || !cardNetworkAllows(d) || !luhnValid(d) || TEST_CARDS.has(d))
    return null;
  if (madeUp(d)) return null;
  return { rule: 'payment-card', severity: 'high', end: p + m[0].length };
}

function ssn(text: string, p: number): Found | null {
  SSN.lastIndex = p;
  const m = SSN.exec(text);
  if (!m) return null;
  const [, area, , group, serial] = m;
  if (area === '000' || area === '666' || area![0] === '9' || group === '00' || serial === '0000')
    return null;
  // The number printed on a sample card in 1938 and the one in a 1960s advertisement, and 123-45-6789.
  const plain = `${area}${group}${serial}`;
  if (plain === '078051120' || plain === '219099999' || plain === '123456789') return null;
  return { rule: 'us-ssn', severity: 'high', end: p + m[0].length };
}

function phone(text: string, p: number): Found | null {
  let best = 0;
  NANP.lastIndex = p;
  const nanp = NANP.exec(text);
  // A separator after the area code must be the one between exchange and line: 415-555-2671.
  if (nanp && (nanp[4] === undefined || nanp[4] === nanp[6])) best = nanp[0].length;
  TRUNK.lastIndex = p;
  const trunk = TRUNK.exec(text);
  if (trunk) {
    const n = digitsOf(trunk[0]).length;
    // Only the trunk prefix starts with 0: `01 02 03 04 05` is bytes, `01 23 45 67 89` a number.
    const zeros = trunk[0]
      .split(/[ -]/)
      .slice(1)
      .filter((g) => g.startsWith('0')).length;
    if (n >= 10 && n <= 11 && zeros < 2 && trunk[0].length > best) best = trunk[0].length;
  }
  INTERNATIONAL.lastIndex = p;
  const intl = INTERNATIONAL.exec(text);
  if (intl) {
    let s = intl[0];
    while (/[ .(-]$/.test(s)) s = s.slice(0, -1);
    const n = digitsOf(s).length;
    const opens = s.split('(').length - 1;
    const closes = s.split(')').length - 1;
    if (n >= 8 && n <= 15 && opens === closes && s.length > best) best = s.length;
  }
  if (best === 0 || madeUp(digitsOf(text.slice(p, p + best)))) return null;
  return { rule: 'phone-number', severity: 'medium', end: p + best };
}

export function scanNumbers(text: string, out: Candidate[]): void {
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m !== null; m = CANDIDATE.exec(text)) {
    const p = start(text, m.index);
    if (p < 0) {
      CANDIDATE.lastIndex = m.index + 1;
      continue;
    }
    // A group in the middle of a longer grouped number (`DE89 3704 0044 0532 0130 00`) is not one.
    if (p >= 2 && (text[p - 1] === ' ' || text[p - 1] === '-') && /[0-9]/.test(text[p - 2]!)) {
      CANDIDATE.lastIndex = m.index + 1;
      continue;
    }
    let found: Found | null = null;
    for (const f of [card(text, p), ssn(text, p), phone(text, p)]) {
      if (f && endsCleanly(text, p, f.end) && (!found || f.end > found.end)) found = f;
    }
    if (found) {
      out.push({
        rule: found.rule,
        label: found.rule,
        severity: found.severity,
        start: p,
        end: found.end,
        priority: 1,
      });
      CANDIDATE.lastIndex = found.end;
    } else CANDIDATE.lastIndex = m.index + 1;
  }
}
