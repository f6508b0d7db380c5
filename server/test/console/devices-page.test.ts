// The devices page end to end, in Debian's Chromium against the real server: every device with its
// developer, platform, client version, last sighting and status; filtered by status and by developer
// (in the address, as the people page links to it); revoking behind a confirmation that names the
// device and its developer, after which the device shows as revoked and its sessions are ended. A
// viewer sees the devices and no revoke.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { addDeveloper, insertDevice, insertSession, sessionsOf } from '../helpers/people.ts';
import {
  assertNoPageScroll,
  consoleSuite,
  openFromNavigation,
  screenshot,
  signInAsNewViewer,
  signInAsOwner,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const row = (page: Page, name: string) => page.locator(`tr[data-device="${name}"]`);

eachEngineWithBrowser('console: devices', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));
  let owner: ApiClient;
  let ada: string;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    ada = await addDeveloper(server, owner, 'ada@example.com');
    const grace = await addDeveloper(server, owner, 'grace@example.com');
    const laptop = await insertDevice(server, ada, 'ada-macbook');
    await insertSession(server, ada, laptop);
    await insertSession(server, ada, laptop);
    await insertDevice(server, grace, 'grace-thinkpad');
    await server.gatehouse.services.store.db
      .updateTable('devices')
      .set({ last_seen_at: Date.now() - 5 * 60_000, platform: 'linux-x64', client_version: '0.2.1' })
      .where('name', '=', 'grace-thinkpad')
      .execute();
  });

  test('the navigation leads to the devices, with their developer, platform, version and status', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'Devices');
    const mac = row(page, 'ada-macbook');
    await mac.getByText('ada@example.com').waitFor();
    await mac.getByText('macos-arm64').waitFor();
    await mac.getByText('0.1.0').waitFor();
    await mac.getByText('never').waitFor();
    await mac.getByText('Active').waitFor();
    const thinkpad = row(page, 'grace-thinkpad');
    await thinkpad.getByText('linux-x64').waitFor();
    await thinkpad.getByText('0.2.1').waitFor();
    assert.equal(await thinkpad.getByText('never').count(), 0, 'a device seen has its time');
    await screenshot(page, 'devices');
  });

  test('revoking names the device and its developer, and ends its sessions', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Revoke ada-macbook of ada@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the device' });
    await dialog.getByText('ada-macbook', { exact: true }).waitFor();
    await dialog.getByText('ada@example.com', { exact: true }).waitFor();
    await dialog.getByText(/refused by the Gateway from their next request/).waitFor();
    await screenshot(page, 'device-revoke');
    await dialog.getByRole('button', { name: 'Revoke device' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mac = row(page, 'ada-macbook');
    await mac.getByText('Revoked').waitFor();
    await mac.getByText(/by an admin/).waitFor();
    assert.equal(
      await page.getByRole('button', { name: 'Revoke ada-macbook of ada@example.com' }).count(),
      0,
      'a revoked device has nothing left to revoke',
    );
    const sessions = await sessionsOf(server, ada);
    assert.ok(
      sessions.every((s) => s.revoked_at !== null),
      'every session of the device is revoked',
    );
  });

  test('filters by status and by developer live in the address', async () => {
    const { page } = c;
    await page.getByLabel('Status').selectOption('active');
    await page.waitForURL(/\/console\/devices\?status=active$/);
    await row(page, 'ada-macbook').waitFor({ state: 'detached' });
    await row(page, 'grace-thinkpad').waitFor();

    await page.goto(`${server.consoleUrl}/console/people`);
    await page.getByRole('link', { name: 'Devices of ada@example.com' }).click();
    await page.waitForURL(new RegExp(`/console/devices\\?developer=${ada}$`));
    await page.getByText('Devices of').getByText('ada@example.com').waitFor();
    await row(page, 'ada-macbook').waitFor();
    assert.equal(await row(page, 'grace-thinkpad').count(), 0, 'only the developer’s devices');
    await page.getByRole('button', { name: "Show every developer's devices" }).click();
    await row(page, 'grace-thinkpad').waitFor();
    assert.deepEqual(c.problems, []);
  });

  test('a viewer sees the devices and no revoke, and the page fits 800 px', async () => {
    const { page, problems } = await signInAsNewViewer(c.browser, server);
    await page.goto(`${server.consoleUrl}/console/devices`);
    await row(page, 'grace-thinkpad').waitFor();
    assert.equal(await page.getByRole('button', { name: /^Revoke/ }).count(), 0, 'no revoke button');
    await assertNoPageScroll(page);
    assert.deepEqual(problems, []);
  });
});
