// The device session cache on each engine, against a real store: what it loads at start, that a check
// of a loaded session reads nothing from the store, that the change topics and a resync bring it up to
// date, and that uses are written back in one batch.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eachEngine, freshStore, type FreshStore } from '../helpers/engines.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createChangeBus, type ChangeBus } from '../../src/store/change-bus.ts';
import { createLogger } from '../../src/http/logger.ts';
import { loadMasterKey } from '../../src/crypto/master-key.ts';
import { createDeviceTokenCodec, type DeviceTokenCodec } from '../../src/identity/device-token.ts';
import {
  createDeviceSessionCache,
  type DeviceCheck,
  type DeviceSessionCache,
} from '../../src/identity/device-session-cache.ts';

const log = createLogger('silent');
const HOUR = 3600_000;

eachEngine('device session cache', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  let changes: ChangeBus;
  let tokens: DeviceTokenCodec;
  let cache: DeviceSessionCache;
  let n = 0;

  /** A developer, a device and a session in the store, and the session's device token. */
  async function signedIn(developerStatus: 'active' | 'offboarded' = 'active') {
    const i = ++n;
    const now = Date.now();
    await store.db
      .insertInto('developers')
      .values({
        id: `dev_${i}`,
        email: `d${i}@example.com`,
        name: null,
        status: developerStatus,
        password_hash: null,
        created_at: now,
        updated_at: now,
        activated_at: now,
        offboarded_at: null,
      })
      .execute();
    await store.db
      .insertInto('devices')
      .values({
        id: `dvc_${i}`,
        developer_id: `dev_${i}`,
        name: `laptop ${i}`,
        platform: null,
        client_version: null,
        status: 'active',
        created_at: now,
        last_seen_at: null,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    await store.db
      .insertInto('developer_sessions')
      .values({
        id: `dss_${i}`,
        developer_id: `dev_${i}`,
        device_id: `dvc_${i}`,
        token_hash: `hash_${i}`,
        created_at: now,
        expires_at: now + HOUR,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    const token = tokens.issue({ sessionId: `dss_${i}`, expiresAt: Math.floor((now + HOUR) / 1000) });
    return { i, token };
  }

  /** The check, which must have been answered from memory (not a promise). */
  function fromMemory(token: string): DeviceCheck {
    const check = cache.verify(token);
    assert.ok(!(check instanceof Promise), 'the check waited on the store');
    return check;
  }

  before(async () => {
    fresh = await freshStore(engine);
    store = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
    await migrate(store);
    changes = createChangeBus(store, log);
    tokens = createDeviceTokenCodec(loadMasterKey(randomBytes(32), fresh.dataDir));
    cache = createDeviceSessionCache({ store, changes, tokens, log });
  });
  after(async () => {
    await cache.close();
    await changes.close();
    await store.close();
    await fresh.cleanup();
  });

  test('live sessions are loaded at start and checked from memory', async () => {
    const a = await signedIn();
    const gone = await signedIn('offboarded');
    await cache.load();
    const ok = fromMemory(a.token);
    assert.ok(ok.ok, JSON.stringify(ok));
    assert.deepEqual(ok.caller, {
      type: 'device',
      sessionId: `dss_${a.i}`,
      developer: { id: `dev_${a.i}`, email: `d${a.i}@example.com`, name: `d${a.i}@example.com` },
      device: { id: `dvc_${a.i}`, name: `laptop ${a.i}` },
    });
    const refused = fromMemory(gone.token);
    assert.ok(!refused.ok && refused.refusal.code === 'developer_offboarded', JSON.stringify(refused));
  });

  test('a session not loaded is read once; the change topics bring memory up to date', async () => {
    const b = await signedIn();
    const first = cache.verify(b.token);
    assert.ok(first instanceof Promise, 'a session never seen is read from the store');
    assert.ok((await first).ok, 'and then accepted');
    assert.ok(fromMemory(b.token).ok, 'the second check is from memory');

    await store.db
      .updateTable('developers')
      .set({ status: 'offboarded' })
      .where('id', '=', `dev_${b.i}`)
      .execute();
    assert.ok(fromMemory(b.token).ok, 'memory holds until a change is announced');
    await changes.publish('developer', `dev_${b.i}`);
    const after = fromMemory(b.token);
    assert.ok(!after.ok && after.refusal.code === 'developer_offboarded', JSON.stringify(after));
  });

  test('a resync reloads everything', async () => {
    const c = await signedIn();
    await cache.load();
    await store.db
      .updateTable('devices')
      .set({ status: 'revoked', revoked_reason: 'revoked', revoked_at: Date.now() })
      .where('id', '=', `dvc_${c.i}`)
      .execute();
    assert.ok(fromMemory(c.token).ok, 'memory holds until told');
    // A reload (what onResync runs after the listener reconnects) reads the device again.
    await cache.load();
    const check = await cache.verify(c.token);
    assert.ok(!check.ok && check.refusal.code === 'device_revoked', JSON.stringify(check));
    assert.ok(!fromMemory(c.token).ok, 'the refusal is remembered');
  });

  test('uses are written in one batch, never moving a time back', async () => {
    const d = await signedIn();
    const check = await cache.verify(d.token);
    assert.ok(check.ok, JSON.stringify(check));
    cache.touch(check.caller);
    await cache.flush();
    const row = await store.db
      .selectFrom('devices')
      .select('last_seen_at')
      .where('id', '=', `dvc_${d.i}`)
      .executeTakeFirstOrThrow();
    assert.ok(
      row.last_seen_at && Date.now() - row.last_seen_at < 60_000,
      `last_seen_at: ${row.last_seen_at}`,
    );
    const later = row.last_seen_at + 10_000;
    await store.db
      .updateTable('devices')
      .set({ last_seen_at: later })
      .where('id', '=', `dvc_${d.i}`)
      .execute();
    cache.touch(check.caller);
    await cache.flush();
    const again = await store.db
      .selectFrom('devices')
      .select('last_seen_at')
      .where('id', '=', `dvc_${d.i}`)
      .executeTakeFirstOrThrow();
    assert.equal(again.last_seen_at, later, 'an older use overwrote a newer one');
  });
});
