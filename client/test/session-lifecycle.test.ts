// A signed-in machine against a real Gatehouse: status, the refresh before expiry that rewrites the
// tools' settings, logout (RFC 7009), signing in again, and an account offboarded under a signed-in device.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { eachEngine } from '../../server/test/helpers/engines.ts';
import type { TestServer } from '../../server/test/helpers/server.ts';
import { runCli, type Machine } from './helpers/cli.ts';
import { gatehouseSuite, signInMachine } from './helpers/device-flow.ts';

const HOUR = 3_600_000;

/** Makes the stored token expire `ms` from now, as if time had passed since it was issued. */
function expireIn(machine: Machine, ms: number) {
  const file = path.join(machine.configDir, 'config.json');
  const state = JSON.parse(fs.readFileSync(file, 'utf8'));
  const shift = Date.now() + ms - state.session.expires_at;
  state.session.expires_at += shift;
  state.session.issued_at += shift;
  fs.writeFileSync(file, JSON.stringify(state));
}

async function gatewayAnswer(server: TestServer, token: string): Promise<number> {
  return (await fetch(`${server.gatewayUrl}/d/${token}/v1/models`)).status;
}

eachEngine('gatehouse-client session', (engine) => {
  const g = gatehouseSuite(engine);

  test('status: who, which device, console, Gateway, expiry, and the Gateway accepts the session', async () => {
    await g.org.developer('ada@example.com');
    const machine = g.machine();
    await signInMachine(machine, g.server, 'ada@example.com');
    const { session } = machine.state();
    const res = await runCli(machine, ['status']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^Signed in as ada@example\.com$/m);
    assert.match(res.stdout, new RegExp(`device +${session.device_id}`));
    assert.match(res.stdout, new RegExp(`console +${g.server.consoleUrl}`));
    assert.match(res.stdout, new RegExp(`gateway +${g.server.gatewayUrl}`));
    assert.match(res.stdout, /token +valid until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 30 days\)/);
    assert.match(res.stdout, /session +accepted/);
    assert.equal(res.stderr, '', 'a fresh token is not refreshed');
  });

  test('a token in its refresh window is refreshed by the next command, and the tools get the new one', async () => {
    await g.org.developer('bob@example.com');
    const machine = g.machine();
    await signInMachine(machine, g.server, 'bob@example.com');
    const setup = await runCli(machine, ['setup', 'claude-code']);
    assert.equal(setup.code, 0, setup.stderr);
    const settings = path.join(machine.home, '.claude', 'settings.json');
    const old = machine.state().session;

    expireIn(machine, 2 * HOUR);
    const res = await runCli(machine, ['status']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stderr, /Refreshed the device token; it is valid until .*\(in 30 days\)/);
    const fresh = machine.state().session;
    assert.notEqual(fresh.access_token, old.access_token, 'a new device token');
    assert.notEqual(fresh.refresh_token, old.refresh_token, 'the refresh token rotated');
    assert.equal(fresh.device_id, old.device_id, 'the same device');
    assert.ok(fresh.expires_at > Date.now() + 29 * 24 * HOUR, 'the expiry slid forward');
    const env = JSON.parse(fs.readFileSync(settings, 'utf8')).env;
    assert.equal(env.ANTHROPIC_AUTH_TOKEN, fresh.access_token, 'Claude Code has the new token');
    assert.equal(env.ANTHROPIC_BASE_URL, `${g.server.gatewayUrl}/d/${fresh.access_token}`);
    assert.equal(await gatewayAnswer(g.server, fresh.access_token), 200, 'the Gateway takes the new token');

    const again = await runCli(machine, ['status']);
    assert.equal(again.stderr, '', 'no second refresh once it is fresh');
  });

  test('two commands at once in the refresh window refresh once, and the session survives', async () => {
    await g.org.developer('ann@example.com');
    const machine = g.machine();
    await signInMachine(machine, g.server, 'ann@example.com');
    expireIn(machine, 2 * HOUR);
    // Two refreshes with one refresh token would be a replay, which ends the session (RFC 9700).
    const both = await Promise.all([1, 2].map(() => runCli(machine, ['env', 'claude-code'])));
    for (const res of both) assert.equal(res.code, 0, res.stderr);
    assert.equal(both.filter((r) => /Refreshed/.test(r.stderr)).length, 1, 'one of them refreshed');
    const { session } = machine.state();
    for (const res of both)
      assert.match(res.stdout, new RegExp(`ANTHROPIC_AUTH_TOKEN='${session.access_token}'`));
    const status = await runCli(machine, ['status']);
    assert.equal(status.code, 0, `${status.stdout}\n${status.stderr}`);
    assert.match(status.stdout, /session +accepted/);
  });

  test('logout revokes the session on the console and deletes the tokens here', async () => {
    await g.org.developer('cat@example.com');
    const machine = g.machine();
    await signInMachine(machine, g.server, 'cat@example.com');
    const { session } = machine.state();
    assert.equal(await gatewayAnswer(g.server, session.access_token), 200, 'works before');

    const res = await runCli(machine, ['logout']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /Signed out: the console ended this device's session/);
    assert.equal(machine.state().session, undefined, 'no tokens left here');
    assert.equal(
      await gatewayAnswer(g.server, session.access_token),
      401,
      'the Gateway refuses the old token',
    );
    const devices = await g.org.owner.get('/api/v1/devices');
    const device = devices.body.devices.find((d: any) => d.id === session.device_id);
    assert.equal(device?.status, 'revoked', JSON.stringify(device));

    const status = await runCli(machine, ['status']);
    assert.equal(status.code, 3, status.stderr);
    assert.match(status.stderr, /not signed in to Gatehouse\. Run `gatehouse-client login --console/);
    const twice = await runCli(machine, ['logout']);
    assert.equal(twice.code, 0, twice.stderr);
    assert.match(twice.stdout, /not signed in to Gatehouse; nothing to do/);
  });

  test('signing in again ends the earlier session and gives the tools the new token', async () => {
    await g.org.developer('dan@example.com');
    const machine = g.machine();
    await signInMachine(machine, g.server, 'dan@example.com');
    assert.equal((await runCli(machine, ['setup', 'gemini-cli'])).code, 0);
    const first = machine.state().session;
    await signInMachine(machine, g.server, 'dan@example.com');
    const second = machine.state().session;
    assert.notEqual(second.device_id, first.device_id, 'a new device');
    assert.equal(await gatewayAnswer(g.server, first.access_token), 401, 'the earlier session ended');
    const dotenv = fs.readFileSync(path.join(machine.home, '.gemini', '.env'), 'utf8');
    assert.match(dotenv, new RegExp(`^GEMINI_API_KEY="${second.access_token}"$`, 'm'));
  });

  test('an account offboarded under a signed-in device: status and refresh say so, exit 3', async () => {
    const id = await g.org.developer('eve@example.com');
    const machine = g.machine();
    await signInMachine(machine, g.server, 'eve@example.com');
    const off = await g.org.owner.post(`/api/v1/developers/${id}/offboard`, { confirm: 'eve@example.com' });
    assert.equal(off.status, 200, JSON.stringify(off.body));

    const status = await runCli(machine, ['status']);
    assert.equal(status.code, 3, `${status.stdout}\n${status.stderr}`);
    assert.match(status.stdout, /session +refused by the Gateway: .*offboarded/i);
    assert.match(status.stderr, /Run `gatehouse-client login` to sign this machine in again/);

    expireIn(machine, HOUR);
    const env = await runCli(machine, ['env', 'claude-code']);
    assert.equal(env.code, 3, env.stderr);
    assert.match(env.stderr, /The console no longer accepts this device's session: .*offboarded/);
    assert.equal(env.stdout, '', 'nothing for eval to run');
  });
});
