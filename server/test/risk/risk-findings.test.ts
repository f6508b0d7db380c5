// Risk findings from detector hits: observe() on the hot path (never waits, never throws), gathered by
// fingerprint and written in batches as upserts; repeats counted, not duplicated, also when two
// replicas write the same finding at once; a resolved finding seen again opens again; and the matched
// value is never stored or served.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eachEngine, freshStore } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { openStore } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createAuditLog } from '../../src/audit/audit-log.ts';
import { createLogger } from '../../src/http/logger.ts';
import { createRiskService } from '../../src/risk/risk-service.ts';
import { fakeSecret, observation } from './observations.ts';

const FINDINGS = '/api/v1/risk/findings';

eachEngine('risk findings from detector hits', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  /** Every value observed and every body received: no body and no row may hold a value. */
  const values: string[] = [];
  const bodies: string[] = [];

  const risk = () => server.gatehouse.services.risk;
  const observe = (overrides: Parameters<typeof observation>[0] = {}) => {
    const o = observation(overrides);
    values.push(o.value);
    const returned: unknown = risk().observe(o);
    assert.equal(returned, undefined, 'observe returned something to wait on');
    return o;
  };
  async function list(query = ''): Promise<any[]> {
    const res = await admin.get(`${FINDINGS}?limit=1000${query}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    bodies.push(JSON.stringify(res.body));
    return res.body.findings;
  }
  const byActor = async (actorId: string) => list(`&actor_id=${actorId}`);

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('observe gathers in memory; drain writes one finding with its evidence', async () => {
    const actor = { type: 'credential' as const, id: 'cred_first', name: 'first' };
    const o = observe({ actor });
    observe({ actor, value: o.value });
    observe({
      actor,
      value: o.value,
      where: 'response',
      location: 'content[0].text',
      model: 'claude-opus-4-1',
    });
    assert.equal(risk().pending, 1, 'three sightings of one finding are one pending write');
    await risk().drain();
    assert.equal(risk().pending, 0);

    const found = await byActor('cred_first');
    assert.equal(found.length, 1);
    const [f] = found;
    assert.match(f.id, /^rf_[a-z2-7]{20}$/);
    assert.equal(f.kind, 'secret');
    assert.equal(f.detector, 'secrets');
    assert.equal(f.rule, 'aws-access-key');
    assert.equal(f.severity, 'critical');
    assert.deepEqual(f.actor, actor);
    assert.equal(f.count, 3);
    assert.equal(f.status, 'open');
    assert.equal(f.resolved_at, null);
    assert.equal(f.provider, 'anthropic');
    assert.equal(f.tool, 'claude-code');
    // The last sighting's where, model and evidence.
    assert.equal(f.model, 'claude-opus-4-1');
    assert.deepEqual(Object.keys(f.evidence).sort(), ['fingerprint', 'kind', 'location', 'where']);
    assert.equal(f.evidence.kind, 'aws-access-key');
    assert.equal(f.evidence.where, 'response');
    assert.equal(f.evidence.location, 'content[0].text');
    assert.match(f.evidence.fingerprint, /^[0-9a-f]{16}$/);
    // Keyed: not a plain hash that anyone could check a guessed value against.
    assert.notEqual(f.evidence.fingerprint, createHash('sha256').update(o.value).digest('hex').slice(0, 16));
    assert.ok(Date.parse(f.first_seen) <= Date.parse(f.last_seen), `${f.first_seen} after ${f.last_seen}`);

    const one = await admin.get(`${FINDINGS}/${f.id}`);
    bodies.push(JSON.stringify(one.body));
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, f);
  });

  test('repeats count up across flushes; another caller, value or rule is another finding', async () => {
    const a = { type: 'developer' as const, id: 'dev_repeat', name: 'Dana' };
    const b = { type: 'device' as const, id: 'dev_other', name: null };
    const v = observe({ actor: a, time: Date.now() - 60_000 }).value;
    observe({ actor: a, value: v });
    await risk().drain();
    const [first] = await byActor(a.id);
    assert.equal(first.count, 2);
    observe({ actor: a, value: v, location: 'system' });
    await risk().drain();
    const [again] = await byActor(a.id);
    assert.equal(again.id, first.id);
    assert.equal(again.count, 3);
    assert.equal(again.first_seen, first.first_seen);
    assert.ok(Date.parse(again.last_seen) >= Date.parse(first.last_seen), 'last_seen went back');
    assert.equal(again.evidence.location, 'system');

    observe({ actor: b, value: v });
    observe({ actor: a, value: fakeSecret() });
    observe({ actor: a, value: v, rule: 'generic-secret', label: 'generic-secret', severity: 'high' });
    await risk().drain();
    const ofA = await byActor(a.id);
    assert.equal(ofA.length, 3, JSON.stringify(ofA));
    assert.deepEqual(
      ofA.map((f) => [f.rule, f.count]),
      [
        ['aws-access-key', 3],
        ['aws-access-key', 1],
        ['generic-secret', 1],
      ],
    );
    const [ofB] = await byActor(b.id);
    assert.equal(ofB.count, 1);
    // The value's fingerprint is the same whoever sent it (so one leaked key can be followed), and
    // differs for another value.
    assert.equal(ofB.evidence.fingerprint, ofA[0].evidence.fingerprint);
    assert.equal(ofA[2].evidence.fingerprint, ofA[0].evidence.fingerprint);
    assert.notEqual(ofA[1].evidence.fingerprint, ofA[0].evidence.fingerprint);
  });

  test('a resolved finding seen again opens again; a sighting from before the resolution does not', async () => {
    const actor = { type: 'credential' as const, id: 'cred_reopen', name: 'reopen' };
    const v = observe({ actor }).value;
    await risk().drain();
    const [f] = await byActor(actor.id);
    const resolved = await admin.post(`${FINDINGS}/${f.id}/resolve`, { note: 'key rotated' });
    assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
    assert.equal(resolved.body.status, 'resolved');

    // Seen before it was resolved, written after (a batch in flight on another replica).
    observe({ actor, value: v, time: Date.parse(resolved.body.resolved_at) - 1000 });
    await risk().drain();
    const [still] = await byActor(actor.id);
    assert.equal(still.status, 'resolved');
    assert.equal(still.count, 2);
    assert.equal(still.resolution_note, 'key rotated');

    observe({ actor, value: v, time: Date.parse(resolved.body.resolved_at) + 1 });
    await risk().drain();
    const [reopened] = await byActor(actor.id);
    assert.equal(reopened.id, f.id);
    assert.equal(reopened.status, 'open');
    assert.equal(reopened.count, 3);
    assert.equal(reopened.resolved_at, null);
    assert.equal(reopened.resolved_by, null);
    assert.equal(reopened.resolution_note, null);
  });

  test('observe never throws into the Gateway, whatever it is given', async () => {
    const broken = [
      { ...observation(), actor: undefined },
      { ...observation(), value: undefined },
      null,
      { ...observation(), detector: 'nonsense', rule: 'x'.repeat(10_000), location: 'y'.repeat(10_000) },
    ];
    for (const b of broken) assert.doesNotThrow(() => risk().observe(b as never));
    await risk().drain();
    const long = (await list()).find((f) => f.rule.startsWith('xxx'));
    assert.ok(long, 'the hit with long fields was not recorded');
    assert.equal(long.rule.length, 100);
    assert.equal(long.evidence.location.length, 300);
  });

  // SQLite is one process by design: replicas share a PostgreSQL.
  const replicasOnly = engine === 'sqlite' && 'replicas run on PostgreSQL only';
  test(
    'two replicas writing one finding at once: one row, every sighting counted',
    { skip: replicasOnly },
    async () => {
      const fresh = await freshStore(engine);
      const log = createLogger('silent');
      const key = randomBytes(32);
      const options = {
        databaseUrl: fresh.databaseUrl,
        dataDir: fresh.dataDir,
        ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
      };
      const stores = [openStore(options), openStore(options)];
      try {
        await migrate(stores[0]!);
        const replicas = stores.map((store) =>
          createRiskService({ store, audit: createAuditLog(store, log), fingerprintKey: key, log }),
        );
        const hit = observation();
        for (let round = 0; round < 5; round++) {
          for (const r of replicas) for (let i = 0; i < 3; i++) r.observe({ ...hit });
          await Promise.all(replicas.map((r) => r.drain()));
        }
        const rows = await stores[0]!.db.selectFrom('risk_findings').selectAll().execute();
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.count, 30);
        assert.ok(!JSON.stringify(rows).includes(hit.value), 'a row holds the matched value');
      } finally {
        await Promise.all(stores.map((s) => s.close()));
        await fresh.cleanup();
      }
    },
  );

  test('no row, response or audit event holds a matched value', async () => {
    assert.ok(values.length >= 10, `only ${values.length} values observed`);
    assert.ok(bodies.length >= 8, `only ${bodies.length} bodies recorded`);
    const rows = JSON.stringify(
      await server.gatehouse.services.store.db.selectFrom('risk_findings').selectAll().execute(),
    );
    const events = JSON.stringify((await admin.get('/api/v1/audit/events?limit=1000')).body);
    assert.match(events, /risk_finding\.resolved/);
    for (const v of values.filter((x) => typeof x === 'string')) {
      assert.ok(!rows.includes(v), `a risk_findings row holds ${v}`);
      assert.ok(!events.includes(v), `an audit event holds ${v}`);
      for (const body of bodies) assert.ok(!body.includes(v), `a response holds ${v}`);
    }
  });
});
