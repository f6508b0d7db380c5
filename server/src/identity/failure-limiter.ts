// Slows down guessing of secrets, passwords and codes, without letting a stranger lock anyone out
// (docs/decisions/access-control.md). Failures are counted per (account, address) pair, per address and
// per account, in the database, so that every replica on one PostgreSQL counts the same failures.
// Past its free allowance within the window, each further failure locks what it counts for a doubling
// delay (1 s, 2 s, 4 s, … up to 15 min). An attempt is refused while its pair or its address is locked;
// an account over its ceiling (a guess spread over many addresses) refuses only the addresses that have
// failed on it. An address that has not been failing is never refused a correct secret or password.
import ipaddr from 'ipaddr.js';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { sha256Hex } from '../crypto/tokens.ts';
import type { Database, FailureLimitsTable } from '../store/schema.ts';

export const FIRST_LOCK_MS = 1000;
export const MAX_LOCK_MS = 15 * 60_000;
/** Failures over the allowance past which the lock is at its ceiling (2^9 s < 15 min ≤ 2^10 s). */
const DOUBLINGS = Math.ceil(Math.log2(MAX_LOCK_MS / FIRST_LOCK_MS));
/** A row is kept this long after its last failure: longer than any window plus the longest lock. */
const KEPT_MS = 2 * 3600_000;
const SWEEP_EVERY_MS = 60_000;

export interface FailureRules {
  /** Names the counts: call sites that share a limiter share its counts (sign-in and user codes). */
  name: string;
  windowMs: number;
  /** Free failures per address within the window, across accounts. */
  perAddress: number;
  /** For attempts that name an account: free failures per (account, address) pair. */
  perPair?: number;
  /** For attempts that name an account: its ceiling across addresses, past which failing addresses wait. */
  perAccount?: number;
  now?: () => number;
}

/** Who is trying: always an address; an account (an e-mail address, a client id) where there is one. */
export interface Subject {
  address: string;
  account?: string;
}

export interface Standing {
  /** Seconds to wait before this attempt is accepted, or 0. */
  wait: number;
  /** The pair has failures on record, which a success clears. */
  counted: boolean;
}

export interface FailureLimiter {
  /** One read of the subject's counts. */
  check(subject: Subject): Promise<Standing>;
  /** Counts a failure (atomically, on either engine); returns the wait now in force for the subject. */
  fail(subject: Subject): Promise<number>;
  /** Clears the pair's failures; costs nothing when the standing showed none. */
  succeed(subject: Subject, standing: Standing): Promise<void>;
}

/** The lock for `over` failures past the allowance, in code … */
export function lockMs(over: number): number {
  if (over <= 0) return 0;
  return over > DOUBLINGS ? MAX_LOCK_MS : FIRST_LOCK_MS * 2 ** (over - 1);
}

/** … and the same in SQL, for the row `t`. */
const lockSql = (t: string) =>
  `CASE WHEN ${t}.failures <= ${t}.allowance THEN 0 ` +
  `WHEN ${t}.failures - ${t}.allowance > ${DOUBLINGS} THEN ${MAX_LOCK_MS} ` +
  `ELSE ${FIRST_LOCK_MS} << (${t}.failures - ${t}.allowance - 1) END`;

/**
 * The address as counted: IPv4 as it is (an IPv4-mapped IPv6 address too); IPv6 by its /64, which one
 * host is commonly given whole, so that walking through it does not reset the count.
 */
export function countedAddress(ip: string): string {
  try {
    const addr = ipaddr.parse(ip);
    if (addr.kind() === 'ipv4') return addr.toString();
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    return `${ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/64`).toString()}/64`;
  } catch {
    return ip;
  }
}

type Row = FailureLimitsTable;

/** A subject's rows: by address, and for an account by (account, address) and by account. */
interface Keys {
  address: string;
  pair?: string;
  account?: string;
}
/** Subjects whose keys are kept (a few hundred kB at most). */
const KEYS_CACHED = 4096;
const KEY_ID_MAX = 320;

/** A row's failures still in force and the time left on its lock; a row past both counts nothing. */
function inForce(row: Row | undefined, now: number): { failures: number; waitMs: number } {
  if (!row) return { failures: 0, waitMs: 0 };
  const until = row.last_at + lockMs(row.failures - row.allowance);
  if (row.first_at <= now - row.window_ms && until <= now) return { failures: 0, waitMs: 0 };
  return { failures: row.failures, waitMs: Math.max(0, until - now) };
}

export function createFailureLimiter(db: Kysely<Database>, rules: FailureRules): FailureLimiter {
  const now = rules.now ?? Date.now;
  if (rules.windowMs + MAX_LOCK_MS > KEPT_MS) throw new Error(`${rules.name}: the window is too long`);
  let lastSweep = 0;

  const keyOf = (...parts: string[]) => sha256Hex([rules.name, ...parts].join('\n'));
  function derive(subject: Subject): Keys {
    const address = countedAddress(subject.address);
    if (subject.account === undefined) return { address: keyOf('address', address) };
    if (rules.perPair === undefined || rules.perAccount === undefined)
      throw new Error(`${rules.name} counts addresses only`);
    return {
      address: keyOf('address', address),
      pair: keyOf('pair', subject.account, address),
      account: keyOf('account', subject.account),
    };
  }
  // Every attempt derives its keys (three SHA-256 and an address parse, a third of what the limiter
  // costs a token exchange): the same client from the same address gets the same keys back. Bounded,
  // emptied when full: a stranger cycling through client ids only costs the hashes again, and an id
  // too long to be one is never kept.
  const known = new Map<string, Keys>();
  function keys(subject: Subject): Keys {
    // The address's length first: no two subjects share a cache key.
    const id = `${subject.address.length}:${subject.address}${subject.account === undefined ? '' : `:${subject.account}`}`;
    if (id.length > KEY_ID_MAX) return derive(subject);
    let k = known.get(id);
    if (k === undefined) {
      k = derive(subject);
      if (known.size >= KEYS_CACHED) known.clear();
      known.set(id, k);
    }
    return k;
  }

  // The read, compiled once per number of keys (by the query builder, in the engine's own SQL): an
  // attempt then only binds its keys, instead of building and compiling the query again.
  const reads = new Map<number, string>();
  function read(k: Keys): Promise<{ rows: Row[] }> {
    const values = k.pair ? [k.address, k.pair, k.account!] : [k.address];
    let text = reads.get(values.length);
    if (text === undefined) {
      text = db.selectFrom('failure_limits').selectAll().where('key', 'in', values).compile().sql;
      reads.set(values.length, text);
    }
    return db.executeQuery<Row>(CompiledQuery.raw(text, values));
  }

  function waitOf(k: Keys, rows: Row[], t: number): Standing {
    const by = new Map(rows.map((r) => [r.key, r]));
    const address = inForce(by.get(k.address), t);
    const pair = k.pair ? inForce(by.get(k.pair), t) : { failures: 0, waitMs: 0 };
    // The account's ceiling holds back only the addresses that have failed on this account.
    const account = k.account && pair.failures > 0 ? inForce(by.get(k.account), t) : { waitMs: 0 };
    const ms = Math.max(address.waitMs, pair.waitMs, account.waitMs);
    return { wait: Math.ceil(ms / 1000), counted: k.pair !== undefined && by.has(k.pair) };
  }

  async function sweep(t: number) {
    if (t - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = t;
    await db
      .deleteFrom('failure_limits')
      .where('last_at', '<', t - KEPT_MS)
      .execute();
  }

  const stale = `failure_limits.first_at <= excluded.last_at - failure_limits.window_ms AND failure_limits.last_at + (${lockSql('failure_limits')}) <= excluded.last_at`;

  return {
    async check(subject) {
      const k = keys(subject);
      const { rows } = await read(k);
      return waitOf(k, rows, now());
    },

    async fail(subject) {
      const t = now();
      const k = keys(subject);
      const row = (key: string, allowance: number) => ({
        key,
        failures: 1,
        allowance,
        window_ms: rules.windowMs,
        first_at: t,
        last_at: t,
      });
      const values = [row(k.address, rules.perAddress)];
      if (k.pair) values.push(row(k.pair, rules.perPair!), row(k.account!, rules.perAccount!));
      // One statement counts all three, in key order, so that two at once never wait on each other
      // in opposite orders (PostgreSQL row locks).
      values.sort((a, b) => (a.key < b.key ? -1 : 1));
      const rows = await db
        .insertInto('failure_limits')
        .values(values)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`CASE WHEN ${sql.raw(stale)} THEN 1 ELSE failure_limits.failures + 1 END`,
            first_at: sql<number>`CASE WHEN ${sql.raw(stale)} THEN excluded.first_at ELSE failure_limits.first_at END`,
            last_at: sql<number>`CASE WHEN excluded.last_at > failure_limits.last_at THEN excluded.last_at ELSE failure_limits.last_at END`,
            allowance: sql<number>`excluded.allowance`,
            window_ms: sql<number>`excluded.window_ms`,
          }),
        )
        .returningAll()
        .execute();
      await sweep(t);
      return waitOf(k, rows, t).wait;
    },

    async succeed(subject, standing) {
      const k = keys(subject);
      if (standing.counted && k.pair)
        await db.deleteFrom('failure_limits').where('key', '=', k.pair).execute();
    },
  };
}
