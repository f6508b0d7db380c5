// The start-up warning when the connection caps can take more file descriptors than the process may
// open (the state in which a flood of one listener made both unreachable): it names the setting and a
// value that fits; silent when the limit is ample or unknown.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/http/logger.ts';
import { checkDescriptorBudget } from '../../src/http/connection-guard.ts';

function warnings(run: (log: ReturnType<typeof createLogger>) => void): Array<Record<string, any>> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  run(createLogger('info', sink));
  return lines.map((l) => JSON.parse(l) as Record<string, any>).filter((l) => l.level === 40);
}

const both = { console: true, gateway: true };

test('with the default caps, a 1,024-descriptor limit is warned of, naming the setting and a value that fits', () => {
  const { connections } = loadConfig({});
  const [line, ...rest] = warnings((log) => checkDescriptorBudget(connections, both, log, 1024));
  assert.equal(rest.length, 0);
  assert.equal(line?.openFileLimit, 1024);
  assert.equal(line?.needed, 1024 + 2 * 1024 + 128);
  // (1024 - 128) / 3 connections per listener: the console's, and the Gateway's with its upstream.
  assert.match(String(line?.msg), /GATEHOUSE_MAX_CONNECTIONS to 298 or less/);
});

test('silent when the limit is ample, or unknown (not Linux)', () => {
  const { connections } = loadConfig({});
  assert.deepEqual(
    warnings((log) => checkDescriptorBudget(connections, both, log, 1_048_576)),
    [],
  );
  assert.deepEqual(
    warnings((log) => checkDescriptorBudget(connections, both, log, undefined)),
    [],
  );
  const small = loadConfig({ GATEHOUSE_MAX_CONNECTIONS: '298' }).connections;
  assert.deepEqual(
    warnings((log) => checkDescriptorBudget(small, both, log, 1024)),
    [],
  );
});

test('a console-only process counts one descriptor per connection', () => {
  const { connections } = loadConfig({});
  assert.deepEqual(
    warnings((log) => checkDescriptorBudget(connections, { console: true, gateway: false }, log, 2048)),
    [],
  );
  assert.equal(
    warnings((log) => checkDescriptorBudget(connections, { console: false, gateway: true }, log, 2048))
      .length,
    1,
  );
});
