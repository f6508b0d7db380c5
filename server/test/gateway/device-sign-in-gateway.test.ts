// End to end: a machine signed in through the real device authorization grant (RFC 8628, through
// oauth4webapi) uses the Gateway with the device token it received; refreshing hands out a new token
// while the old one keeps working; signing out (RFC 7009) and a replayed refresh token stop both at
// once, with a refusal that says which.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Anthropic, { AuthenticationError } from '@anthropic-ai/sdk';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { addDeveloper, PASSWORD } from '../helpers/people.ts';
import { developerSignIn, refresh, revoke, signDeviceIn } from '../helpers/device-sign-in.ts';

const messages = [{ role: 'user' as const, content: 'Say hello' }];

eachEngine('device sign-in, then the Gateway', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine);
  });
  after(() => f.close());

  const ask = (token: string) =>
    new Anthropic({ apiKey: 'tool-own', baseURL: `${f.gatewayUrl}/d/${token}`, maxRetries: 0 }).messages
      .create({ model: 'claude-haiku-4-5', max_tokens: 16, messages })
      .withResponse();

  async function refusedWith(token: string, words: RegExp) {
    const err = await ask(token).then(
      () => assert.fail('expected a 401'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof AuthenticationError, `expected AuthenticationError, got ${String(err)}`);
    assert.match(err.message, words);
    assert.match(err.message, /gatehouse-client login/);
  }

  async function signedInMachine(email: string, deviceName: string) {
    await addDeveloper(f.server, f.admin, email);
    const developer = await developerSignIn(f.server.consoleUrl, email, PASSWORD);
    const tokens = await signDeviceIn(f.server, developer, {
      device_name: deviceName,
      platform: 'linux-x64',
      client_version: '0.1.0',
    });
    assert.match(tokens.access_token, /^ghdt_/);
    return tokens;
  }

  test('the device token works at once, and the activity names the developer and the device', async () => {
    const tokens = await signedInMachine('e2e@example.com', 'e2e-laptop');
    const { response } = await ask(tokens.access_token);
    const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
    assert.deepEqual(
      [a.actor?.type, a.actor?.name, a.device?.id, a.device?.name],
      ['developer', 'e2e@example.com', tokens.device_id, 'e2e-laptop'],
    );
  });

  test('refresh: the new token works and so does the old; sign-out stops both', async () => {
    const tokens = await signedInMachine('refresh@example.com', 'refresh-laptop');
    await ask(tokens.access_token);
    const refreshed = await refresh(f.server.consoleUrl, tokens.refresh_token!);
    assert.notEqual(refreshed.access_token, tokens.access_token);
    await ask(refreshed.access_token);
    await ask(tokens.access_token);
    await revoke(f.server.consoleUrl, refreshed.refresh_token!);
    await refusedWith(refreshed.access_token, /was signed out/);
    await refusedWith(tokens.access_token, /was signed out/);
  });

  test('a replayed refresh token ends the session: refused as copied', async () => {
    const tokens = await signedInMachine('replay@example.com', 'replay-laptop');
    await refresh(f.server.consoleUrl, tokens.refresh_token!);
    await refresh(f.server.consoleUrl, tokens.refresh_token!).catch(() => undefined);
    await refusedWith(tokens.access_token, /refresh token was used twice/);
  });
});
