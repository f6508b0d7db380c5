// Email addresses: found from each `@`, the local part read backwards and the domain forwards. Not an
// address: npm scopes and versions (`@babel/core@7.0.0`, no alphabetic top-level domain), image
// variants (`logo@2x.png`), git's SSH user (`git@github.com`), a URL's user information, and the
// domains reserved for documentation (RFC 2606: example.com, .test, .invalid, .localhost), and
// Google Cloud service accounts (a machine's name, not a person's).
import type { Candidate } from './match-utils.ts';
import { words } from './text-checks.ts';

const LOCAL = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-')
  LOCAL[c.charCodeAt(0)] = 1;
const LABEL = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-') LABEL[c.charCodeAt(0)] = 1;
const isLocal = (c: number) => c < 128 && LOCAL[c] === 1;
const isLabel = (c: number) => c < 128 && LABEL[c] === 1;

const FILE_EXTENSIONS = words(
  'png jpg jpeg gif svg webp avif ico bmp css scss js mjs cjs ts tsx jsx json map md txt html htm ' +
    'xml yaml yml lock wasm woff woff2 ttf eot pdf gz tgz py rb go rs java kt swift vue svelte min',
);
const RESERVED_DOMAIN =
  /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost|local|gserviceaccount\.com)$/i;

const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

/** Whether `s` is inside the user information of a URL: `://` before it in the same word, no `/` between. */
function inUrlAuthority(text: string, s: number): boolean {
  for (let k = s - 1; k >= 2 && s - k < 256; k--) {
    const c = text[k];
    if (c === '/') return text[k - 1] === '/' && text[k - 2] === ':';
    if (c === ' ' || c === '\n' || c === '\t' || c === '"' || c === "'") return false;
  }
  return false;
}

export function scanEmails(text: string, out: Candidate[]): void {
  const n = text.length;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let s = at;
    while (s > 0 && at - s <= MAX_LOCAL && isLocal(text.charCodeAt(s - 1))) s--;
    if (at - s > MAX_LOCAL) continue;
    while (s < at && (text[s] === '.' || text[s] === '-' || text[s] === '+')) s++;
    if (s === at || text[at - 1] === '.' || text.slice(s, at).includes('..')) continue;
    const before = s > 0 ? text[s - 1] : '';
    // user@host in a URL (`https://user@host`, `ssh://git@host`, `postgres://u:p@host`); mailto: is
    // an address.
    if ((before === ':' && !text.endsWith('mailto', s - 1)) || before === '/') continue;
    let e = at + 1;
    let labels = 0;
    let lastLabel = e;
    for (;;) {
      const labelStart = e;
      while (e < n && e - labelStart < 64 && isLabel(text.charCodeAt(e))) e++;
      if (e === labelStart || text[labelStart] === '-' || text[e - 1] === '-') {
        e = labelStart - (labels > 0 ? 1 : 0);
        break;
      }
      labels++;
      lastLabel = labelStart;
      if (e + 1 < n && text[e] === '.' && isLabel(text.charCodeAt(e + 1))) {
        e++;
        continue;
      }
      break;
    }
    if (labels < 2 || e - at - 1 > MAX_DOMAIN) continue;
    if (e < n && (isLabel(text.charCodeAt(e)) || text[e] === '_' || text[e] === '@')) continue;
    const tld = text.slice(lastLabel, e);
    if (!/^[A-Za-z]{2,24}$/.test(tld) || FILE_EXTENSIONS.has(tld.toLowerCase())) continue;
    const domain = text.slice(at + 1, e);
    if (RESERVED_DOMAIN.test(domain)) continue;
    if (text.slice(s, at) === 'git' || inUrlAuthority(text, s)) continue;
    out.push({ rule: 'email', label: 'email', severity: 'medium', start: s, end: e, priority: 1 });
    at = e - 1;
  }
}
