// The filters that take a person, a credential or a device, and the audit log's Action list, in Debian's
// Chromium against the real server: typing part of a name suggests it, a pick filters at once, the
// address keeps the id and the control shows the name; an id pasted into the address shows as its name;
// and the whole of it from the keyboard alone (Tab to the filter, type, arrow down, Enter).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { consoleSuite, openFromNavigation, screenshot, signInAsOwner } from '../helpers/console-page.ts';
import { focused, tabTo } from '../helpers/keyboard.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { ApiClient, createCredential, exchangeToken, signIn } from '../helpers/api-client.ts';
import { addDeveloper } from '../helpers/people.ts';
import { until } from '../helpers/audit-rows.ts';

const EXPORTER = 'billing-exporter-production';
/** A filter's input (its listbox is labelled by the same label). */
const filterInput = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).and(page.locator('input'));
const table = (page: Page) => page.getByRole('table', { name: 'Audit events' });
/** The action of each row shown, in order. */
const actionsShown = (page: Page) =>
  table(page)
    .locator('tbody tr td:nth-child(2)')
    .evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').trim()));

eachEngineWithBrowser('console: filters by name, and the list of audit actions', (engine) => {
  let server: TestServer;
  let exporter: string;
  let developer: string;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));

  before(async () => {
    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const cred = await createCredential(admin, { name: EXPORTER, scopes: ['audit:read'] });
    await createCredential(admin, { name: 'ci-deploy-bot', scopes: ['audit:read'] });
    exporter = cred.id as string;
    // The exporter acts: a token, then two API calls, each audited with the credential as actor.
    const { access_token } = await exchangeToken(server.consoleUrl, cred.client_id, cred.client_secret);
    const siem = new ApiClient(server.consoleUrl, { authorization: `Bearer ${access_token}` });
    for (let i = 0; i < 2; i++) assert.equal((await siem.get('/api/v1/audit/events?limit=1')).status, 200);
    developer = await addDeveloper(server, admin, 'grace.hopper@example.com');
    // api.request events commit in the next group commit after the answer: wait for the store to hold them.
    const apiRequests = async () =>
      (
        await server.gatehouse.services.store.db
          .selectFrom('audit_events')
          .select('id')
          .where('action', '=', 'api.request')
          .where('actor_id', '=', exporter)
          .execute()
      ).length;
    await until(async () => (await apiRequests()) >= 2, 10_000, "the exporter's api.request events");
  });

  test('the Action filter lists the actions the server writes; a pick filters at once', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'Audit log');
    await table(page).getByRole('button', { name: 'credential.created', exact: true }).first().waitFor();
    await filterInput(page, 'Action').click();
    // Every action, whether or not an event of it was written yet.
    await page.getByRole('option', { name: 'settings.retention_changed', exact: true }).waitFor();
    await filterInput(page, 'Action').fill('created');
    await page.getByRole('option', { name: 'settings.retention_changed' }).waitFor({ state: 'detached' });
    const offered = await page.getByRole('option').allInnerTexts();
    assert.ok(
      offered.includes('credential.created') && offered.includes('mcp_server.created'),
      offered.join(),
    );
    assert.ok(
      offered.every((o) => o.includes('created')),
      `only matching actions: ${offered.join()}`,
    );
    await page.getByRole('option', { name: 'credential.created', exact: true }).click();
    await page.waitForURL(/[?&]action=credential\.created/);
    await page.getByText('2 events', { exact: true }).waitFor();
    assert.deepEqual(await actionsShown(page), ['credential.created', 'credential.created']);
    await screenshot(page, 'audit-action-filter');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: 'Clear filters' }).waitFor({ state: 'detached' });
    assert.equal(await filterInput(page, 'Action').inputValue(), '');
    assert.doesNotMatch(page.url(), /action=/);
  });

  test('keyboard alone: Tab to Actor, type part of a name, arrow down, Enter: the log shows that actor', async () => {
    const { page } = c;
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).click();
    const reached = await tabTo(page, /^Actor$/);
    assert.equal(reached.tag, 'input');
    await page.keyboard.type('billing');
    // The suggestions of the empty box (everyone) give way to the server's answer for "billing".
    await page.getByRole('option', { name: 'ci-deploy-bot' }).waitFor({ state: 'detached' });
    await page.getByRole('option', { name: EXPORTER }).waitFor();
    assert.deepEqual(
      await page.getByRole('option').allInnerTexts(),
      [EXPORTER],
      'ci-deploy-bot does not match',
    );
    await screenshot(page, 'audit-actor-suggestions');
    await page.keyboard.press('ArrowDown');
    // The option the arrow moved to (Mantine marks it), before Enter picks it.
    await page.locator('[data-combobox-selected]', { hasText: EXPORTER }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`[?&]actor=${exporter}`));
    await page
      .getByLabel('Actor')
      .and(page.locator(`[value="${EXPORTER}"]`))
      .waitFor();
    // The unfiltered page shows these actions too: wait for the filtered answer to replace it (the table
    // re-renders in between), then check it holds the exporter's actions and nothing else.
    const exporterActions = ['api.request', 'credential.token_issued'];
    await until(
      async () => {
        const shown = await actionsShown(page);
        return (
          shown.length > 0 &&
          shown.every((a) => exporterActions.includes(a)) &&
          exporterActions.every((a) => shown.includes(a))
        );
      },
      30_000,
      "only the exporter's actions in the log",
    );
    assert.equal((await focused(page))?.name, 'Actor', 'the focus stays on the filter');
    assert.deepEqual(c.problems, []);
  });

  test('an id pasted into the address filters, and the control shows its name', async () => {
    const { page } = c;
    await page.goto(`${server.consoleUrl}/console/activity?actor=${developer}`);
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await page.getByLabel('Caller').and(page.locator('[value="grace.hopper@example.com"]')).waitFor();
    await page.getByText('No requests match').waitFor();
    // Developers are suggested by the server's search, by any part of the address.
    await filterInput(page, 'Caller').fill('HOPPER');
    await page.getByRole('option', { name: 'grace.hopper@example.com' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${server.consoleUrl}/console/audit?actor=${exporter}`);
    await page
      .getByLabel('Actor')
      .and(page.locator(`[value="${EXPORTER}"]`))
      .waitFor();
    // An id that names nothing still filters, and shows as itself.
    const unknown = `cred_${'z'.repeat(20)}`;
    await page.goto(`${server.consoleUrl}/console/risk?actor_id=${unknown}`);
    await page
      .getByLabel('Caller')
      .and(page.locator(`[value="${unknown}"]`))
      .waitFor();
    await page.getByText('No findings match').waitFor();
    assert.deepEqual(c.problems, []);
  });
});
