// The policy page's tools and their modes end to end, in Debian's Chromium against the real server on a
// fresh store: every built-in tool listed in provider key mode; a built-in tool's mode staged from the
// keyboard (the focus stays on it, choosing the saved mode again takes the change back), the review saying
// what changes before it is saved, stored in the API's policy and named in the version history; a switch
// over a version someone else replaced refused in the review and saved after a reload; an admin-defined
// tool added, edited and removed, each marked in its row until saved; the API's refusal of a bad
// user-agent pattern or id shown at that field. A viewer in a narrow window reads the modes and sees no
// control that changes them.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import {
  assertNoPageScroll,
  consoleSuite,
  openFromNavigation,
  screenshot,
  signInAsNewViewer,
  signInAsOwner,
  type PageGlobals,
} from '../helpers/console-page.ts';
import { BUILT_IN_TOOLS } from '../../src/gateway/tools.ts';
import { changePolicyAs, policyOf } from '../helpers/policy.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { review, reviewAndSave, saveBar, versionRow } from '../helpers/policy-page.ts';

const tools = (page: Page) => page.getByRole('region', { name: 'Tools', exact: true });
const toolRow = (page: Page, id: string) => tools(page).locator(`tr[data-tool="${id}"]`);

eachEngineWithBrowser('console: policy tools', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));
  let owner: ApiClient;
  let terraform: ApiClient;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const cred = await createCredential(owner, {
      name: 'terraform',
      scopes: ['policy:read', 'policy:write'],
    });
    terraform = await tokenClient(server.consoleUrl, cred);
  });

  test('every built-in tool is listed in provider key mode, with both modes explained', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'Policy');
    await page.getByText('Version 1 is in force.').waitFor();
    await tools(page).getByText('The Gateway sends the organisation’s provider key').waitFor();
    await tools(page).getByText('gatehouse-client setup <tool> --subscription').waitFor();
    for (const t of BUILT_IN_TOOLS) {
      const mode = toolRow(page, t.id).getByRole('combobox', { name: `Mode of ${t.name}` });
      assert.equal(await mode.inputValue(), 'provider_key', `${t.id} starts in provider key mode`);
    }
    await tools(page).getByText('No tools of your own').waitFor();
  });

  test('a mode change is staged from the keyboard, and the review says what it changes before saving it', async () => {
    const { page } = c;
    const mode = page.getByRole('combobox', { name: 'Mode of Claude Code' });

    // With the keyboard alone: the arrow key stages it, and the focus stays on the mode.
    await mode.focus();
    await page.keyboard.press('ArrowDown');
    await saveBar(page).getByText('1 unsaved change', { exact: true }).waitFor();
    await toolRow(page, 'claude-code').getByText('unsaved', { exact: true }).waitFor();
    const focused = await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      return document.activeElement?.getAttribute('aria-label');
    });
    assert.equal(focused, 'Mode of Claude Code', 'the focus stays on the mode');
    // The saved mode again: nothing to save.
    await page.keyboard.press('ArrowUp');
    await saveBar(page).waitFor({ state: 'detached' });
    assert.equal(await mode.inputValue(), 'provider_key');
    assert.deepEqual((await policyOf(owner)).document.tools, [], 'nothing was saved');

    await mode.selectOption('subscription');
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    const said = review(page)
      .getByRole('alert')
      .filter({ hasText: 'Tool Claude Code: provider key → subscription mode' });
    await said.getByText('the Gateway no longer adds the organisation’s key').waitFor();
    await said.getByText('developers set it up again with').waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await review(page).waitFor({ state: 'detached' });
    assert.deepEqual((await policyOf(owner)).document.tools, [], 'Cancel saved nothing');

    await reviewAndSave(page, ['Tool “Claude Code”: mode: provider key → subscription'], 2);
    assert.equal(await mode.inputValue(), 'subscription', 'the page shows the mode in force');
    assert.deepEqual(
      (await policyOf(owner)).document.tools,
      [{ id: 'claude-code', mode: 'subscription' }],
      'the API stores the built-in tool’s mode',
    );
    await versionRow(page, 2).getByText('Tool “Claude Code”: mode: provider key → subscription').waitFor();
  });

  test('a switch over a version someone else replaced is refused in the review, and saved after a reload', async () => {
    const { page } = c;
    await page.getByRole('combobox', { name: 'Mode of Codex CLI' }).selectOption('subscription');

    await changePolicyAs(terraform, (doc) => (doc.detectors.pii.action = 'redact'));

    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByRole('button', { name: 'Save version' }).click();
    const conflict = review(page).getByRole('alert').filter({ hasText: 'Your changes were not saved' });
    await conflict.getByText('version 3 is in force now').waitFor();
    await conflict.getByRole('button', { name: 'Reload the policy' }).click();
    await conflict.waitFor({ state: 'detached' });
    await review(page).getByText('Tool “Codex CLI”: mode: provider key → subscription').waitFor();
    await review(page).getByRole('button', { name: 'Save version' }).click();
    await page.getByText('Version 4 is in force.').waitFor();
    await saveBar(page).waitFor({ state: 'detached' });
    const { document } = await policyOf(owner);
    assert.deepEqual(
      [document.detectors.pii.action, document.tools],
      [
        'redact',
        [
          { id: 'claude-code', mode: 'subscription' },
          { id: 'codex', mode: 'subscription' },
        ],
      ],
      'the mode was saved on top of their change',
    );
  });

  test('an admin-defined tool is added, shown, edited and removed, marked until each is saved', async () => {
    const { page } = c;
    await tools(page).getByRole('button', { name: 'Add tool' }).click();
    const add = page.getByRole('dialog', { name: 'Add a tool' });
    await add.getByLabel('Name').fill('Acme Agent');
    assert.equal(await add.getByLabel('Id').inputValue(), 'acme-agent', 'the id follows the name');
    await add.getByLabel('User-agent pattern').fill('^acme-agent/');
    await add.getByLabel('Mode').selectOption('subscription');
    await add.getByRole('button', { name: 'Add tool' }).click();
    await add.waitFor({ state: 'detached' });
    const row = toolRow(page, 'acme-agent');
    await row.getByText('^acme-agent/').waitFor();
    await row.getByText('new, unsaved', { exact: true }).waitFor();
    assert.equal(
      await row.getByRole('combobox', { name: 'Mode of Acme Agent' }).inputValue(),
      'subscription',
      'its mode',
    );
    await reviewAndSave(page, ['Tool “Acme Agent” added: user agent “^acme-agent/”; subscription'], 5);
    await versionRow(page, 5)
      .getByText('Tool “Acme Agent” added: user agent “^acme-agent/”; subscription')
      .waitFor();
    assert.deepEqual(
      (await policyOf(owner)).document.tools.at(-1),
      { id: 'acme-agent', name: 'Acme Agent', user_agent: '^acme-agent/', mode: 'subscription' },
      'the API stores the tool',
    );
    // The section's heading at the top of the window, below the console's fixed header.
    await tools(page)
      .getByRole('heading', { name: 'Tools', exact: true })
      .evaluate((h: any) => {
        h.scrollIntoView({ block: 'start' });
        (globalThis as any).scrollBy(0, -72);
      });
    await screenshot(page, 'policy-tools');

    await tools(page).getByRole('button', { name: 'Edit Acme Agent' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the tool Acme Agent' });
    assert.equal(await edit.getByLabel('Id').getAttribute('readonly'), '', 'a saved tool keeps its id');
    await edit.getByLabel('Mode').selectOption('provider_key');
    await edit.getByText('Subscription → Provider key.').waitFor();
    await edit.getByText('its use is paid for with the organisation’s key').waitFor();
    await edit.getByLabel('User-agent pattern').fill('^acme-(agent|cli)/');
    await edit.getByRole('button', { name: 'Update tool' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('^acme-(agent|cli)/').waitFor();
    await row.getByText('unsaved', { exact: true }).first().waitFor();
    await reviewAndSave(
      page,
      [
        'Tool “Acme Agent”: user agent: “^acme-agent/” → “^acme-(agent|cli)/”',
        'Tool “Acme Agent”: mode: subscription → provider key',
      ],
      6,
    );

    await tools(page).getByRole('button', { name: 'Remove Acme Agent' }).click();
    await row.getByText('deleted, unsaved', { exact: true }).waitFor();
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByText('the Gateway no longer recognises Acme Agent', { exact: false }).waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await reviewAndSave(page, ['Tool “Acme Agent” removed'], 7);
    await row.waitFor({ state: 'detached' });
    await versionRow(page, 7).getByText('Tool “Acme Agent” removed').waitFor();
    assert.deepEqual(
      (await policyOf(owner)).document.tools.map((t: any) => t.id),
      ['claude-code', 'codex'],
      'the tool is gone; the built-in settings stay',
    );
  });

  test('the API’s refusal of a user-agent pattern or an id is shown at that field', async () => {
    const { page } = c;
    const before = (await policyOf(owner)).etag;
    await tools(page).getByRole('button', { name: 'Add tool' }).click();
    const add = page.getByRole('dialog', { name: 'Add a tool' });
    await add.getByLabel('Name').fill('Slow Agent');
    await add.getByLabel('User-agent pattern').fill('^(a+)+b');
    await add.getByRole('button', { name: 'Add tool' }).click();
    await add.waitFor({ state: 'detached' });
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByRole('button', { name: 'Save version' }).click();
    await review(page)
      .getByText(/user-agent pattern: It repeats a group/)
      .waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await toolRow(page, 'slow-agent')
      .getByRole('alert')
      .filter({ hasText: /^User-agent pattern: It repeats a group/ })
      .waitFor();

    await tools(page).getByRole('button', { name: 'Edit Slow Agent' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the tool Slow Agent' });
    await edit.getByText(/^It repeats a group whose own length varies/).waitFor();
    assert.equal(
      await edit.getByLabel('User-agent pattern').getAttribute('aria-invalid'),
      'true',
      'the pattern is marked',
    );
    assert.equal(await edit.getByRole('alert').count(), 0, 'shown at the field, not again in an alert');
    await edit.getByLabel('User-agent pattern').fill('^slow-agent/');
    // Never saved, so its id may still change.
    await edit.getByLabel('Id').fill('unknown');
    await edit.getByRole('button', { name: 'Update tool' }).click();
    await edit.waitFor({ state: 'detached' });
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByRole('button', { name: 'Save version' }).click();
    await review(page)
      .getByText(/"unknown" is what the activity calls an unrecognised tool/)
      .waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await tools(page).getByRole('button', { name: 'Edit Slow Agent' }).click();
    await edit.getByText(/^"unknown" is what the activity calls an unrecognised tool/).waitFor();
    assert.equal(await edit.getByLabel('Id').getAttribute('aria-invalid'), 'true', 'the id is marked');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    await toolRow(page, 'unknown').waitFor({ state: 'detached' });
    assert.equal((await policyOf(owner)).etag, before, 'nothing was saved');
  });

  test('switching a built-in tool back keeps its entry, as a mode change', async () => {
    const { page } = c;
    await page.getByRole('combobox', { name: 'Mode of Claude Code' }).selectOption('provider_key');
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByText('its use is paid for with the organisation’s key').waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await reviewAndSave(page, ['Tool “Claude Code”: mode: subscription → provider key'], 8);
    await versionRow(page, 8).getByText('Tool “Claude Code”: mode: subscription → provider key').waitFor();
    assert.deepEqual((await policyOf(owner)).document.tools, [
      { id: 'claude-code', mode: 'provider_key' },
      { id: 'codex', mode: 'subscription' },
    ]);
    assert.deepEqual(c.problems, []);
  });

  test('a viewer in a narrow window reads the modes and sees no control that changes them', async () => {
    const { page, problems } = await signInAsNewViewer(c.browser, server);
    await page.goto(`${server.consoleUrl}/console/policy`);
    await page.getByText('Version 8 is in force.').waitFor();
    await toolRow(page, 'codex').getByText('Subscription', { exact: true }).waitFor();
    await toolRow(page, 'claude-code').getByText('Provider key', { exact: true }).waitFor();
    assert.equal(await tools(page).getByRole('combobox').count(), 0, 'no mode to choose');
    assert.equal(await tools(page).getByRole('button').count(), 0, 'no button that changes a tool');
    assert.equal(await saveBar(page).count(), 0, 'no save bar');
    await assertNoPageScroll(page);
    assert.deepEqual(problems, []);
  });
});
