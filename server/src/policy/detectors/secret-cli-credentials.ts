// Basic-auth credentials on a command line: `curl -u user:password`, `--user user:password`. The
// password is the match. Searched from `-u` (which also finds `--user`): a literal search costs
// little, and the few hits are parsed here.
import type { Candidate } from './match-utils.ts';
import { plausibleUrlPassword } from './secret-urls.ts';

export interface CliParse {
  state: 'done' | 'none' | 'incomplete';
  flagStart: number;
  passwordStart: number;
  passwordEnd: number;
  /** An unquoted password ran to the end of the text: complete for a scan, still growing on a stream. */
  atEnd: boolean;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const opensWord = (c: string | undefined) => c === undefined || isSpace(c) || c === '"' || c === "'";

/** Parses the flag whose `-u` is at `at` (the `-u` of `-u` or of `--user`). */
export function parseCliCredential(text: string, at: number): CliParse {
  const r: CliParse = { state: 'none', flagStart: at, passwordStart: 0, passwordEnd: 0, atEnd: false };
  const n = text.length;
  let p: number;
  if (at + 2 === n) return { ...r, state: 'incomplete' };
  if (text[at + 2] === ' ' || text[at + 2] === '\t') {
    if (!opensWord(text[at - 1])) return r;
    p = at + 2;
  } else if (at > 0 && text[at - 1] === '-' && text.startsWith('user', at + 1)) {
    r.flagStart = at - 1;
    if (!opensWord(text[at - 2])) return r;
    if (at + 5 === n) return { ...r, state: 'incomplete' };
    if (text[at + 5] !== ' ' && text[at + 5] !== '=') return r;
    p = at + 5;
  } else return r;
  const incomplete = { ...r, state: 'incomplete' as const };
  while (p < n && (text[p] === ' ' || text[p] === '\t' || text[p] === '=')) p++;
  if (p === n) return incomplete;
  const quote = text[p] === '"' || text[p] === "'" ? text[p] : '';
  if (quote) p++;
  const userStart = p;
  while (
    p < n &&
    p - userStart < 128 &&
    !isSpace(text[p]) &&
    text[p] !== ':' &&
    text[p] !== '"' &&
    text[p] !== "'"
  )
    p++;
  if (p === n) return incomplete;
  if (text[p] !== ':' || p === userStart) return r;
  const user = text.slice(userStart, p);
  const start = ++p;
  // `-u http://host/…` is a URL (its own credentials are secret-urls.ts's), not user:password.
  if (text.startsWith('//', start)) return r;
  while (p < n && p - start < 256 && !isSpace(text[p]) && text[p] !== '"' && text[p] !== "'") p++;
  // Quoted, the password ends at its quote; unquoted, at a space or the end of the text.
  if (p === n && quote) return incomplete;
  if (quote && text[p] !== quote) return r;
  if (!plausibleUrlPassword(text.slice(start, p), user)) return p === n ? incomplete : r;
  return { ...r, state: 'done', passwordStart: start, passwordEnd: p, atEnd: p === n };
}

export function scanCliCredentials(text: string, out: Candidate[]): void {
  for (let at = text.indexOf('-u'); at >= 0; at = text.indexOf('-u', at + 2)) {
    const c = parseCliCredential(text, at);
    if (c.state !== 'done') continue;
    out.push({
      rule: 'basic-auth-credentials',
      label: 'basic-auth-credentials',
      severity: 'high',
      start: c.passwordStart,
      end: c.passwordEnd,
      priority: 2,
    });
  }
}

/** From a `-u` flag on the last line whose credential has not ended yet. */
export function cliCredentialHoldback(text: string): number {
  let from = text.length;
  while (from > 0 && text.length - from < 512 && text[from - 1] !== '\n') from--;
  for (let at = text.indexOf('-u', from); at >= 0; at = text.indexOf('-u', at + 2)) {
    const c = parseCliCredential(text, at);
    if (c.state === 'incomplete' || c.atEnd) return text.length - c.flagStart;
  }
  return 0;
}
