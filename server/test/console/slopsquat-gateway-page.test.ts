// The Slopsquat page fed by the real Gateway, in Chromium: three developers' Claude Code asks the
// Gateway, the model answers each with a Bash tool call installing a package the (fake) npm registry
// does not have, and the Gateway blocks each install. The page lists the name as invented by three
// developers and published (k = 3), the preview matching the public feed; each blocked install leads
// to the very request the Gateway refused.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { MODELS } from '../helpers/gateway.ts';
import { createCredential, exchangeToken } from '../helpers/api-client.ts';
import { consoleSuite, openFromNavigation, signInAsOwner } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { toolCallHeader } from '../mocks/mock-upstream.ts';
import { startSlopsquatFixture, type SlopsquatFixture } from '../slopsquat/gateway-fixture.ts';

const MISSING = 'express-session-redis-pro';
const FEED = '/v1/slopsquat/observatory';

eachEngineWithBrowser('console: Slopsquat fed by the Gateway', (engine) => {
  let f: SlopsquatFixture;
  const c = consoleSuite(async () => (f = await startSlopsquatFixture(engine)), 1366);
  /** The x-gatehouse-request-id of each developer's refused request. */
  const refused = new Map<string, string>();

  before(async () => {
    await f.policy();
    const { admin, server } = f.gateway;
    for (const name of ['dev-ana', 'dev-ben', 'dev-cy']) {
      const cred = await createCredential(admin, { name, scopes: ['gateway:invoke'] });
      const token = (await exchangeToken(server.consoleUrl, cred.client_id, cred.client_secret)).access_token;
      const client = new Anthropic({ apiKey: token, baseURL: f.gateway.gatewayUrl, maxRetries: 0 });
      const error = await client.messages
        .create(
          { model: MODELS.anthropic, max_tokens: 100, messages: [{ role: 'user', content: 'Add sessions' }] },
          { headers: toolCallHeader({ name: 'Bash', arguments: { command: `npm install ${MISSING}` } }) },
        )
        .then(
          () => assert.fail('the install went through'),
          (err: unknown) => err,
        );
      assert.ok(error instanceof Anthropic.BadRequestError, String(error));
      refused.set(name, error.headers?.get('x-gatehouse-request-id') ?? '');
    }
    await f.finding('slopsquat:missing', MISSING);
    const { observatory } = server.gatehouse.services;
    await observatory.drain();
    await observatory.refresh();
  });

  test('the name the Gateway caught, invented for three developers, is listed and published', async () => {
    const { page } = c;
    await signInAsOwner(page, f.gateway.server);
    await openFromNavigation(page, 'Slopsquat');
    const row = page.locator(`tr[data-package="npm:${MISSING}"]`);
    await row.getByText('Invented', { exact: true }).waitFor();
    await row.getByText('It does not exist in its registry (a name models invent).').waitFor();
    await row.getByText('published', { exact: true }).waitFor();
    const cells = await row.locator('td').allInnerTexts();
    assert.equal(cells[2], '3', 'count');
    assert.equal(cells[3], '3', 'installs stopped');
    assert.equal(cells[4], '3', 'developers');
    assert.equal(cells[5], 'claude', 'model family');
  });

  test('each blocked install leads to the request the Gateway refused', async () => {
    const { page } = c;
    await page.getByRole('tab', { name: 'Blocked installs' }).click();
    const rows = page
      .getByRole('table', { name: 'Slopsquat catches' })
      .locator(`tr[data-package="npm:${MISSING}"]`);
    await rows.nth(2).waitFor();
    assert.equal(await rows.count(), 3);
    for (const [name, requestId] of refused) {
      assert.match(requestId, /\S/, 'the Gateway named its request');
      await page.getByRole('button', { name: `Show the Gateway request: ${MISSING} by ${name}` }).click();
      const drawer = page.getByRole('dialog', { name: 'Gateway request' });
      await drawer.getByText(requestId, { exact: true }).waitFor();
      await drawer.getByText('policy_blocked').waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    }
  });

  test('the preview is the public feed', async () => {
    const { page } = c;
    await page.getByRole('tab', { name: 'Public feed' }).click();
    await page.getByRole('button', { name: 'Show the JSON as served' }).click();
    const served = await (await fetch(`${f.gateway.gatewayUrl}${FEED}`)).text();
    assert.equal(await page.getByLabel('Page 1 of the feed as served').innerText(), served);
    assert.deepEqual(
      (JSON.parse(served) as { entries: Array<{ name: string }> }).entries.map((e) => e.name),
      [MISSING],
    );
    assert.deepEqual(c.problems, []);
  });
});
