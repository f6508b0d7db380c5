// A real Gatehouse on real ports (127.0.0.1, ports chosen by the OS) over a fresh store, with the first
// owner configured. Tests talk to it over HTTP only; `gatehouse.services` is there for what no API
// can do (moving a credential's expiry into the past).
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/http/logger.ts';
import { startGatehouse, type Gatehouse } from '../../src/gatehouse.ts';
import { freshStore, type Engine } from './engines.ts';

export interface TestServer {
  consoleUrl: string;
  gatewayUrl: string;
  gatehouse: Gatehouse;
  owner: { email: string; password: string };
  masterKey: Buffer;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra settings, as environment variables. */
  env?: Record<string, string>;
  /** Leave the store without an admin (to exercise the setup link). */
  noAdmin?: boolean;
}

export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const store = await freshStore(engine);
  const masterKey = randomBytes(32);
  const owner = { email: 'owner@example.com', password: 'correct horse battery staple' };
  const config = loadConfig({
    GATEHOUSE_CONSOLE_PORT: '0',
    GATEHOUSE_GATEWAY_PORT: '0',
    GATEHOUSE_DATA_DIR: store.dataDir,
    GATEHOUSE_MASTER_KEY: masterKey.toString('hex'),
    GATEHOUSE_LOG_LEVEL: process.env.GATEHOUSE_TEST_LOG_LEVEL ?? 'silent',
    ...(store.databaseUrl ? { GATEHOUSE_DATABASE_URL: store.databaseUrl } : {}),
    ...(options.noAdmin
      ? {}
      : { GATEHOUSE_ADMIN_EMAIL: owner.email, GATEHOUSE_ADMIN_PASSWORD: owner.password }),
    ...options.env,
  });
  const gatehouse = await startGatehouse(config, {
    log: createLogger(config.logLevel),
    ...(store.pgSchema ? { pgSchema: store.pgSchema } : {}),
  });
  return {
    consoleUrl: gatehouse.consoleUrl!,
    gatewayUrl: gatehouse.gatewayUrl!,
    gatehouse,
    owner,
    masterKey,
    async close() {
      await gatehouse.close();
      await store.cleanup();
    },
  };
}
