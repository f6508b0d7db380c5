// GET /api/v1/activity/summary on each engine, against a real server: activity appended through the
// writer's own append (so the rollups are what the Gateway would leave), findings and device sessions
// in the store; the answer's shape, its buckets, totals and busiest lists checked against the same
// records counted here, and the window's validation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { DAY, HOUR, activityInput } from '../helpers/activity-rows.ts';
import { appendActivityRows, toRow } from '../../src/activity/activity-store.ts';
import type { ActivityInput } from '../../src/activity/activity-types.ts';

const KEYS = [
  'requests',
  'allowed',
  'redacted',
  'blocked',
  'upstream_errors',
  'gateway_errors',
  'findings',
  'tokens_in',
  'tokens_out',
] as const;
type Counts = Record<(typeof KEYS)[number], number>;
const KEY_OF: Record<string, (typeof KEYS)[number]> = {
  allowed: 'allowed',
  redacted: 'redacted',
  blocked: 'blocked',
  upstream_error: 'upstream_errors',
  gateway_error: 'gateway_errors',
};

eachEngine('activity summary', (engine) => {
  let s: TestServer;
  let admin: ApiClient;
  const now = Date.now();
  const inputs: ActivityInput[] = [];
  const findingTimes: number[] = [];

  before(async () => {
    s = await startTestServer(engine);
    admin = await signIn(s.consoleUrl, s.owner.email, s.owner.password);
    const { store } = s.gatehouse.services;
    // 600 records over the last 31 days, the busiest actor, tool and model by construction.
    for (let i = 0; i < 600; i++) {
      const at = now - Math.floor((i / 600) * 31 * DAY) - 1000;
      inputs.push(
        activityInput(i, {
          time: at,
          ...(i % 3 === 0 ? { actor: { type: 'developer', id: 'dev_busy', name: 'busy@example.com' } } : {}),
        }),
      );
    }
    for (let i = 0; i < inputs.length; i += 100)
      await store.db
        .transaction()
        .execute((trx) => appendActivityRows(trx, store.dialect, inputs.slice(i, i + 100).map(toRow)));
    const day = (n: number) => now - n * DAY;
    await store.db
      .insertInto('developers')
      .values({
        id: 'dev_busy',
        email: 'busy@example.com',
        name: 'Busy Developer',
        status: 'active',
        password_hash: null,
        created_at: now,
        updated_at: now,
        activated_at: now,
        offboarded_at: null,
      })
      .execute();
    // Findings: raised 2 h, 3 days and 20 days ago (open), and 40 days ago (open, outside every window),
    // one resolved.
    const findings: Array<[number, string, 'open' | 'resolved']> = [
      [now - 2 * HOUR, 'critical', 'open'],
      [day(3), 'high', 'open'],
      [day(3) + 5000, 'high', 'resolved'],
      [day(20), 'low', 'open'],
      [day(40), 'medium', 'open'],
    ];
    for (const [i, [t, severity, status]] of findings.entries()) {
      findingTimes.push(t);
      await store.db
        .insertInto('risk_findings')
        .values({
          id: `rf_${i}`,
          fingerprint: `fp${i}`,
          kind: 'secret',
          severity,
          rule: 'aws-access-key',
          detector: 'secrets',
          actor_type: 'developer',
          actor_id: 'dev_busy',
          actor_name: 'busy@example.com',
          provider: null,
          model: null,
          tool: null,
          first_seen: t,
          last_seen: t,
          count: 1,
          status,
          resolved_at: null,
          resolved_by: null,
          resolution_note: null,
          evidence: '{}',
        })
        .execute();
    }
    // Devices: one signed in (two live sessions), one whose session was revoked, one expired, one
    // revoked device with a session still unexpired.
    const devices: Array<[string, 'active' | 'revoked', number | null, number]> = [
      ['dvc_live', 'active', null, now + DAY],
      ['dvc_live', 'active', null, now + 2 * DAY],
      ['dvc_signed_out', 'active', now - HOUR, now + DAY],
      ['dvc_expired', 'active', null, now - 1],
      ['dvc_revoked', 'revoked', null, now + DAY],
    ];
    for (const [i, [id, status, revokedAt, expiresAt]] of devices.entries()) {
      if (!devices.slice(0, i).some(([d]) => d === id))
        await store.db
          .insertInto('devices')
          .values({
            id,
            developer_id: 'dev_busy',
            name: id,
            platform: null,
            client_version: null,
            status,
            created_at: now,
            last_seen_at: null,
            revoked_at: null,
            revoked_reason: status === 'revoked' ? 'revoked' : null,
          })
          .execute();
      await store.db
        .insertInto('developer_sessions')
        .values({
          id: `ses_${i}`,
          developer_id: 'dev_busy',
          device_id: id,
          token_hash: `hash${i}`,
          created_at: now - DAY,
          expires_at: expiresAt,
          last_used_at: null,
          revoked_at: revokedAt,
        })
        .execute();
    }
  });
  after(() => s?.close());

  /** The window's figures counted from the records, as the summary should give them. */
  function expected(windowMs: number, bucketMs: number, until: number) {
    const firstHour = Math.floor((until - windowMs) / HOUR) * HOUR;
    const seriesStart = Math.floor((until - windowMs) / bucketMs) * bucketMs;
    const zero = (): Counts => Object.fromEntries(KEYS.map((k) => [k, 0])) as Counts;
    const buckets = new Map<number, Counts>();
    for (let t = seriesStart; t <= until; t += bucketMs) buckets.set(t, zero());
    const inWindow = inputs.filter((a) => a.time >= firstHour && a.time <= until);
    for (const a of inWindow) {
      const c = buckets.get(Math.floor(a.time / bucketMs) * bucketMs)!;
      c.requests++;
      c[KEY_OF[a.outcome]!]++;
      c.tokens_in += a.inputTokens ?? 0;
      c.tokens_out += a.outputTokens ?? 0;
    }
    for (const t of findingTimes)
      if (t >= firstHour && t <= until) buckets.get(Math.floor(t / bucketMs) * bucketMs)!.findings++;
    const busiest = (key: (a: ActivityInput) => string | null | undefined) => {
      const m = new Map<string, { requests: number; blocked: number }>();
      for (const a of inWindow) {
        const k = key(a);
        if (k === null || k === undefined) continue;
        const e = m.get(k) ?? { requests: 0, blocked: 0 };
        e.requests++;
        if (a.outcome === 'blocked') e.blocked++;
        m.set(k, e);
      }
      return [...m.entries()]
        .map(([name, e]) => ({ name, ...e }))
        .sort((a, b) => b.requests - a.requests || b.blocked - a.blocked || (a.name < b.name ? -1 : 1))
        .slice(0, 5);
    };
    return {
      series: [...buckets.entries()].map(([start, c]) => ({ start: new Date(start).toISOString(), ...c })),
      actors: busiest((a) => a.actor?.id),
      tools: busiest((a) => a.tool),
      models: busiest((a) => a.model),
      providers: busiest((a) => a.provider),
    };
  }

  for (const [window, windowMs, bucketMs] of [
    ['24h', DAY, HOUR],
    ['7d', 7 * DAY, 6 * HOUR],
    ['30d', 30 * DAY, DAY],
  ] as const) {
    test(`window=${window}: buckets, totals and the busiest match the records`, async () => {
      const res = await admin.get(`/api/v1/activity/summary?window=${window}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const b = res.body;
      assert.deepEqual(Object.keys(b).sort(), [
        'bucket_seconds',
        'devices_signed_in',
        'findings_open',
        'from',
        'series',
        'top',
        'totals',
        'until',
        'window',
      ]);
      assert.equal(b.window, window);
      assert.equal(b.bucket_seconds, bucketMs / 1000);
      const until = Date.parse(b.until);
      assert.ok(Math.abs(until - Date.now()) < 60_000, 'until is now');
      assert.equal(Date.parse(b.from), until - windowMs);
      const want = expected(windowMs, bucketMs, until);
      assert.deepEqual(b.series, want.series);
      for (const bucket of b.series as Array<{ start: string }>)
        assert.equal(Date.parse(bucket.start) % bucketMs, 0, 'buckets align to UTC boundaries');
      const sum = Object.fromEntries(KEYS.map((k) => [k, want.series.reduce((n, c) => n + c[k], 0)]));
      assert.deepEqual(b.totals, sum);
      assert.ok(b.totals.requests > 0 && b.totals.blocked > 0 && b.totals.redacted > 0);
      assert.deepEqual(b.top.tools, want.tools);
      assert.deepEqual(b.top.models, want.models);
      assert.deepEqual(b.top.providers, want.providers);
      assert.deepEqual(
        b.top.developers.map((d: { id: string; requests: number; blocked: number }) => ({
          name: d.id,
          requests: d.requests,
          blocked: d.blocked,
        })),
        want.actors,
      );
      assert.deepEqual(b.top.developers[0], {
        id: 'dev_busy',
        name: 'Busy Developer',
        requests: want.actors[0]!.requests,
        blocked: want.actors[0]!.blocked,
      });
      assert.equal(b.top.developers[1].name, b.top.developers[1].id, 'an unknown actor is named by its id');
      assert.deepEqual(b.findings_open, { critical: 1, high: 1, medium: 1, low: 1 });
      assert.equal(b.devices_signed_in, 1);
    });
  }

  test('the findings raised are counted in their window only', async () => {
    const day = await admin.get('/api/v1/activity/summary?window=24h');
    const week = await admin.get('/api/v1/activity/summary?window=7d');
    const month = await admin.get('/api/v1/activity/summary?window=30d');
    assert.deepEqual(
      [day.body.totals.findings, week.body.totals.findings, month.body.totals.findings],
      [1, 3, 4],
    );
  });

  test('the window defaults to 7d; a bad window is a 400 naming it', async () => {
    const res = await admin.get('/api/v1/activity/summary');
    assert.equal(res.status, 200);
    assert.equal(res.body.window, '7d');
    assert.equal(res.body.series.length, 29, '7 days of 6 hours, both ends partial');
    for (const bad of ['1h', '7', '', '30d&x=1', '24h,7d']) {
      const r = await admin.get(`/api/v1/activity/summary?window=${bad}`);
      assert.equal(r.status, 400, `window=${bad}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.code, 'invalid_request');
      assert.match(r.body.error.message, /window|x/);
    }
  });
});
