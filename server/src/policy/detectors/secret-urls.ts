// Credentials inside URLs: a password in a database connection string or any other URL's user
// information, and webhook URLs whose path is the secret (Slack, Discord, Microsoft Teams).
import type { Candidate } from './match-utils.ts';
import { tokenAt } from './secret-tokens.ts';
import { looksFake, words } from './text-checks.ts';

const DATABASE_SCHEMES = words(
  'postgres postgresql mysql mariadb mongodb redis rediss amqp amqps mssql sqlserver cockroachdb ' +
    'clickhouse oracle db2 couchdb neo4j cassandra memcached',
);

/** Passwords that tutorials, docker-compose files and defaults use: not secrets. */
const PLACEHOLDER_PASSWORDS = words(
  'password passwd pass pwd secret changeme root admin postgres mysql redis guest test example user ' +
    'username default mypassword yourpassword dbpassword',
);
const TEMPLATED_PASSWORD =
  /^[$%{<:*]|\$\{|\{\{|\}\}|<|>|^x+$|^\*+$|\.\.\.|password|your|example|changeme|placeholder/i;

const SCHEME = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-')
  SCHEME[c.charCodeAt(0)] = 1;
/** Where a URL's authority ends (and any token run in it). */
const AUTHORITY_END = new Uint8Array(128);
for (const c of '/?#"\'`<>\\ \t\r\n') AUTHORITY_END[c.charCodeAt(0)] = 1;

/** Webhook URLs whose path is the secret; `host` is checked at the authority's start without copying. */
const WEBHOOKS: readonly {
  id: string;
  host: (text: string, a: number, e: number) => boolean;
  path: RegExp;
}[] = [
  {
    id: 'slack-webhook',
    host: (text, a) => text.startsWith('hooks.slack.com/', a),
    path: /hooks\.slack\.com\/(?:services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,32}|(?:workflows|triggers)\/T[A-Z0-9]{6,12}\/[A-Za-z0-9/]{20,120})(?![A-Za-z0-9])/y,
  },
  {
    id: 'discord-webhook',
    host: (text, a, e) =>
      text.endsWith('.com', e) && /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/.test(text.slice(a, e)),
    path: /(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{60,68}(?![A-Za-z0-9_-])/y,
  },
  {
    id: 'teams-webhook',
    host: (text, _a, e) => text.endsWith('.webhook.office.com', e),
    path: /[A-Za-z0-9-]+\.webhook\.office\.com\/webhookb2\/[0-9a-f-]{36}@[0-9a-f-]{36}\/IncomingWebhook\/[0-9a-f]{32}\/[0-9a-f-]{36}(?![A-Za-z0-9-])/y,
  },
];

export function scanUrls(text: string, out: Candidate[]): void {
  for (let i = text.indexOf('://'); i >= 0; i = text.indexOf('://', i + 3)) {
    let s = i;
    while (s > 0 && i - s < 32) {
      const c = text.charCodeAt(s - 1);
      if (c >= 128 || SCHEME[c] !== 1) break;
      s--;
    }
    if (s === i) continue;
    const scheme = text.slice(s, i).toLowerCase();
    const a = i + 3;
    let e = a;
    const limit = Math.min(text.length, a + 512);
    while (e < limit) {
      const c = text.charCodeAt(e);
      if (c < 128 && AUTHORITY_END[c] === 1) break;
      e++;
    }
    let at = e - 1;
    while (at >= a && text.charCodeAt(at) !== 64 /* @ */) at--;
    if (at >= a) {
      // A token as the user or the password: `https://ghp_…@github.com`, `https://x:glpat-…@host`.
      tokenAt(text, a, out);
      const colon = text.indexOf(':', a);
      if (colon >= 0 && colon < at) tokenAt(text, colon + 1, out);
      userinfo(text, scheme, a, at, e, out);
      continue;
    }
    for (const hook of WEBHOOKS) {
      if (!hook.host(text, a, e)) continue;
      hook.path.lastIndex = a;
      const m = hook.path.exec(text);
      if (m && !looksFake(m[0].slice(m[0].lastIndexOf('/') + 1))) {
        out.push({
          rule: hook.id,
          label: hook.id,
          severity: 'high',
          start: s,
          end: a + m[0].length,
          priority: 3,
        });
      }
    }
  }
}

/** A password written after `user:` in a URL or a `curl -u`: not a tutorial's, a reference or a placeholder. */
export function plausibleUrlPassword(password: string, user: string): boolean {
  if (password.length < 4 || password.length > 256) return false;
  if (password === user || PLACEHOLDER_PASSWORDS.has(password.toLowerCase())) return false;
  return !TEMPLATED_PASSWORD.test(password) && !/^(.)\1*$/.test(password);
}

/** `user:password@host`: the password is the match, so that a redaction keeps the URL readable. */
function userinfo(
  text: string,
  scheme: string,
  a: number,
  at: number,
  hostEnd: number,
  out: Candidate[],
): void {
  const colon = text.indexOf(':', a);
  if (colon < 0 || colon >= at) return;
  const user = text.slice(a, colon);
  const password = text.slice(colon + 1, at);
  if (!plausibleUrlPassword(password, user)) return;
  // The host must look like one: `localhost`, `db.internal:5432`, `h1:27017,h2:27017`.
  if (!/^[A-Za-z0-9._[\]-]+(?::\d*)?(?:,[A-Za-z0-9._[\]-]+(?::\d*)?)*$/.test(text.slice(at + 1, hostEnd)))
    return;
  const base = scheme.split('+')[0]!;
  const database = DATABASE_SCHEMES.has(base) || scheme.startsWith('jdbc');
  const rule = database ? 'database-connection-string' : 'url-credentials';
  out.push({
    rule,
    label: rule,
    severity: database ? 'critical' : 'high',
    start: colon + 1,
    end: at,
    priority: 2,
  });
}
