// The batch writer's commit(): the path of security events, whose answer waits for their commit
// (docs/operations.md, "Durability"). It resolves only once its batch is written, concurrent ones
// share a transaction, it never waits out a push's delay or a back-off, and a failed write refuses it
// and withdraws its record for good.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBatchWriter } from '../../src/store/batch-writer.ts';
import { createLogger } from '../../src/http/logger.ts';

const log = createLogger('silent');

test('commit() resolves after its batch is written; commits made together share one write, with what was pushed', async () => {
  const writes: string[][] = [];
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const writer = createBatchWriter<string>({
    name: 'test',
    log,
    maxDelayMs: 60_000, // a pushed record alone would wait a minute
    write: async (items) => {
      await gate;
      writes.push(items);
    },
  });
  writer.push('pushed');
  let done = 0;
  const commits = ['a', 'b', 'c'].map((x) => writer.commit(x).then(() => done++));
  await sleep(50);
  assert.equal(done, 0, 'no commit() resolves before the write has finished');
  open();
  await Promise.all(commits);
  assert.deepEqual(writes, [['pushed', 'a', 'b', 'c']], 'one transaction, started at once');

  // While a write is under way, the commit()s that arrive join the next one, which follows at once.
  gate = new Promise<void>((resolve) => (open = resolve));
  const first = writer.commit('d');
  await sleep(20);
  const later = ['e', 'f'].map((x) => writer.commit(x));
  open();
  await Promise.all([first, ...later]);
  assert.deepEqual(writes.slice(1), [['d'], ['e', 'f']]);
  assert.equal(writer.pending, 0);
});

test('a failed write refuses its commit()s and withdraws their records; pushed records are retried; the next commit() does not wait out the back-off', async () => {
  const written: string[] = [];
  let failing = true;
  let attempts = 0;
  const writer = createBatchWriter<string>({
    name: 'test',
    log,
    write: async (items) => {
      attempts++;
      if (failing) throw new Error('the database is down');
      written.push(...items);
    },
  });
  writer.push('p1');
  const refused = writer.commit('c1');
  await assert.rejects(refused, /the database is down/);
  // Several failures in a row: the back-off is now seconds long.
  for (let i = 0; i < 4; i++) await assert.rejects(writer.commit(`c-fail-${i}`));
  assert.ok(attempts >= 5);
  failing = false;
  const started = performance.now();
  await writer.commit('c2');
  assert.ok(performance.now() - started < 1_000, 'the commit() was tried at once, not after the back-off');
  await writer.drain();
  assert.deepEqual(written, ['p1', 'c2'], 'the refused records were never written; the pushed one was');
  assert.equal(writer.pending, 0);
});

test('commit() past maxPending is refused, not dropped silently', async () => {
  const writer = createBatchWriter<number>({
    name: 'test',
    log,
    maxPending: 2,
    write: async () => {
      throw new Error('the database is down');
    },
  });
  writer.push(1);
  writer.push(2);
  await assert.rejects(writer.commit(3), /backlog is full/);
});
