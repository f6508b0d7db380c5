// GATEHOUSE_METRICS_PORT and _HOST: off when unset, a bad value a one-line start-up error, and a port
// another process holds a failed start that leaves nothing open.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { ConfigError } from '../../src/config-source.ts';
import { startGatehouse } from '../../src/gatehouse.ts';
import { createLogger } from '../../src/http/logger.ts';
import { freshStore } from '../helpers/engines.ts';
import { testConfig } from '../helpers/server.ts';

test('metrics are off unless GATEHOUSE_METRICS_PORT is set; the host defaults to loopback', () => {
  assert.equal(loadConfig({}).metrics, undefined);
  assert.deepEqual(loadConfig({ GATEHOUSE_METRICS_PORT: '9464' }).metrics, { host: '127.0.0.1', port: 9464 });
  assert.deepEqual(
    loadConfig({ GATEHOUSE_METRICS_PORT: '9464', GATEHOUSE_METRICS_HOST: '0.0.0.0' }).metrics,
    { host: '0.0.0.0', port: 9464 },
  );
  assert.deepEqual(loadConfig({}, ['--metrics-port', '9100']).metrics, { host: '127.0.0.1', port: 9100 });
});

test('a bad metrics setting is refused at start with the setting named', () => {
  const refused = (env: Record<string, string>, message: RegExp) =>
    assert.throws(
      () => loadConfig(env),
      (err: unknown) => err instanceof ConfigError && message.test(err.message),
    );
  refused({ GATEHOUSE_METRICS_PORT: 'nine' }, /^GATEHOUSE_METRICS_PORT: "nine" is not a port number/);
  refused({ GATEHOUSE_METRICS_PORT: '70000' }, /^GATEHOUSE_METRICS_PORT: "70000" is not a port number/);
  refused({ GATEHOUSE_METRICS_PORT: '-1' }, /^GATEHOUSE_METRICS_PORT/);
  refused({ GATEHOUSE_METRICS_PORT: '8081' }, /^GATEHOUSE_METRICS_PORT: 8081 is the Gateway's port/);
  refused(
    { GATEHOUSE_METRICS_PORT: '9000', GATEHOUSE_CONSOLE_PORT: '9000' },
    /^GATEHOUSE_METRICS_PORT: 9000 is the console's port/,
  );
  refused(
    { GATEHOUSE_METRICS_PORT: '9464', GATEHOUSE_METRICS_HOST: 'metrics.local' },
    /^GATEHOUSE_METRICS_HOST: "metrics.local" is not an IP/,
  );
  refused({ GATEHOUSE_METRICS_HOST: '127.0.0.1' }, /^GATEHOUSE_METRICS_HOST: set GATEHOUSE_METRICS_PORT too/);
});

test('a metrics port already taken fails the start, and the other listeners are closed again', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as { port: number };
  const store = await freshStore('sqlite');
  try {
    const config = testConfig(store, randomBytes(32), { env: { GATEHOUSE_METRICS_PORT: String(port) } });
    await assert.rejects(startGatehouse(config, { log: createLogger('silent') }), { code: 'EADDRINUSE' });
    // The start closed what it had opened: the store can be removed and the process ends.
  } finally {
    holder.close();
    await store.cleanup();
  }
});
