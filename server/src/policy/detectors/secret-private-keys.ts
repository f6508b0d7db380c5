// Private key blocks: PEM (PKCS#1, PKCS#8, SEC1, OpenSSH, encrypted) and OpenPGP armour, as they
// appear in files, in YAML block scalars (indented), and inside JSON strings (lines joined by `\n`
// escapes, as in a Google service-account key file).
import type { Candidate } from './match-utils.ts';

const BEGIN = '-----BEGIN ';
const LABEL = /^(?:(?:RSA|DSA|EC|OPENSSH|ENCRYPTED|DH|SSH2 ENCRYPTED) )?PRIVATE KEY$|^PGP PRIVATE KEY BLOCK$/;
/** Longest block considered: an RSA-8192 or PGP key with subkeys fits well inside. */
export const MAX_BLOCK = 20_000;
/** A real key's body holds hundreds of base64 characters; `MIIE...` in a README does not. */
const MIN_BODY = 64;
const HEADER_LINE = /[A-Za-z][A-Za-z-]*: [^\r\n\\]*/y;
const BASE64_RUN = /[A-Za-z0-9+/=]+/y;

export interface BlockParse {
  state: 'match' | 'none' | 'incomplete';
  rule: string;
  end: number;
  /** Base64 characters of the body seen so far. */
  body: number;
}

/** After `at`: a newline, real or escaped inside a string; its length, 0 if none, -1 if cut short. */
function newlineAt(text: string, at: number): number {
  const c = text[at];
  if (c === '\n') return 1;
  if (c === '\r') return text[at + 1] === '\n' ? 2 : at + 1 === text.length ? -1 : 1;
  if (c === '\\') {
    if (at + 1 === text.length) return -1;
    if (text[at + 1] === 'n') return 2;
    if (text[at + 1] === 'r') {
      if (at + 2 === text.length || (at + 3 === text.length && text[at + 2] === '\\')) return -1;
      return text.startsWith('\\n', at + 2) ? 4 : 2;
    }
  }
  return 0;
}

const NONE: BlockParse = { state: 'none', rule: '', end: 0, body: 0 };

/** A block cut short by other text: a key if enough of its body came first. */
function truncated(rule: string, end: number, body: number): BlockParse {
  return body >= MIN_BODY ? { state: 'match', rule, end, body } : NONE;
}

function incomplete(rule: string, end: number, body: number): BlockParse {
  return { state: 'incomplete', rule, end, body };
}

/** Parses the block whose `-----BEGIN ` is at `begin`. */
export function parseBlock(text: string, begin: number): BlockParse {
  const n = text.length;
  const labelStart = begin + BEGIN.length;
  const labelEnd = text.indexOf('-----', labelStart);
  if (labelEnd < 0 || labelEnd - labelStart > 40) {
    // A marker still being written: `-----BEGIN OPENSSH PRIV`.
    return n - labelStart <= 40 && /^[A-Z0-9 ]*-{0,4}$/.test(text.slice(labelStart))
      ? incomplete('', n, 0)
      : NONE;
  }
  const label = text.slice(labelStart, labelEnd);
  if (!LABEL.test(label)) return NONE;
  const rule = label.startsWith('PGP') ? 'pgp-private-key' : 'private-key';
  const endMarker = `-----END ${label}-----`;
  const limit = Math.min(n, begin + MAX_BLOCK);
  let p = labelEnd + 5;
  let lastGood = p;
  let body = 0;
  for (;;) {
    if (p >= limit) return p >= n ? incomplete(rule, lastGood, body) : truncated(rule, lastGood, body);
    const nl = newlineAt(text, p);
    if (nl < 0) return incomplete(rule, lastGood, body);
    if (nl > 0) {
      p += nl;
      continue;
    }
    while (p < limit && (text[p] === ' ' || text[p] === '\t')) p++;
    if (p >= limit) continue;
    if (text[p] === '-') {
      if (text.startsWith(endMarker, p)) return { state: 'match', rule, end: p + endMarker.length, body };
      if (n - p < endMarker.length && endMarker.startsWith(text.slice(p)))
        return incomplete(rule, lastGood, body);
      return truncated(rule, lastGood, body);
    }
    HEADER_LINE.lastIndex = p;
    BASE64_RUN.lastIndex = p;
    let lineEnd: number;
    if (HEADER_LINE.test(text)) lineEnd = HEADER_LINE.lastIndex;
    else if (BASE64_RUN.test(text)) {
      lineEnd = BASE64_RUN.lastIndex;
      body += lineEnd - p;
    } else return truncated(rule, lastGood, body);
    if (lineEnd >= n) return incomplete(rule, lineEnd, body);
    const after = newlineAt(text, lineEnd);
    lastGood = lineEnd;
    if (after === 0) return truncated(rule, lastGood, body);
    p = lineEnd;
  }
}

export function scanPrivateKeys(text: string, out: Candidate[]): void {
  // Searched from `BEGIN `: a search for `-----BEGIN ` would stop at every dash of the text.
  for (let b = text.indexOf('BEGIN '); b >= 0; b = text.indexOf('BEGIN ', b + 6)) {
    const at = b - 5;
    if (at < 0 || !text.startsWith('-----', at)) continue;
    const block = parseBlock(text, at);
    // At the end of the text an unterminated block is as complete as it will get: the same rule as a
    // truncated one applies (enough body to be a key).
    if (block.state === 'none' || (block.state === 'incomplete' && block.body < MIN_BODY)) continue;
    out.push({
      rule: block.rule,
      label: block.rule,
      severity: 'critical',
      start: at,
      end: block.end,
      priority: 3,
    });
    b = block.end - 6;
  }
}

/**
 * From the last `-----BEGIN`: everything, while the block may still be completed by later text, or
 * when the block ends within the last `tail` characters (which the caller holds back for another
 * reason, and which must not cut the block in two).
 */
export function privateKeyHoldback(text: string, tail: number): number {
  // The last marker within a block's length of the end (searched forwards: a search backwards
  // through a long text that holds none would read all of it).
  let at = -1;
  for (
    let i = text.indexOf('-----BEGIN', Math.max(0, text.length - MAX_BLOCK));
    i >= 0;
    i = text.indexOf('-----BEGIN', i + 1)
  )
    at = i;
  if (at < 0) return 0;
  if (text.length - at < BEGIN.length) return text.length - at;
  const block = parseBlock(text, at);
  if (block.state === 'incomplete') return text.length - at;
  return block.state === 'match' && block.end > text.length - tail ? text.length - at : 0;
}
