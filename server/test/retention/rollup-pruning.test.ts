// The activity summary's rollups (migration 0014) go with the activity they count: after a retention
// run no hour or day wholly older than the activity's cutoff is left, the ones that still count kept
// records stay, and the summary's 30 days answer as before.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn } from '../helpers/api-client.ts';
import { DAY_MS, HOUR_MS } from '../../src/activity/activity-rollups.ts';
import { seedActivity } from './seed.ts';

eachEngine('retention of the activity rollups', (engine) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(engine);
  });
  after(() => server.close());

  test('hours and days older than the cutoff go; the 30-day summary still counts', async () => {
    const store = server.gatehouse.services.store;
    const now = Date.now();
    const times = await seedActivity(store, 300, now - 200 * DAY_MS, now - HOUR_MS);
    const run = await server.gatehouse.services.retention.runNow();
    assert.equal(run!.error, null);
    const cutoff = run!.logs.activity.cutoff;
    const hourly = await store.db.selectFrom('activity_hourly').select(['hour', 'requests']).execute();
    assert.ok(hourly.every((h) => Number(h.hour) + HOUR_MS > cutoff));
    assert.equal(
      hourly.reduce((n, h) => n + Number(h.requests), 0),
      times.filter((t) => t >= Math.floor(cutoff / HOUR_MS) * HOUR_MS).length,
    );
    const busiest = await store.db.selectFrom('activity_busiest').select(['span', 'start']).execute();
    assert.ok(busiest.length > 0);
    assert.ok(busiest.every((b) => Number(b.start) + Number(b.span) > cutoff));
    assert.ok(run!.housekeeping.activity_hourly! > 0);
    assert.ok(run!.housekeeping.activity_busiest_daily! > 0);

    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const res = await admin.get('/api/v1/activity/summary?window=30d');
    assert.equal(res.status, 200);
    // The rollups count whole hours: the window takes in the hour its start falls in.
    const windowStart = Math.floor((Date.now() - 30 * DAY_MS) / HOUR_MS) * HOUR_MS;
    assert.equal(res.body.totals.requests, times.filter((t) => t >= windowStart).length);
  });
});
