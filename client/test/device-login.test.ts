// `login` against a real Gatehouse: RFC 8628 end to end, approved, denied, expired, slowed down, waiting
// for an admin, and refused for an offboarded account; each outcome in words and an exit code.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { eachEngine } from '../../server/test/helpers/engines.ts';
import { decide, developerSession, gatehouseSuite, startLogin } from './helpers/device-flow.ts';

eachEngine('gatehouse-client login', (engine) => {
  const g = gatehouseSuite(engine);

  test('approved: the tokens and addresses are stored 0600, the browser opened at the link', async () => {
    await g.org.developer('ada@example.com');
    const machine = g.machine();
    // A fake xdg-open on PATH, in a graphical session, records what it was asked to open.
    const bin = path.join(machine.home, 'bin');
    const opened = path.join(machine.home, 'opened.txt');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, {
      mode: 0o755,
    });
    const { run, userCode } = await startLogin(machine, g.server, ['--device-name', 'ada-laptop'], {
      PATH: `${bin}:${process.env.PATH}`,
      DISPLAY: ':0',
    });
    await run.waitFor('stdout', new RegExp(`${g.server.consoleUrl}/console/device\\?user_code=${userCode}`));
    await decide(await developerSession(g.server.consoleUrl, 'ada@example.com'), userCode, 'approve');
    const res = await run.done();
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /Signed in to .* as ada@example\.com \(device \S+, "ada-laptop"\)/);
    assert.equal(
      fs.readFileSync(opened, 'utf8'),
      `${g.server.consoleUrl}/console/device?user_code=${userCode}`,
    );

    const { session } = machine.state();
    assert.match(session.access_token, /^ghdt_/, 'a device token');
    assert.match(session.refresh_token, /^ghdr_/, 'a refresh token');
    assert.equal(session.console_url, g.server.consoleUrl);
    assert.equal(session.gateway_url, g.server.gatewayUrl);
    assert.equal(session.developer.email, 'ada@example.com');
    assert.ok(session.expires_at > Date.now() + 29 * 86_400_000, 'the session lifetime (30 days)');
    assert.equal(fs.statSync(path.join(machine.configDir, 'config.json')).mode & 0o777, 0o600);
    assert.equal(fs.statSync(machine.configDir).mode & 0o777, 0o700);

    const devices = await g.org.owner.get('/api/v1/devices');
    const device = devices.body.devices.find((d: any) => d.id === session.device_id);
    assert.ok(device, `the console lists the device: ${JSON.stringify(devices.body)}`);
    assert.equal(device.name, 'ada-laptop');
    assert.match(device.platform, /^linux-/);
  });

  test('denied in the console: exit 5 and says so', async () => {
    await g.org.developer('bob@example.com');
    const machine = g.machine();
    const { run, userCode } = await startLogin(machine, g.server);
    await decide(await developerSession(g.server.consoleUrl, 'bob@example.com'), userCode, 'deny');
    const res = await run.done();
    assert.equal(res.code, 5, res.stderr);
    assert.match(res.stderr, /The sign-in was refused: The sign-in was denied in the console/);
    assert.equal(fs.existsSync(path.join(machine.configDir, 'config.json')), false, 'nothing stored');
  });

  test('the code expires before anyone approves it: exit 5, run login again', async () => {
    const machine = g.machine();
    const { run } = await startLogin(machine, g.server);
    // Ten minutes are too long for a test: the console's row expires now instead.
    await g.server.gatehouse.services.store.db
      .updateTable('device_authorizations')
      .set({ expires_at: Date.now() - 1 })
      .where('status', '=', 'pending')
      .execute();
    const res = await run.done();
    assert.equal(res.code, 5, res.stderr);
    assert.match(
      res.stderr,
      /The code expired before the sign-in was approved.*Run `gatehouse-client login` again/,
    );
  });

  test('slow_down: the client waits 5 s longer between polls from then on', async () => {
    await g.org.developer('cat@example.com');
    // A relay in front of the console that sends the client's first poll twice: the console answers the
    // second, too early, with slow_down, and that is the answer the client gets.
    const polls: number[] = [];
    const relay = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks).toString();
      const forward = () =>
        fetch(g.server.consoleUrl + req.url, {
          method: req.method,
          headers: { 'content-type': req.headers['content-type'] ?? 'text/plain' },
          ...(req.method === 'POST' ? { body } : {}),
        });
      const isPoll = req.url === '/api/oauth/token' && body.includes('device_code');
      if (isPoll) polls.push(Date.now());
      let answer = await forward();
      if (isPoll && polls.length === 1) answer = await forward();
      res.statusCode = answer.status;
      res.setHeader('content-type', answer.headers.get('content-type') ?? 'application/json');
      res.end(await answer.text());
    });
    const port = await new Promise<number>((resolve) =>
      relay.listen(0, '127.0.0.1', () => resolve((relay.address() as net.AddressInfo).port)),
    );
    try {
      const machine = g.machine();
      const { run, userCode } = await startLogin(machine, {
        ...g.server,
        consoleUrl: `http://127.0.0.1:${port}`,
      });
      while (polls.length < 1) await new Promise((r) => setTimeout(r, 50));
      await decide(await developerSession(g.server.consoleUrl, 'cat@example.com'), userCode, 'approve');
      const res = await run.done();
      assert.equal(res.code, 0, res.stderr);
      assert.equal(polls.length, 2, `one poll after the slow_down gets the tokens: ${polls.length}`);
      const gap = polls[1]! - polls[0]!;
      assert.ok(gap >= 9_900, `after slow_down the interval is 5 + 5 s, not 5 s (waited ${gap} ms)`);
    } finally {
      relay.close();
    }
  });

  test('approved by an account that waits for an admin: says so, and completes once the admin approves', async () => {
    const machine = g.machine();
    const { run, userCode } = await startLogin(machine, g.server);
    const asked = await fetch(`${g.server.consoleUrl}/api/v1/developer/access-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'new@example.com',
        password: 'a long enough password',
        user_code: userCode,
      }),
    });
    const body = (await asked.json()) as any;
    assert.equal(asked.status, 201, JSON.stringify(body));
    await run.waitFor('stdout', /your account is waiting for an administrator/, 20_000);
    const approved = await g.org.owner.post(`/api/v1/developers/${body.developer.id}/approve`);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const res = await run.done();
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /Signed in to .* as new@example\.com/);
  });

  test('an account offboarded before the device collects its tokens: exit 5, says offboarded', async () => {
    const id = await g.org.developer('eve@example.com');
    const machine = g.machine();
    const { run, userCode } = await startLogin(machine, g.server);
    await decide(await developerSession(g.server.consoleUrl, 'eve@example.com'), userCode, 'approve');
    const off = await g.org.owner.post(`/api/v1/developers/${id}/offboard`, { confirm: 'eve@example.com' });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    const res = await run.done();
    assert.equal(res.code, 5, res.stderr);
    assert.match(
      res.stderr,
      /The sign-in was refused: The account was offboarded; ask an admin to invite you again\.$/m,
    );
    assert.equal(fs.existsSync(path.join(machine.configDir, 'config.json')), false, 'nothing stored');
  });
});
