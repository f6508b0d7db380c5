// The SIEM export page end to end, in Debian's Chromium against the real server and a real webhook
// receiver: a destination added through the dialog (its secret typed once, shown masked after), its
// lag reaching 0 as the receiver takes the batches, the Test button showing what the receiver
// answered, and deletion behind its confirmation; a viewer is told the page is for admins.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import {
  consoleSuite,
  openFromNavigation,
  screenshot,
  signInAsNewViewer,
  signInAsOwner,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { startWebhookReceiver, type Receiver } from '../helpers/siem-receivers.ts';

const SECRET = 'whsec_console_test_secret_77';

eachEngineWithBrowser('console: SIEM export', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));
  let owner: ApiClient;
  let hook: Receiver;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    hook = await startWebhookReceiver(SECRET);
  });
  after(() => hook.close());

  const row = () =>
    c.page.getByRole('table', { name: 'SIEM destinations' }).getByRole('row').filter({ hasText: 'Receiver' });

  test('a webhook destination added through the dialog catches up: lag 0, last success shown', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'SIEM export');
    await page.getByText('No SIEM destinations yet').waitFor();
    await page.getByRole('button', { name: 'Add destination' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a SIEM destination' });
    await dialog.getByLabel('Name').fill('Receiver');
    await dialog
      .getByRole('textbox', { name: 'Type' })
      .or(dialog.getByRole('combobox', { name: 'Type' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Webhook (signed JSON)' }).click();
    await dialog.getByLabel('Signing secret').waitFor();
    await dialog.getByLabel('URL').fill(hook.url);
    await dialog.getByLabel('Signing secret').fill(SECRET);
    await dialog.getByRole('button', { name: 'Add destination' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row().waitFor();
    // The receiver takes its own creation event; the page's next refresh shows it caught up.
    await row().locator('[data-lag-stream="audit"]', { hasText: 'audit: 0' }).waitFor();
    await row().getByText('never').waitFor({ state: 'detached' });
    assert.ok(hook.events.some((e) => e.body.doc.action === 'siem_destination.created'));
    const listed = (await owner.get('/api/v1/siem/destinations')).body.destinations;
    assert.equal(listed[0].secret, '••••t_77');
    await screenshot(page, 'siem-export');
  });

  test('Test shows what the receiver answered', async () => {
    const { page } = c;
    await row().getByRole('button', { name: 'Test Receiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test of Receiver' });
    await dialog.getByText('The receiver took the test event').waitFor();
    await dialog.getByText(/HTTP 200/).waitFor();
    assert.ok(hook.events.some((e) => e.body.doc.action === 'siem_destination.test'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('editing keeps the secret unless one is typed; delete asks for the name', async () => {
    const { page } = c;
    await row().getByRole('button', { name: 'Edit Receiver' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Receiver' });
    await edit.getByText('Stored: ••••t_77').waitFor();
    await edit.getByLabel('Name').fill('Receiver two');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await row().filter({ hasText: 'Receiver two' }).waitFor();
    const listed = (await owner.get('/api/v1/siem/destinations')).body.destinations;
    assert.equal(listed[0].name, 'Receiver two');
    assert.equal(listed[0].secret, '••••t_77');

    await row().getByRole('button', { name: 'Delete Receiver two' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the SIEM destination' });
    await confirm.getByRole('textbox').fill('Receiver two');
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No SIEM destinations yet').waitFor();
    assert.deepEqual((await owner.get('/api/v1/siem/destinations')).body.destinations, []);
  });

  test('a viewer is told the page is for owners and admins', async () => {
    const viewer = await signInAsNewViewer(c.browser, server);
    try {
      await viewer.page.goto(`${server.consoleUrl}/console/settings/siem`);
      await viewer.page.getByRole('heading', { name: 'SIEM export', level: 1 }).waitFor();
      await viewer.page.getByText('For owners and admins').waitFor();
      assert.equal(await viewer.page.getByRole('button', { name: 'Add destination' }).count(), 0);
    } finally {
      await viewer.page.context().close();
    }
  });
});
