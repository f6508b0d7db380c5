// Settings: their defaults, flags over environment, and a one-line refusal that names each bad setting,
// both from loadConfig and from the real program (exit code 2, one line on stderr).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { ConfigError } from '../src/config-source.ts';

/** Asserts that these settings stop the start with one line that names `setting`. */
function refuses(env: NodeJS.ProcessEnv, argv: string[], setting: string | RegExp) {
  assert.throws(
    () => loadConfig(env, argv),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError, `not a ConfigError: ${String(err)}`);
      assert.ok(!err.message.includes('\n'), `more than one line: ${err.message}`);
      if (typeof setting === 'string')
        assert.ok(err.message.includes(setting), `"${err.message}" does not name ${setting}`);
      else assert.match(err.message, setting);
      return true;
    },
    `${JSON.stringify(env)} ${argv.join(' ')} should be refused`,
  );
}

const PG = 'postgres://gatehouse@db.internal:5432/gatehouse';

describe('loadConfig', () => {
  test('defaults: loopback, 8080 and 8081, ./data, SQLite, both listeners, no proxies, no admin', () => {
    const c = loadConfig({});
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.consolePort, 8080);
    assert.equal(c.gatewayPort, 8081);
    assert.equal(c.dataDir, path.resolve('data'));
    assert.equal(c.databaseUrl, undefined);
    assert.equal(c.role, 'all');
    assert.equal(c.logLevel, 'info');
    assert.deepEqual(c.trustedProxies, []);
    assert.equal(c.masterKey, undefined);
    assert.equal(c.adminEmail, undefined);
    assert.equal(c.adminPassword, undefined);
    assert.equal(c.publicUrl, undefined);
  });

  test('an empty environment variable counts as unset', () => {
    const c = loadConfig({ GATEHOUSE_CONSOLE_PORT: '', GATEHOUSE_DATABASE_URL: '', GATEHOUSE_ROLE: '' });
    assert.equal(c.consolePort, 8080);
    assert.equal(c.databaseUrl, undefined);
    assert.equal(c.role, 'all');
  });

  test('every setting is read from the environment', () => {
    const key = randomBytes(32);
    const c = loadConfig({
      GATEHOUSE_HOST: '0.0.0.0',
      GATEHOUSE_CONSOLE_PORT: '9080',
      GATEHOUSE_GATEWAY_PORT: '9081',
      GATEHOUSE_DATA_DIR: '/var/lib/gatehouse',
      GATEHOUSE_DATABASE_URL: PG,
      GATEHOUSE_ADMIN_EMAIL: 'Owner@Example.com',
      GATEHOUSE_ADMIN_PASSWORD: 'twelve chars',
      GATEHOUSE_MASTER_KEY: key.toString('hex'),
      GATEHOUSE_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.1 ::ffff:172.16.0.0/108',
      GATEHOUSE_ROLE: 'gateway',
      GATEHOUSE_LOG_LEVEL: 'warn',
      GATEHOUSE_PUBLIC_URL: 'https://gatehouse.example.com/ignored/path',
    });
    assert.deepEqual(
      [c.host, c.consolePort, c.gatewayPort, c.dataDir],
      ['0.0.0.0', 9080, 9081, '/var/lib/gatehouse'],
    );
    assert.equal(c.databaseUrl, PG);
    assert.deepEqual([c.adminEmail, c.adminPassword], ['owner@example.com', 'twelve chars']);
    assert.ok(c.masterKey?.equals(key));
    assert.deepEqual(
      c.trustedProxies.map((r) => r.text),
      ['10.0.0.0/8', '192.168.1.1', '172.16.0.0/12'],
    );
    assert.deepEqual([c.role, c.logLevel, c.publicUrl], ['gateway', 'warn', 'https://gatehouse.example.com']);
    assert.ok(
      loadConfig({ GATEHOUSE_MASTER_KEY: key.toString('base64') }).masterKey?.equals(key),
      'base64 works too',
    );
    assert.equal(
      loadConfig({ GATEHOUSE_DATABASE_URL: 'postgresql://h/db' }).databaseUrl,
      'postgresql://h/db',
    );
  });

  test('a flag wins over its environment variable', () => {
    const env = {
      GATEHOUSE_CONSOLE_PORT: '9080',
      GATEHOUSE_HOST: '0.0.0.0',
      GATEHOUSE_LOG_LEVEL: 'warn',
      GATEHOUSE_DATA_DIR: '/env',
    };
    const c = loadConfig(env, [
      '--console-port',
      '9180',
      '--host=::1',
      '--log-level',
      'debug',
      '--data-dir',
      '/flag',
    ]);
    assert.deepEqual([c.consolePort, c.host, c.logLevel, c.dataDir], [9180, '::1', 'debug', '/flag']);
    assert.equal(loadConfig(env).consolePort, 9080);
    // The variable a flag overrides is not read, so a bad one does not matter.
    assert.equal(loadConfig({ GATEHOUSE_CONSOLE_PORT: 'abc' }, ['--console-port', '9000']).consolePort, 9000);
    refuses({ GATEHOUSE_CONSOLE_PORT: '9000' }, ['--console-port', 'abc'], '--console-port');
  });

  test('a bad port is refused, naming the setting', () => {
    for (const value of ['abc', '65536', '-1', '80.5', '8o80', ' 8080'])
      refuses({ GATEHOUSE_CONSOLE_PORT: value }, [], 'GATEHOUSE_CONSOLE_PORT');
    refuses({ GATEHOUSE_GATEWAY_PORT: 'http' }, [], 'GATEHOUSE_GATEWAY_PORT');
    refuses({}, ['--gateway-port', '99999'], '--gateway-port');
    refuses({ GATEHOUSE_CONSOLE_PORT: '9000', GATEHOUSE_GATEWAY_PORT: '9000' }, [], 'GATEHOUSE_GATEWAY_PORT');
    refuses({}, ['--console-port', '9000', '--gateway-port', '9000'], /^--gateway-port: .*--console-port/);
    assert.equal(
      loadConfig({ GATEHOUSE_CONSOLE_PORT: '0', GATEHOUSE_GATEWAY_PORT: '0' }).consolePort,
      0,
      'two OS-chosen ports',
    );
  });

  test('a bad host is refused, naming the setting', () => {
    for (const value of ['gatehouse.example.com', '300.1.1.1', '10.0.0.0/8'])
      refuses({ GATEHOUSE_HOST: value }, [], 'GATEHOUSE_HOST');
    refuses({}, ['--host', 'example.com'], '--host');
    assert.equal(loadConfig({ GATEHOUSE_HOST: 'localhost' }).host, 'localhost');
  });

  test('a master key that is not 32 bytes is refused, naming the setting', () => {
    for (const value of [
      'short',
      randomBytes(16).toString('hex'),
      randomBytes(31).toString('base64'),
      'z'.repeat(64),
    ]) {
      refuses({ GATEHOUSE_MASTER_KEY: value }, [], 'GATEHOUSE_MASTER_KEY');
    }
  });

  test('a trusted proxy that is not an address or a CIDR range is refused, naming the entry', () => {
    refuses(
      { GATEHOUSE_TRUSTED_PROXIES: '10.0.0.0/33' },
      [],
      /^GATEHOUSE_TRUSTED_PROXIES: .*"10\.0\.0\.0\/33"/,
    );
    refuses(
      { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1, proxy.internal' },
      [],
      /^GATEHOUSE_TRUSTED_PROXIES: .*"proxy\.internal"/,
    );
    refuses({}, ['--trusted-proxies', '::1/129'], '--trusted-proxies');
  });

  test('a database URL that is not postgres:// is refused, naming the setting', () => {
    for (const value of [
      'mysql://root@db/gatehouse',
      'sqlite:///var/lib/gatehouse.db',
      'not a url',
      '/var/lib/gatehouse.db',
    ]) {
      refuses({ GATEHOUSE_DATABASE_URL: value }, [], 'GATEHOUSE_DATABASE_URL');
    }
  });

  test('the first admin needs both e-mail and password, a real address and at least 12 characters', () => {
    refuses(
      { GATEHOUSE_ADMIN_EMAIL: 'owner@example.com' },
      [],
      /GATEHOUSE_ADMIN_EMAIL.*GATEHOUSE_ADMIN_PASSWORD/,
    );
    refuses(
      { GATEHOUSE_ADMIN_PASSWORD: 'correct horse battery' },
      [],
      /GATEHOUSE_ADMIN_EMAIL.*GATEHOUSE_ADMIN_PASSWORD/,
    );
    refuses(
      { GATEHOUSE_ADMIN_EMAIL: 'owner', GATEHOUSE_ADMIN_PASSWORD: 'correct horse battery' },
      [],
      'GATEHOUSE_ADMIN_EMAIL',
    );
    refuses(
      { GATEHOUSE_ADMIN_EMAIL: 'owner@example.com', GATEHOUSE_ADMIN_PASSWORD: 'elevenchars' },
      [],
      'GATEHOUSE_ADMIN_PASSWORD',
    );
  });

  test('running one half alone needs PostgreSQL; an unknown role is refused', () => {
    refuses({}, ['--role', 'gateway'], /--role.*GATEHOUSE_DATABASE_URL/);
    refuses({}, ['--role', 'console'], /--role.*GATEHOUSE_DATABASE_URL/);
    refuses({ GATEHOUSE_ROLE: 'gateway' }, [], /GATEHOUSE_ROLE.*GATEHOUSE_DATABASE_URL/);
    refuses({ GATEHOUSE_ROLE: 'replica' }, [], 'GATEHOUSE_ROLE');
    assert.equal(loadConfig({ GATEHOUSE_DATABASE_URL: PG }, ['--role', 'gateway']).role, 'gateway');
  });

  test('other bad values: log level, public URL', () => {
    refuses({ GATEHOUSE_LOG_LEVEL: 'verbose' }, [], 'GATEHOUSE_LOG_LEVEL');
    refuses({ GATEHOUSE_PUBLIC_URL: 'ftp://gatehouse.example.com' }, [], 'GATEHOUSE_PUBLIC_URL');
    refuses({ GATEHOUSE_PUBLIC_URL: 'gatehouse.example.com' }, [], 'GATEHOUSE_PUBLIC_URL');
  });

  test('the Gateway public URL: unset by default; a base URL, its path kept; anything else refused', () => {
    assert.equal(loadConfig({}).gatewayPublicUrl, undefined);
    assert.equal(
      loadConfig({ GATEHOUSE_GATEWAY_PUBLIC_URL: 'https://ai.example.com' }).gatewayPublicUrl,
      'https://ai.example.com',
    );
    assert.equal(
      loadConfig({}, ['--gateway-public-url', 'https://proxy.example.com/gatehouse/']).gatewayPublicUrl,
      'https://proxy.example.com/gatehouse',
    );
    for (const bad of [
      'ai.example.com',
      'ftp://ai.example.com',
      'https://ai.example.com/?key=1',
      'https://user:pw@ai.example.com',
    ]) {
      refuses({ GATEHOUSE_GATEWAY_PUBLIC_URL: bad }, [], 'GATEHOUSE_GATEWAY_PUBLIC_URL');
    }
  });

  test('SMTP: unset by default; a URL with its sender; each bad value refused, never echoing a password', () => {
    assert.equal(loadConfig({}).smtp, undefined);
    const c = loadConfig({
      GATEHOUSE_SMTP_URL: 'smtps://mailer:s3cret@mail.example.com',
      GATEHOUSE_SMTP_FROM: 'Gatehouse <gatehouse@example.com>',
    });
    assert.deepEqual(
      [c.smtp?.url.protocol, c.smtp?.url.hostname, c.smtp?.url.username, c.smtp?.from],
      ['smtps:', 'mail.example.com', 'mailer', 'Gatehouse <gatehouse@example.com>'],
    );
    assert.equal(
      loadConfig({}, ['--smtp-url', 'smtp://127.0.0.1:2525', '--smtp-from', 'ops@example.com']).smtp?.from,
      'ops@example.com',
    );
    const from = { GATEHOUSE_SMTP_FROM: 'gatehouse@example.com' };
    refuses(
      { ...from, GATEHOUSE_SMTP_URL: 'https://mail.example.com' },
      [],
      /GATEHOUSE_SMTP_URL: must start/,
    );
    refuses({ ...from, GATEHOUSE_SMTP_URL: 'not a url' }, [], 'GATEHOUSE_SMTP_URL');
    refuses({ GATEHOUSE_SMTP_URL: 'smtp://mail.example.com' }, [], /GATEHOUSE_SMTP_FROM: set the sender/);
    refuses(from, [], /GATEHOUSE_SMTP_FROM: set GATEHOUSE_SMTP_URL too/);
    refuses(
      { GATEHOUSE_SMTP_URL: 'smtp://mail.example.com', GATEHOUSE_SMTP_FROM: 'Gatehouse' },
      [],
      'GATEHOUSE_SMTP_FROM',
    );
    assert.throws(
      () => loadConfig({ ...from, GATEHOUSE_SMTP_URL: 'ftp://u:hunter2hunter2@mail.example.com' }),
      (err: Error) => !err.message.includes('hunter2'),
    );
  });

  test('upstream timeouts: defaults for the providers’ pace, and a bad value refused, naming it', () => {
    assert.deepEqual(loadConfig({}).upstream, { connectMs: 10_000, firstByteMs: 600_000, idleMs: 300_000 });
    assert.equal(loadConfig({}, ['--upstream-idle-timeout-ms', '2500']).upstream.idleMs, 2500);
    refuses({ GATEHOUSE_UPSTREAM_CONNECT_TIMEOUT_MS: '10s' }, [], 'GATEHOUSE_UPSTREAM_CONNECT_TIMEOUT_MS');
    refuses(
      { GATEHOUSE_UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '0' },
      [],
      'GATEHOUSE_UPSTREAM_FIRST_BYTE_TIMEOUT_MS',
    );
    refuses({}, ['--upstream-idle-timeout-ms', '99999999'], '--upstream-idle-timeout-ms');
  });

  test('connection limits and the shutdown deadline: documented defaults, settable, bad values refused', () => {
    assert.deepEqual(loadConfig({}).connections, {
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 20_000,
      bodyIdleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 1024,
      maxConnectionsPerAddress: 256,
    });
    assert.equal(loadConfig({}).shutdownTimeoutMs, 20_000);
    const set = loadConfig({
      GATEHOUSE_REQUEST_TIMEOUT_MS: '5000',
      GATEHOUSE_HEADERS_TIMEOUT_MS: '1000',
      GATEHOUSE_BODY_IDLE_TIMEOUT_MS: '2000',
      GATEHOUSE_KEEP_ALIVE_TIMEOUT_MS: '3000',
      GATEHOUSE_MAX_CONNECTIONS: '10',
      GATEHOUSE_MAX_CONNECTIONS_PER_ADDRESS: '4',
      GATEHOUSE_SHUTDOWN_TIMEOUT_MS: '1500',
    });
    assert.deepEqual(set.connections, {
      requestTimeoutMs: 5000,
      headersTimeoutMs: 1000,
      bodyIdleTimeoutMs: 2000,
      keepAliveTimeoutMs: 3000,
      maxConnections: 10,
      maxConnectionsPerAddress: 4,
    });
    assert.equal(set.shutdownTimeoutMs, 1500);
    assert.equal(loadConfig({}, ['--max-connections', '7']).connections.maxConnections, 7);
    refuses({ GATEHOUSE_MAX_CONNECTIONS: '0' }, [], 'GATEHOUSE_MAX_CONNECTIONS');
    refuses({ GATEHOUSE_MAX_CONNECTIONS_PER_ADDRESS: 'many' }, [], 'GATEHOUSE_MAX_CONNECTIONS_PER_ADDRESS');
    refuses({ GATEHOUSE_REQUEST_TIMEOUT_MS: '0' }, [], 'GATEHOUSE_REQUEST_TIMEOUT_MS');
    refuses({ GATEHOUSE_SHUTDOWN_TIMEOUT_MS: '-1' }, [], 'GATEHOUSE_SHUTDOWN_TIMEOUT_MS');
    // The headers are part of the request: a headers timeout beyond the request timeout is a mistake.
    refuses({ GATEHOUSE_REQUEST_TIMEOUT_MS: '5000' }, [], 'GATEHOUSE_HEADERS_TIMEOUT_MS');
  });

  test('an unknown flag, a flag without its value, or a stray argument is refused, naming it', () => {
    refuses({}, ['--colour', 'blue'], '--colour');
    refuses({}, ['--console-port'], '--console-port');
    refuses({}, ['serve'], /^command line: /);
  });
});

describe('the program', () => {
  test('a bad setting exits with code 2 and one line on stderr naming it', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEHOUSE_')));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...env, GATEHOUSE_CONSOLE_PORT: 'abc', GATEHOUSE_DATA_DIR: path.join(root, 'never-created') },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(run.status, 2, `exit ${run.status} (${run.signal ?? 'no signal'}); stderr: ${run.stderr}`);
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0]!, /GATEHOUSE_CONSOLE_PORT/);
    assert.equal(run.stdout, '');
  });
});
