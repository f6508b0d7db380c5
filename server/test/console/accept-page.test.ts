// The invitation accept page end to end, in Debian's Chromium against the real server: the token is
// read from the link's fragment and leaves the address bar; the page says what the invitation is for;
// an admin sets a password and ends signed in to the console; a developer gives a name and a password
// and is told how to sign their machines in. Links the API refuses (410: used, expired, replaced) are
// explained, as is a page opened without a link, and a password that is too short.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { PASSWORD, accept, tokenOf } from '../helpers/people.ts';
import {
  assertNoPageScroll,
  consoleSuite,
  openConsole,
  screenshot,
  signInThroughForm,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

eachEngineWithBrowser('console: accepting an invitation', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));
  let owner: ApiClient;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });

  async function invite(path: string, body: object): Promise<string> {
    const res = await owner.post(path, body);
    assert.ok(res.status === 201 || res.status === 200, JSON.stringify(res.body));
    return res.body.invitation_url as string;
  }

  test('an admin invitation: what it is for, a password, and the console signed in', async () => {
    const { page } = c;
    const link = await invite('/api/v1/admins', { email: 'new-admin@example.com', role: 'admin' });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join the Gatehouse console' }).waitFor();
    await page.getByText('You are invited as an admin with the role admin').waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar');
    assert.equal(await page.getByLabel('E-mail address').inputValue(), 'new-admin@example.com');
    assert.equal(await page.getByLabel('Your name').count(), 0, 'admins are not asked for a name');

    await page.getByLabel(/^Password \(at least/).fill('too short');
    await page.getByLabel('Password, again').fill('too short');
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByRole('alert').getByText('at least 12 characters').waitFor();

    await page.getByLabel(/^Password \(at least/).fill(PASSWORD);
    await page.getByLabel('Password, again').fill(PASSWORD);
    await screenshot(page, 'accept-admin');
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByRole('heading', { name: 'You are signed in' }).waitFor();
    await page.getByRole('link', { name: 'Open the console' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByLabel('Signed in as').getByText('new-admin@example.com').waitFor();
    await page.getByLabel('Role').getByText('admin').waitFor();
    assert.deepEqual(c.problems, []);
  });

  test('the same link again says it has been used', async () => {
    const link = await invite('/api/v1/admins', { email: 'used@example.com', role: 'viewer' });
    assert.equal((await accept(server.consoleUrl, tokenOf(link))).status, 200);
    const { page, problems } = await openConsole(c.browser);
    await page.goto(link);
    await page.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await page.getByRole('alert').getByText('This invitation has been used already').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Accept the invitation' }).count(), 0);
    await screenshot(page, 'accept-used');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('an expired link and a replaced link say so', async () => {
    const { page } = await openConsole(c.browser);
    const expired = await invite('/api/v1/developers', { email: 'late@example.com' });
    await server.gatehouse.services.store.db
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1000 })
      .where('email', '=', 'late@example.com')
      .execute();
    await page.goto(expired);
    await page
      .getByRole('alert')
      .getByText(/This invitation expired on .*invite you again/)
      .waitFor();

    const first = await invite('/api/v1/developers', { email: 'twice@example.com' });
    await invite('/api/v1/developers', { email: 'twice@example.com' });
    await page.goto(first);
    await page
      .getByRole('alert')
      .getByText(/a newer invitation may have replaced it/)
      .waitFor();

    await page.goto(`${server.consoleUrl}/console/accept`);
    await page.getByRole('alert').getByText('This page needs the invitation link you were sent').waitFor();
    await page.close();
  });

  test('a developer invitation: a name and a password, then how to sign a machine in', async () => {
    const { page, problems } = await openConsole(c.browser, 800);
    const link = await invite('/api/v1/developers', { email: 'ada@example.com' });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join Gatehouse as a developer' }).waitFor();
    await assertNoPageScroll(page);
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel(/^Password \(at least/).fill(PASSWORD);
    await page.getByLabel('Password, again').fill(PASSWORD + '!');
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByRole('alert').getByText('The two passwords differ.').waitFor();
    await page.getByLabel('Password, again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();

    await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
    await page.getByText('Welcome, Ada Lovelace').waitFor();
    assert.equal(
      await page.getByLabel('Command', { exact: true }).inputValue(),
      `gatehouse-client login --console ${server.consoleUrl}`,
    );
    await assertNoPageScroll(page);
    await screenshot(page, 'accept-developer');
    const listed = await owner.get('/api/v1/developers?email=ada@example.com');
    assert.deepEqual(
      listed.body.developers.map((d: any) => [d.name, d.status]),
      [['Ada Lovelace', 'active']],
    );
    // A developer has no console session: the admin pages still ask for a sign-in.
    await page.goto(`${server.consoleUrl}/console/people`);
    await page.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('an accepted admin can sign in with the new password later', async () => {
    const { page, problems } = await openConsole(c.browser);
    await signInThroughForm(page, server.consoleUrl, 'used@example.com', PASSWORD);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
