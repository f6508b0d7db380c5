// The retention settings through the real server: the defaults, a change audited with each value before
// and after, lowering the audit log's retention refused until confirmed (and then audited as such),
// bounds refused with a 400 naming the field, and no machine credential reaching either route.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';

const DEFAULTS = { activity_days: 90, audit_days: 400, findings_days: 365 };

eachEngine('retention settings', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('defaults a security team accepts: activity 90 days, audit 400, resolved findings 365', async () => {
    const res = await admin.get('/api/v1/settings/retention');
    assert.deepEqual([res.status, res.body], [200, DEFAULTS]);
  });

  test('a change is saved and audited with each changed value before and after', async () => {
    const next = { activity_days: 30, audit_days: 730, findings_days: 365 };
    const res = await admin.request('PUT', '/api/v1/settings/retention', next);
    assert.deepEqual([res.status, res.body], [200, next]);
    assert.deepEqual((await admin.get('/api/v1/settings/retention')).body, next);
    const [event] = await auditEvents(admin, { action: 'settings.retention_changed' });
    assert.deepEqual(event?.details, {
      activity_days: { from: 90, to: 30 },
      audit_days: { from: 400, to: 730 },
    });
    assert.equal(event?.actor.type, 'admin');
    assert.equal(event?.actor.name, server.owner.email);
    // Raising audit retention asks nothing and is no "lowered" event.
    assert.equal((await auditEvents(admin, { action: 'settings.audit_retention_lowered' })).length, 0);
    // The same values again change nothing and add no event.
    await admin.request('PUT', '/api/v1/settings/retention', next);
    assert.equal((await auditEvents(admin, { action: 'settings.retention_changed' })).length, 1);
  });

  test('lowering audit retention is refused until the new value is confirmed, then audited as lowered', async () => {
    const reset = await admin.request('PUT', '/api/v1/settings/retention', {
      ...DEFAULTS,
      confirm_audit_days: 400,
    });
    assert.deepEqual(reset.body, DEFAULTS);
    const lower = { ...DEFAULTS, audit_days: 60 };
    for (const confirm of [undefined, 61, 400]) {
      const res = await admin.request('PUT', '/api/v1/settings/retention', {
        ...lower,
        ...(confirm === undefined ? {} : { confirm_audit_days: confirm }),
      });
      assert.deepEqual([res.status, res.body.error?.code], [400, 'confirmation_mismatch'], String(confirm));
      assert.match(res.body.error.message, /from 400 to 60 days.*confirm_audit_days: 60/s);
    }
    assert.equal((await admin.get('/api/v1/settings/retention')).body.audit_days, 400);
    const res = await admin.request('PUT', '/api/v1/settings/retention', {
      ...lower,
      confirm_audit_days: 60,
    });
    assert.deepEqual([res.status, res.body], [200, lower]);
    const lowered = await auditEvents(admin, { action: 'settings.audit_retention_lowered' });
    assert.deepEqual(lowered.at(-1)?.details, { from: 400, to: 60 });
    // Lowering the other logs asks nothing.
    const other = await admin.request('PUT', '/api/v1/settings/retention', { ...lower, activity_days: 7 });
    assert.equal(other.status, 200);
  });

  test('values out of bounds are a 400 naming the field, and change nothing', async () => {
    const before = (await admin.get('/api/v1/settings/retention')).body;
    for (const [body, field] of [
      [{ ...DEFAULTS, activity_days: 0 }, 'activity_days'],
      [{ ...DEFAULTS, activity_days: 3651 }, 'activity_days'],
      [{ ...DEFAULTS, audit_days: 29, confirm_audit_days: 29 }, 'audit_days'],
      [{ ...DEFAULTS, findings_days: 2.5 }, 'findings_days'],
      [{ activity_days: 90, audit_days: 400 }, 'findings_days'],
      [{ ...DEFAULTS, keep_forever: true }, 'keep_forever'],
    ] as const) {
      const res = await admin.request('PUT', '/api/v1/settings/retention', body);
      assert.deepEqual([res.status, res.body.error?.code], [400, 'invalid_request'], JSON.stringify(body));
      assert.match(res.body.error.message, new RegExp(field), res.body.error.message);
    }
    assert.deepEqual((await admin.get('/api/v1/settings/retention')).body, before);
  });

  test('the database itself refuses an audit retention under 30 days, whoever writes it', async () => {
    await assert.rejects(
      server.gatehouse.services.store.db
        .updateTable('retention_settings')
        .set({ days: 7 })
        .where('log', '=', 'audit')
        .execute(),
      /constraint|check/i,
    );
  });

  test('no machine credential reads or changes retention, whatever its scopes', async () => {
    const cred = await createCredential(admin, { name: 'iac', scopes: ['audit:read', 'policy:write'] });
    const token = await tokenClient(server.consoleUrl, cred, 'audit:read policy:write');
    for (const res of [
      await token.get('/api/v1/settings/retention'),
      await token.request('PUT', '/api/v1/settings/retention', DEFAULTS),
      await token.get('/api/v1/settings/retention/status'),
    ])
      assert.deepEqual([res.status, res.body.error?.code], [403, 'session_required']);
  });

  test('the status names each log, its oldest record kept, and the last run', async () => {
    const res = await admin.get('/api/v1/settings/retention/status');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.logs.map((l: { log: string }) => l.log),
      ['activity', 'audit', 'findings'],
    );
    const audit = res.body.logs.find((l: { log: string }) => l.log === 'audit');
    assert.ok(Date.parse(audit.oldest_kept) <= Date.now());
    assert.equal(res.body.logs.find((l: { log: string }) => l.log === 'findings').oldest_kept, null);
    assert.equal(res.body.last_run, null);
    assert.ok(Date.parse(res.body.next_run_at) > Date.now(), 'the timer is set');
    await server.gatehouse.services.retention.runNow();
    const after = await admin.get('/api/v1/settings/retention/status');
    assert.equal(after.body.last_run.logs.audit.deleted, 0);
    assert.equal(after.body.last_run.error, null);
  });
});
