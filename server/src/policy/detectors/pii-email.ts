// Email addresses: found from each `@`, the local part read backwards and the domain forwards. Not an
// address: npm scopes and versions (`@babel/core@7.0.0`, no alphabetic top-level domain), image
// variants (`logo@2x.png`), git's SSH user (`git@github.com`), a URL's user information. Not a
// person's (docs/decisions/policy.md, "Quiet on normal traffic"): the domains reserved for
// documentation (RFC 2606 and 6761: example.com, .example, .test, .invalid, .localhost), Google Cloud
// service accounts (a machine's name), no-reply mailboxes (`noreply@anthropic.com` is in every Claude
// Code request), the forges' commit addresses that stand in for a private one, and the placeholders of
// documentation (`you@yourcompany.com`).
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
/**
 * GitHub's and GitLab's stand-ins for a private address in commits (`<id>+<login>@users.noreply.github.com`):
 * they exist so that no personal address is published, and name a public account.
 */
const FORGE_NOREPLY_DOMAIN = /(?:^|\.)users\.noreply\.(?:github|gitlab)\.com$/i;
/**
 * Mailboxes nobody reads, at any domain: a sender's role, never a person. "noreply" is a whole word of
 * the local part (`noreply@`, `support-noreply@`, `no_reply.billing@`); a sub-address (`noreply+…@`)
 * can carry whom a message went to, so it stays an address.
 */
const NOREPLY_LOCAL = /^(?:[a-z0-9]+[-_.])*(?:no[-_.]?reply|do[-_.]?not[-_.]?reply)(?:[-_.][a-z0-9]+)*$/i;
/**
 * Documentation's placeholders: a domain whose name starts with "your" (yourcompany.com,
 * your-domain.org), or a local part that says what to write there (your.email@, yourname@). Names that
 * merely start with the letters (youri@, yourievich@) are addresses.
 */
const PLACEHOLDER_DOMAIN =
  /(?:^|\.)your[-_]?(?:company|domain|org|organi[sz]ation|site|website|e?mail|host|server|corp|business|team|app|project)(?:\.[a-z]{2,}){1,2}$/i;
const PLACEHOLDER_LOCAL = /^your[-_.]?(?:e-?mail|name|user(?:name)?|address|login|account|id)$/i;

/** Whether an address, well formed, is one that names no person. */
function impersonal(local: string, domain: string): boolean {
  return (
    RESERVED_DOMAIN.test(domain) ||
    FORGE_NOREPLY_DOMAIN.test(domain) ||
    NOREPLY_LOCAL.test(local) ||
    PLACEHOLDER_DOMAIN.test(domain) ||
    PLACEHOLDER_LOCAL.test(local)
  );
}

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
    const local = text.slice(s, at);
    if (impersonal(local, text.slice(at + 1, e))) continue;
    if (local === 'git' || inUrlAuthority(text, s)) continue;
    out.push({ rule: 'email', label: 'email', severity: 'medium', start: s, end: e, priority: 1 });
    at = e - 1;
  }
}
