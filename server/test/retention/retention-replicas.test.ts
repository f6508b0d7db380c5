// Replicas on one PostgreSQL: only one runs the retention job at a time (a session advisory lock, per
// schema); the other skips its turn, and the records are deleted once, with one audit event.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { PG_URL, testEngines } from '../helpers/engines.ts';
import { startReplicas } from '../helpers/replicas.ts';
import type { TestServer } from '../helpers/server.ts';
import { auditEvents, signIn } from '../helpers/api-client.ts';
import { DAY, seedActivity } from './seed.ts';

const replicaEngines = testEngines().includes('postgres');

describe('retention across replicas [postgres]', { skip: !replicaEngines && 'PostgreSQL only' }, () => {
  let replicas: TestServer[];
  before(async () => {
    if (replicaEngines) replicas = await startReplicas(2);
  });
  after(async () => {
    for (const r of replicas ?? []) await r.close();
  });

  const jobOf = (i: number) => replicas[i]!.gatehouse.services.retention;
  const store = () => replicas[0]!.gatehouse.services.store;

  test('while another session holds the lock, neither replica runs', async () => {
    const holder = new pg.Client({
      connectionString: PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      options: `-c search_path=${store().pgConfig!.options!.split('=')[1]}`,
    });
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(${0x7265_7465}::int, hashtext(current_schema()))`);
      assert.equal(await jobOf(0).runNow(), null);
      assert.equal(await jobOf(1).runNow(), null);
      await holder.query(`SELECT pg_advisory_unlock(${0x7265_7465}::int, hashtext(current_schema()))`);
      assert.notEqual(await jobOf(1).runNow(), null);
    } finally {
      await holder.end();
    }
  });

  test('started together, one replica deletes and the other skips or finds nothing left', async () => {
    await seedActivity(store(), 6000, Date.now() - 200 * DAY, Date.now() - 100 * DAY);
    const runs = await Promise.all([jobOf(0).runNow(), jobOf(1).runNow()]);
    const deleted = runs.map((r) => r?.logs.activity.deleted ?? 0);
    assert.equal(deleted[0]! + deleted[1]!, 6000);
    assert.ok(deleted.includes(0), `each replica deleted ${deleted.join(' and ')}`);
    const left = await store()
      .db.selectFrom('activity')
      .select('seq')
      .where('time', '<', Date.now() - 90 * DAY)
      .execute();
    assert.equal(left.length, 0);
    const admin = await signIn(
      replicas[0]!.consoleUrl,
      replicas[0]!.owner.email,
      replicas[0]!.owner.password,
    );
    const events = await auditEvents(admin, { action: 'retention.purged' });
    assert.equal(events.length, 1);
    assert.equal(events[0]!.details.logs.activity.deleted, 6000);
  });
});
