// Two (or more) Gatehouse replicas on one PostgreSQL store, as a scaled-out deployment runs them: each
// with its own process state (caches, change listener) and listeners, one database and one master key.
// What one replica changes, the others learn through LISTEN/NOTIFY only.
import { randomBytes } from 'node:crypto';
import { createLogger } from '../../src/http/logger.ts';
import { startGatehouse, type Gatehouse } from '../../src/gatehouse.ts';
import { freshStore } from './engines.ts';
import { TEST_OWNER, testConfig, type TestServer, type TestServerOptions } from './server.ts';

export async function startReplicas(count: number, options: TestServerOptions = {}): Promise<TestServer[]> {
  const store = await freshStore('postgres');
  const masterKey = randomBytes(32);
  const config = testConfig(store, masterKey, options);
  const started: Gatehouse[] = [];
  try {
    // One after the other: the first migrates and creates the owner, the others find both done.
    for (let i = 0; i < count; i++) {
      started.push(
        await startGatehouse(config, { log: createLogger(config.logLevel), pgSchema: store.pgSchema! }),
      );
    }
  } catch (err) {
    for (const g of started) await g.close();
    await store.cleanup();
    throw err;
  }
  let open = started.length;
  return started.map((gatehouse) => ({
    consoleUrl: gatehouse.consoleUrl!,
    gatewayUrl: gatehouse.gatewayUrl!,
    gatehouse,
    owner: { ...TEST_OWNER },
    masterKey,
    async close() {
      await gatehouse.close();
      // The store goes with the last replica.
      if (--open === 0) await store.cleanup();
    },
  }));
}
