// The device approval page end to end, in Debian's Chromium against the real server, with the endpoint
// client's side played by a real OAuth client library (RFC 8628): the page the client opens signs the
// developer in with their own account (no admin session anywhere), shows what device is asking under the
// code, and approves it (the next poll gets the tokens) or denies it (access_denied). A wrong code is
// the API's message; someone without an account asks for access, which approves the device on their
// behalf and waits for an admin.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { PASSWORD, addDeveloper } from '../helpers/people.ts';
import { poll, refused, startSignIn, waitedSincePoll } from '../helpers/device-sign-in.ts';
import { assertNoPageScroll, consoleSuite, openConsole, screenshot } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

eachEngineWithBrowser('console: approving a device', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)), 800);
  let owner: ApiClient;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    await addDeveloper(server, owner, 'ada@example.com');
  });

  test('a developer signs in with their own account, sees the device and approves it', async () => {
    const { page } = c;
    const codes = await startSignIn(server.consoleUrl);
    await page.goto(codes.verification_uri_complete!);
    await page.getByRole('heading', { name: 'Sign in a device' }).waitFor();
    await assertNoPageScroll(page);
    await page.getByLabel('E-mail address').fill('ada@example.com');
    await page.getByLabel(/^Password/).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Approve a device' }).waitFor();
    await page.getByText('Signed in as ada@example.com').waitFor();
    const code = page.getByLabel(/^Code shown in your terminal/);
    assert.equal(await code.inputValue(), codes.user_code, 'the link fills the code in');
    await page.getByRole('button', { name: 'Continue' }).click();
    const asking = page.getByRole('table', { name: 'The device asking' });
    await asking.getByText('ada-mbp').waitFor();
    await asking.getByText('darwin-arm64').waitFor();
    await asking.getByText('0.1.0').waitFor();
    await asking.getByText('127.0.0.1').waitFor();
    await asking.getByText(codes.user_code).waitFor();
    await assertNoPageScroll(page);
    await screenshot(page, 'device-approval');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'Device approved' }).waitFor();
    await page.getByText('ada-mbp is approved').waitFor();
    const tokens = await poll(server.consoleUrl, codes.device_code);
    assert.match(tokens.access_token, /^ghdt_/, 'the next poll gets the device token');
    assert.deepEqual(c.problems, []);
  });

  test('a wrong code is the API’s message; a code typed in lower case without its dash is denied', async () => {
    const { page } = c;
    await page.goto(`${server.consoleUrl}/console/device`);
    await page.getByRole('heading', { name: 'Approve a device' }).waitFor();
    const code = page.getByLabel(/^Code shown in your terminal/);
    assert.equal(await code.inputValue(), '', 'no code in the address, none filled in');
    await code.fill('BCDF-GHJK');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/No sign-in request has the code BCDF-GHJK/).waitFor();
    await screenshot(page, 'device-wrong-code');

    const codes = await startSignIn(server.consoleUrl, {
      device_name: 'build-box',
      platform: 'linux-x64',
      client_version: '0.1.0',
    });
    await code.fill(codes.user_code.replace('-', '').toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('table', { name: 'The device asking' }).getByText('build-box').waitFor();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('heading', { name: 'Device denied' }).waitFor();
    await refused(poll(server.consoleUrl, codes.device_code), 400, 'access_denied');
    assert.deepEqual(c.problems, []);
  });

  test('signing out returns to the sign-in form; no admin session was ever made', async () => {
    const { page } = c;
    await page.goto(`${server.consoleUrl}/console/device`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in a device' }).waitFor();
    await page.getByText('You have signed out.').waitFor();
    await page.goto(`${server.consoleUrl}/console/people`);
    await page.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
    assert.deepEqual(c.problems, []);
  });

  test('no account yet: asking for access approves the device, which waits for an admin', async () => {
    const { page, problems } = await openConsole(c.browser, 800);
    const codes = await startSignIn(server.consoleUrl, {
      device_name: 'grace-laptop',
      platform: 'linux-x64',
      client_version: '0.1.0',
    });
    await page.goto(codes.verification_uri_complete!);
    await page.getByRole('button', { name: 'Request access' }).click();
    await page.getByRole('heading', { name: 'Request access' }).waitFor();
    await page.getByLabel('E-mail address').fill('grace@example.com');
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel(/^Password \(at least/).fill(PASSWORD);
    await page.getByLabel('Password, again').fill(PASSWORD);
    assert.equal(await page.getByLabel(/^Code shown in your terminal/).inputValue(), codes.user_code);
    await assertNoPageScroll(page);
    await screenshot(page, 'device-request-access');
    await page.getByRole('button', { name: 'Request access' }).click();

    await page.getByRole('heading', { name: 'Access requested' }).waitFor();
    await page.getByText('Your account waits for an admin').waitFor();
    await refused(poll(server.consoleUrl, codes.device_code), 400, 'authorization_pending');

    const pending = (await owner.get('/api/v1/developers?status=pending')).body.developers;
    assert.deepEqual(
      pending.map((d: any) => [d.email, d.name]),
      [['grace@example.com', 'Grace Hopper']],
    );
    assert.equal((await owner.post(`/api/v1/developers/${pending[0].id}/approve`)).status, 200);
    await waitedSincePoll(server, codes.device_code);
    const tokens = await poll(server.consoleUrl, codes.device_code);
    assert.match(tokens.access_token, /^ghdt_/, 'approved by an admin, the device gets its token');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
