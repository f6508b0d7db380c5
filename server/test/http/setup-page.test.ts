// The one-time setup link printed at first start, opened in a real browser: the console's setup page
// creates the owner, works once, and runs under its strict Content-Security-Policy without a violation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { eachEngineWithBrowser, launchBrowser } from '../helpers/browser.ts';
import { signIn } from '../helpers/api-client.ts';
import { openConsole, screenshot } from '../helpers/console-page.ts';

eachEngineWithBrowser('setup link', (engine) => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startTestServer(engine, { noAdmin: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
    await server.close();
  });

  test('creates the owner in the browser, once', async () => {
    const setupUrl = server.gatehouse.setupUrl!;
    assert.match(setupUrl, /\/console\/setup#token=ghsu_/);
    const { page, problems } = await openConsole(browser);

    const response = await page.goto(setupUrl);
    const csp = response!.headers()['content-security-policy']!;
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    await page.getByRole('heading', { name: 'Set up Gatehouse' }).waitFor();
    assert.doesNotMatch(page.url(), /token=/, 'the token is taken out of the address bar');
    await page.getByLabel('E-mail address').fill('first@example.com');
    await page.getByLabel('Password (at least 12 characters)').fill('a long enough password');
    await page.getByLabel('Password, again').fill('a long enough password');
    await screenshot(page, 'setup');
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await page.getByRole('heading', { name: 'You are the owner' }).waitFor();
    await page.getByRole('link', { name: 'Open the console' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    assert.deepEqual(problems, []);

    const owner = await signIn(server.consoleUrl, 'first@example.com', 'a long enough password');
    assert.equal((await owner.get('/api/v1/session')).body.admin.role, 'owner');

    const again = await browser.newPage();
    await again.goto(setupUrl);
    await again.getByLabel('E-mail address').fill('second@example.com');
    await again.getByLabel('Password (at least 12 characters)').fill('another long password');
    await again.getByLabel('Password, again').fill('another long password');
    await again.getByRole('button', { name: 'Create the owner account' }).click();
    await again
      .getByRole('alert')
      .filter({ hasText: /already set up, so this link no longer works/ })
      .waitFor();
  });
});
