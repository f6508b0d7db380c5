// Strings and JSON values that have broken parsers, validators, loggers and detectors elsewhere: unicode
// oddities (zero-width, lone surrogates, NUL, right-to-left marks, fullwidth letters), huge strings,
// secret-shaped text, path traversal, numbers at the edges, and JSON values of every type.
import type { Prng } from './prng.ts';

const UNICODE_ODDITIES = [
  '\u200b', // zero-width space
  '\u200c\u200d', // zero-width (non-)joiners
  '\ufeff', // byte-order mark
  '\u202e', // right-to-left override
  '\u2066\u2069', // isolates
  '\u0000', // NUL
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\u00ad', // soft hyphen
  '\u00a0', // no-break space
  '\u3000', // ideographic space
  '\uff21\uff2b\uff29\uff21', // fullwidth AKIA
  'e\u0301', // combining accent
  '\u{1f600}\u{1f3f3}\u{fe0f}\u200d\u{1f308}', // emoji and a ZWJ sequence
  '\u0130', // dotted capital I (case folding)
  '\r\n',
  '\t\v\f',
  '\u2028\u2029', // JS line separators
  '\ufffd',
  '\u{10ffff}',
];

/** Text that detectors look for: a secret, PII, a key, split or disguised. */
const SECRET_SHAPED = [
  'AKIAIOSFODNN7EXAMPLE',
  'AKIA\u200bIOSFODNN7EXAMPLE',
  'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'ghp_0123456789abcdefghijABCDEFGHIJ012345',
  'sk-ant-api03-' + 'A'.repeat(93) + 'AA',
  'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----',
  'password: hunter2hunter2',
  'postgres://admin:s3cretP4ss@db.internal:5432/prod',
  '4111 1111 1111 1111',
  '078-05-1120',
  'jane.doe@example.com',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl',
  'data:text/plain;base64,QUtJQUlPU0ZPRE5ON0VYQU1QTEU=',
];

const TRAVERSAL = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  '..\\..\\windows\\win.ini',
  '%252e%252e%252f',
  '%c0%ae%c0%ae/',
  '%00',
  '%',
  '%zz',
  '%u2215',
  '//',
  '/./././',
  ';jsessionid=1',
  '?',
  '#frag',
  '%0d%0aSet-Cookie:%20x=1',
];

const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
];

export function oddUnicode(rng: Prng): string {
  return rng.pick(UNICODE_ODDITIES);
}

export function secretShaped(rng: Prng): string {
  return rng.pick(SECRET_SHAPED);
}

export function traversal(rng: Prng): string {
  return rng.pick(TRAVERSAL);
}

export function edgeNumber(rng: Prng): number {
  return rng.pick(EDGE_NUMBERS);
}

/** Ordinary-looking ASCII of `n` characters. */
export function word(rng: Prng, n = rng.int(1, 12)): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_';
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
}

/** Sizes that sit at and past the limits the API declares (200, 256 KB) and far beyond them. */
const HUGE_SIZES = [201, 1025, 4097, 65_537, 262_145, 1_048_577];

/** A string that is odd in one of many ways. */
export function oddString(rng: Prng): string {
  switch (rng.int(0, 9)) {
    case 0:
      return '';
    case 1:
      return rng.pick(['x', 'a']).repeat(rng.pick(HUGE_SIZES));
    case 2:
      return word(rng) + oddUnicode(rng) + word(rng);
    case 3:
      return secretShaped(rng);
    case 4:
      return traversal(rng);
    case 5:
      return Array.from({ length: rng.int(1, 40) }, () => oddUnicode(rng)).join('');
    case 6:
      return String(edgeNumber(rng));
    case 7:
      return rng.pick(['null', 'true', 'undefined', 'NaN', '[]', '{}', '__proto__', 'constructor', ' ']);
    case 8:
      return `<script>alert(1)</script>${word(rng)}' OR '1'='1`;
    default:
      return word(rng, rng.int(1, 64));
  }
}

/** Any JSON value, of a random type, `depth` levels at most. */
export function randomJson(rng: Prng, depth = 3): unknown {
  const kind = depth <= 0 ? rng.int(0, 4) : rng.int(0, 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return edgeNumber(rng);
    case 3:
    case 4:
      return oddString(rng);
    case 5:
      return Array.from({ length: rng.int(0, 4) }, () => randomJson(rng, depth - 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(0, 4); i > 0; i--)
        o[rng.chance(0.3) ? oddString(rng) : word(rng)] = randomJson(rng, depth - 1);
      return o;
    }
  }
}

/** Percent-encodes the UTF-8 bytes of `s` (encodeURIComponent throws on a lone surrogate). */
export function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
}
