// The provider keys page end to end, in Debian's Chromium against the real server on a fresh store: add
// an Azure key (its endpoint required, its API version asked) and an OpenAI key, with the API's refusal
// shown in the dialog; the secret shown only as ••••last4 and never in the page; curate the Gateway
// model list and reset it; edit a key's models; a new endpoint asks for the secret again; rotate (the
// masked value changes); delete through the typed confirmation. A viewer sees the keys and no button it
// may not use.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import {
  assertNoPageScroll,
  consoleSuite,
  openFromNavigation,
  screenshot,
  signInAsNewViewer,
  signInAsOwner,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const AZURE = { name: 'azure-prod', secret: 'azure-secret-0000-5b1c' };
const OPENAI = { name: 'openai-production', secret: 'sk-test-first-secret-a1b2' };
const ROTATED = 'sk-test-rotated-secret-9z8y';

const row = (page: Page, name: string) => page.locator(`tr[data-provider-key="${name}"]`);

async function assertSecretsAbsent(page: Page) {
  const html = await page.content();
  for (const secret of [AZURE.secret, OPENAI.secret, ROTATED])
    assert.equal(html.includes(secret), false, 'no secret is in the page');
}

eachEngineWithBrowser('console: provider keys', (engine) => {
  let server: TestServer;
  const c = consoleSuite(async () => (server = await startTestServer(engine)));
  let owner: ApiClient;

  before(async () => {
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });

  test('the navigation leads to the page, which has no key yet', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'Provider keys');
    await page.getByText('No provider keys yet').waitFor();
    await page.getByRole('region', { name: 'Gateway model list' }).getByText('The list is empty').waitFor();
  });

  test('an Azure key needs its endpoint; the API’s refusal is shown in the dialog', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Add provider key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a provider key' });
    const submit = dialog.getByRole('button', { name: 'Add provider key' });
    await dialog.getByLabel('Name').fill(AZURE.name);
    assert.equal(await dialog.getByLabel('Azure API version').count(), 0, 'asked for Azure only');
    await dialog.getByLabel('Provider').selectOption('azure');
    await dialog.getByText('Required: the resource endpoint').waitFor();
    await dialog.getByLabel('Azure API version').waitFor();
    await dialog.getByLabel(/^Secret/).fill(AZURE.secret);
    await dialog.getByLabel('Enabled deployments').fill('my-gpt-4o-deployment');
    assert.equal(await submit.isDisabled(), true, 'no endpoint, no add');

    await dialog.getByLabel(/Resource endpoint/).fill('ftp://my-resource.openai.azure.com');
    await submit.click();
    await dialog.getByRole('alert').getByText('base_url must start with https://').waitFor();

    await dialog.getByLabel(/Resource endpoint/).fill('https://my-resource.openai.azure.com/');
    await dialog.getByLabel('Azure API version').fill('2024-10-21');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });

    const r = row(page, AZURE.name);
    await r.getByText('Azure OpenAI').waitFor();
    await r.getByText('••••5b1c').waitFor();
    await r.getByText('https://my-resource.openai.azure.com', { exact: true }).waitFor();
    await r.getByText('api-version 2024-10-21').waitFor();
    await r.getByText('my-gpt-4o-deployment').waitFor();
  });

  test('an OpenAI key: model entries checked before sending, the secret masked and never in the page', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Add provider key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a provider key' });
    await dialog.getByLabel('Name').fill(OPENAI.name);
    await dialog.getByLabel('Provider').selectOption('openai');
    assert.equal(await dialog.getByLabel('Azure API version').count(), 0);
    await dialog.getByText('Empty: https://api.openai.com/v1').waitFor();
    await dialog.getByLabel(/^Secret/).fill(OPENAI.secret);
    await dialog.getByLabel('Enabled models').fill('gpt-4o, gpt-4.1-*\ngpt 4o!');
    await dialog.getByText('"4o!"').waitFor();
    const submit = dialog.getByRole('button', { name: 'Add provider key' });
    assert.equal(await submit.isDisabled(), true, 'an invalid entry blocks the add');
    await dialog.getByLabel('Enabled models').fill('gpt-4o, gpt-4.1-*');
    await screenshot(page, 'provider-key-add');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });

    const r = row(page, OPENAI.name);
    await r.getByText('••••a1b2').waitFor();
    await r.getByText('https://api.openai.com/v1').waitFor();
    await r.getByText('gpt-4.1-*').waitFor();
    await r.getByText('never').waitFor();
    await assertSecretsAbsent(page);
    await page.reload();
    await row(page, OPENAI.name).getByText('••••a1b2').waitFor();
    await assertSecretsAbsent(page);
  });

  test('the Gateway model list follows the keys, can be curated and reset', async () => {
    const { page } = c;
    const section = page.getByRole('region', { name: 'Gateway model list' });
    await section.getByText('Follows the provider keys').waitFor();
    await section.getByText('gpt-4o', { exact: true }).waitFor();
    await section.getByText('my-gpt-4o-deployment', { exact: true }).waitFor();
    assert.equal(await section.getByText('gpt-4.1-*').count(), 0, 'patterns are not listed');
    await screenshot(page, 'provider-keys');

    await section.getByRole('button', { name: 'Curate the list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Curate the Gateway model list' });
    await dialog.getByLabel('Listed models').fill('gpt-4o\nclaude-*');
    await dialog.getByText('Not a model name').waitFor();
    await dialog.getByLabel('Listed models').fill('gpt-4o\nclaude-sonnet-4-5');
    await dialog.getByRole('button', { name: 'Save the list' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('Curated by an admin').waitFor();
    await section.getByText('claude-sonnet-4-5 (no key)').waitFor();
    assert.deepEqual((await owner.get('/api/v1/models')).body, {
      curated: true,
      models: [
        { id: 'gpt-4o', provider: 'openai' },
        { id: 'claude-sonnet-4-5', provider: null },
      ],
    });

    await section.getByRole('button', { name: 'Follow the provider keys' }).click();
    await section.getByText('Follows the provider keys').waitFor();
    assert.equal((await owner.get('/api/v1/models')).body.curated, false);
  });

  test('edit changes a key’s enabled models', async () => {
    const { page } = c;
    await page.getByRole('button', { name: `Edit ${OPENAI.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${OPENAI.name}` });
    assert.equal(await dialog.getByLabel('Enabled models').inputValue(), 'gpt-4o\ngpt-4.1-*');
    await dialog.getByLabel('Enabled models').fill('gpt-4o\ngpt-4o-mini');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const r = row(page, OPENAI.name);
    await r.getByText('gpt-4o-mini').waitFor();
    await r.getByText('gpt-4.1-*').waitFor({ state: 'detached' });
    const listed = await owner.get('/api/v1/provider-keys');
    const key = listed.body.provider_keys.find((k: any) => k.name === OPENAI.name);
    assert.deepEqual(key.enabled_models, ['gpt-4o', 'gpt-4o-mini']);
    await page
      .getByRole('region', { name: 'Gateway model list' })
      .getByText('gpt-4o-mini', { exact: true })
      .waitFor();
  });

  test('a new endpoint asks for the secret again; the same endpoint does not', async () => {
    const { page } = c;
    await page.getByRole('button', { name: `Edit ${OPENAI.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${OPENAI.name}` });
    const submit = dialog.getByRole('button', { name: 'Save changes' });
    assert.equal(await dialog.getByLabel(/^Secret/).count(), 0, 'no secret asked while the endpoint stays');
    await dialog.getByLabel('Base URL').fill('https://proxy.example.com/v1/');
    await dialog.getByLabel(/^Secret/).waitFor();
    assert.equal(await submit.isDisabled(), true, 'a new endpoint without the secret cannot be saved');
    await dialog.getByLabel(/^Secret/).fill(OPENAI.secret);
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, OPENAI.name).getByText('https://proxy.example.com/v1').waitFor();
    await row(page, OPENAI.name).getByText('••••a1b2').waitFor();
    const moves = (await owner.get('/api/v1/audit/events?action=provider_key.base_url_changed')).body.events;
    assert.equal(moves.length, 1);
    assert.equal(moves[0].details.base_url, 'https://proxy.example.com/v1');
    await assertSecretsAbsent(page);
  });

  test('rotate replaces the secret: the masked value changes, the old one is never sent again', async () => {
    const { page } = c;
    await page.getByRole('button', { name: `Rotate ${OPENAI.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rotate the secret of ${OPENAI.name}` });
    await dialog.getByText('the old one is never sent again').waitFor();
    await dialog.getByText('••••a1b2').waitFor();
    const submit = dialog.getByRole('button', { name: 'Rotate secret' });
    assert.equal(await submit.isDisabled(), true);
    await dialog.getByLabel(/^New secret/).fill(ROTATED);
    await screenshot(page, 'provider-key-rotate');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    const r = row(page, OPENAI.name);
    await r.getByText('••••9z8y').waitFor();
    await r.getByText('never').waitFor({ state: 'detached' });
    await assertSecretsAbsent(page);
  });

  test('delete needs the key’s name typed', async () => {
    const { page } = c;
    await page.getByRole('button', { name: `Delete ${AZURE.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the provider key' });
    await dialog.getByText(AZURE.name, { exact: true }).first().waitFor();
    await dialog.getByText('refused with 424').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete permanently' });
    await dialog.getByLabel(`Type ${AZURE.name} to confirm`).fill('azure');
    assert.equal(await confirm.isDisabled(), true, 'a wrong name keeps the button disabled');
    await dialog.getByLabel(`Type ${AZURE.name} to confirm`).fill(AZURE.name);
    await screenshot(page, 'provider-key-delete');
    await confirm.click();
    await row(page, AZURE.name).waitFor({ state: 'detached' });
    await row(page, OPENAI.name).waitFor();
    const listed = await owner.get('/api/v1/provider-keys');
    assert.deepEqual(
      listed.body.provider_keys.map((k: any) => k.name),
      [OPENAI.name],
    );
    assert.deepEqual(c.problems, []);
  });

  test('a viewer sees the keys and the model list, and no add, edit, rotate, delete or curate', async () => {
    const { page, problems } = await signInAsNewViewer(c.browser, server);
    await page.goto(`${server.consoleUrl}/console/provider-keys`);
    await row(page, OPENAI.name).getByText('••••9z8y').waitFor();
    await page.getByRole('region', { name: 'Gateway model list' }).getByText('gpt-4o-mini').waitFor();
    for (const name of [
      'Add provider key',
      `Edit ${OPENAI.name}`,
      `Rotate ${OPENAI.name}`,
      `Delete ${OPENAI.name}`,
      'Curate the list',
      'Follow the provider keys',
    ]) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} button`);
    }
    await assertNoPageScroll(page);
    await screenshot(page, 'provider-keys-viewer-800px');
    await assertSecretsAbsent(page);
    assert.deepEqual(problems, []);
  });
});
