// The activity page end to end, in Debian's Chromium against the real server: every row comes from a
// real request through the Gateway to the mock providers (the official openai SDK, and plain fetch with
// a token the Gateway refuses). Newest first, outcome badges in their colours, signals, filters, one
// request's detail with its request id, and older requests a page at a time.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import OpenAI from 'openai';
import type { Locator, Page } from 'playwright-core';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { consoleSuite, openFromNavigation, screenshot, signInAsOwner } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const messages = [{ role: 'user' as const, content: 'Say hello' }];

/** A request with a token the Gateway does not know: a 401, recorded as a gateway_error. */
async function refusedRequest(gatewayUrl: string): Promise<string> {
  const res = await fetch(`${gatewayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer not-a-gateway-token', 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODELS.openai, messages }),
  });
  assert.equal(res.status, 401);
  await res.body?.cancel();
  return res.headers.get('x-gatehouse-request-id')!;
}

const table = (page: Page) => page.getByRole('table', { name: 'Gateway requests' });
const rowOf = (page: Page, requestId: string) => table(page).locator(`tr[data-request-id="${requestId}"]`);

/** The colour Mantine gave the badge saying `text` in a row, from its inline CSS variables. */
async function badgeColour(row: Locator, text: string): Promise<string> {
  const style = (await row.locator('.mantine-Badge-root', { hasText: text }).getAttribute('style')) ?? '';
  return /--mantine-color-([a-z]+)-/.exec(style)?.[1] ?? style;
}

eachEngineWithBrowser('console: activity', (engine) => {
  let f: GatewayFixture;
  const c = consoleSuite(async () => (f = await startGatewayFixture(engine)));
  let openai: OpenAI;
  const ids = { refused: '', allowed: '', streamed: '', rateLimited: '' };

  before(() => {
    openai = new OpenAI({ apiKey: f.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
  });

  test('before any Gateway request, the page says to point a tool at the Gateway', async () => {
    const { page } = c;
    await signInAsOwner(page, f.server);
    await openFromNavigation(page, 'Activity');
    await page.getByText('No Gateway requests yet').waitFor();
    await page.getByText('Point a tool at the Gateway').waitFor();
  });

  test('real Gateway requests appear newest first, with their outcome in colour', async () => {
    const { page } = c;
    ids.refused = await refusedRequest(f.gatewayUrl);
    const allowed = await openai.chat.completions.create({ model: MODELS.openai, messages }).withResponse();
    ids.allowed = allowed.response.headers.get('x-gatehouse-request-id')!;
    const streamed = await openai.chat.completions
      .create({ model: MODELS.openai, messages, stream: true, stream_options: { include_usage: true } })
      .withResponse();
    for await (const _chunk of streamed.data);
    ids.streamed = streamed.response.headers.get('x-gatehouse-request-id')!;
    const limited = await openai.chat.completions
      .create({ model: MODELS.openai, messages }, { headers: { 'x-mock-fault': '429' } })
      .then(
        () => assert.fail('the mock answers 429'),
        (e: unknown) => e as InstanceType<typeof OpenAI.APIError>,
      );
    assert.equal(limited.status, 429);
    ids.rateLimited = limited.headers?.get('x-gatehouse-request-id') ?? '';
    assert.ok(ids.rateLimited, 'the 429 carried its request id');
    await f.activity(4);

    await page.getByRole('button', { name: 'Check for newer requests' }).click();
    await page.getByText('4 requests · 4 newer loaded').waitFor();
    const order = await table(page)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-request-id')));
    assert.deepEqual(order, [ids.rateLimited, ids.streamed, ids.allowed, ids.refused], 'newest first');

    const refused = rowOf(page, ids.refused);
    await refused.getByText('unauthenticated').waitFor();
    await refused.getByRole('cell', { name: '401', exact: true }).waitFor();
    const allowedRow = rowOf(page, ids.allowed);
    await allowedRow.getByText('dev-tools').waitFor();
    await allowedRow.getByText('openai-sdk').waitFor();
    await allowedRow.getByText(MODELS.openai).waitFor();
    const usage = allowed.data.usage!;
    await allowedRow.getByText(`${usage.prompt_tokens} / ${usage.completion_tokens}`).waitFor();
    await allowedRow.getByLabel('No signals').waitFor();

    const colours = {
      gateway_error: await badgeColour(refused, 'gateway_error'),
      allowed: await badgeColour(allowedRow, 'allowed'),
      upstream_error: await badgeColour(rowOf(page, ids.rateLimited), 'upstream_error'),
    };
    assert.deepEqual(colours, { gateway_error: 'gray', allowed: 'green', upstream_error: 'orange' });
    await screenshot(page, 'activity');
  });

  test('a row opens the whole request, with its request id', async () => {
    const { page } = c;
    await rowOf(page, ids.allowed).getByText('openai-sdk').click();
    const detail = page.getByRole('dialog', { name: 'Gateway request' });
    const fields = detail.getByRole('table', { name: 'Request fields' });
    await fields.getByText(ids.allowed, { exact: true }).waitFor();
    await fields.getByText(`openai-main (${f.keys.openai.id})`).waitFor();
    await fields.getByText('chat.completions').waitFor();
    await fields.getByText(`dev-tools (credential ${f.credentialId})`).waitFor();
    // The mock reports both details of a chat completion, as OpenAI does: zero here.
    await fields.getByRole('row', { name: 'Cached input tokens 0' }).waitFor();
    await fields.getByRole('row', { name: 'Reasoning tokens 0' }).waitFor();
    await screenshot(page, 'activity-request');
    await detail.getByRole('button', { name: 'Show every request by this caller' }).click();
    await detail.waitFor({ state: 'detached' });
    // The address keeps the caller's id; the filter shows the credential's name.
    await page.waitForURL(new RegExp(`[?&]actor=${f.credentialId}`));
    await page.getByLabel('Caller').and(page.locator('[value="dev-tools"]')).waitFor();
    await page.getByText('3 requests', { exact: true }).waitFor();
    await rowOf(page, ids.refused).waitFor({ state: 'detached' });

    // The keyboard reaches the same detail through the row's time.
    await rowOf(page, ids.streamed).getByRole('button').focus();
    await page.keyboard.press('Enter');
    await detail.getByText(ids.streamed, { exact: true }).waitFor();
    await detail.getByText('yes', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
  });

  test('filters: outcome, provider and model, tool, and the time range', async () => {
    const { page } = c;
    const apply = () => page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('4 requests', { exact: true }).waitFor();

    await page.getByLabel('Outcome').selectOption('gateway_error');
    await apply();
    await page.getByText('1 request', { exact: true }).waitFor();
    await rowOf(page, ids.refused).waitFor();

    await page.getByLabel('Outcome').selectOption('');
    await page.getByLabel('Provider').selectOption('openai');
    await page.getByLabel('Model').fill(MODELS.openai);
    await page.getByLabel('Tool', { exact: true }).fill('openai-sdk');
    await apply();
    await page.getByText('3 requests', { exact: true }).waitFor();
    await rowOf(page, ids.refused).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('From').fill('2099-01-01T00:00');
    await apply();
    await page.getByText('No requests match').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('4 requests', { exact: true }).waitFor();
  });

  test('older requests load a page at a time until the oldest', async () => {
    const { page } = c;
    for (let i = 0; i < 50; i++) await openai.chat.completions.create({ model: MODELS.openai, messages });
    await f.activity(54);
    await page.reload();
    await page.getByText('50 requests, newest first').waitFor();
    assert.equal(await rowOf(page, ids.refused).count(), 0, 'the oldest is on the next page');
    await page.getByRole('button', { name: 'Load older requests' }).click();
    await page.getByText('54 requests', { exact: true }).waitFor();
    await rowOf(page, ids.refused).waitFor();
    await page.getByText('No older requests in this range.').waitFor();
    assert.deepEqual(c.problems, []);
  });
});
