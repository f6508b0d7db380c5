// The prefilter for prefixed tokens. Running 60 patterns one after another over every text would cost
// 60 passes; instead one pass finds the runs of token characters long enough to be a token (skipping
// ahead by the minimum length, so most of the text is never looked at twice), and only at the start
// of such a run are the first two characters looked up in a table of prefixes; the few rules found
// there run their exact pattern at that position alone. A token inside a run starts after a
// separator the run does not contain (`=`, `:`, a quote), except in a URL's user information
// (`https://ghp_…@github.com`), which secret-urls.ts offers here through tokenAt.
import type { Candidate } from './match-utils.ts';
import { CLOUD_ANCHOR_RULES, CLOUD_TOKEN_RULES } from './secret-rules-cloud.ts';
import { AI_TOKEN_RULES } from './secret-rules-ai.ts';
import { mailchimpKey, SAAS_ANCHOR_RULES, SAAS_TOKEN_RULES } from './secret-rules-saas.ts';
import { TOKEN_BOUNDARY, type AnchorRule, type TokenRule } from './secret-rule-types.ts';
import { VCS_TOKEN_RULES } from './secret-rules-vcs.ts';
import { DOCUMENTED_EXAMPLES } from './secret-examples.ts';
import { looksFake } from './text-checks.ts';

export const TOKEN_RULES: readonly TokenRule[] = [
  ...CLOUD_TOKEN_RULES,
  ...AI_TOKEN_RULES,
  ...VCS_TOKEN_RULES,
  ...SAAS_TOKEN_RULES,
];
export const ANCHOR_RULES: readonly AnchorRule[] = [...CLOUD_ANCHOR_RULES, ...SAAS_ANCHOR_RULES];

/** The shortest token any rule matches: runs shorter than this are never looked at. */
const MIN_RUN = 20;

/**
 * Characters of a token run: base64url, and `.`, `+`, `/`, `~`, which some tokens hold. A table of
 * every UTF-16 code unit, so that the loop below needs no range check.
 */
const RUN = new Uint8Array(65536);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.+/~')
  RUN[c.charCodeAt(0)] = 1;

interface Compiled {
  rule: TokenRule;
  re: RegExp;
}

/** Rules by their first two characters (both ASCII): index c0 * 128 + c1. */
const byPrefix: (Compiled[] | undefined)[] = new Array<Compiled[] | undefined>(128 * 128);
for (const rule of TOKEN_RULES) {
  const compiled: Compiled = {
    rule,
    re: new RegExp(`(?:${rule.pattern})(?!${rule.boundary ?? TOKEN_BOUNDARY})`, 'y'),
  };
  for (const prefix of rule.prefixes) {
    const key = prefix.charCodeAt(0) * 128 + prefix.charCodeAt(1);
    const list = (byPrefix[key] ??= []);
    if (!list.includes(compiled)) list.push(compiled);
  }
}

/** Runs the token rules whose prefix starts at `p`. */
export function tokenAt(text: string, p: number, out: Candidate[]): void {
  const c0 = text.charCodeAt(p);
  const c1 = text.charCodeAt(p + 1);
  if (c0 >= 128 || c1 >= 128) return;
  const rules = byPrefix[c0 * 128 + c1];
  if (rules === undefined) return;
  for (const { rule, re } of rules) {
    re.lastIndex = p;
    const m = re.exec(text);
    if (m === null) continue;
    const value = m[0];
    if (DOCUMENTED_EXAMPLES.has(value)) continue;
    if (!rule.skipFakeCheck && looksFake(value)) continue;
    if (rule.verify && !rule.verify(value)) continue;
    out.push({
      rule: rule.id,
      label: rule.id,
      severity: rule.severity,
      start: p,
      end: p + value.length,
      priority: 3,
    });
  }
}

/** A run of token characters [start, end). */
function onRun(text: string, start: number, end: number, out: Candidate[]): void {
  let s = start;
  // Inside a JSON or shell string a line may begin right after an escaped newline: `\nAKIA…`.
  if (s > 0 && text.charCodeAt(s - 1) === 92 /* \ */) {
    const c = text.charCodeAt(s);
    if (c === 110 || c === 116 || c === 114) s++;
  }
  if (end - s < MIN_RUN) return;
  tokenAt(text, s, out);
  if (mailchimpKey(text, s, end)) {
    out.push({
      rule: 'mailchimp-api-key',
      label: 'mailchimp-api-key',
      severity: 'high',
      start: s,
      end,
      priority: 3,
    });
  }
}

export function scanTokens(text: string, out: Candidate[]): void {
  const n = text.length;
  let i = 0;
  while (i + MIN_RUN <= n) {
    // If the character MIN_RUN - 1 ahead cannot be in a run, no run of MIN_RUN starts before it.
    const probe = i + MIN_RUN - 1;
    if (RUN[text.charCodeAt(probe)] !== 1) {
      i = probe + 1;
      continue;
    }
    let j = probe - 1;
    while (j >= i && RUN[text.charCodeAt(j)] === 1) j--;
    if (j >= i) {
      i = j + 1;
      continue;
    }
    // text[i - 1] is not a run character (or i is 0), so the run starts at i.
    let end = probe + 1;
    while (end < n && RUN[text.charCodeAt(end)] === 1) end++;
    onRun(text, i, end, out);
    i = end + 1;
  }
  for (const rule of ANCHOR_RULES) {
    for (let at = text.indexOf(rule.anchor); at >= 0; at = text.indexOf(rule.anchor, at + 1)) {
      const span = rule.find(text, at);
      if (span === null) continue;
      const value = text.slice(span[0], span[1]);
      if (DOCUMENTED_EXAMPLES.has(value) || looksFake(value)) continue;
      out.push({
        rule: rule.id,
        label: rule.id,
        severity: rule.severity,
        start: span[0],
        end: span[1],
        priority: 3,
      });
    }
  }
}

/** Every rule id the token and anchor rules can report. */
export const TOKEN_RULE_IDS: readonly string[] = [
  ...new Set([...TOKEN_RULES.map((r) => r.id), ...ANCHOR_RULES.map((r) => r.id), 'mailchimp-api-key']),
];
