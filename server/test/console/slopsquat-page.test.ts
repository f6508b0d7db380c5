// The Slopsquat page end to end, in Chromium against the real server on both engines, 1366 px wide.
// What the Gateway's detection leaves behind is made through the same services it calls
// (slopsquat/caught.ts; slopsquat-gateway-page.test.ts has the Gateway itself catch a name):
// names caught, with why and whether the feed lists them or why not; blocked installs, each leading to
// the Gateway request of its last sighting; the preview, byte for byte the public feed's page; the
// settings, changed from the page (the API's refusals shown on their fields), saved and audited; the
// feed turned off through its confirmation, from the keyboard; a viewer who sees everything and can
// change nothing, in an 800 px window; light and dark, with no text cut off.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import {
  addViewer,
  assertNoClippedText,
  assertNoPageScroll,
  consoleSuite,
  openConsole,
  openFromNavigation,
  screenshot,
  signInAsOwner,
  signInThroughForm,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { focusInDialog, focusReturnsTo, tabTo } from '../helpers/keyboard.ts';
import { DEVS, catchesOf, type Caught, type Catches, type Dev } from '../slopsquat/caught.ts';

const FEED = '/v1/slopsquat/observatory';

const row = (page: Page, key: string) => page.locator(`tr[data-package="${key}"]`);
const tabOf = (page: Page, name: string) => page.getByRole('tab', { name });

eachEngineWithBrowser('console: Slopsquat', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)), 1366);
  let owner: ApiClient;
  let catches: Catches;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    catches = catchesOf(server);
  });
  const caught = (k: Caught) => catches.caught(k);
  const settle = () => catches.settle();

  test('the navigation leads to the page, where nothing is caught yet', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'Slopsquat');
    await page.getByText('No names caught yet').waitFor();
    await page.getByText('Detection blocks').waitFor();
  });

  test('names caught: why with its detail, counts, developers, and published or why not', async () => {
    const { page } = c;
    const [alice, bob, carol] = DEVS as [Dev, Dev, Dev];
    // Invented for three developers (k = 3): published. Two of the installs were stopped.
    for (const dev of [alice, bob, carol])
      await caught({
        ecosystem: 'pypi',
        name: 'fastapi-auth-helpers',
        reason: 'missing',
        dev,
        blocked: dev !== carol,
      });
    // Invented for two: withheld below k.
    for (const dev of [alice, bob])
      await caught({ ecosystem: 'npm', name: 'react-fast-forms', reason: 'missing', dev, blocked: true });
    // Invented for three, but the organisation's own scope once the settings say so.
    for (const dev of DEVS)
      await caught({ ecosystem: 'npm', name: '@acme/billing-kit', reason: 'missing', dev, blocked: true });
    // Never invented: one edit from a popular package, and published days ago.
    await caught({
      ecosystem: 'npm',
      name: 'expresss',
      reason: 'near_popular',
      dev: alice,
      blocked: false,
      near: 'express',
    });
    const young = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await caught({
      ecosystem: 'crates',
      name: 'serde-jsonx',
      reason: 'young',
      dev: bob,
      blocked: true,
      firstPublished: young,
    });
    await settle();

    await page.getByRole('button', { name: 'Refresh' }).click();
    const fastapi = row(page, 'pypi:fastapi-auth-helpers');
    await fastapi.waitFor();
    await fastapi.getByText('Invented', { exact: true }).waitFor();
    await fastapi.getByText('×3').waitFor();
    await fastapi.getByText('published', { exact: true }).waitFor();
    const cells = await fastapi.locator('td').allInnerTexts();
    assert.deepEqual(
      cells.slice(2, 6),
      ['3', '2', '3', 'claude'],
      'count, installs stopped, developers, models',
    );

    await row(page, 'npm:react-fast-forms').getByText('seen by 2 developers; the feed needs 3').waitFor();
    const near = row(page, 'npm:expresss');
    await near.getByText('Near a popular name').waitFor();
    await near.getByText('It is one edit away from the popular express.').waitFor();
    await near.getByText('caught for another reason only').waitFor();
    await row(page, 'crates:serde-jsonx')
      .getByText(`It was first published on ${young.slice(0, 10)}.`)
      .waitFor();

    // The filters live in the address.
    await page.getByRole('combobox', { name: 'Public feed' }).selectOption('yes');
    await page.waitForURL(/published=yes/);
    await row(page, 'npm:react-fast-forms').waitFor({ state: 'detached' });
    await fastapi.waitFor();
    await page.getByRole('combobox', { name: 'Public feed' }).selectOption('');
    await row(page, 'npm:react-fast-forms').waitFor();
    await assertNoClippedText(page);
    await screenshot(page, 'slopsquat-names');
  });

  test('blocked installs: each leads to the Gateway request of its last sighting', async () => {
    const { page } = c;
    await tabOf(page, 'Blocked installs').click();
    await page.waitForURL(/tab=blocked/);
    const table = page.getByRole('table', { name: 'Slopsquat catches' });
    await table.waitFor();
    // Stopped installs only: the near-popular name was only recorded, as was carol's fastapi sighting.
    assert.equal(await table.locator('tr[data-package="npm:expresss"]').count(), 0);
    const rows = table.locator('tr[data-package="pypi:fastapi-auth-helpers"]');
    assert.equal(await rows.count(), 2, 'alice’s and bob’s, not carol’s');
    await assertNoClippedText(page);
    await assertNoPageScroll(page);
    await screenshot(page, 'slopsquat-blocked');

    await page.getByRole('button', { name: 'Show the Gateway request: react-fast-forms by bob' }).click();
    const drawer = page.getByRole('dialog', { name: 'Gateway request' });
    await drawer.getByText(catches.requests.get('npm:react-fast-forms:bob')!).waitFor();
    // The signal with what the policy did about it.
    await drawer.getByText('slopsquat:missing: blocked', { exact: true }).waitFor();
    await drawer.getByText('bob (credential cred_bob)').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The segmented control's radio is drawn by its label.
    await page.locator('label', { hasText: 'Every catch' }).click();
    await page.waitForURL(/catches=all/);
    await table.locator('tr[data-package="npm:expresss"]').getByText('alerted').waitFor();

    // The finding itself is on the risk page.
    await page.getByRole('link', { name: 'Open the finding: expresss by alice' }).click();
    const finding = page.getByRole('dialog', { name: 'Risk finding' });
    await finding.getByText('It is one edit away from the popular express', { exact: false }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/slopsquat\?tab=blocked&catches=all/);
    await table.waitFor();
  });

  test('the preview is exactly what the public feed publishes', async () => {
    const { page } = c;
    await tabOf(page, 'Public feed').click();
    await page.getByText('The feed is on').waitFor();
    const address = await page.getByRole('textbox', { name: 'Feed address' }).inputValue();
    assert.equal(address, `${server.gatewayUrl}${FEED}`);

    const served = await fetch(address);
    assert.equal(served.status, 200);
    const body = await served.text();
    const feed = JSON.parse(body) as { entries: Array<{ ecosystem: string; name: string }> };
    const listed = await page.getByRole('table', { name: 'Published names' }).locator('tr[data-published]');
    assert.deepEqual(
      await listed.evaluateAll((rows) =>
        rows.map((r) => (r as unknown as { dataset: { published: string } }).dataset.published),
      ),
      feed.entries.map((e) => `${e.ecosystem}:${e.name}`),
    );
    assert.deepEqual(
      feed.entries.map((e) => e.name),
      ['@acme/billing-kit', 'fastapi-auth-helpers'],
    );

    await page.getByRole('button', { name: 'Show the JSON as served' }).click();
    assert.equal(await page.getByLabel('Page 1 of the feed as served').innerText(), body, 'byte for byte');
    await screenshot(page, 'slopsquat-feed');
  });

  test('settings: the API’s refusals shown on their fields, then a change saved and audited', async () => {
    const { page } = c;
    await tabOf(page, 'Settings').click();
    const form = page.getByRole('form', { name: 'Observatory settings' });
    await form.waitFor();
    const scopes = form.getByRole('group', { name: 'Private scopes' });
    const feeds = form.getByRole('group', { name: 'Subscribed feeds' });

    // Refused by the schema: k below its minimum.
    await form.getByLabel(/^k: developers/).fill('1');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Must be 2 or more.').waitFor();

    // Refused by the observatory's checks, two problems in one answer, each under its own entry.
    await form.getByLabel(/^k: developers/).fill('2');
    await scopes.getByLabel('New pattern').fill('*');
    await scopes.getByRole('button', { name: 'Add pattern' }).click();
    await feeds.getByLabel('New feed address').fill('ftp://mirror.example.org/v1/slopsquat/observatory');
    await feeds.getByLabel('New feed address').press('Enter');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await scopes.getByText('would match every name; turn the feed off instead', { exact: false }).waitFor();
    await feeds.getByText('must be an http or https address', { exact: false }).waitFor();
    await screenshot(page, 'slopsquat-settings-refused');

    await scopes.getByRole('button', { name: 'Remove *' }).click();
    await feeds
      .getByRole('button', { name: 'Remove ftp://mirror.example.org/v1/slopsquat/observatory' })
      .click();
    await scopes.getByLabel('New pattern').fill('@acme/*');
    await scopes.getByRole('button', { name: 'Add pattern' }).click();
    const mirror = 'https://npm.mirror.example.org/repository/npm';
    const npmRegistry = form.getByRole('group', { name: 'Registry addresses' }).getByLabel('npm');
    const asked = (await owner.get('/api/v1/slopsquat/settings')).body.registries_in_effect.npm;
    assert.equal(
      await npmRegistry.getAttribute('placeholder'),
      asked,
      'an empty field: the registry asked now',
    );
    await npmRegistry.fill(mirror);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The settings were saved', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Save changes' }).waitFor({ state: 'detached' });

    const saved = (await owner.get('/api/v1/slopsquat/settings')).body;
    assert.equal(saved.k, 2);
    assert.deepEqual(saved.private_scopes, ['@acme/*']);
    assert.deepEqual(saved.registries, { npm: mirror });
    assert.equal(saved.registries_in_effect.npm, mirror, 'the Gateway asks the mirror from now on');
    assert.equal(saved.feed_enabled, true);
    const audit = (await owner.get('/api/v1/audit/events?action=settings.slopsquat_changed')).body.events;
    assert.equal(audit.length, 1);
    assert.equal(audit[0].actor.name, server.owner.email);
    assert.deepEqual(Object.keys(audit[0].details.changes ?? audit[0].details).sort(), [
      'k',
      'private_scopes',
      'registries',
    ]);

    // What is published follows: react-fast-forms (two developers) now is; @acme/billing-kit never.
    await tabOf(page, 'Names caught').click();
    await row(page, 'npm:react-fast-forms').getByText('published', { exact: true }).waitFor();
    await row(page, 'npm:@acme/billing-kit').getByText('matches one of your private scopes').waitFor();
  });

  test('the feed turned off from the keyboard, through its confirmation; the preview still shows it', async () => {
    const { page } = c;
    await tabOf(page, 'Settings').click();
    await page.getByRole('switch', { name: 'Publish the observatory feed' }).focus();
    await page.keyboard.press('Space');
    let dialog = page.getByRole('dialog', { name: 'Turn the public feed off' });
    await dialog.waitFor();
    await focusInDialog(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReturnsTo(page, 'Publish the observatory feed');
    assert.equal((await fetch(`${server.gatewayUrl}${FEED}`)).status, 200, 'Escape saves nothing');

    await page.keyboard.press('Space');
    dialog = page.getByRole('dialog', { name: 'Turn the public feed off' });
    await dialog.getByText('answers 404').waitFor();
    await tabTo(page, /^Turn the feed off$/);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const off = await fetch(`${server.gatewayUrl}${FEED}`);
    assert.equal(off.status, 404);
    assert.equal(((await off.json()) as { error: { code: string } }).error.code, 'feed_off');

    await tabOf(page, 'Public feed').click();
    await page.getByText('The feed is off').waitFor();
    await page
      .getByRole('table', { name: 'Published names' })
      .locator('tr[data-published]')
      .first()
      .waitFor();
    await tabOf(page, 'Names caught').click();
    await row(page, 'pypi:fastapi-auth-helpers').getByText('the feed is off').waitFor();

    const events = (await owner.get('/api/v1/audit/events?action=settings.slopsquat_changed')).body.events;
    assert.equal(events.length, 2, 'the switch is audited too');
  });

  test('dark, 1366 px: the page reads, nothing cut off', async () => {
    const { page } = c;
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      await page.reload();
      await page.getByRole('heading', { name: 'Slopsquat', level: 1 }).waitFor();
      assert.equal(await page.locator('html').getAttribute('data-mantine-color-scheme'), 'dark');
      await row(page, 'npm:react-fast-forms').waitFor();
      await assertNoClippedText(page);
      await assertNoPageScroll(page);
      await screenshot(page, 'slopsquat-names-dark');
      await tabOf(page, 'Settings').click();
      await page.getByRole('form', { name: 'Observatory settings' }).waitFor();
      await assertNoClippedText(page);
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
    assert.deepEqual(c.problems, []);
  });

  test('a viewer reads every tab and can change nothing, in an 800 px window', async () => {
    const credentials = await addViewer(server);
    const viewer = await openConsole(c.browser, 800);
    const { page } = viewer;
    try {
      await signInThroughForm(page, server.consoleUrl, credentials.email, credentials.password);
      await page.goto(`${server.consoleUrl}/console/slopsquat`);
      await row(page, 'npm:react-fast-forms').waitFor();
      await assertNoPageScroll(page);
      await tabOf(page, 'Settings').click();
      await page.getByText('k = 2', { exact: false }).waitFor();
      await page.getByText('@acme/*', { exact: true }).waitFor();
      assert.equal(await page.getByRole('switch').count(), 0, 'no switch');
      assert.equal(await page.getByRole('textbox').count(), 0, 'no field');
      assert.equal(await page.getByRole('button', { name: /Save|Remove|Add/ }).count(), 0, 'no button');
      await assertNoPageScroll(page);
      await assertNoClippedText(page);
      await screenshot(page, 'slopsquat-settings-viewer-800px');

      // The API refuses the viewer anyway.
      const asViewer = await signIn(server.consoleUrl, credentials.email, credentials.password);
      const current = (await asViewer.get('/api/v1/slopsquat/settings')).body;
      const { feed_url: _, subscription_status: __, ...settings } = current;
      const refused = await asViewer.request('PUT', '/api/v1/slopsquat/settings', { ...settings, k: 3 });
      assert.equal(refused.status, 403);
      assert.equal((await owner.get('/api/v1/slopsquat/settings')).body.k, 2);
      assert.deepEqual(viewer.problems, []);
    } finally {
      await page.close();
    }
  });
});
