// The short fuzz run CI makes on every submission: a few thousand generated requests (fixed seed)
// across every route of both listeners, on this run's engine. Any 5xx, a crash, a listener not healthy
// at the end, or a family of routes no request reached fails it; the report names each 5xx with its
// reproducer (FUZZ_SEED and FUZZ_ONLY for `npm run fuzz`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eachEngine, PG_URL } from '../helpers/engines.ts';
import { formatReport } from '../fuzz/report.ts';
import { runFuzz } from '../fuzz/run.ts';

const SEED = 14;

eachEngine('fuzz, short run', (engine) => {
  test(
    '3,000 generated requests: no 5xx, no crash, every route family reached',
    { timeout: 240_000 },
    async () => {
      const report = await runFuzz({
        seed: SEED,
        requests: 3_000,
        // Bounded in time: on a busy 2-core machine the run stops here with what it has sent.
        seconds: 90,
        concurrency: 8,
        engine,
        ...(engine === 'postgres'
          ? { databaseUrl: PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test' }
          : {}),
      });
      const text = formatReport(report);
      assert.ok(report.requests >= 500, `only ${report.requests} requests were sent\n${text}`);
      assert.equal(report.crashed, null, text);
      assert.ok(report.healthyAtEnd, text);
      assert.deepEqual(
        report.serverErrors.map((f) => f.index),
        [],
        text,
      );
      assert.deepEqual(report.unreachedFamilies, [], text);
    },
  );
});
