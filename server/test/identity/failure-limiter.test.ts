// The failure limiter in the store, on each engine, with a clock the test moves: free failures, then a
// doubling lock with a ceiling; per (account, address) and per address, never per account alone; an
// account over its ceiling holds back only the addresses that failed on it; the window forgets; a
// success clears the pair; old rows are swept.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine, freshStore, type FreshStore } from '../helpers/engines.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import {
  MAX_LOCK_MS,
  countedAddress,
  createFailureLimiter,
  lockMs,
  type FailureRules,
} from '../../src/identity/failure-limiter.ts';

eachEngine('failure limiter', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  let now = 1_000_000_000;
  let n = 0;
  const limiter = (rules: Partial<FailureRules> = {}) =>
    createFailureLimiter(store.db, {
      name: `test-${++n}`,
      windowMs: 60_000,
      perAddress: 100,
      perPair: 2,
      perAccount: 100,
      now: () => now,
      ...rules,
    });

  before(async () => {
    fresh = await freshStore(engine);
    store = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
    await migrate(store);
  });
  after(async () => {
    await store.close();
    await fresh.cleanup();
  });

  test('the lock doubles from 1 s to its ceiling of 15 minutes', () => {
    assert.deepEqual([0, 1, 2, 3, 10].map(lockMs), [0, 1000, 2000, 4000, 512_000]);
    assert.equal(lockMs(11), MAX_LOCK_MS);
    assert.equal(lockMs(5000), MAX_LOCK_MS);
  });

  test('a pair locks after its free failures, doubling; another address for the same account is let in', async () => {
    const l = limiter();
    const a = { account: 'acct', address: '192.0.2.1' };
    assert.equal(await l.fail(a), 0);
    assert.equal(await l.fail(a), 0);
    assert.equal(await l.fail(a), 1);
    assert.equal(await l.fail(a), 2);
    assert.equal(await l.fail(a), 4);
    assert.equal((await l.check(a)).wait, 4);
    assert.deepEqual(await l.check({ account: 'acct', address: '192.0.2.2' }), { wait: 0, counted: false });
    now += 4_000;
    assert.equal((await l.check(a)).wait, 0);
    // A success clears the pair: its next failure is free again.
    await l.succeed(a, await l.check(a));
    assert.deepEqual(await l.check(a), { wait: 0, counted: false });
    assert.equal(await l.fail(a), 0);
  });

  test('an address locks across accounts', async () => {
    const l = limiter({ perAddress: 3, perPair: 100 });
    for (let i = 0; i < 3; i++) assert.equal(await l.fail({ account: `acct-${i}`, address: '192.0.2.9' }), 0);
    assert.equal(await l.fail({ account: 'acct-x', address: '192.0.2.9' }), 1);
    assert.equal((await l.check({ account: 'acct-y', address: '192.0.2.9' })).wait, 1);
    assert.equal((await l.check({ address: '192.0.2.9' })).wait, 1, 'address-only attempts share the count');
    assert.equal((await l.check({ account: 'acct-y', address: '192.0.2.10' })).wait, 0);
  });

  test('an account over its ceiling holds back the addresses that failed on it, never a clean one', async () => {
    const l = limiter({ perAccount: 3, perPair: 5 });
    for (let i = 1; i <= 5; i++) await l.fail({ account: 'target', address: `198.51.100.${i}` });
    // Five failures against a ceiling of three: locked for 2 s, but only for failing addresses.
    assert.equal((await l.check({ account: 'target', address: '198.51.100.1' })).wait, 2);
    assert.equal((await l.check({ account: 'target', address: '198.51.100.99' })).wait, 0);
    assert.equal((await l.check({ account: 'other', address: '198.51.100.1' })).wait, 0);
  });

  test('the window forgets failures once no lock is left; the lock never exceeds its ceiling', async () => {
    const l = limiter({ perPair: 0, windowMs: 10_000 });
    const a = { account: 'w', address: '192.0.2.50' };
    let wait = 0;
    for (let i = 0; i < 30; i++) wait = await l.fail(a);
    assert.equal(wait, MAX_LOCK_MS / 1000);
    now += MAX_LOCK_MS;
    assert.equal(await l.fail(a), 1, 'counting started over');
  });

  test('IPv6 addresses count by their /64; IPv4-mapped ones as IPv4', async () => {
    assert.equal(countedAddress('2001:db8:1:2:aaaa::1'), countedAddress('2001:db8:1:2:bbbb::2'));
    assert.notEqual(countedAddress('2001:db8:1:2::1'), countedAddress('2001:db8:1:3::1'));
    assert.equal(countedAddress('::ffff:192.0.2.7'), '192.0.2.7');
    const l = limiter({ perAddress: 1 });
    await l.fail({ address: '2001:db8:9:9::1' });
    await l.fail({ address: '2001:db8:9:9::2' });
    assert.equal((await l.check({ address: '2001:db8:9:9:ffff::3' })).wait, 1);
  });

  test('subjects whose address and account run together stay apart; a very long account is counted too', async () => {
    // The limiter keeps each subject's keys: {address a, account "1:x"} must not pass for {"a:1", "x"}.
    const l = limiter({ perPair: 1, perAddress: 100 });
    const a = { account: '1:x', address: '192.0.2.50' };
    await l.fail(a);
    assert.equal(await l.fail(a), 1);
    assert.deepEqual(await l.check({ account: 'x', address: '192.0.2.50:1' }), { wait: 0, counted: false });
    assert.equal((await l.check(a)).wait, 1);
    const long = { account: 'c'.repeat(2_000), address: '192.0.2.51' };
    await l.fail(long);
    assert.equal(await l.fail(long), 1);
    assert.deepEqual(await l.check(long), { wait: 1, counted: true });
    assert.deepEqual(await l.check({ ...long, account: `${long.account}d` }), { wait: 0, counted: false });
  });

  test('concurrent failures are each counted (atomic upsert)', async () => {
    const l = limiter({ perPair: 1000, perAddress: 1000, perAccount: 1000 });
    const a = { account: 'race', address: '192.0.2.77' };
    await Promise.all(Array.from({ length: 20 }, () => l.fail(a)));
    const l2 = createFailureLimiter(store.db, {
      name: `test-${n}`,
      windowMs: 60_000,
      perAddress: 1000,
      perPair: 19,
      perAccount: 1000,
      now: () => now,
    });
    // The 21st failure against an allowance of 19 is the second over it: 2 s.
    assert.equal(await l2.fail(a), 2);
  });

  test('rows older than two hours are swept', async () => {
    const l = limiter();
    await l.fail({ account: 'old', address: '192.0.2.200' });
    now += 3 * 3600_000;
    await l.fail({ account: 'new', address: '192.0.2.201' });
    const left = await store.db
      .selectFrom('failure_limits')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('last_at', '<', now - 2 * 3600_000)
      .executeTakeFirstOrThrow();
    assert.equal(Number(left.n), 0);
  });
});
