// The console with the keyboard alone, in Debian's Chromium: Tab through the sign-in form and sign in,
// reach "Create credential", fill the dialog and create the credential without a mouse, and close
// dialogs with Escape, focus returning to what opened them. Every control that takes the focus on the
// way shows that it has it (a visible focus ring), and a dialog keeps the focus inside itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { consoleSuite } from '../helpers/console-page.ts';
import { focusInDialog, focusReturnsTo, tab, tabTo } from '../helpers/keyboard.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

eachEngineWithBrowser('console: the keyboard alone', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));

  test('sign-in: Tab reaches e-mail, password and the button in order, with a visible focus', async () => {
    const { page } = c;
    await page.goto(`${server.consoleUrl}/console/`);
    await page.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
    assert.match((await tab(page)).name, /^E-mail address/);
    await page.keyboard.type(server.owner.email);
    assert.match((await tab(page)).name, /^Password/);
    await page.keyboard.type(server.owner.password);
    const button = await tab(page);
    assert.deepEqual([button.tag, button.name], ['button', 'Sign in']);
    assert.match((await tab(page, true)).name, /^Password/, 'Shift+Tab goes back');
    await tab(page);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  });

  test('credentials: the create dialog opens, fills, creates and closes from the keyboard', async () => {
    const { page } = c;
    await tabTo(page, /^API credentials$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'API credentials', level: 1 }).waitFor();
    await tabTo(page, /^Create credential$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create an API credential' });
    await dialog.waitFor();
    assert.match((await focusInDialog(page)).name, /^Name/, 'the focus starts on the name');
    await page.keyboard.type('keyboard-ci');
    const scope = await tabTo(page, /^audit:read/);
    assert.equal(scope.inDialog, true);
    await page.keyboard.press('Space');
    assert.equal(await dialog.getByRole('checkbox', { name: 'audit:read' }).isChecked(), true);

    // The dialog keeps the focus: a full round of Tab never leaves it.
    for (let i = 0; i < 25; i++) assert.equal((await tab(page)).inDialog, true, 'the focus left the dialog');

    await tabTo(page, /^Create credential$/);
    await page.keyboard.press('Enter');
    const secret = page.getByRole('dialog', { name: 'The secret of keyboard-ci' });
    await secret.waitFor();
    await tabTo(page, /^I have stored the secret$/);
    await page.keyboard.press('Enter');
    await secret.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'keyboard-ci' }).waitFor();
  });

  test('Escape closes a dialog and gives the focus back to the button that opened it', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Create credential' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create an API credential' });
    await dialog.waitFor();
    // Escape before the dialog has taken the focus (it opens with a transition) would close it before
    // it knows where to give the focus back: wait, as a person would see it open.
    await focusInDialog(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReturnsTo(page, 'Create credential');

    await page.getByRole('button', { name: 'Revoke keyboard-ci' }).focus();
    await page.keyboard.press('Enter');
    const revoke = page.getByRole('dialog', { name: 'Revoke the credential' });
    await revoke.waitFor();
    assert.match(
      (await focusInDialog(page)).name,
      /to confirm/,
      'the focus starts on the typed confirmation',
    );
    await page.keyboard.press('Escape');
    await revoke.waitFor({ state: 'detached' });
    await focusReturnsTo(page, 'Revoke keyboard-ci');
  });

  test('the navigation and the provider keys dialog work from the keyboard too', async () => {
    const { page } = c;
    await page.reload(); // Tab starts again from the top of the page
    await page.getByRole('heading', { name: 'API credentials' }).waitFor();
    await tabTo(page, /^Provider keys$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Provider keys', level: 1 }).waitFor();
    await tabTo(page, /^Add provider key$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a provider key' });
    await dialog.waitFor();
    assert.match((await focusInDialog(page)).name, /^Name/);
    const provider = await tab(page);
    assert.deepEqual([provider.tag, provider.inDialog], ['select', true]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(c.problems, []);
  });

  test('people: the tabs, the invite dialog and a role change work from the keyboard', async () => {
    const { page } = c;
    await page.reload(); // Tab starts again from the top of the page
    await page.getByRole('heading', { name: 'Provider keys', level: 1 }).waitFor();
    await tabTo(page, /^People$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    await tabTo(page, /^Developers$/);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Admins', selected: true }).waitFor();
    await tabTo(page, /^Invite admin$/);
    await page.keyboard.press('Enter');
    const invite = page.getByRole('dialog', { name: 'Invite an admin' });
    await invite.waitFor();
    assert.match((await focusInDialog(page)).name, /^E-mail address/, 'the focus starts on the address');
    await page.keyboard.press('Escape');
    await invite.waitFor({ state: 'detached' });
    await focusReturnsTo(page, 'Invite admin');

    await tabTo(page, new RegExp(`^Change role ${server.owner.email}$`));
    await page.keyboard.press('Enter');
    const change = page.getByRole('dialog', { name: 'Change the role' });
    await change.waitFor();
    assert.match((await focusInDialog(page)).name, /^Owner/, 'the focus starts on the roles');
    await page.keyboard.press('Escape');
    await change.waitFor({ state: 'detached' });
    await focusReturnsTo(page, `Change role ${server.owner.email}`);
    assert.deepEqual(c.problems, []);
  });
});
