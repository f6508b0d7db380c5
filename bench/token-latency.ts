// What waiting for the audit commit costs token issuance (docs/operations.md, "Durability"): the real
// program in a child process on each engine, 500 client-credentials exchanges one at a time, then 500
// more sent 16 at a time (where concurrent exchanges share one commit), after a warm-up. Latency is the
// caller's, in whole microseconds. Then the same in-process, timing only the wait for the commit
// (audit.durable), which is what the guarantee adds to each answer.
// Run: node --import tsx bench/token-latency.ts [sqlite,postgres]
import { performance } from 'node:perf_hooks';
import { freshStore, type Engine } from '../server/test/helpers/engines.ts';
import { runProgram } from '../server/test/helpers/child-process.ts';
import { createCredential, signIn } from '../server/test/helpers/api-client.ts';
import { startTestServer } from '../server/test/helpers/server.ts';
import { LatencyRecorder } from './latency.ts';

const OWNER = { email: 'bench@example.com', password: 'a long benchmark password' };
const N = 500;
const say = (line: string) => process.stdout.write(`${line}\n`);
const CONCURRENCY = 16;

/** 500 exchanges one at a time, then 500 sixteen at a time, after a warm-up. */
async function exchanges(
  consoleUrl: string,
  cred: { client_id: string; client_secret: string },
  each?: () => void,
): Promise<{ serial: LatencyRecorder; concurrent: LatencyRecorder; rate: number }> {
  const authorization = `Basic ${Buffer.from(`${cred.client_id}:${cred.client_secret}`).toString('base64')}`;
  const exchange = async (rec?: LatencyRecorder) => {
    const t0 = performance.now();
    const res = await fetch(`${consoleUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      body: 'grant_type=client_credentials',
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`token: ${res.status}`);
    rec?.record((performance.now() - t0) * 1000);
  };
  for (let i = 0; i < 200; i++) await exchange();
  each?.();
  const serial = new LatencyRecorder(N);
  for (let i = 0; i < N; i++) await exchange(serial);
  each?.();
  const concurrent = new LatencyRecorder(N);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < N) await exchange(concurrent);
    }),
  );
  return { serial, concurrent, rate: N / ((performance.now() - t0) / 1000) };
}

const line = (name: string, r: LatencyRecorder) => {
  const x = r.summary();
  return `${name}: p50 ${x.p50} µs, p99 ${x.p99} µs`;
};

async function endToEnd(engine: Engine): Promise<void> {
  const s = await freshStore(engine);
  const run = await runProgram(s, {
    GATEHOUSE_ADMIN_EMAIL: OWNER.email,
    GATEHOUSE_ADMIN_PASSWORD: OWNER.password,
  });
  try {
    const admin = await signIn(run.consoleUrl, OWNER.email, OWNER.password);
    const cred = await createCredential(admin, { name: 'bench', scopes: ['audit:read'] });
    const { serial, concurrent, rate } = await exchanges(run.consoleUrl, cred);
    say(
      `${engine} token issuance: ${line('one at a time', serial)}; ${line(`${CONCURRENCY} at a time`, concurrent)}, ${rate.toFixed(0)} tokens/s`,
    );
  } finally {
    await run.program.stop();
    await s.cleanup();
  }
}

/** In-process: the time each exchange spends waiting for its audit event's commit. */
async function commitWait(engine: Engine): Promise<void> {
  const server = await startTestServer(engine);
  try {
    const audit = server.gatehouse.services.audit;
    if (!('durable' in audit)) return; // before the guarantee: nothing waits
    let waits = new LatencyRecorder(N);
    const durable = audit.durable.bind(audit);
    audit.durable = async (event) => {
      const t0 = performance.now();
      await durable(event);
      waits.record((performance.now() - t0) * 1000);
    };
    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const cred = await createCredential(admin, { name: 'bench', scopes: ['audit:read'] });
    const rounds: LatencyRecorder[] = [];
    await exchanges(server.consoleUrl, cred, () => {
      rounds.push(waits);
      waits = new LatencyRecorder(N);
    });
    say(
      `${engine} wait for the commit: ${line('one at a time', rounds[1]!)}; ${line(`${CONCURRENCY} at a time`, waits)}`,
    );
  } finally {
    await server.close();
  }
}
const engines = (process.argv[2] ?? 'sqlite,postgres').split(',') as Engine[];
for (const engine of engines) await endToEnd(engine);
for (const engine of engines) await commitWait(engine);
