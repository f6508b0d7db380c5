// The Retention page end to end, in Debian's Chromium against the real server: each log's setting and
// oldest record kept; a change saved; lowering audit retention only through a confirmation that says
// what it deletes (cancel leaves it, confirm saves it and audits it as lowered); what the job's last
// run deleted; and a viewer reading it all with no control that changes it.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, signIn, type ApiClient } from '../helpers/api-client.ts';
import {
  assertNoPageScroll,
  consoleSuite,
  openFromNavigation,
  screenshot,
  signInAsNewViewer,
  signInAsOwner,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { DAY, seedActivity } from '../retention/seed.ts';

const field = (page: Page, label: string) => page.getByLabel(`${label} (days)`);
const row = (page: Page, log: string) =>
  page.getByRole('table', { name: 'What is kept' }).getByRole('row').filter({ hasText: log });

eachEngineWithBrowser('console: retention', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));
  let owner: ApiClient;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });

  test('the navigation leads to each log’s setting and oldest record kept', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'Retention');
    assert.equal(await field(page, 'Gateway activity').inputValue(), '90');
    assert.equal(await field(page, 'Audit events').inputValue(), '400');
    assert.equal(await field(page, 'Resolved risk findings').inputValue(), '365');
    await row(page, 'Audit events').getByText('400 days').waitFor();
    await row(page, 'Gateway activity').getByText('None').waitFor();
    await page.getByText('The job has not run yet.').waitFor();
  });

  test('raising a setting saves at once', async () => {
    const { page } = c;
    await field(page, 'Gateway activity').fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Gateway activity').getByText('120 days').waitFor();
    assert.equal((await owner.get('/api/v1/settings/retention')).body.activity_days, 120);
  });

  test('lowering audit retention asks first; cancel leaves it, confirm saves it and is audited', async () => {
    const { page } = c;
    await field(page, 'Audit events').fill('200');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lower audit retention?' });
    await dialog.getByText('older than 200 days (now kept for 400) will be deleted for good').waitFor();
    await screenshot(page, 'retention-lower-audit');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await owner.get('/api/v1/settings/retention')).body.audit_days, 400);

    await page.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Keep audit events 200 days' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'Audit events').getByText('200 days').waitFor();
    assert.equal((await owner.get('/api/v1/settings/retention')).body.audit_days, 200);
    const [lowered] = await auditEvents(owner, { action: 'settings.audit_retention_lowered' });
    assert.deepEqual(lowered?.details, { from: 400, to: 200 });
  });

  test('what the last run deleted', async () => {
    const { page } = c;
    const store = server.gatehouse.services.store;
    await seedActivity(store, 1500, Date.now() - 400 * DAY, Date.now() - 300 * DAY);
    await server.gatehouse.services.retention.runNow();
    await page.reload();
    await row(page, 'Gateway activity')
      .getByText(/^1,500 \(/)
      .waitFor();
    await page.getByText(/The job last ran .* and took/).waitFor();
    await screenshot(page, 'retention');
    assert.deepEqual(c.problems, []);
  });

  test('a viewer reads it all and changes nothing', async () => {
    const viewer = await signInAsNewViewer(c.browser, server);
    try {
      await viewer.page.goto(`${server.consoleUrl}/console/settings/retention`);
      await viewer.page.getByRole('heading', { name: 'Retention', level: 1 }).waitFor();
      assert.equal(await field(viewer.page, 'Audit events').inputValue(), '200');
      assert.equal(await field(viewer.page, 'Audit events').isDisabled(), true);
      assert.equal(await viewer.page.getByRole('button', { name: 'Save' }).count(), 0);
      await row(viewer.page, 'Gateway activity').getByText('120 days').waitFor();
      await assertNoPageScroll(viewer.page);
      assert.deepEqual(viewer.problems, []);
    } finally {
      await viewer.page.close();
    }
  });
});
