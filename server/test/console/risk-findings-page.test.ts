// The risk findings page end to end, in Debian's Chromium against the real server: every finding comes
// from a real request through the Gateway (the official openai SDK, to the mock provider) that carried a
// secret, an e-mail address or a custom rule's keyword. Most severe first; filters kept in the URL; one
// finding's evidence with its fingerprint and never the value; resolving it through a confirmation; and
// more findings a page at a time. A viewer sees them and cannot resolve.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import OpenAI from 'openai';
import type { Page } from 'playwright-core';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy, type FindingView } from '../helpers/policy.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import {
  assertNoPageScroll,
  consoleSuite,
  openFromNavigation,
  screenshot,
  signInAsNewViewer,
  signInAsOwner,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

/** An AWS access key id of the right shape, not a documented example: severity high. */
const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';
const AWS_RULE = 'aws-access-key';
/** Severity medium. */
const EMAIL = 'jane.doe@acme-corp.io';
/** A keyword rule of severity critical; alert, so that the requests go through. */
const FALCON = {
  id: 'falcon',
  keywords: ['Project Falcon'],
  action: 'alert' as const,
  severity: 'critical' as const,
};

const table = (page: Page) => page.getByRole('table', { name: 'Risk findings' });
const rowOf = (page: Page, id: string) => table(page).locator(`tr[data-finding-id="${id}"]`);

/** Every finding, once `done` says the batches it waits for have been written. */
async function findings(admin: ApiClient, done: (f: FindingView[]) => boolean): Promise<FindingView[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await admin.get<{ findings: FindingView[] }>('/api/v1/risk/findings?limit=1000');
    assert.equal(res.status, 200, 'the findings are listed');
    if (done(res.body.findings)) return res.body.findings;
    if (Date.now() > deadline)
      assert.fail(`the findings did not arrive: ${JSON.stringify(res.body.findings)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function assertValuesAbsent(page: Page) {
  const html = await page.content();
  assert.equal(html.includes(AWS_KEY), false, 'the secret is not in the page');
  assert.equal(html.includes(EMAIL), false, 'the e-mail address is not in the page');
}

eachEngineWithBrowser('console: risk findings', (engine) => {
  let f: GatewayFixture;
  const c = consoleSuite(async () => (f = await startGatewayFixture(engine)));
  let openai: OpenAI;
  const ids = { falcon: '', aws: '', email: '' };
  let aws: FindingView;

  const ask = (content: string) =>
    openai.chat.completions.create({ model: MODELS.openai, messages: [{ role: 'user', content }] });

  before(async () => {
    openai = new OpenAI({ apiKey: f.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    await setPolicy(f.admin, policyDoc('alert', { pii: 'alert', custom: [FALCON] }));
  });

  test('before any finding, the page says what raises one', async () => {
    const { page } = c;
    await signInAsOwner(page, f.server);
    await openFromNavigation(page, 'Risk findings');
    await page.getByText('No risk findings').waitFor();
  });

  test('findings of real Gateway requests, most severe first, counted rather than repeated', async () => {
    const { page } = c;
    await ask(`deploy with ${AWS_KEY} please`);
    await ask(`write to ${EMAIL} about it`);
    await ask('What is the status of Project Falcon?');
    await ask(`and again: ${AWS_KEY}`);
    const all = await findings(
      f.admin,
      (l) => l.length === 3 && l.some((x) => x.rule === AWS_RULE && x.count === 2),
    );
    const byRule = (rule: string) => all.find((x) => x.rule === rule)!;
    ids.falcon = byRule('custom:falcon').id;
    ids.email = byRule('email').id;
    aws = byRule(AWS_RULE);
    ids.aws = aws.id;

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('3 findings', { exact: true }).waitFor();
    const order = await table(page)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-finding-id')));
    assert.deepEqual(order, [ids.falcon, ids.aws, ids.email], 'critical, then high, then medium');

    const row = rowOf(page, ids.aws);
    for (const text of ['high', 'Secret', AWS_RULE, 'dev-tools', 'credential', 'open'])
      await row.getByText(text, { exact: true }).waitFor();
    assert.ok(aws.tool, 'the finding names the tool');
    await row.getByText(`OpenAI · ${MODELS.openai} · ${aws.tool}`).waitFor();
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    await rowOf(page, ids.falcon).getByText('Custom rule', { exact: true }).waitFor();
    await rowOf(page, ids.email).getByText('Personal data', { exact: true }).waitFor();
    await assertValuesAbsent(page);
    await screenshot(page, 'risk-findings');
  });

  test('filters are applied, kept in the URL, and survive a reload', async () => {
    const { page } = c;
    await page.getByLabel('Kind').selectOption('pii');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('1 finding', { exact: true }).waitFor();
    await rowOf(page, ids.email).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('kind'), 'pii', 'the kind is in the URL');

    await page.reload();
    await page.getByText('1 finding', { exact: true }).waitFor();
    assert.equal(await page.getByLabel('Kind').inputValue(), 'pii', 'the filter is read back from the URL');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('3 findings', { exact: true }).waitFor();
    await page.getByLabel('Severity').selectOption('critical');
    await page.getByLabel('Status').selectOption('open');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('1 finding', { exact: true }).waitFor();
    await rowOf(page, ids.falcon).waitFor();
    const params = new URL(page.url()).searchParams;
    assert.deepEqual([params.get('severity'), params.get('status')], ['critical', 'open'], 'both in the URL');

    await page.goBack();
    await page.getByText('3 findings', { exact: true }).waitFor();
    await page.getByLabel('Rule').fill(AWS_RULE);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('1 finding', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('3 findings', { exact: true }).waitFor();
  });

  test('a finding’s detail shows its evidence, never the value, and can be linked', async () => {
    const { page } = c;
    await rowOf(page, ids.aws).getByRole('button').click();
    const detail = page.getByRole('dialog', { name: 'Risk finding' });
    const evidence = detail.getByRole('table', { name: 'Evidence' });
    const e = aws.evidence as { kind: string; fingerprint: string; location: string };
    await evidence.getByText(e.fingerprint, { exact: true }).waitFor();
    await evidence.getByText(e.kind, { exact: true }).waitFor();
    await evidence.getByText(e.location, { exact: true }).waitFor();
    await evidence.getByText('what the caller sent').waitFor();
    const fields = detail.getByRole('table', { name: 'Finding fields' });
    await fields.getByText(`dev-tools (credential ${f.credentialId})`).waitFor();
    await fields.getByText(ids.aws, { exact: true }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('finding'), ids.aws, 'the finding is in the URL');
    await assertValuesAbsent(page);
    await screenshot(page, 'risk-finding');

    await page.reload();
    await detail.getByRole('table', { name: 'Evidence' }).getByText(e.fingerprint).waitFor();
    await assertValuesAbsent(page);
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('finding'), null, 'closing leaves the URL');
  });

  test('resolve asks first: cancel leaves it open, confirm resolves it with the note', async () => {
    const { page } = c;
    await rowOf(page, ids.aws).getByRole('button').click();
    const detail = page.getByRole('dialog', { name: 'Risk finding' });
    await detail.getByRole('button', { name: 'Resolve' }).click();
    const resolve = page.getByRole('dialog', { name: 'Resolve the finding' });
    await resolve
      .getByText('If the same value is seen again from the same caller, it opens again.')
      .waitFor();
    await resolve.getByRole('button', { name: 'Cancel' }).click();
    await resolve.waitFor({ state: 'detached' });
    assert.equal((await f.admin.get(`/api/v1/risk/findings/${ids.aws}`)).body.status, 'open', 'still open');

    await detail.getByRole('button', { name: 'Resolve' }).click();
    await resolve.getByLabel('Note').fill('Key rotated; developer told.');
    await resolve.getByRole('button', { name: 'Resolve finding' }).click();
    await resolve.waitFor({ state: 'detached' });
    const fields = detail.getByRole('table', { name: 'Finding fields' });
    await fields.getByText('resolved', { exact: true }).waitFor();
    await fields.getByText(`${f.server.owner.email} (admin)`).waitFor();
    await fields.getByText('Key rotated; developer told.').waitFor();
    assert.equal(await detail.getByRole('button', { name: 'Resolve' }).count(), 0, 'resolved once');
    const stored = (await f.admin.get(`/api/v1/risk/findings/${ids.aws}`)).body;
    assert.deepEqual([stored.status, stored.resolution_note], ['resolved', 'Key rotated; developer told.']);

    await detail.getByRole('button', { name: 'Close' }).click();
    await rowOf(page, ids.aws).getByText('resolved', { exact: true }).waitFor();
    await page.getByLabel('Status').selectOption('open');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('2 findings', { exact: true }).waitFor();
    await rowOf(page, ids.aws).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    assert.deepEqual(c.problems, []);
  });

  test('a viewer sees the findings and their evidence, and no Resolve', async () => {
    const { page, problems } = await signInAsNewViewer(c.browser, f.server);
    await page.goto(`${f.server.consoleUrl}/console/risk?finding=${ids.falcon}`);
    const detail = page.getByRole('dialog', { name: 'Risk finding' });
    await detail.getByText('custom:falcon', { exact: true }).first().waitFor();
    assert.equal(await detail.getByRole('button', { name: 'Resolve' }).count(), 0, 'no Resolve button');
    await detail.getByRole('button', { name: 'Close' }).click();
    await page.getByText('3 findings', { exact: true }).waitFor();
    await assertNoPageScroll(page);
    await assertValuesAbsent(page);
    assert.deepEqual(problems, []);
  });

  test('more findings load a page at a time, the most severe first on the first page', async () => {
    const { page } = c;
    // One request with 120 distinct addresses: 120 findings of medium severity.
    const many = Array.from({ length: 120 }, (_, i) => `dev${i}@acme-corp.io`).join(', ');
    await ask(`Send the release notes to ${many}`);
    await findings(f.admin, (l) => l.length === 123);
    await page.reload();
    await page.getByText('100 findings, most severe first').waitFor();
    const first = await table(page)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.slice(0, 2).map((r) => r.getAttribute('data-finding-id')));
    assert.deepEqual(first, [ids.falcon, ids.aws], 'the critical and the high finding lead the first page');
    await page.getByRole('button', { name: 'Load more findings' }).click();
    await page.getByText('123 findings', { exact: true }).waitFor();
    await page.getByText('Every matching finding is shown.').waitFor();
    assert.deepEqual(c.problems, []);
  });
});
