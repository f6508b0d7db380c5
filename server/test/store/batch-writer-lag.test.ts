// The batch writer's lag, for the metrics (gatehouse_batch_writer_lag_seconds): how long the oldest
// record still pending has waited; it follows the backlog as batches commit, and is 0 once none waits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBatchWriter } from '../../src/store/batch-writer.ts';
import { createLogger } from '../../src/http/logger.ts';

test('lagMs is the age of the oldest pending record, moves on as batches commit, and is 0 when none waits', async () => {
  const gates: Array<() => void> = [];
  const writer = createBatchWriter<number>({
    name: 'test',
    log: createLogger('silent'),
    maxBatch: 2,
    maxDelayMs: 0,
    // Each batch waits until the test lets it commit.
    write: () => new Promise<void>((resolve) => gates.push(resolve)),
  });
  assert.equal(writer.lagMs, 0);
  writer.push(1);
  writer.push(2);
  await sleep(150);
  writer.push(3);
  writer.push(4);
  await sleep(50);
  assert.equal(writer.pending, 4);
  const oldest = writer.lagMs;
  assert.ok(oldest >= 190 && oldest < 400, `the first records' age: ${oldest} ms`);

  // The first batch (1, 2) commits: the oldest pending is now 3, pushed 150 ms later.
  while (gates.length === 0) await sleep(5);
  gates.shift()!();
  while (writer.pending > 2) await sleep(5);
  const next = writer.lagMs;
  assert.ok(next >= 45 && next < oldest - 100, `after the first batch: ${next} ms (was ${oldest})`);

  while (gates.length === 0) await sleep(5);
  gates.shift()!();
  while (writer.pending > 0) await sleep(5);
  assert.equal(writer.lagMs, 0);
});
