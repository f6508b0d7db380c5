// A console that cannot be reached, each way it happens, gives one sentence a person can act on (no stack
// trace) and exit 4; logout still signs out locally; a refresh that cannot happen is a notice while the
// token still works.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { freePort } from '../../server/test/helpers/child-process.ts';
import { newMachine, runCli, type Machine } from './helpers/cli.ts';
import { DAY, storeSession } from './helpers/fake-session.ts';

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
}

/**
 * A self-signed certificate for 127.0.0.1, which no trust store holds. Kept in fixtures/ (valid for a
 * hundred years) rather than made with openssl, which a fresh machine with only Node and npm lacks.
 */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const fixtures = path.join(import.meta.dirname, 'fixtures');
  return {
    key: fs.readFileSync(path.join(fixtures, 'untrusted-key.pem')),
    cert: fs.readFileSync(path.join(fixtures, 'untrusted-cert.pem')),
  };
}

function assertActionable(res: { code: number | null; stderr: string }, code: number, message: RegExp) {
  assert.equal(res.code, code, res.stderr);
  assert.match(res.stderr, message);
  assert.doesNotMatch(
    res.stderr,
    /\n\s+at |TypeError|fetch failed/,
    `no stack trace or raw error: ${res.stderr}`,
  );
}

describe('an unreachable console', () => {
  let machine: Machine;
  const servers: net.Server[] = [];
  let plainPort: number;
  let silentPort: number;
  let tlsPort: number;
  let notConsolePort: number;

  before(async () => {
    const plain = http.createServer((_req, res) => res.end('hello'));
    const silent = http.createServer(() => undefined); // accepts, never answers
    const tls = https.createServer(selfSigned(), (_req, res) => res.end('{}'));
    const notConsole = http.createServer((_req, res) => {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/html');
      res.end('<h1>Not Found</h1>');
    });
    servers.push(plain, silent, tls, notConsole);
    plainPort = await listen(plain);
    silentPort = await listen(silent);
    tlsPort = await listen(tls);
    notConsolePort = await listen(notConsole);
  });
  after(() => {
    for (const s of servers) {
      // The silent server holds the timed-out connection open.
      (s as http.Server).closeAllConnections?.();
      s.close();
    }
  });
  afterEach(() => machine?.cleanup());

  const login = (url: string, env: Record<string, string> = {}) =>
    runCli((machine = newMachine()), ['login', '--console', url, '--no-browser'], env);

  test('connection refused', async () => {
    const port = await freePort();
    assertActionable(
      await login(`http://127.0.0.1:${port}`),
      4,
      /connection was refused\. Check the address and port/,
    );
  });

  test('a host name that does not resolve', async () => {
    assertActionable(
      await login('https://gatehouse.invalid'),
      4,
      /host name gatehouse\.invalid could not be resolved/,
    );
  });

  test('https:// to a server that speaks plain HTTP', async () => {
    assertActionable(
      await login(`https://127.0.0.1:${plainPort}`),
      4,
      /should start with http:\/\/ rather than https:\/\//,
    );
  });

  test('a certificate no trust store holds', async () => {
    assertActionable(
      await login(`https://127.0.0.1:${tlsPort}`),
      4,
      /certificate was not trusted.*NODE_EXTRA_CA_CERTS/,
    );
  });

  test('a console that does not answer in time', async () => {
    const started = Date.now();
    const res = await login(`http://127.0.0.1:${silentPort}`, { GATEHOUSE_CLIENT_TIMEOUT_MS: '700' });
    assertActionable(res, 4, /did not answer within 1 s\. Check your network, VPN or proxy/);
    assert.ok(Date.now() - started < 10_000, 'the timeout is honoured');
  });

  test('an address that answers but is not a Gatehouse console', async () => {
    assertActionable(
      await login(`http://127.0.0.1:${notConsolePort}`),
      1,
      /did not answer as a Gatehouse console \(HTTP 404\)/,
    );
  });

  test('not a URL, or no console given', async () => {
    assertActionable(await login('gatehouse.example.com'), 2, /is not a URL/);
    assertActionable(
      await runCli((machine = newMachine()), ['login', '--no-browser']),
      2,
      /Run `gatehouse-client login --console <console URL>`/,
    );
  });

  test('logout offline deletes the tokens here and says the console was not told', async () => {
    machine = newMachine();
    storeSession(machine, { console_url: `http://127.0.0.1:${await freePort()}` });
    const res = await runCli(machine, ['logout']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(
      res.stdout,
      /Signed out on this machine: the tokens are deleted\. But the Gatehouse console could not be told/,
    );
    assert.equal(machine.state().session, undefined, 'no tokens left');
  });

  test('a refresh that cannot happen: a notice while the token works, exit 4 once it has expired', async () => {
    machine = newMachine();
    const port = await freePort();
    const now = Date.now();
    storeSession(machine, {
      console_url: `http://127.0.0.1:${port}`,
      issued_at: now - 29 * DAY,
      expires_at: now + DAY,
    });
    const due = await runCli(machine, ['env', 'claude-code']);
    assert.equal(due.code, 0, due.stderr);
    assert.match(due.stdout, /^export ANTHROPIC_BASE_URL=/m, 'the lines are printed all the same');
    assert.match(due.stderr, /connection was refused[\s\S]*not refreshed; it stays valid until/);

    storeSession(machine, {
      console_url: `http://127.0.0.1:${port}`,
      issued_at: now - 31 * DAY,
      expires_at: now - DAY,
    });
    assertActionable(await runCli(machine, ['env', 'claude-code']), 4, /connection was refused/);
  });
});
