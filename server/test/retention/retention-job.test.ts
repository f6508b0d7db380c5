// The retention job on a real server: it deletes exactly the records past each log's setting, in
// batches of at most 1,000, while the Gateway serves; one audit event says what each run deleted; and
// fixed housekeeping removes expired sessions.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, MODELS, type GatewayFixture } from '../helpers/gateway.ts';
import { auditEvents } from '../helpers/api-client.ts';
import { newId } from '../../src/crypto/tokens.ts';
import { DAY, seedActivity, seedAudit, seedFinding } from './seed.ts';

eachEngine('retention job', (engine) => {
  let gw: GatewayFixture;
  before(async () => {
    gw = await startGatewayFixture(engine);
  });
  after(() => gw.close());

  const store = () => gw.server.gatehouse.services.store;
  const count = async (table: 'activity' | 'audit_events', where?: (t: number) => boolean) => {
    const rows = await store().db.selectFrom(table).select('time').execute();
    return rows.filter((r) => (where ? where(Number(r.time)) : true)).length;
  };

  test('deletes exactly what is past each setting, in batches, while the Gateway serves', async () => {
    const now = Date.now();
    // Past 90 days: 2,500 records from 200 to 90 days and a minute ago. Inside: 300 from 90 days less
    // a minute to a day ago.
    const old = await seedActivity(store(), 2500, now - 200 * DAY, now - 90 * DAY - 60_000);
    await seedActivity(store(), 300, now - 90 * DAY + 60_000, now - DAY);
    const oldAudit = await seedAudit(store(), 1200, now - 900 * DAY, now - 400 * DAY - 60_000, 'old');
    await seedAudit(store(), 50, now - 400 * DAY + 60_000, now - 30 * DAY, 'kept');
    const gone = [await seedFinding(store(), now - 500 * DAY, now - 366 * DAY)];
    const kept = [
      await seedFinding(store(), now - 500 * DAY, null), // open findings stay, however old
      await seedFinding(store(), now - 300 * DAY, now - 300 * DAY),
    ];
    const activityBefore = await count('activity');

    // The Gateway serves throughout the run; every request is answered and recorded.
    let serving = true;
    const served: number[] = [];
    const traffic = (async () => {
      while (serving) {
        const res = await fetch(`${gw.gatewayUrl}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${gw.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }),
        });
        await res.arrayBuffer();
        served.push(res.status);
      }
    })();
    const run = await gw.server.gatehouse.services.retention.runNow();
    serving = false;
    await traffic;
    assert.ok(run, 'the run was not skipped');
    assert.equal(run.error, null);
    assert.ok(served.length > 0 && served.every((s) => s === 200), `served: ${served.join(',')}`);

    assert.deepEqual(
      { deleted: run.logs.activity.deleted, batches: run.logs.activity.batches },
      { deleted: 2500, batches: 3 },
    );
    assert.equal(run.logs.activity.from, Math.min(...old));
    assert.equal(run.logs.activity.to, Math.max(...old));
    assert.deepEqual(
      { deleted: run.logs.audit.deleted, batches: run.logs.audit.batches },
      { deleted: 1200, batches: 2 },
    );
    assert.equal(run.logs.audit.from, Math.min(...oldAudit));
    assert.equal(run.logs.findings.deleted, 1);

    await gw.activity(activityBefore - 2500 + served.length);
    assert.equal(await count('activity', (t) => t < now - 90 * DAY), 0);
    assert.equal(await count('activity', (t) => t >= now - 90 * DAY && t < now), 300 + activityBefore - 2800);
    assert.equal(await count('audit_events', (t) => t < now - 400 * DAY), 0);
    const audit = await store().db.selectFrom('audit_events').select('actor_id').execute();
    assert.equal(audit.filter((r) => r.actor_id === 'kept').length, 50);
    const findings = (await store().db.selectFrom('risk_findings').select('id').execute()).map((r) => r.id);
    for (const id of kept) assert.ok(findings.includes(id), `kept ${id}`);
    for (const id of gone) assert.ok(!findings.includes(id), `deleted ${id}`);
  });

  test('one audit event per run that deleted anything: which logs, the range, how many', async () => {
    const events = await auditEvents(gw.admin, { action: 'retention.purged' });
    assert.equal(events.length, 1);
    const [event] = events;
    assert.deepEqual(event!.actor, { type: 'system', id: null, name: 'retention job' });
    assert.equal(event!.outcome, 'success');
    const { activity, audit, findings } = event!.details.logs;
    assert.equal(activity.deleted, 2500);
    assert.equal(activity.batches, 3);
    assert.ok(Date.parse(activity.from) < Date.parse(activity.to));
    assert.ok(Date.parse(activity.to) < Date.parse(activity.cutoff));
    assert.equal(audit.deleted, 1200);
    assert.equal(findings.deleted, 1);
    // A run with nothing to delete writes no event, and the status shows it ran.
    const again = await gw.server.gatehouse.services.retention.runNow();
    assert.equal(again!.logs.activity.deleted + again!.logs.audit.deleted, 0);
    assert.equal((await auditEvents(gw.admin, { action: 'retention.purged' })).length, 1);
    const status = await gw.admin.get('/api/v1/settings/retention/status');
    assert.equal(status.body.last_run.started_at, new Date(again!.startedAt).toISOString());
    const oldest = status.body.logs.find((l: { log: string }) => l.log === 'activity').oldest_kept;
    assert.ok(Date.parse(oldest) >= Date.now() - 90 * DAY);
  });

  test('a lowered setting applies at the next run', async () => {
    await seedActivity(store(), 10, Date.now() - 20 * DAY, Date.now() - 11 * DAY);
    const res = await gw.admin.request('PUT', '/api/v1/settings/retention', {
      activity_days: 10,
      audit_days: 400,
      findings_days: 365,
    });
    assert.equal(res.status, 200);
    const run = await gw.server.gatehouse.services.retention.runNow();
    assert.ok(run!.logs.activity.deleted >= 10);
    assert.equal(await count('activity', (t) => t < Date.now() - 10 * DAY), 0);
  });

  test('housekeeping: console sessions expired more than a day ago go, live ones stay', async () => {
    const db = store().db;
    const owner = await db.selectFrom('admins').select('id').executeTakeFirstOrThrow();
    const session = (id: string, expiresAt: number) => ({
      id,
      token_hash: newId('h'),
      admin_id: owner.id,
      created_at: expiresAt - DAY,
      expires_at: expiresAt,
      ip: null,
      user_agent: null,
    });
    const expired = newId('ses');
    await db
      .insertInto('admin_sessions')
      .values([session(expired, Date.now() - 2 * DAY), session(newId('ses'), Date.now() - 3_600_000)])
      .execute();
    const run = await gw.server.gatehouse.services.retention.runNow();
    assert.equal(run!.housekeeping.admin_sessions, 1);
    const left = await db.selectFrom('admin_sessions').select('id').execute();
    assert.ok(!left.some((s) => s.id === expired));
    // The admin signed in for this suite is still signed in.
    assert.equal((await gw.admin.get('/api/v1/session')).status, 200);
  });
});
