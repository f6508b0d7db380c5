// The deadline signal the registry lookups and the feed reader bound their requests with.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { timeoutSignal } from '../../src/http/timeout-signal.ts';

test('it aborts after its time with a TimeoutError, unless cleared first', async () => {
  const parent = new AbortController();
  const bounded = timeoutSignal(parent.signal, 30);
  assert.equal(bounded.signal.aborted, false);
  await sleep(60);
  assert.equal(bounded.signal.aborted, true);
  assert.equal((bounded.signal.reason as DOMException).name, 'TimeoutError');

  const cleared = timeoutSignal(parent.signal, 30);
  cleared.clear();
  await sleep(60);
  assert.equal(cleared.signal.aborted, false);
});

test('it aborts with its parent, at once, and with the parent’s reason', () => {
  const parent = new AbortController();
  const bounded = timeoutSignal(parent.signal, 60_000);
  parent.abort(new Error('closing'));
  assert.equal(bounded.signal.aborted, true);
  assert.equal((bounded.signal.reason as Error).message, 'closing');
  bounded.clear();

  const late = timeoutSignal(parent.signal, 60_000);
  assert.equal(late.signal.aborted, true, 'a parent aborted already aborts it from the start');
  late.clear();
});
