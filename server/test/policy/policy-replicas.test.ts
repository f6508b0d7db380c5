// The policy service across processes sharing one store: replicas starting together write version 1
// once; on PostgreSQL a change made on one replica is in force on the others as soon as the
// notification arrives, and two replicas writing from the same version end with one winner.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { eachEngine, freshStore, type FreshStore } from '../helpers/engines.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createChangeBus, type ChangeBus } from '../../src/store/change-bus.ts';
import { createAuditLog } from '../../src/audit/audit-log.ts';
import { createLogger } from '../../src/http/logger.ts';
import { createRiskService } from '../../src/risk/risk-service.ts';
import { createPolicyService, type PolicyService } from '../../src/policy/policy-service.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';
import type { RequestOrigin } from '../../src/audit/audit-types.ts';
import { ApiError } from '../../src/errors.ts';

const log = createLogger('silent');
const origin = (n: number): RequestOrigin => ({
  actor: { type: 'admin', id: `adm_replica${n}`, name: `replica${n}@example.com` },
  ip: '127.0.0.1',
  userAgent: null,
  requestId: `req-${n}`,
});

eachEngine('policy across replicas', (engine) => {
  let fresh: FreshStore;
  const stores: Store[] = [];
  const buses: ChangeBus[] = [];
  const replicas: PolicyService[] = [];

  before(async () => {
    fresh = await freshStore(engine);
    const options = {
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    };
    const key = randomBytes(32);
    for (let i = 0; i < 3; i++) {
      const store = openStore(options);
      stores.push(store);
      const changes = createChangeBus(store, log);
      buses.push(changes);
      const audit = createAuditLog(store, log);
      const risk = createRiskService({ store, audit, fingerprintKey: key, log });
      replicas.push(createPolicyService({ store, changes, audit, risk, log }));
    }
    await migrate(stores[0]!);
  });
  after(async () => {
    for (const b of buses) await b.close();
    for (const s of stores) await s.close();
    await fresh.cleanup();
  });

  test('replicas starting together write version 1, the default policy, once', async () => {
    await Promise.all(replicas.map((r) => r.load()));
    const rows = await stores[0]!.db.selectFrom('policy_versions').selectAll().execute();
    assert.equal(rows.length, 1);
    for (const r of replicas) {
      assert.equal(r.current().version, 1);
      assert.deepEqual(r.current().document, DEFAULT_POLICY);
    }
    assert.equal(new Set(replicas.map((r) => r.current().etag)).size, 1);
  });

  const replicasOnly = engine === 'sqlite' && 'replicas run on PostgreSQL only';

  test('a change on one replica is in force on the others', { skip: replicasOnly }, async () => {
    const [a, b, c] = replicas as [PolicyService, PolicyService, PolicyService];
    const doc = structuredClone(DEFAULT_POLICY);
    doc.detectors.pii.action = 'block';
    const written = await a.replace(doc, a.current().etag, origin(0));
    assert.equal(written.version, 2);
    for (const r of [b, c]) {
      const deadline = Date.now() + 5000;
      while (r.current().version < 2) {
        if (Date.now() > deadline) assert.fail('the change did not reach another replica within 5 s');
        await sleep(10);
      }
      assert.equal(r.current().etag, written.etag);
      assert.equal(r.current().document.detectors.pii.action, 'block');
    }
  });

  test('replicas writing from the same version at once: one wins', { skip: replicasOnly }, async () => {
    const from = replicas[0]!.current();
    const results = await Promise.allSettled(
      replicas.map((r, i) => {
        const doc = structuredClone(DEFAULT_POLICY);
        doc.detectors.custom = [
          { id: `replica-${i}`, keywords: [`r${i}`], action: 'alert', severity: 'low' },
        ];
        return r.replace(doc, from.etag, origin(i));
      }),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.equal(won.length, 1, JSON.stringify(results));
    assert.equal(lost.length, 2);
    for (const l of lost) {
      assert.ok(l.reason instanceof ApiError, `not an ApiError: ${String(l.reason)}`);
      assert.equal(l.reason.code, 'precondition_failed');
    }
    const rows = await stores[0]!.db
      .selectFrom('policy_versions')
      .select('version')
      .orderBy('version')
      .execute();
    assert.deepEqual(
      rows.map((r) => r.version),
      [1, 2, 3],
    );
  });
});
