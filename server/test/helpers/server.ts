// A real Gatehouse on real ports (127.0.0.1, ports chosen by the OS) over a fresh store, with the first
// owner configured. Tests talk to it over HTTP only; `gatehouse.services` is there for what no API
// can do (moving a credential's expiry into the past).
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/http/logger.ts';
import { startGatehouse, type Gatehouse } from '../../src/gatehouse.ts';
import { freshStore, type Engine, type FreshStore } from './engines.ts';

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
  /** The server's logger (a test that reads the log lines gives its own). */
  log?: Logger;
}

const CLOSED_REGISTRIES = ['npm', 'pypi', 'crates', 'go', 'rubygems', 'packagist']
  .map((e) => `${e}=http://127.0.0.1:9`)
  .join(',');

export const TEST_OWNER = { email: 'owner@example.com', password: 'correct horse battery staple' };

/** The settings of a test server on `store` (also what replicas of one store share). */
export function testConfig(store: FreshStore, masterKey: Buffer, options: TestServerOptions = {}) {
  return loadConfig({
    GATEHOUSE_CONSOLE_PORT: '0',
    GATEHOUSE_GATEWAY_PORT: '0',
    GATEHOUSE_DATA_DIR: store.dataDir,
    GATEHOUSE_MASTER_KEY: masterKey.toString('hex'),
    GATEHOUSE_LOG_LEVEL: process.env.GATEHOUSE_TEST_LOG_LEVEL ?? 'silent',
    ...(store.databaseUrl ? { GATEHOUSE_DATABASE_URL: store.databaseUrl } : {}),
    // No test asks the public package registries: a test of the slopsquat detector starts the fake
    // ones and names them; elsewhere every registry is a closed port, so a name is `unreachable` at once.
    GATEHOUSE_SLOPSQUAT_REGISTRIES: CLOSED_REGISTRIES,
    ...(options.noAdmin
      ? {}
      : { GATEHOUSE_ADMIN_EMAIL: TEST_OWNER.email, GATEHOUSE_ADMIN_PASSWORD: TEST_OWNER.password }),
    ...options.env,
  });
}

export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const store = await freshStore(engine);
  const masterKey = randomBytes(32);
  const owner = { ...TEST_OWNER };
  const config = testConfig(store, masterKey, options);
  const gatehouse = await startGatehouse(config, {
    log: options.log ?? createLogger(config.logLevel),
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
