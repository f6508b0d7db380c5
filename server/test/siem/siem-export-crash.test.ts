// The export survives its process: Gatehouse (the real program, a child process) is killed with
// SIGKILL while the receiver holds a batch unanswered, then started again: every record arrives (the
// batch in flight is resent; duplicates allowed, losses not). And on PostgreSQL two Gatehouse
// processes sharing one schema send a destination's batches one at a time, all of them arriving.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eachEngine, freshStore, testEngines, type FreshStore } from '../helpers/engines.ts';
import { runProgram, type Run } from '../helpers/child-process.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { TEST_OWNER } from '../helpers/server.ts';
import { append, rowsOf, until } from '../helpers/audit-rows.ts';
import { startWebhookReceiver, type Receiver } from '../helpers/siem-receivers.ts';
import { openStore, type Store } from '../../src/store/database.ts';

const SECRET = 'whsec_crash_test_secret_0001';

function envOf(key: Buffer) {
  return {
    GATEHOUSE_MASTER_KEY: key.toString('hex'),
    GATEHOUSE_ADMIN_EMAIL: TEST_OWNER.email,
    GATEHOUSE_ADMIN_PASSWORD: TEST_OWNER.password,
    GATEHOUSE_SLOPSQUAT_REGISTRIES: ['npm', 'pypi', 'crates', 'go', 'rubygems', 'packagist']
      .map((e) => `${e}=http://127.0.0.1:9`)
      .join(','),
  };
}

const seqsOf = (r: Receiver, tag: string) =>
  r.events.filter((e) => e.body.doc?.actor?.id === tag).map((e) => e.body.seq as number);

function assertComplete(seqs: number[], expected: number) {
  const firsts: number[] = [];
  const seen = new Set<number>();
  for (const s of seqs)
    if (!seen.has(s)) {
      seen.add(s);
      firsts.push(s);
    }
  assert.equal(seen.size, expected, `${seen.size} distinct records arrived, ${expected} expected`);
  assert.deepEqual(
    firsts,
    [...firsts].sort((a, b) => a - b),
    'records arrived out of order',
  );
}

async function createDestination(admin: ApiClient, hook: Receiver) {
  const res = await admin.post('/api/v1/siem/destinations', {
    name: 'Receiver',
    type: 'webhook',
    url: hook.url,
    secret: SECRET,
    format: 'json',
    streams: ['audit'],
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await until(
    () => hook.events.some((e) => e.body.doc.action === 'siem_destination.created'),
    60_000,
    'the creation event',
  );
}

eachEngine('SIEM export across a crash', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  let hook: Receiver;
  const runs: Run[] = [];
  before(async () => {
    fresh = await freshStore(engine);
    hook = await startWebhookReceiver(SECRET);
  });
  after(async () => {
    for (const r of runs) await r.program.stop('SIGKILL');
    await store?.close();
    await hook.close();
    await fresh.cleanup();
  });

  test('killed mid-batch and started again, every record arrives', async () => {
    const env = envOf(randomBytes(32));
    runs.push(await runProgram(fresh, env, 60_000));
    const admin = await signIn(runs[0]!.consoleUrl, TEST_OWNER.email, TEST_OWNER.password);
    await createDestination(admin, hook);
    store = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });

    hook.mode = 'hold';
    await append(store, rowsOf('crash', 1200));
    await until(() => hook.held > 0, 60_000, 'a batch in flight');
    const killed = await runs[0]!.program.stop('SIGKILL');
    assert.equal(killed.signal, 'SIGKILL');
    hook.release();
    assert.equal(seqsOf(hook, 'crash').length, 0, 'the batch in flight was not answered');

    runs.push(await runProgram(fresh, env, 60_000));
    // The dead process's lease runs out first (15 s), then the new one resends from the stored cursor.
    await until(
      () => new Set(seqsOf(hook, 'crash')).size === 1200,
      120_000,
      'every record after the restart',
    );
    assertComplete(seqsOf(hook, 'crash'), 1200);
  });
});

if (testEngines().includes('postgres')) {
  eachEngine('SIEM export from two processes on one PostgreSQL schema', (engine) => {
    let fresh: FreshStore;
    let store: Store;
    let hook: Receiver;
    const runs: Run[] = [];
    before(async () => {
      fresh = await freshStore(engine);
      hook = await startWebhookReceiver(SECRET);
    });
    after(async () => {
      for (const r of runs) await r.program.stop('SIGKILL');
      await store?.close();
      await hook.close();
      await fresh.cleanup();
    });

    test(
      'one process at a time sends the batches; all arrive, once each',
      { skip: engine !== 'postgres' && 'PostgreSQL only' },
      async () => {
        const env = envOf(randomBytes(32));
        runs.push(await runProgram(fresh, env, 60_000));
        runs.push(await runProgram(fresh, env, 60_000));
        const admin = await signIn(runs[0]!.consoleUrl, TEST_OWNER.email, TEST_OWNER.password);
        // Slow answers: were both processes to send, their batches would overlap at the receiver.
        hook.delayMs = 50;
        await createDestination(admin, hook);
        store = openStore({
          databaseUrl: fresh.databaseUrl,
          dataDir: fresh.dataDir,
          pgSchema: fresh.pgSchema!,
        });
        for (let i = 0; i < 6; i++) await append(store, rowsOf('pair', 500));
        await until(() => new Set(seqsOf(hook, 'pair')).size === 3000, 120_000, 'every record');
        assertComplete(seqsOf(hook, 'pair'), 3000);
        assert.equal(seqsOf(hook, 'pair').length, 3000, 'no batch was sent twice');
        assert.equal(hook.maxInFlight, 1, 'one batch at a time');
      },
    );
  });
}
