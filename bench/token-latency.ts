// What waiting for the audit commit costs token issuance (docs/operations.md, "Durability"): the real
// program in a child process on each engine, 500 client-credentials exchanges one at a time, then 500
// more sent 16 at a time (where concurrent exchanges share one commit), after a warm-up. Latency is the
// caller's, in whole microseconds. Run: node --import tsx bench/token-latency.ts [sqlite,postgres]
import { performance } from 'node:perf_hooks';
import { freshStore, type Engine } from '../server/test/helpers/engines.ts';
import { runOnStore } from '../server/test/helpers/child-process.ts';
import { createCredential, signIn } from '../server/test/helpers/api-client.ts';
import { LatencyRecorder } from './latency.ts';

const OWNER = { email: 'bench@example.com', password: 'a long benchmark password' };
const N = 500;
const CONCURRENCY = 16;

async function measure(engine: Engine): Promise<void> {
  const s = await freshStore(engine);
  const run = await runOnStore(s, {
    GATEHOUSE_ADMIN_EMAIL: OWNER.email,
    GATEHOUSE_ADMIN_PASSWORD: OWNER.password,
  });
  try {
    const admin = await signIn(run.consoleUrl, OWNER.email, OWNER.password);
    const cred = await createCredential(admin, { name: 'bench', scopes: ['audit:read'] });
    const authorization = `Basic ${Buffer.from(`${cred.client_id}:${cred.client_secret}`).toString('base64')}`;
    const exchange = async (rec?: LatencyRecorder) => {
      const t0 = performance.now();
      const res = await fetch(`${run.consoleUrl}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        body: 'grant_type=client_credentials',
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`token: ${res.status}`);
      rec?.record((performance.now() - t0) * 1000);
    };
    for (let i = 0; i < 200; i++) await exchange();

    const serial = new LatencyRecorder(N);
    for (let i = 0; i < N; i++) await exchange(serial);

    const concurrent = new LatencyRecorder(N);
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < N) await exchange(concurrent);
      }),
    );
    const rate = N / ((performance.now() - t0) / 1000);
    const line = (name: string, r: LatencyRecorder) => {
      const x = r.summary();
      return `${name}: p50 ${x.p50} µs, p99 ${x.p99} µs, max ${x.max} µs`;
    };
    console.log(
      `${engine}: ${line('one at a time', serial)}; ${line(`${CONCURRENCY} at a time`, concurrent)}, ${rate.toFixed(0)} tokens/s`,
    );
  } finally {
    await run.program.stop();
    await s.cleanup();
  }
}

const engines = (process.argv[2] ?? 'sqlite,postgres').split(',') as Engine[];
for (const engine of engines) await measure(engine);
