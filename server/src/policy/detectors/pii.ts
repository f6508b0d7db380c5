// The PII detector: email addresses, phone numbers, payment cards, US SSNs, IBANs and UK National
// Insurance numbers.
import { defineDetector } from './detector-types.ts';
import { actionSettings } from './action-settings.ts';
import { finish, type Candidate } from './match-utils.ts';
import { scanEmails } from './pii-email.ts';
import { scanNational } from './pii-national.ts';
import { scanNumbers } from './pii-numbers.ts';

export const PII_RULE_IDS: readonly string[] = [
  'email',
  'phone-number',
  'payment-card',
  'us-ssn',
  'iban',
  'uk-nino',
];

const table = (chars: string) => {
  const t = new Uint8Array(128);
  for (const c of chars) t[c.charCodeAt(0)] = 1;
  return t;
};
/** What a phone or card number is written with. */
const NUMBER_RUN = table('0123456789 +().-');
/** What an IBAN or a National Insurance number is written with. */
const UPPER_RUN = table('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ');

/** The trailing run of `chars`, at most `max` long. */
function trailing(text: string, chars: Uint8Array, max: number): number {
  let n = 0;
  const limit = Math.min(text.length, max);
  while (n < limit) {
    const c = text.charCodeAt(text.length - 1 - n);
    if (c >= 128 || chars[c] !== 1) break;
    n++;
  }
  return n;
}

function candidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  scanEmails(text, out);
  scanNumbers(text, out);
  scanNational(text, out);
  return out;
}

/** The longest match (an email address); every other PII match is under 64 characters. */
const MAX_MATCH = 320;

/**
 * A complete match that the cut would split (`… GB29NWBK60161331926819 (` cut after the space): hold
 * back from its start. Found by scanning the tail only, from a whitespace so that its first word has
 * the context it has in the whole text.
 */
function crossing(text: string, cut: number): number {
  let from = Math.max(0, cut - MAX_MATCH);
  for (let k = from; k > 0 && from - k < 64; k--) {
    if (/\s/.test(text[k - 1]!)) {
      from = k;
      break;
    }
  }
  let hold = text.length - cut;
  for (const c of candidates(text.slice(from))) {
    const start = from + c.start;
    if (start < cut && from + c.end > cut) hold = Math.max(hold, text.length - start);
  }
  return hold;
}

export const piiDetector = defineDetector({
  id: 'pii',
  label: 'Personal data',
  description:
    'E-mail addresses, phone numbers, payment cards, IBANs, US Social Security and UK National Insurance numbers.',
  findingKind: 'pii',
  settings: actionSettings('alert'),
  scan(text, config) {
    return finish('pii', text, candidates(text), config);
  },
  holdback(text) {
    // What could still grow into a match: an address and the word it is in (a URL's
    // `scheme://user:password@` decides that it is not one), a number, a run of capitals and digits.
    let hold = 0;
    while (hold < Math.min(text.length, MAX_MATCH) && !/[\s"'`]/.test(text[text.length - 1 - hold]!)) hold++;
    const number = trailing(text, NUMBER_RUN, 64);
    if (number > 0 && /[\d+(]/.test(text.slice(text.length - number))) hold = Math.max(hold, number);
    const upper = trailing(text, UPPER_RUN, 48);
    if (upper > 0 && /[A-Z0-9]/.test(text.slice(text.length - upper))) hold = Math.max(hold, upper);
    // And the character before it, which decides whether a match may start there.
    if (hold > 0) hold = Math.min(text.length, hold + 1);
    return crossing(text, text.length - hold);
  },
});
