// The failure limiter: free attempts, then a doubling lock; success clears; memory has a ceiling.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFailureLimiter } from '../../src/identity/failure-limiter.ts';

test('locks after the free attempts, doubling, and a success clears the key', () => {
  let now = 1_000_000;
  const limiter = createFailureLimiter({ freeAttempts: 2, windowMs: 60_000, now: () => now });
  limiter.fail('k');
  limiter.fail('k');
  assert.equal(limiter.retryAfter('k'), 0);
  limiter.fail('k');
  assert.equal(limiter.retryAfter('k'), 1);
  limiter.fail('k');
  assert.equal(limiter.retryAfter('k'), 2);
  limiter.fail('k');
  assert.equal(limiter.retryAfter('k'), 4);
  now += 4_000;
  assert.equal(limiter.retryAfter('k'), 0);
  assert.equal(limiter.retryAfter('other'), 0);
  limiter.succeed('k');
  limiter.fail('k');
  assert.equal(limiter.retryAfter('k'), 0);
});

test('the lock never exceeds its ceiling, and the window forgets old failures', () => {
  let now = 0;
  const limiter = createFailureLimiter({
    freeAttempts: 0,
    windowMs: 10_000,
    maxLockMs: 8_000,
    now: () => now,
  });
  for (let i = 0; i < 30; i++) limiter.fail('k');
  assert.equal(limiter.retryAfter('k'), 8);
  now += 20_000;
  limiter.fail('k');
  assert.equal(limiter.retryAfter('k'), 1);
});

test('remembers at most maxKeys keys, forgetting the oldest', () => {
  const limiter = createFailureLimiter({ freeAttempts: 0, windowMs: 60_000, maxKeys: 3 });
  for (const k of ['a', 'b', 'c', 'd']) limiter.fail(k);
  assert.equal(limiter.retryAfter('a'), 0);
  assert.equal(limiter.retryAfter('d'), 1);
});
