// What the console shows a viewer (no create, reissue or revoke), and what it does when the session
// ends under it: back to sign-in with a message saying why.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { eachEngineWithBrowser, launchBrowser } from '../helpers/browser.ts';
import { createCredential, signIn } from '../helpers/api-client.ts';
import { openConsole, screenshot, signInAsNewViewer, signInAsOwner } from '../helpers/console-page.ts';

eachEngineWithBrowser('console: viewer and session expiry', (engine) => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startTestServer(engine);
    browser = await launchBrowser();
    const owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    await createCredential(owner, { name: 'terraform-ci', scopes: ['policy:read'] });
  });
  after(async () => {
    await browser.close();
    await server.close();
  });

  test('a viewer sees the credentials but no create, reissue or revoke', async () => {
    const { page, problems } = await signInAsNewViewer(browser, server);
    await page.goto(`${server.consoleUrl}/console/credentials`); // the navigation is folded at 800 px
    await page.getByRole('row').filter({ hasText: 'terraform-ci' }).waitFor();
    await page.getByLabel('Role').getByText('viewer').waitFor();
    for (const name of ['Create credential', 'Reissue terraform-ci', 'Revoke terraform-ci']) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} button`);
    }
    await screenshot(page, 'credentials-viewer-800px');
    assert.deepEqual(problems, []);
  });

  test('an expired session returns to sign-in and says so', async () => {
    const { page, problems } = await openConsole(browser);
    await signInAsOwner(page, server);
    // Sign-in lands on the overview, whose figures are still being fetched: expired under them, the
    // session would send the page to sign-in before the click below. A page at rest first.
    await page.goto(`${server.consoleUrl}/console/credentials`);
    await page.getByRole('row').filter({ hasText: 'terraform-ci' }).waitFor();
    await server.gatehouse.services.store.db
      .updateTable('admin_sessions')
      .set({ expires_at: Date.now() - 1000 })
      .execute();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
    await page.getByText('Your session has expired').waitFor();

    await page.getByLabel('E-mail address').fill(server.owner.email);
    await page.getByLabel(/^Password/).fill(server.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    assert.deepEqual(problems, []);
  });

  test('sign-out ends the session', async () => {
    const { page } = await openConsole(browser);
    await signInAsOwner(page, server);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    await page.goto(`${server.consoleUrl}/console/credentials`);
    await page.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
  });
});
