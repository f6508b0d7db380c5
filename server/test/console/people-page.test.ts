// The people page end to end, in Debian's Chromium against the real server and a real SMTP server on a
// local port: invite a developer (the link to copy, the e-mail sent, the same link in the mail), approve
// one who asked for access, offboard one behind the typed e-mail (the devices and sessions revoked are
// counted), and an e-mail that fails. On the admins tab an owner invites an admin, changes a role and
// removes an admin; demoting the last owner shows the API's 409 and its Remove is disabled with the reason. A viewer sees the
// developers and no button it may not use, and no admin list.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { addDeveloper, insertDevice, insertSession, tokenOf } from '../helpers/people.ts';
import {
  assertNoPageScroll,
  consoleSuite,
  openFromNavigation,
  screenshot,
  signInAsNewViewer,
  signInAsOwner,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const developerRow = (page: Page, email: string) => page.locator(`tr[data-developer="${email}"]`);
const adminRow = (page: Page, email: string) => page.locator(`tr[data-admin="${email}"]`);

eachEngineWithBrowser('console: people', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  const c = consoleSuite(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, {
      env: { GATEHOUSE_SMTP_URL: smtp.url, GATEHOUSE_SMTP_FROM: 'gatehouse@example.com' },
    });
    return {
      close: async () => {
        await server.close();
        await smtp.close().catch(() => undefined);
      },
    };
  });
  let owner: ApiClient;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });

  test('the navigation leads to the people page, which has no developer yet', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'People');
    await page.getByRole('tab', { name: 'Developers', selected: true }).waitFor();
    await page.getByText('No developers yet').waitFor();
  });

  test('inviting a developer shows the link to copy and that the e-mail went out', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Invite developer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a developer' });
    const send = dialog.getByRole('button', { name: 'Send invitation' });
    assert.equal(await send.isDisabled(), true, 'no address, no invitation');
    await dialog.getByLabel(/^E-mail address/).fill('ada@example.com');
    await dialog.getByLabel(/^Name/).fill('Ada Lovelace');
    await send.click();

    const made = page.getByRole('dialog', { name: 'Invitation for ada@example.com' });
    await made.getByText('E-mail sent').waitFor();
    const link = await made.getByLabel('Invitation link', { exact: true }).inputValue();
    const token = tokenOf(link);
    const mail = await smtp.mailFor('ada@example.com');
    assert.ok(mail.text.includes(link), 'the e-mail holds the same link');
    await made.getByRole('button', { name: 'Copy invitation link' }).waitFor();
    await screenshot(page, 'people-invite-link');
    await made.getByRole('button', { name: 'Done' }).click();
    await made.waitFor({ state: 'detached' });
    assert.equal((await page.content()).includes(token), false, 'the link is forgotten once closed');

    const r = developerRow(page, 'ada@example.com');
    await r.getByText('Ada Lovelace').waitFor();
    await r.getByText('Invited').waitFor();
    await r.getByText(/^Link expires/).waitFor();
    await r.getByRole('button', { name: 'New link ada@example.com' }).waitFor();
  });

  test('a developer who asked for access is called out, filtered in the address, and approved', async () => {
    const { page } = c;
    await server.gatehouse.services.developers.requestAccess(
      { email: 'grace@example.com', name: 'Grace Hopper', password: 'a long enough password' },
      { ip: '127.0.0.1', userAgent: 'gatehouse-client/0.1', requestId: 'test' },
    );
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: 'Waiting for approval' });
    await notice.getByText('1 developer is waiting for approval').waitFor();
    await notice.getByRole('button', { name: 'Show them' }).click();
    await page.waitForURL(/\/console\/people\?status=pending$/);
    // The unfiltered list (Grace in it too, after the reload) may still show while the filtered one is
    // fetched: only pending ones are listed once Ada's row has gone.
    await developerRow(page, 'ada@example.com').waitFor({ state: 'detached' });
    await developerRow(page, 'grace@example.com').waitFor();
    await screenshot(page, 'people-pending');

    await page.getByRole('button', { name: 'Approve grace@example.com' }).click();
    await page.getByText('grace@example.com is approved').waitFor();
    await developerRow(page, 'grace@example.com').waitFor({ state: 'detached' });
    assert.equal(
      (await owner.get('/api/v1/developers?status=active')).body.developers[0].email,
      'grace@example.com',
    );
    await page.getByLabel('Status').selectOption('');
    await developerRow(page, 'grace@example.com').getByText('Active').waitFor();
  });

  test('offboarding asks for the e-mail address and says how many devices and sessions were revoked', async () => {
    const { page } = c;
    const id = await addDeveloper(server, owner, 'linus@example.com');
    const laptop = await insertDevice(server, id, 'linus-laptop');
    await insertDevice(server, id, 'linus-desktop');
    await insertSession(server, id, laptop);
    await insertSession(server, id, null);
    await page.reload();

    await page.getByRole('button', { name: 'Offboard linus@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Offboard the developer' });
    await dialog.getByText('revokes every device and session').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Offboard' });
    const typed = dialog.getByLabel('Type linus@example.com to confirm');
    await typed.fill('linus@example.co');
    assert.equal(await confirm.isDisabled(), true, 'a wrong address keeps the button disabled');
    await typed.fill('linus@example.com');
    await screenshot(page, 'people-offboard');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('linus@example.com is offboarded: 2 devices and 2 sessions revoked.').waitFor();
    const r = developerRow(page, 'linus@example.com');
    await r.getByText('Offboarded').waitFor();
    await r.getByRole('button', { name: 'Invite back linus@example.com' }).waitFor();
    const devices = (await owner.get(`/api/v1/devices?developer_id=${id}`)).body.devices;
    assert.deepEqual(
      devices.map((d: any) => d.status),
      ['revoked', 'revoked'],
    );
  });

  test('a new link for an invited developer; an e-mail that fails is said plainly', async () => {
    const { page } = c;
    await smtp.close();
    await page.getByRole('button', { name: 'New link ada@example.com' }).click();
    const made = page.getByRole('dialog', { name: 'Invitation for ada@example.com' });
    await made.getByText('The e-mail was not sent').waitFor();
    await made.getByText(/The invitation stands: copy the link/).waitFor();
    tokenOf(await made.getByLabel('Invitation link', { exact: true }).inputValue());
    await made.getByRole('button', { name: 'Done' }).click();
    await made.waitFor({ state: 'detached' });
  });

  test('admins: an owner invites an admin with a role, and the admin is listed as invited', async () => {
    const { page } = c;
    await page.getByRole('tab', { name: 'Admins' }).click();
    await page.waitForURL(/\/console\/people\?tab=admins$/);
    await adminRow(page, server.owner.email).getByText('(you)').waitFor();
    await page.getByRole('button', { name: 'Invite admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite an admin' });
    await dialog.getByLabel(/^E-mail address/).fill('second@example.com');
    await dialog.getByRole('radio', { name: 'Admin' }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const made = page.getByRole('dialog', { name: 'Invitation for second@example.com' });
    await made.getByText('as an admin with the role admin').waitFor();
    tokenOf(await made.getByLabel('Invitation link', { exact: true }).inputValue());
    await made.getByRole('button', { name: 'Done' }).click();
    const r = adminRow(page, 'second@example.com');
    await r.getByText('Invited').waitFor();
    await r.getByText('admin', { exact: true }).waitFor();
    await screenshot(page, 'people-admins');
  });

  test('admins: demoting the last owner shows the API’s 409; removing it is disabled with the reason', async () => {
    const { page } = c;
    await page.getByRole('button', { name: `Change role ${server.owner.email}` }).click();
    const change = page.getByRole('dialog', { name: 'Change the role' });
    const submit = change.getByRole('button', { name: 'Change role' });
    assert.equal(await submit.isDisabled(), true, 'the same role changes nothing');
    await change.getByRole('radio', { name: 'Viewer' }).check();
    await submit.click();
    await change
      .getByRole('alert')
      .getByText(/is the last owner.*make another active admin an owner first/)
      .waitFor();
    await screenshot(page, 'people-last-owner');
    await page.keyboard.press('Escape');
    await change.waitFor({ state: 'detached' });

    // Remove is disabled before the click, and says why; a click opens nothing.
    const removeButton = page.getByRole('button', { name: `Remove ${server.owner.email}` });
    assert.equal(await removeButton.getAttribute('aria-disabled'), 'true');
    assert.match(
      (await removeButton.getAttribute('aria-description')) ?? '',
      /is the last owner, and Gatehouse always keeps one\. Make another active admin an owner first\./,
    );
    await removeButton.hover();
    await page
      .getByRole('tooltip')
      .getByText(/is the last owner/)
      .waitFor();
    await removeButton.click({ force: true });
    assert.equal(await page.getByRole('dialog', { name: 'Remove the admin' }).count(), 0);
    const admins = (await owner.get('/api/v1/admins')).body.admins;
    assert.equal(admins.find((a: any) => a.email === server.owner.email).role, 'owner');
  });

  test('admins: a role changes, and an invited admin is removed', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Change role second@example.com' }).click();
    const change = page.getByRole('dialog', { name: 'Change the role' });
    await change.getByRole('radio', { name: 'Viewer' }).check();
    await change.getByRole('button', { name: 'Change role' }).click();
    await change.waitFor({ state: 'detached' });
    await adminRow(page, 'second@example.com').getByText('viewer', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Remove second@example.com' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove the admin' });
    await remove.getByText('their link stops working').waitFor();
    await remove.getByRole('button', { name: 'Remove admin' }).click();
    await adminRow(page, 'second@example.com').waitFor({ state: 'detached' });
    const admins = (await owner.get('/api/v1/admins')).body.admins;
    assert.deepEqual(
      admins.map((a: any) => a.email),
      [server.owner.email],
    );
    assert.deepEqual(c.problems, []);
  });

  test('a viewer sees the developers and no change, and no admin list', async () => {
    const { page, problems } = await signInAsNewViewer(c.browser, server);
    await page.goto(`${server.consoleUrl}/console/people`);
    await developerRow(page, 'ada@example.com').waitFor();
    for (const name of ['Invite developer', 'Offboard ada@example.com', 'New link ada@example.com']) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} button`);
    }
    await assertNoPageScroll(page);
    await screenshot(page, 'people-viewer-800px');
    await page.getByRole('tab', { name: 'Admins' }).click();
    await page.getByText('Only an owner manages admins').waitFor();
    assert.equal(await page.getByRole('table', { name: 'Admins' }).count(), 0, 'no admin list');
    assert.deepEqual(problems, []);
  });
});
