// kill -9 in the middle of load (the real program in a child process): every security event whose
// answer reached the caller is in the audit log after a restart on the same store, and the
// high-volume records (api.request, Gateway activity) that are missing were all answered within the
// last moments before the kill. The guarantee and its window: docs/operations.md, "Durability".
//
// Just before the kill the store stalls: another connection holds the logs' write lock, as a slow disk
// (an fsync that takes a while) or a busy replica would. Without the stall the race between a batch's
// timer and the kill is won or lost by a few milliseconds; with it, whatever was answered without
// being committed is certainly lost, so that the test fails every time the guarantee is broken.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from '../../src/store/sqlite-driver.js';
import pg from 'pg';
import { openStore } from '../../src/store/database.ts';
import { eachEngine, freshStore, type Engine, type FreshStore } from '../helpers/engines.ts';
import { runProgram, type Program } from '../helpers/child-process.ts';
import { createCredential, exchangeToken, signIn } from '../helpers/api-client.ts';
import { MOCK_KEYS, startMockUpstream, type MockUpstream } from '../mocks/mock-upstream.ts';

const OWNER = { email: 'ops@example.com', password: 'a long operator password' };
const WITH_OWNER = { GATEHOUSE_ADMIN_EMAIL: OWNER.email, GATEHOUSE_ADMIN_PASSWORD: OWNER.password };
/** How long the load runs before the stall, how long the stall lasts until the kill, and how many
 * callers keep a request in flight. */
const LOAD_MS = 3_000;
const STALL_MS = 400;
const CALLERS = 8;
/**
 * What the test allows a lost high-volume record's answer to precede the stall by. The window the
 * product states is far shorter (25 ms and the commits in flight, docs/operations.md); this allows
 * for a 2-core machine shared with other work, where the writer's timer can run late.
 */
const LOSS_BOUND_MS = 1_000;
// Failed attempts stay well under the failure limiters' free allowance per address, so that every
// failure is answered with 401 (and audited) rather than 429, and the good ones are never held back.
const MAX_FAILED_SIGN_INS = 5;
const MAX_FAILED_TOKENS = 10;

type Kind = 'token' | 'token_refused' | 'sign_in' | 'sign_in_failed' | 'api' | 'gateway';

interface Answer {
  kind: Kind;
  status: number;
  requestId: string;
  /** performance.now() when the answer's status line arrived. */
  at: number;
}

/**
 * Takes the write lock of the logs' tables from a connection of the test's own: returns when the
 * attempt began (the stall's start) and how to release it.
 */
async function stallWrites(s: FreshStore): Promise<{ at: number; release(): Promise<void> }> {
  if (!s.databaseUrl) {
    const db = new SQLite(path.join(s.dataDir, 'gatehouse.db'));
    db.pragma('busy_timeout = 5000');
    const at = performance.now();
    db.exec('BEGIN IMMEDIATE');
    return {
      at,
      async release() {
        db.exec('ROLLBACK');
        db.close();
      },
    };
  }
  const c = new pg.Client({ connectionString: s.databaseUrl });
  await c.connect();
  await c.query(`SET search_path TO ${s.pgSchema}`);
  await c.query('BEGIN');
  const at = performance.now();
  // EXCLUSIVE: inserts wait, reads go on.
  await c.query('LOCK TABLE audit_events, activity IN EXCLUSIVE MODE');
  return {
    at,
    async release() {
      await c.query('ROLLBACK');
      await c.end();
    },
  };
}

eachEngine('kill -9 under load', (engine: Engine) => {
  const stores: FreshStore[] = [];
  const programs: Program[] = [];
  let upstream: MockUpstream | undefined;
  after(async () => {
    await Promise.all(programs.map((p) => p.stop('SIGKILL')));
    for (const s of stores) await s.cleanup();
    await upstream?.close();
  });

  test('every answered security event survives; lost api.request and activity records were answered just before the kill', async (t) => {
    upstream = await startMockUpstream();
    const s = await freshStore(engine);
    stores.push(s);
    const first = await runProgram(s, WITH_OWNER);
    programs.push(first.program);
    const { consoleUrl, gatewayUrl } = first;

    const admin = await signIn(consoleUrl, OWNER.email, OWNER.password);
    const key = await admin.post('/api/v1/provider-keys', {
      name: 'openai-mock',
      provider: 'openai',
      secret: MOCK_KEYS.openai,
      base_url: `${upstream.url}/v1`,
      enabled_models: ['gpt-4o-mini'],
    });
    assert.equal(key.status, 201);
    const cred = await createCredential(admin, { name: 'loader', scopes: ['gateway:invoke', 'policy:read'] });
    const token = (await exchangeToken(consoleUrl, cred.client_id, cred.client_secret)).access_token;

    const answers: Answer[] = [];
    let killedAt: number | undefined = undefined;
    let failedSignIns = 0;
    let failedTokens = 0;
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    const requests: Record<Kind, () => Promise<Response>> = {
      token: () =>
        fetch(`${consoleUrl}/api/oauth/token`, {
          method: 'POST',
          headers: { ...form, authorization: basic(cred.client_id, cred.client_secret) },
          body: 'grant_type=client_credentials',
        }),
      // An unknown client id each time: counted only against the address.
      token_refused: () =>
        fetch(`${consoleUrl}/api/oauth/token`, {
          method: 'POST',
          headers: { ...form, authorization: basic(`cred_${randomBytes(8).toString('hex')}`, 'wrong') },
          body: 'grant_type=client_credentials',
        }),
      sign_in: () =>
        fetch(`${consoleUrl}/api/v1/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(OWNER),
        }),
      sign_in_failed: () =>
        fetch(`${consoleUrl}/api/v1/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `nobody-${randomBytes(4).toString('hex')}@example.com`,
            password: 'x',
          }),
        }),
      api: () => fetch(`${consoleUrl}/api/v1/policy`, { headers: { authorization: `Bearer ${token}` } }),
      gateway: () =>
        fetch(`${gatewayUrl}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] }),
        }),
    };

    /** Each caller cycles through the kinds; sign-ins (scrypt) and failures are rarer. */
    function nextKind(caller: number, i: number): Kind {
      if (caller === 0 && i % 8 === 0) return 'sign_in';
      if (caller === 1 && i % 6 === 0 && failedSignIns < MAX_FAILED_SIGN_INS) {
        failedSignIns++;
        return 'sign_in_failed';
      }
      if (caller === 2 && i % 5 === 0 && failedTokens < MAX_FAILED_TOKENS) {
        failedTokens++;
        return 'token_refused';
      }
      return (['token', 'api', 'gateway'] as const)[(caller + i) % 3]!;
    }

    async function caller(n: number) {
      for (let i = 0; killedAt === undefined; i++) {
        const kind = nextKind(n, i);
        let res: Response;
        try {
          res = await requests[kind]();
        } catch {
          return; // the connection died with the process
        }
        const at = performance.now();
        const requestId = res.headers.get(kind === 'gateway' ? 'x-gatehouse-request-id' : 'x-request-id');
        if (requestId && killedAt === undefined) answers.push({ kind, status: res.status, requestId, at });
        await res.arrayBuffer().catch(() => undefined);
      }
    }
    const load = Promise.all(Array.from({ length: CALLERS }, (_, n) => caller(n)));
    await sleep(LOAD_MS);
    const stall = await stallWrites(s);
    const stalledAt = stall.at;
    await sleep(STALL_MS);
    killedAt = performance.now();
    first.program.child.kill('SIGKILL');
    assert.equal((await first.program.exited).signal, 'SIGKILL');
    await stall.release();
    await load;

    // The same store, started again after the crash (SQLite recovers its WAL here), then stopped.
    const second = await runProgram(s, WITH_OWNER);
    programs.push(second.program);
    assert.equal((await fetch(`${second.gatewayUrl}/healthz`)).status, 200);
    assert.deepEqual(await second.program.stop(), { code: 0, signal: null });

    const store = openStore({
      databaseUrl: s.databaseUrl,
      dataDir: s.dataDir,
      ...(s.pgSchema ? { pgSchema: s.pgSchema } : {}),
    });
    let audit: Map<string, Array<{ action: string; outcome: string }>>;
    let activity: Set<string>;
    try {
      audit = new Map();
      for (const r of await store.db.selectFrom('audit_events').select('event').execute()) {
        const e = JSON.parse(r.event) as { request_id: string | null; action: string; outcome: string };
        if (!e.request_id) continue;
        audit.set(e.request_id, [...(audit.get(e.request_id) ?? []), e]);
      }
      activity = new Set(
        (await store.db.selectFrom('activity').select('request_id').execute()).map((r) => r.request_id),
      );
    } finally {
      await store.close();
    }

    const has = (a: Answer, action: string, outcome: string) =>
      (audit.get(a.requestId) ?? []).some((e) => e.action === action && e.outcome === outcome);
    /** The audit event an answer promises, or null when it promises none (a 429 from a limiter). */
    const expected = (a: Answer): [string, string] | null => {
      if (a.kind === 'token' || a.kind === 'token_refused') {
        if (a.status === 200) return ['credential.token_issued', 'success'];
        return a.status === 401 ? ['credential.token_refused', 'failure'] : null;
      }
      if (a.kind === 'sign_in' || a.kind === 'sign_in_failed') {
        if (a.status === 200) return ['session.sign_in', 'success'];
        return a.status === 401 ? ['session.sign_in', 'failure'] : null;
      }
      return null;
    };

    const security = answers.filter((a) => expected(a) !== null);
    const lostSecurity = security.filter((a) => !has(a, ...expected(a)!));
    const count = (k: Kind) => security.filter((a) => a.kind === k).length;
    t.diagnostic(
      `answered before the kill: ${count('token')} tokens, ${count('token_refused')} refusals, ` +
        `${count('sign_in')} sign-ins, ${count('sign_in_failed')} failed sign-ins ` +
        `(${security.filter((a) => a.at >= stalledAt).length} during the stall); missing: ${lostSecurity.length}`,
    );
    for (const k of ['token', 'token_refused', 'sign_in', 'sign_in_failed'] as const)
      assert.ok(count(k) > 0, `the load answered some of ${k}`);
    assert.deepEqual(
      lostSecurity.map(
        (a) => `${a.kind} ${a.status} ${a.requestId} ${(killedAt! - a.at).toFixed(1)} ms before`,
      ),
      [],
      'every answered security event is in the audit log',
    );

    // High-volume records: lost only when answered during the stall, or within the bound before it.
    for (const [kind, present] of [
      ['api', (a: Answer) => has(a, 'api.request', 'success')],
      ['gateway', (a: Answer) => activity.has(a.requestId)],
    ] as const) {
      const answered = answers.filter((a) => a.kind === kind && a.status === 200);
      const lost = answered.filter((a) => !present(a));
      const oldest = Math.max(0, ...lost.map((a) => stalledAt - a.at));
      t.diagnostic(
        `${kind}: ${answered.length} answered, ${lost.length} missing ` +
          `(${lost.filter((a) => a.at >= stalledAt).length} answered during the stall), ` +
          `the oldest answered ${oldest.toFixed(1)} ms before the stall`,
      );
      assert.ok(answered.length > 0, `the load answered some ${kind} requests`);
      assert.ok(
        oldest <= LOSS_BOUND_MS,
        `a lost ${kind} record was answered ${oldest.toFixed(0)} ms before the stall`,
      );
    }
  });
});
