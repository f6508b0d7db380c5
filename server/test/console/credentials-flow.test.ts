// The console end to end, in Debian's Chromium against the real server on a fresh store: sign in,
// create a credential and read its secret once, use it, reissue and revoke it through the typed
// confirmations, and find all of it in the audit log page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, OAuthFailure, exchangeToken } from '../helpers/api-client.ts';
import { consoleSuite, openFromNavigation, screenshot, signInAsOwner } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const NAME = 'splunk-siem';

async function readIssued(page: Page) {
  const dialog = page.getByRole('dialog', { name: `The secret of ${NAME}` });
  await dialog.waitFor();
  await dialog.getByText('cannot be shown again').waitFor();
  return {
    dialog,
    clientId: await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue(),
    secret: await dialog.getByRole('textbox', { name: 'Client secret' }).inputValue(),
  };
}

const bearer = (url: string, token: string) => new ApiClient(url, { authorization: `Bearer ${token}` });

eachEngineWithBrowser('console: API credentials end to end', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));
  let clientId: string;
  let firstSecret: string;
  let secondSecret: string;

  test('signs in and finds no credential yet', async () => {
    await c.page.goto(`${server.consoleUrl}/console/credentials`);
    await c.page.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
    await screenshot(c.page, 'sign-in');
    await signInAsOwner(c.page, server);
    await openFromNavigation(c.page, 'API credentials');
    await c.page.getByText('No API credentials yet').waitFor();
    await c.page.getByText(server.owner.email).waitFor();
    await c.page.getByLabel('Role').getByText('owner').waitFor();
  });

  test('creates a credential, names a wrong IP entry inline, and shows the secret once', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Create credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API credential' });
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByRole('checkbox', { name: 'audit:read' }).check();
    await dialog.getByRole('checkbox', { name: 'policy:write' }).waitFor();
    await dialog.getByText('can turn enforcement off').first().waitFor();
    await dialog.getByRole('radio', { name: '30 days' }).check();
    await dialog.getByLabel('IP allowlist').fill('127.0.0.1\n10.0.0.300, 10.0.0.0/8');
    await dialog.getByText('Not an IP address or CIDR range: "10.0.0.300"').waitFor();
    const submit = dialog.getByRole('button', { name: 'Create credential' });
    assert.equal(await submit.isDisabled(), true, 'an invalid entry blocks the create');
    await dialog.getByLabel('IP allowlist').fill('127.0.0.1\n10.0.0.0/8');
    await dialog.getByLabel('IP denylist').fill('10.9.9.9');
    await screenshot(page, 'credential-create');
    await submit.click();

    const issued = await readIssued(page);
    assert.match(issued.clientId, /\S/);
    assert.match(issued.secret, /^gh/);
    await screenshot(page, 'credential-secret');
    clientId = issued.clientId;
    firstSecret = issued.secret;

    // Escape would lose the secret unseen: the dialog asks first, and "Keep it open" keeps it.
    await page.keyboard.press('Escape');
    const asking = issued.dialog.getByRole('alertdialog');
    await asking.getByText('Close without the secret?').waitFor();
    await asking.getByRole('button', { name: 'Keep it open' }).click();
    await asking.waitFor({ state: 'detached' });
    assert.equal(await issued.dialog.isVisible(), true, 'the secret is still shown');
    await issued.dialog.getByRole('button', { name: 'I have stored the secret' }).click();
    await issued.dialog.waitFor({ state: 'detached' });
  });

  test('the secret works at the token endpoint and is gone after a reload', async () => {
    const token = await exchangeToken(server.consoleUrl, clientId, firstSecret);
    const res = await bearer(server.consoleUrl, token.access_token).get('/api/v1/audit/events?limit=1');
    assert.equal(res.status, 200);

    await c.page.reload();
    const row = c.page.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    await row.getByText('Active').waitFor();
    await row.getByText('Allow: 127.0.0.1, 10.0.0.0/8').waitFor();
    const expires = new Date(Date.now() + 30 * 86400_000).getFullYear();
    await row.getByText(String(expires)).first().waitFor();
    assert.equal((await c.page.content()).includes(firstSecret), false, 'the secret is not on the page');
    await c.page.getByRole('row').filter({ hasText: NAME }).getByText('never').waitFor({ state: 'detached' });
    await screenshot(c.page, 'credentials');
  });

  test('reissue needs the exact name; the old secret is refused afterwards', async () => {
    const { page } = c;
    await page.getByRole('button', { name: `Reissue ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reissue the client secret' });
    const confirm = dialog.getByRole('button', { name: 'Reissue secret' });
    await dialog.getByLabel(`Type ${NAME} to confirm`).fill('splunk');
    assert.equal(await confirm.isDisabled(), true, 'a wrong name keeps the button disabled');
    await dialog.getByLabel(`Type ${NAME} to confirm`).fill(NAME);
    await screenshot(page, 'credential-reissue');
    await confirm.click();

    const issued = await readIssued(page);
    assert.notEqual(issued.secret, firstSecret);
    secondSecret = issued.secret;
    await issued.dialog.getByRole('button', { name: 'I have stored the secret' }).click();

    await assert.rejects(
      exchangeToken(server.consoleUrl, clientId, firstSecret),
      (e) => e instanceof OAuthFailure && e.error === 'invalid_client',
    );
  });

  test('revoke says it is permanent; the token is refused afterwards', async () => {
    const { page } = c;
    const token = (await exchangeToken(server.consoleUrl, clientId, secondSecret)).access_token;
    assert.equal((await bearer(server.consoleUrl, token).get('/api/v1/audit/events?limit=1')).status, 200);

    await page.getByRole('button', { name: `Revoke ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the credential' });
    await dialog.getByText('is permanent').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Revoke permanently' });
    assert.equal(await confirm.isDisabled(), true);
    await dialog.getByLabel(`Type ${NAME} to confirm`).fill(NAME);
    await screenshot(page, 'credential-revoke');
    await confirm.click();
    await page.getByRole('row').filter({ hasText: NAME }).getByText('Revoked').waitFor();
    // The dialog's overlay fades out after the revoke: the next test clicks what it covered.
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('button', { name: `Revoke ${NAME}` }).count(), 0);

    const refused = await bearer(server.consoleUrl, token).get('/api/v1/audit/events?limit=1');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'invalid_token');
  });

  test('revoked credentials can be hidden, and the address remembers it', async () => {
    const { page } = c;
    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    // A click, then what it must lead to (check()'s own state check can race the page's re-render).
    await page.getByRole('switch', { name: 'Hide revoked credentials' }).click();
    await row.waitFor({ state: 'detached' });
    assert.match(new URL(page.url()).search, /revoked=hide/);
    await page.getByRole('status').getByText('1 revoked credential hidden').waitFor();
    await page.reload();
    await page.getByText('Every credential is revoked').waitFor();
    assert.equal(await page.getByRole('switch', { name: 'Hide revoked credentials' }).isChecked(), true);
    // A click, then what it must lead to (uncheck's own check can race the page's re-render).
    await page.getByRole('switch', { name: 'Hide revoked credentials' }).click();
    await row.waitFor();
    assert.equal(await page.getByRole('switch', { name: 'Hide revoked credentials' }).isChecked(), false);
    assert.doesNotMatch(new URL(page.url()).search, /revoked=/);
  });

  test('the audit log page shows all of it, newest first, with filters and detail', async () => {
    const { page } = c;
    await openFromNavigation(page, 'Audit log');
    const table = page.getByRole('table', { name: 'Audit events' });
    await table.waitFor();
    for (const action of [
      'credential.revoked',
      'credential.secret_reissued',
      'credential.token_issued',
      'credential.created',
      'session.sign_in',
    ]) {
      await table.getByRole('button', { name: action, exact: true }).first().waitFor();
    }
    const actions = await table.getByRole('row').allInnerTexts();
    const first = actions.findIndex((r) => r.includes('credential.revoked'));
    const created = actions.findIndex((r) => r.includes('credential.created'));
    assert.ok(first > 0 && first < created, 'newest first');
    await screenshot(page, 'audit-log');

    // The Action filter lists the actions the server writes; a pick applies it.
    await page.getByLabel('Action', { exact: true }).and(page.locator('input')).fill('revoked');
    await page.getByRole('option', { name: 'credential.revoked', exact: true }).click();
    await page.getByText('1 event', { exact: true }).waitFor();
    await table.getByRole('button', { name: 'credential.revoked' }).click();
    const detail = page.getByRole('dialog', { name: 'Audit event' });
    await detail.getByText(NAME).first().waitFor();
    await detail.getByText(server.owner.email).first().waitFor();
    await screenshot(page, 'audit-event');
    await detail.getByRole('button', { name: 'Show every event by this actor' }).click();
    // The address keeps the actor's id; the filter shows the admin's address.
    await page.waitForURL(/[?&]actor=adm_/);
    await page
      .getByLabel('Actor')
      .and(page.locator(`[value="${server.owner.email}"]`))
      .waitFor();

    assert.deepEqual(c.problems, []);
  });
});
