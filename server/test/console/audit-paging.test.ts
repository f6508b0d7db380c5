// The audit log page reads newest first from the API (order=desc with a before cursor), a page of 100
// events at a time: older pages on demand until the oldest event, and newer events put on top.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import { consoleSuite, openFromNavigation, signInAsOwner } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { until } from '../helpers/audit-rows.ts';

eachEngineWithBrowser('console: audit log paging', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));
  let siem: ApiClient;
  let total: number;
  // api.request events are committed in the next group commit after the answer (docs/operations.md,
  // Durability), so the test waits for the store to hold the token's calls before it counts or clicks.
  const apiRequests = async () =>
    Number(
      (
        await server.gatehouse.services.store.db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'api.request')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const committed = (n: number) =>
    until(async () => (await apiRequests()) >= n, 10_000, `${n} api.request events`);

  before(async () => {
    const owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const cred = await createCredential(owner, { name: 'splunk-siem', scopes: ['audit:read'] });
    siem = await tokenClient(server.consoleUrl, cred);
    // Each call of the API with the token is an api.request event.
    for (let i = 0; i < 120; i++) assert.equal((await siem.get('/api/v1/audit/events?limit=1')).status, 200);
  });

  test('the newest 100 first, then older events until the oldest', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    // The sign-in above is an event too; the count is read once the page shows everything.
    await committed(120);
    const all = await siem.get('/api/v1/audit/events?limit=1000');
    total = all.body.events.length + 1; // and this read itself
    await openFromNavigation(page, 'Audit log');
    await page.getByText('100 events, newest first').waitFor();
    const table = page.getByRole('table', { name: 'Audit events' });
    assert.equal(
      await table.getByRole('button', { name: 'admin.created' }).count(),
      0,
      'the oldest is older',
    );
    await page.getByRole('button', { name: 'Load older events' }).click();
    await page.getByText(`${total} events`, { exact: true }).waitFor();
    await table.getByRole('button', { name: 'admin.created' }).waitFor();
    await page.getByText('No older events in this range.').waitFor();
  });

  test('newer events are read on demand and put on top', async () => {
    const { page } = c;
    await siem.get('/api/v1/audit/events?limit=1');
    await siem.get('/api/v1/audit/events?limit=1');
    await committed(120 + 1 + 2);
    await page.getByRole('button', { name: 'Check for newer events' }).click();
    await page.getByText(`${total + 2} events · 2 newer loaded`).waitFor();
    const first = await page
      .getByRole('table', { name: 'Audit events' })
      .locator('tbody tr')
      .first()
      .innerText();
    assert.match(first, /api\.request/);
    assert.deepEqual(c.problems, []);
  });
});
