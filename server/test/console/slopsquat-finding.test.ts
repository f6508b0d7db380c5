// A slopsquat finding in the console, end to end in Chromium: Claude Code's Bash tool call installing a
// package no registry has (the fake registries) is blocked by the Gateway, and the risk findings page
// shows the finding under its kind, and in its detail the package, why it is suspect, where it was read
// and that the install was blocked.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { MODELS } from '../helpers/gateway.ts';
import { consoleSuite, openFromNavigation, signInAsOwner } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { toolCallHeader } from '../mocks/mock-upstream.ts';
import { startSlopsquatFixture, type SlopsquatFixture } from '../slopsquat/gateway-fixture.ts';

const MISSING = 'react-native-secure-vault-pro';

eachEngineWithBrowser('console: a slopsquat finding', (engine) => {
  let f: SlopsquatFixture;
  const c = consoleSuite(async () => (f = await startSlopsquatFixture(engine)));
  let id: string;

  before(async () => {
    await f.policy();
    const client = new Anthropic({ apiKey: f.gateway.token, baseURL: f.gateway.gatewayUrl, maxRetries: 0 });
    await assert.rejects(
      client.messages.create(
        { model: MODELS.anthropic, max_tokens: 100, messages: [{ role: 'user', content: 'Store secrets' }] },
        { headers: toolCallHeader({ name: 'Bash', arguments: { command: `npm install ${MISSING}` } }) },
      ),
      Anthropic.BadRequestError,
    );
    id = (await f.finding('slopsquat:missing', MISSING)).id;
  });

  test('listed as a suspect package; its detail names the package, why, and the blocked install', async () => {
    const { page } = c;
    await signInAsOwner(page, f.gateway.server);
    await openFromNavigation(page, 'Risk findings');
    const row = page.getByRole('table', { name: 'Risk findings' }).locator(`tr[data-finding-id="${id}"]`);
    await row.getByText('Suspect package', { exact: true }).waitFor();
    await row.getByRole('button').click();
    const evidence = page
      .getByRole('dialog', { name: 'Risk finding' })
      .getByRole('table', { name: 'Evidence' });
    await evidence.getByText(`npm ${MISSING}`, { exact: true }).waitFor();
    await evidence.getByText('it does not exist in its registry (a name models invent)').waitFor();
    await evidence.getByText('a tool call (Bash)').waitFor();
    await evidence.getByText('Install blocked').waitFor();
    assert.deepEqual(c.problems, []);
  });
});
