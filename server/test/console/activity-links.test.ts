// What the policy did, and the pages linked to each other, in Debian's Chromium against the real server:
// a developer's requests from a signed-in device through the Gateway (one redacted, one blocked), each
// signal shown with its action in the row and the drawer; the drawer's Device and Developer rows linked;
// from a request to its device's requests, its developer, its device and its finding (exactly, by id);
// from the finding to exactly its requests, to one request's drawer, and back to the finding.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import OpenAI from 'openai';
import type { Page } from 'playwright-core';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { signedInDevice, type SignedInDevice } from '../helpers/devices.ts';
import { consoleSuite, openFromNavigation, signInAsOwner } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';
const EMAIL = 'jane.doe@acme-corp.io';

const rowOf = (page: Page, requestId: string) =>
  page.getByRole('table', { name: 'Gateway requests' }).locator(`tr[data-request-id="${requestId}"]`);
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Gateway request' });

async function openRequest(page: Page, requestId: string) {
  await rowOf(page, requestId).getByRole('button').click();
  await drawer(page).getByText(requestId, { exact: true }).waitFor();
}

eachEngineWithBrowser('console: what the policy did, and the pages linked', (engine) => {
  let f: GatewayFixture;
  const c = consoleSuite(async () => (f = await startGatewayFixture(engine)));
  let ada: SignedInDevice;
  const ids = { redacted: '', blocked: '' };

  before(async () => {
    await setPolicy(f.admin, policyDoc('block', { pii: 'redact' }));
    ada = await signedInDevice(f.server, f.admin, 'ada@example.com', { deviceName: 'ada-laptop' });
    const client = new OpenAI({ apiKey: ada.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    const ask = (content: string) =>
      client.chat.completions.create({ model: MODELS.openai, messages: [{ role: 'user', content }] });
    const redacted = await ask(`Write to ${EMAIL} about it`).withResponse();
    ids.redacted = redacted.response.headers.get('x-gatehouse-request-id')!;
    const blocked = await ask(`My key is ${AWS_KEY}`).then(
      () => assert.fail('the secret is blocked'),
      (e: InstanceType<typeof OpenAI.APIError>) => e,
    );
    assert.equal(blocked.status, 400);
    ids.blocked = blocked.headers?.get('x-gatehouse-request-id') ?? '';
    await f.activity(2);
  });

  test('each signal says what the policy did, in the row and in the drawer, with the Device row', async () => {
    const { page } = c;
    await signInAsOwner(page, f.server);
    await openFromNavigation(page, 'Activity');
    await rowOf(page, ids.redacted).getByText('email: redacted').waitFor();
    await rowOf(page, ids.redacted).getByText('redacted', { exact: true }).waitFor();
    await rowOf(page, ids.blocked).getByText('aws-access-key: blocked').waitFor();

    await openRequest(page, ids.blocked);
    const fields = drawer(page).getByRole('table', { name: 'Request fields' });
    await fields.getByText('aws-access-key: blocked').waitFor();
    await fields.getByText(`ada-laptop (${ada.deviceId})`).waitFor();
    await fields.getByRole('link', { name: 'Requests from this device' }).click();
    await drawer(page).waitFor({ state: 'detached' });
    assert.match(page.url(), new RegExp(`[?&]device=${ada.deviceId}`));
    await page
      .getByLabel('Device', { exact: true })
      .and(page.locator('[value="ada-laptop (ada@example.com)"]'))
      .waitFor();
    await page.getByText('2 requests', { exact: true }).waitFor();
  });

  test('from a request to its developer, and to its device', async () => {
    const { page } = c;
    await openRequest(page, ids.redacted);
    await drawer(page).getByRole('link', { name: 'ada@example.com' }).click();
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    await page.getByText('Devices of').getByText('ada@example.com').waitFor();
    await page.getByRole('row').filter({ hasText: 'ada-laptop' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();

    await openRequest(page, ids.redacted);
    await drawer(page)
      .getByRole('link', { name: `ada-laptop (${ada.deviceId})` })
      .click();
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Show all their devices' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'ada-laptop' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('device'), ada.deviceId);
    await page.goBack();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
  });

  test('a finding → exactly its requests → one request’s drawer → back to the finding', async () => {
    const { page } = c;
    await f.server.gatehouse.services.risk.drain();
    const found = await f.admin.get<{ findings: Array<{ id: string }> }>(
      '/api/v1/risk/findings?rule=aws-access-key',
    );
    assert.equal(found.body.findings.length, 1);
    const findingId = found.body.findings[0]!.id;
    // The same caller and rule again, another value: another finding, and a request of its own.
    const client = new OpenAI({ apiKey: ada.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    const again = await client.chat.completions
      .create({ model: MODELS.openai, messages: [{ role: 'user', content: `Try AKIAZ3MXQ7RTPLWEHV2B` }] })
      .then(
        () => assert.fail('the secret is blocked'),
        (e: InstanceType<typeof OpenAI.APIError>) => e.headers?.get('x-gatehouse-request-id') ?? '',
      );
    await f.activity(3);
    await f.server.gatehouse.services.risk.drain();

    await page.goto(`${f.server.consoleUrl}/console/risk?finding=${findingId}`);
    const detail = page.getByRole('dialog', { name: 'Risk finding' });
    await detail.getByText(findingId, { exact: true }).waitFor();
    await detail.getByRole('link', { name: ids.blocked }).waitFor();
    await detail.getByRole('link', { name: '1 request', exact: true }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Finding ID').inputValue(), findingId);
    await rowOf(page, ids.blocked).waitFor();
    await page.getByText('1 request', { exact: true }).waitFor();
    assert.equal(await rowOf(page, again).count(), 0, 'the other value’s request is not its');

    await openRequest(page, ids.blocked);
    await drawer(page)
      .getByRole('link', { name: `Finding ${findingId}` })
      .click();
    await page.getByRole('heading', { name: 'Risk findings', level: 1 }).waitFor();
    await detail.getByText(findingId, { exact: true }).waitFor();

    // Each request id in the finding opens that request's drawer.
    await detail.getByRole('link', { name: ids.blocked }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await drawer(page).getByText(ids.blocked, { exact: true }).waitFor();
    assert.equal(await page.getByLabel('Request ID').inputValue(), ids.blocked);
    assert.deepEqual(c.problems, []);
  });
});
