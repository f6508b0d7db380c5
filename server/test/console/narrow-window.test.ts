// Every page of the console in an 800 px wide window, with real data in it (provider keys, credentials,
// Gateway requests, audit events, a developer and their device): the page body never scrolls sideways
// (a wide table scrolls inside its own container), the folded navigation opens from its burger and every
// entry in it leads to its page.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { assertNoPageScroll, consoleSuite, screenshot, signInAsOwner } from '../helpers/console-page.ts';
import { signIn } from '../helpers/api-client.ts';
import { addDeveloper, insertDevice } from '../helpers/people.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const NAV = [
  { link: 'Activity', heading: 'Activity', content: 'Gateway requests' },
  { link: 'Provider keys', heading: 'Provider keys', content: 'Provider keys' },
  { link: 'People', heading: 'People', content: 'Developers' },
  { link: 'Devices', heading: 'Devices', content: 'Devices' },
  { link: 'API credentials', heading: 'API credentials', content: 'API credentials' },
  { link: 'Audit log', heading: 'Audit log', content: 'Audit events' },
  { link: 'Retention', heading: 'Retention', content: 'What is kept' },
];

async function navigateTo(page: Page, link: string) {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: link }).click();
}

eachEngineWithBrowser('console: an 800 px window', (engine) => {
  let f: GatewayFixture;
  const c = consoleSuite(async () => (f = await startGatewayFixture(engine)), 800);

  before(async () => {
    // Real Gateway requests for the activity page: one allowed, one refused.
    const ok = await fetch(`${f.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'Hello' }] }),
    });
    assert.equal(ok.status, 200);
    await ok.text();
    const refused = await fetch(`${f.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-gateway-token', 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(refused.status, 401);
    await refused.text();
    await f.activity(2);
    // A developer with a device, for the people and devices pages.
    const owner = await signIn(f.server.consoleUrl, f.server.owner.email, f.server.owner.password);
    await insertDevice(f.server, await addDeveloper(f.server, owner, 'ada@example.com'), 'ada-macbook');
  });

  test('sign-in and setup fit', async () => {
    const { page } = c;
    await page.goto(`${f.server.consoleUrl}/console/setup`);
    await page.getByText('needs the one-time setup link').waitFor();
    await assertNoPageScroll(page);
    await page.goto(`${f.server.consoleUrl}/console/`);
    await page.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
    await assertNoPageScroll(page);
  });

  test('every navigation entry leads to its page, and no page scrolls sideways', async () => {
    const { page } = c;
    await signInAsOwner(page, f.server);
    await assertNoPageScroll(page);
    for (const entry of NAV) {
      await navigateTo(page, entry.link);
      await page.getByRole('heading', { name: entry.heading, level: 1 }).waitFor();
      await page.getByRole('table', { name: entry.content }).waitFor();
      await assertNoPageScroll(page);
    }
  });

  test('dialogs and the request detail fit too', async () => {
    const { page } = c;
    await navigateTo(page, 'Provider keys');
    await page.getByRole('button', { name: 'Add provider key' }).click();
    const add = page.getByRole('dialog', { name: 'Add a provider key' });
    await add.getByLabel('Provider').selectOption('azure');
    await assertNoPageScroll(page);
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'detached' });

    await navigateTo(page, 'Activity');
    await page.getByRole('table', { name: 'Gateway requests' }).getByText('dev-tools').click();
    const detail = page.getByRole('dialog', { name: 'Gateway request' });
    await detail.getByText('chat.completions').waitFor();
    await assertNoPageScroll(page);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await screenshot(page, 'activity-800px');
    assert.deepEqual(c.problems, []);
  });
});
