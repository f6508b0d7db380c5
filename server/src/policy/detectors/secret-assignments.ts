// Secrets with no format of their own, found by where they are written: a value assigned to a
// secret-looking name in an env file, JSON, YAML, TOML, code or an HTTP header, high in entropy and
// not a placeholder, a reference or code.
import type { Candidate } from './match-utils.ts';
import { DOCUMENTED_EXAMPLES } from './secret-examples.ts';
import { classifyName, nameWords, NAMED_SECRET_RULES, type NameKind } from './secret-names.ts';
import { scanNetrcPassword } from './secret-cli-passwords.ts';
import { scanYamlBlock } from './secret-yaml.ts';
import { caseSwitchRatio, charClasses, entropy, hasDigit, looksFake, words } from './text-checks.ts';

// The prefilter: a keyword, the rest of its identifier, an optional closing quote, an assignment
// operator. One native pass over the text; the rest runs only where it matched. The keywords are
// written from their rarer letters on (`ke[yn]` finds key and token, `cre[td]` secret and cred, `uth`
// auth): the regex engine's scan is as fast as the set of characters a match can start with is
// small, and this set halves the time against `secret|token|…`. The parse finds the name's start.
// Its second branch, `password` and a space, is the `.netrc` form (secret-cli-passwords.ts).
const TRIGGER =
  /(?:ke[yn]|p(?:ass|wd)|cre[td]|uth)[A-Za-z0-9_.-]{0,48}(?:\\?["'`])?\]?[ \t]{0,8}(?:=>|:=|[=:](?![=:]))|password[ \t]+(?=[^\s=:])/gi;
/** The keywords alone, for the holdback (an assignment still being written has no operator yet). */
const KEYWORD = /ke[yn]|p(?:ass|wd)|cre[td]|uth/gi;

const IDENT = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-')
  IDENT[c.charCodeAt(0)] = 1;
const isIdent = (code: number) => code < 128 && IDENT[code] === 1;

/**
 * An unquoted value ends at whitespace, at what ends a value in code, a URL or a shell line, and at a
 * backslash (the `\n` that ends a line of a file quoted inside a JSON string).
 */
const UNQUOTED_END = new Uint8Array(128);
for (const c of ' \t\r\n\'"`,;)]}<>&|({[\\') UNQUOTED_END[c.charCodeAt(0)] = 1;

const MAX_NAME = 80;
const MAX_VALUE = 512;
const AUTH_SCHEME = /(?:Bearer|Basic|Token|Bot|Digest)[ \t]+/iy;

export interface AssignmentParse {
  /** done: a value; none: not an assignment; incomplete: the text ends before the value does. */
  state: 'done' | 'none' | 'incomplete';
  identStart: number;
  identEnd: number;
  valueStart: number;
  valueEnd: number;
  quoted: boolean;
  /** The value ran to the end of the text unquoted: complete for a scan, still growing on a stream. */
  atEnd: boolean;
  afterScheme: boolean;
  /** How far the parse read: the scan resumes there (a keyword inside a value is no new name). */
  read: number;
  /** The operator was `:` (YAML, JSON, headers, and TypeScript's type annotations), not `=`. */
  colon: boolean;
}

/**
 * Whether an unquoted value that stops at `q` stands alone, as in an env file, YAML, a header or a
 * shell line, rather than inside code (`auth: AuthResponse | null`, `token = next(),`). After `:` the
 * line must end (or a comment start); after `=` a space, `&`, `;` or the end of the line may follow.
 * `open`: only spaces up to the end of the text, so what comes next (on a stream) decides.
 */
function endsUnquotedValue(text: string, q: number, colon: boolean): 'yes' | 'no' | 'open' {
  const c = text[q];
  if (c === '\n' || c === '\r' || c === '"' || c === "'" || c === '`' || c === '\\') return 'yes';
  if (c === ' ' || c === '\t') {
    if (!colon) return 'yes';
    let k = q;
    while (k < text.length && (text[k] === ' ' || text[k] === '\t')) k++;
    if (k === text.length) return 'open';
    return text[k] === '\n' || text[k] === '\r' || text[k] === '#' ? 'yes' : 'no';
  }
  // `&` in a URL's query, `;` between a connection string's settings.
  return !colon && (c === '&' || c === ';') ? 'yes' : 'no';
}

function incomplete(r: AssignmentParse): AssignmentParse {
  r.state = 'incomplete';
  return r;
}

/** Parses `name <op> value` around the keyword at `kw`. */
export function parseAssignment(text: string, kw: number): AssignmentParse {
  const n = text.length;
  const r: AssignmentParse = {
    state: 'none',
    identStart: kw,
    identEnd: kw,
    valueStart: 0,
    valueEnd: 0,
    quoted: false,
    atEnd: false,
    afterScheme: false,
    read: kw,
    colon: false,
  };
  while (r.identStart > 0 && isIdent(text.charCodeAt(r.identStart - 1))) {
    // Longer than any name: a keyword's letters inside a token (`…uth…` in a random string).
    if (kw - r.identStart >= MAX_NAME) return r;
    r.identStart--;
  }
  while (r.identEnd < n && isIdent(text.charCodeAt(r.identEnd))) {
    if (r.identEnd - kw >= MAX_NAME) return r;
    r.identEnd++;
  }
  let p = r.identEnd;
  if (p === n) return incomplete(r);
  if (text[p] === '\\' && ++p === n) return incomplete(r);
  if (text[p] === '"' || text[p] === "'" || text[p] === '`') p++;
  else if (p > r.identEnd) return r;
  if (p < n && text[p] === ']') p++;
  while (p < n && (text[p] === ' ' || text[p] === '\t')) p++;
  if (p === n) return incomplete(r);
  const op = text[p];
  if (op === '=') {
    if (p + 1 === n) return incomplete(r);
    if (text[p + 1] === '=') return r;
    p += text[p + 1] === '>' ? 2 : 1;
  } else if (op === ':') {
    if (p + 1 === n) return incomplete(r);
    if (text[p + 1] === ':') return r;
    r.colon = text[p + 1] !== '=';
    p += text[p + 1] === '=' ? 2 : 1;
  } else return r;
  while (p < n && (text[p] === ' ' || text[p] === '\t')) p++;
  if (p === n) return incomplete(r);
  // A quoted value: the quote may itself be escaped when JSON sits inside a JSON string.
  let quote = '';
  if (text[p] === '\\' && p + 1 < n && (text[p + 1] === '"' || text[p + 1] === "'"))
    quote = text.slice(p, p + 2);
  else if (text[p] === '"' || text[p] === "'" || text[p] === '`') quote = text[p]!;
  else if (text[p] === '\\' && p + 1 === n) return incomplete(r);
  if (quote) p += quote.length;
  if (p === n) return incomplete(r);
  AUTH_SCHEME.lastIndex = p;
  const scheme = AUTH_SCHEME.exec(text);
  if (scheme) {
    p += scheme[0].length;
    r.afterScheme = true;
    if (p === n) return incomplete(r);
  }
  r.valueStart = p;
  if (quote) {
    const limit = Math.min(n, p + MAX_VALUE);
    let q = p;
    for (; q < limit; q++) {
      const c = text[q];
      if (c === '\n' || c === '\r') break;
      if (text.startsWith(quote, q) && (quote.length === 2 || text[q - 1] !== '\\')) break;
    }
    r.read = q;
    if (q === n) return incomplete(r);
    if (q === limit || text[q] === '\n' || text[q] === '\r') return r;
    r.valueEnd = q;
    r.quoted = true;
    // `Bearer <token>` inside quotes ends at the token.
    if (r.afterScheme) {
      let e = p;
      while (e < q && !/\s/.test(text[e]!)) e++;
      r.valueEnd = e;
    }
  } else {
    let q = p;
    while (q < n && q - p <= MAX_VALUE) {
      const c = text.charCodeAt(q);
      if (c < 128 && UNQUOTED_END[c] === 1) break;
      q++;
    }
    r.read = q;
    if (q - p > MAX_VALUE) return r;
    if (q === n) r.atEnd = true;
    else {
      const ends = endsUnquotedValue(text, q, r.colon);
      if (ends === 'no') return r;
      r.atEnd = ends === 'open';
    }
    // A sentence's full stop or a trailing colon is not part of the value.
    let e = q;
    while (e > p && (text[e - 1] === '.' || text[e - 1] === ':')) e--;
    r.valueEnd = e;
  }
  r.state = 'done';
  return r;
}

const CODE_WORDS = words(
  'true false null nil none undefined string str number int integer bool boolean object any bytes ' +
    'required optional env self this new await function return void unknown never default include ' +
    'omit same-origin redacted hidden',
);

/** A reference to a secret rather than the secret: `${VAR}`, `{{ secrets.X }}`, `<token>`, `%s`, `$TOKEN`. */
const TEMPLATED =
  /\$\{|\{\{|\}\}|<[^>]*>|%[sd(]|^\$|^%|^@|^\{|^\[|^#\{|\$\(|process\.env|os\.environ|getenv|ENV\[/;
/** A value that names what should go there. */
const PLACEHOLDER =
  /password|passwd|p[a@4][s$5][s$5]w[o0]rd|secret|token|apikey|api_key|api-key|changeme|change_me|example|sample|dummy|placeholder|your|redacted|replace|xxx|\*\*\*|\.\.\.|…|todo|fixme|test123|foobar|<|>/i;
/** Punctuation of code, not of a secret: `),$?e.create(`, `!!flag`, `{ a, b }`. */
const CODE_PUNCTUATION = /[(){}[\];,]|^[!~&|?]/;
/** An identifier or an attribute path: `oauth2Client`, `credentials_1.Credentials`, `types$1.star`. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Whether an identifier-shaped value is random rather than named: random base62 is about one digit
 * in six and changes case every other letter; `oauth2Client` and `DeviceBoundSessionKey` are words.
 */
function looksRandom(value: string): boolean {
  let digits = 0;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) >= 48 && value.charCodeAt(i) <= 57) digits++;
  const switches = caseSwitchRatio(value);
  if (digits / value.length >= 0.15) return true;
  if (digits > 0) return switches >= 0.35;
  return value.length >= 24 && switches >= 0.45;
}
/** `config.apiKey`, `settings.SECRET`, `self.token`: an attribute path, which is code. */
const ATTRIBUTE_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/** Whether `value` (assigned to a name of `kind`) is plausibly a real secret. */
export function plausibleValue(value: string, kind: NameKind, quoted: boolean): boolean {
  if (value.length < 6 || value.length > MAX_VALUE) return false;
  if (/\s/.test(value) || DOCUMENTED_EXAMPLES.has(value)) return false;
  if (TEMPLATED.test(value) || PLACEHOLDER.test(value) || looksFake(value)) return false;
  if (CODE_WORDS.has(value.toLowerCase()) || CODE_PUNCTUATION.test(value)) return false;
  if (!quoted && ATTRIBUTE_PATH.test(value) && !hasDigit(value)) return false;
  if (value.includes('://') || value.startsWith('/') || value.startsWith('./') || value.startsWith('~/'))
    return false;
  // Secrets are printable ASCII; a number literal (`0x0B95`, `1.5e3`) is not one.
  if (!/^[\x21-\x7e]+$/.test(value) || /^(?:0x[0-9a-f]+|[\d.,_+-]+(?:e\d+)?)$/i.test(value)) return false;
  if (kind === 'password') {
    // Human passwords are short; letters alone are far more often a word or an identifier.
    if (!/[^A-Za-z]/.test(value) || /^\d+$/.test(value)) return false;
    return charClasses(value) >= 2 && entropy(value) >= 2.0;
  }
  // A colon makes a URN, a time, a `user:host` pair; the tokens with one have rules of their own.
  if (value.length < 12 || charClasses(value) < 2 || value.includes(':')) return false;
  if (IDENTIFIER.test(value) && !looksRandom(value)) return false;
  // Words joined by dashes or dots: `remix-router-transitions`, `X-Amz-Credential`, `use-credentials`.
  if (!hasDigit(value) && /^[A-Za-z]+(?:[-_.][A-Za-z]+)+$/.test(value)) return false;
  if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(value)) return false; // a host name
  return entropy(value) >= (value.length >= 20 ? 3.2 : 3.0);
}

/** Every value assigned to a secret-looking name, as candidates. */
export function scanAssignments(text: string, out: Candidate[]): void {
  TRIGGER.lastIndex = 0;
  let lastIdent = -1;
  for (let m = TRIGGER.exec(text); m !== null; m = TRIGGER.exec(text)) {
    const last = m[0].charCodeAt(m[0].length - 1);
    if (last === 32 || last === 9) {
      scanNetrcPassword(text, m.index, out);
      continue;
    }
    const a = parseAssignment(text, m.index);
    if (a.read > TRIGGER.lastIndex) TRIGGER.lastIndex = a.read;
    // `password:` with its value on the next line (secret-yaml.ts).
    if (a.colon && a.state !== 'incomplete' && a.valueStart > 0 && a.valueEnd - a.valueStart < 6)
      scanYamlBlock(text, a.identStart, a.identEnd, a.valueStart, plausibleValue, out);
    if (a.state !== 'done' || a.identStart === lastIdent || a.valueEnd - a.valueStart < 6) continue;
    lastIdent = a.identStart;
    const value = text.slice(a.valueStart, a.valueEnd);
    const words = nameWords(text.slice(a.identStart, a.identEnd));
    const compact = words.join('');
    let matched = false;
    for (const rule of NAMED_SECRET_RULES) {
      if (
        rule.value.test(value) &&
        rule.name(words, compact) &&
        !DOCUMENTED_EXAMPLES.has(value) &&
        !looksFake(value)
      ) {
        out.push({
          rule: rule.id,
          label: rule.id,
          severity: rule.severity,
          start: a.valueStart,
          end: a.valueEnd,
          priority: 2,
        });
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const kind = classifyName(words);
    if (kind === null) continue;
    if (kind === 'authorization' && !a.afterScheme) continue;
    if (!plausibleValue(value, kind === 'authorization' ? 'secret' : kind, a.quoted)) continue;
    const rule =
      kind === 'password' ? 'password' : kind === 'authorization' ? 'authorization-header' : 'generic-secret';
    out.push({ rule, label: rule, severity: 'high', start: a.valueStart, end: a.valueEnd, priority: 1 });
  }
}

/** Characters to hold back for an assignment on the last line whose value is not complete yet. */
export function assignmentHoldback(text: string): number {
  let lineStart = text.length;
  while (lineStart > 0 && text.length - lineStart < 1024 && text[lineStart - 1] !== '\n') lineStart--;
  KEYWORD.lastIndex = lineStart;
  for (let m = KEYWORD.exec(text); m !== null; m = KEYWORD.exec(text)) {
    const a = parseAssignment(text, m.index);
    if (a.state === 'incomplete' || (a.state === 'done' && a.atEnd)) return text.length - a.identStart;
  }
  return 0;
}
