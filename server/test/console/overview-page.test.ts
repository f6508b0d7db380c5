// The overview end to end, in Debian's Chromium against the real server: the first-run checklist ticked
// off by real setup (a policy saved, a developer invited, a device signed in, a request sent), then
// activity seeded through the Gateway to the mock providers (allowed, redacted, blocked, an upstream 500,
// a refused token) and every figure the page shows checked against what was sent; each kind of number
// followed to its filtered page; the window switch; a chart as a table; the keyboard alone; the
// providers' health; light and dark.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import OpenAI from 'openai';
import type { Page } from 'playwright-core';
import { MODELS, startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy, type FindingView } from '../helpers/policy.ts';
import { signedInDevice, type SignedInDevice } from '../helpers/devices.ts';
import {
  assertNoClippedText,
  assertNoPageScroll,
  consoleSuite,
  screenshot,
  signInAsOwner,
} from '../helpers/console-page.ts';
import { tabTo } from '../helpers/keyboard.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';
const EMAIL = 'jane.doe@acme-corp.io';
const WEEK = 'in the last 7 days';

const checklist = (page: Page) => page.getByRole('region', { name: 'Getting started' });
const step = (page: Page, id: string) => checklist(page).locator(`li[data-step="${id}"]`);
/** A number of the page, by what it counts (its accessible name). */
const number = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

async function backToOverview(page: Page, window = '') {
  await page.getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  if (window) await page.getByText(window, { exact: true }).click();
}

/** A screenshot of the whole overview (it is taller than a laptop's window), then the window as it was. */
async function wholePage(page: Page, name: string) {
  const size = page.viewportSize()!;
  const height = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { body: { scrollHeight: number } } }).document.body.scrollHeight,
  );
  await page.setViewportSize({ width: size.width, height });
  await screenshot(page, name);
  await page.setViewportSize(size);
}

/** The risk findings, once `count` of them have been written (the risk service writes them in batches). */
async function findingsOnceWritten(f: GatewayFixture, count: number): Promise<FindingView[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await f.admin.get<{ findings: FindingView[] }>('/api/v1/risk/findings?limit=100');
    if (res.body.findings.length >= count) {
      assert.equal(res.body.findings.length, count);
      return res.body.findings;
    }
    if (Date.now() > deadline) assert.fail(`${count} findings never arrived: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

eachEngineWithBrowser('console: overview', (engine) => {
  let f: GatewayFixture;
  const c = consoleSuite(async () => (f = await startGatewayFixture(engine)), 1366);
  let ada: SignedInDevice;
  let asCredential: OpenAI;
  let asAda: OpenAI;
  let findings: FindingView[];

  before(() => {
    asCredential = new OpenAI({ apiKey: f.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
  });

  const ask = (client: OpenAI, content: string, headers: Record<string, string> = {}) =>
    client.chat.completions
      .create({ model: MODELS.openai, messages: [{ role: 'user', content }] }, { headers })
      .then(
        () => 'ok',
        (e: InstanceType<typeof OpenAI.APIError>) => e.status,
      );

  test('sign-in lands on the overview; the checklist follows real setup step by step', async () => {
    const { page } = c;
    await signInAsOwner(page, f.server);
    await checklist(page).waitFor();
    // The fixture added the provider keys; nothing else is done yet.
    await step(page, 'provider-key').getByText('— done').waitFor();
    for (const id of ['developer', 'device', 'request', 'policy'])
      await step(page, id).getByText('— to do').waitFor();
    await checklist(page).getByText('1 of 5 done').waitFor();

    await step(page, 'developer').getByRole('link', { name: 'Invite a developer' }).click();
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();

    await setPolicy(f.admin, policyDoc('block', { pii: 'redact' }));
    ada = await signedInDevice(f.server, f.admin, 'ada@example.com', { deviceName: 'ada-laptop' });
    asAda = new OpenAI({ apiKey: ada.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    await backToOverview(page);
    await checklist(page).getByText('4 of 5 done').waitFor();
    await step(page, 'request').getByText('— to do').waitFor();
    await step(page, 'request').getByRole('link', { name: 'Send a first request' }).waitFor();

    assert.equal(await ask(asCredential, 'Say hello'), 'ok');
    await f.activity(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await number(page, `1 requests ${WEEK}`).waitFor();
    assert.equal(await checklist(page).count(), 0, 'the checklist is gone once every step is done');
  });

  test('the figures are those of the requests sent through the Gateway', async () => {
    const { page } = c;
    assert.equal(await ask(asCredential, 'Say hello again'), 'ok');
    assert.equal(await ask(asAda, 'And hello from Ada'), 'ok');
    assert.equal(await ask(asAda, `Write to ${EMAIL} about it`), 'ok', 'redacted, and answered');
    assert.equal(await ask(asAda, `My key is ${AWS_KEY}`), 400, 'blocked');
    assert.equal(await ask(asCredential, 'Fail upstream', { 'x-mock-fault': '500' }), 500);
    const refused = await fetch(`${f.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }),
    });
    assert.equal(refused.status, 401);
    await refused.body?.cancel();
    const records = await f.activity(7);
    findings = await findingsOnceWritten(f, 2); // the secret and the e-mail address
    const tokensIn = records.reduce((n, r) => n + (r.input_tokens ?? 0), 0);

    await page.reload();
    const expected: [string, number][] = [
      ['requests', 7],
      ['allowed requests', 3],
      ['redacted requests', 1],
      ['blocked requests', 1],
      ['upstream errors', 1],
      ['Gateway errors', 1],
      ['findings', 2],
    ];
    for (const [noun, n] of expected) await number(page, `${n} ${noun} ${WEEK}`).waitFor();
    await number(page, `${tokensIn.toLocaleString('en')} tokens in ${WEEK}`).waitFor();
    await number(page, '1 devices signed in').waitFor();

    const busiest = (title: string) => page.getByRole('table', { name: title });
    await busiest('Busiest developers')
      .getByRole('link', { name: `3 requests by ada@example.com ${WEEK}` })
      .waitFor();
    await busiest('Busiest developers')
      .getByRole('link', { name: `1 blocked requests by ada@example.com ${WEEK}` })
      .waitFor();
    await busiest('Busiest developers')
      .getByRole('link', { name: `3 requests by dev-tools ${WEEK}` })
      .waitFor();
    // The refused request never reached policy or a provider, but its path names the provider.
    const count = (pick: (r: ActivityView) => unknown, value: string) =>
      records.filter((r) => pick(r) === value).length;
    const byTool = count((r) => r.tool, 'openai-sdk');
    const byModel = count((r) => r.model, MODELS.openai);
    const byProvider = count((r) => r.provider, 'openai');
    assert.deepEqual([byTool, byModel], [6, 6], 'the six requests of the OpenAI SDK with a model');
    await busiest('Busiest tools')
      .getByRole('link', { name: `${byTool} requests by openai-sdk ${WEEK}` })
      .waitFor();
    await busiest('Busiest models')
      .getByRole('link', { name: `${byModel} requests by ${MODELS.openai} ${WEEK}` })
      .waitFor();
    await busiest('Busiest providers')
      .getByRole('link', { name: `${byProvider} requests by OpenAI ${WEEK}` })
      .waitFor();

    const open = page.getByRole('region', { name: 'Open findings' });
    for (const severity of ['critical', 'high', 'medium', 'low']) {
      const n = findings.filter((x) => x.severity === severity && x.status === 'open').length;
      await open.getByRole('link', { name: `${n} open ${severity} findings`, exact: true }).waitFor();
    }

    // Five answers went upstream (the blocked one never did), one of them a 500: a fifth is degraded.
    const health = page.getByRole('table', { name: 'Provider health' });
    const openaiRow = health.getByRole('row').filter({ hasText: 'OpenAI' });
    await openaiRow.getByText('degraded').waitFor();
    await openaiRow.getByRole('link', { name: '5 requests to OpenAI in the last five minutes' }).waitFor();
    await health.getByRole('row').filter({ hasText: 'Gemini' }).getByText('no traffic').waitFor();

    await assertNoClippedText(page);
    await assertNoPageScroll(page);
    await wholePage(page, 'overview');
  });

  test('each kind of number leads to its records, filtered', async () => {
    const { page } = c;
    await number(page, `1 blocked requests ${WEEK}`).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Outcome').inputValue(), 'blocked');
    await page.getByText('1 request', { exact: true }).waitFor();
    await page
      .getByRole('table', { name: 'Gateway requests' })
      .getByText('aws-access-key: blocked')
      .waitFor();

    await backToOverview(page);
    await page
      .getByRole('table', { name: 'Busiest tools' })
      .getByRole('link', { name: 'openai-sdk', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Tool', { exact: true }).inputValue(), 'openai-sdk');
    await page.getByText('6 requests', { exact: true }).waitFor();

    await backToOverview(page);
    await page
      .getByRole('table', { name: 'Busiest developers' })
      .getByRole('link', { name: 'ada@example.com', exact: true })
      .click();
    assert.match(page.url(), new RegExp(`[?&]actor=${ada.developerId}`));
    await page
      .getByLabel('Caller')
      .and(page.locator(`[value="${ada.email}"]`))
      .waitFor();
    await page.getByText('3 requests', { exact: true }).waitFor();

    await backToOverview(page);
    await number(page, `1 redacted requests ${WEEK}`).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Outcome').inputValue(), 'redacted');
    await page.getByRole('table', { name: 'Gateway requests' }).getByText('email: redacted').waitFor();

    await backToOverview(page);
    await number(page, `2 findings ${WEEK}`).click();
    await page.getByRole('heading', { name: 'Risk findings', level: 1 }).waitFor();
    await page.getByText('2 findings', { exact: true }).waitFor();

    const high = findings.find((x) => x.severity === 'high')!;
    await backToOverview(page);
    await page.getByRole('link', { name: '1 open high findings', exact: true }).click();
    await page.getByRole('heading', { name: 'Risk findings', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Severity').inputValue(), 'high');
    assert.equal(await page.getByLabel('Status').inputValue(), 'open');
    await page.locator(`tr[data-finding-id="${high.id}"]`).waitFor();

    await backToOverview(page);
    await number(page, '1 devices signed in').click();
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Status').inputValue(), 'active');
    await page.getByRole('row').filter({ hasText: 'ada-laptop' }).waitFor();
    assert.deepEqual(c.problems, []);
  });

  test('the window switch: 24 hours, in the address, the same requests', async () => {
    const { page } = c;
    await backToOverview(page, '24 hours');
    await page.waitForURL(/[?&]window=24h/);
    await number(page, '7 requests in the last 24 hours').waitFor();
    await page.reload();
    await number(page, '1 blocked requests in the last 24 hours').waitFor();
    await page.getByText('30 days', { exact: true }).click();
    await number(page, '7 requests in the last 30 days').waitFor();
  });

  test('a chart as a table: its buckets, each number a link', async () => {
    const { page } = c;
    const card = page.getByRole('region', { name: 'Requests by outcome' });
    await card.getByRole('button', { name: 'Show as table' }).click();
    const table = card.getByRole('table', { name: 'Requests by outcome, as a table' });
    // Everything was sent today: one daily bucket holds it all.
    await table.getByRole('link', { name: /^3 allowed, / }).waitFor();
    await table.getByRole('link', { name: /^1 blocked, / }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await page.getByText('1 request', { exact: true }).waitFor();
  });

  test('the keyboard alone: the window, a number to its records, a chart’s table', async () => {
    const { page } = c;
    await page.goto(`${f.server.consoleUrl}/console/overview`);
    await number(page, `7 requests ${WEEK}`).waitFor();
    await tabTo(page, /^24 hours$/, 60);
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]window=24h/);
    // The figures are fetched again for the new window: tab through them once they are there.
    await number(page, '7 requests in the last 24 hours').waitFor();
    await tabTo(page, /^1 upstream errors in the last 24 hours$/, 60);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Outcome').inputValue(), 'upstream_error');
    await page.getByText('1 request', { exact: true }).waitFor();

    await page.goBack();
    await number(page, '7 requests in the last 24 hours').waitFor();
    await tabTo(page, /^Show as table$/, 80);
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Requests by outcome, as a table' }).waitFor();
    await tabTo(page, /^1 gateway errors, /);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Outcome').inputValue(), 'gateway_error');
    await page.getByText('1 request', { exact: true }).waitFor();
  });

  test('dark: the page reads, nothing cut off', async () => {
    const { page } = c;
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      await page.goto(`${f.server.consoleUrl}/console/overview`);
      await number(page, `7 requests ${WEEK}`).waitFor();
      assert.equal(await page.locator('html').getAttribute('data-mantine-color-scheme'), 'dark');
      await page.getByRole('region', { name: 'Requests by outcome' }).locator('.recharts-surface').waitFor();
      await assertNoClippedText(page);
      await wholePage(page, 'overview-dark');
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
    assert.deepEqual(c.problems, []);
  });
});
