// The policy page end to end, in Debian's Chromium against the real server on a fresh store: the policy
// in force; one saving model (issue 19): every change is staged, marked where it was made and counted in
// a bar that stays in view, reviewed in words with what it lowers, and saved together as one version
// (several changes across sections make one version and one audit event); Discard restores; enforcement
// lowered says what it turns off and raises a risk finding; custom rules added, edited and deleted (a
// deletion undone before saving); the API's validation errors shown at their field; a save over a
// version someone else replaced refused, keeping the draft, and saved on top after a reload; leaving
// with unsaved changes asks; the version history says who changed what. A viewer reads it all and sees
// no control that changes it.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import { changePolicyAs, findingsFor, policyOf } from '../helpers/policy.ts';
import {
  assertNoPageScroll,
  consoleSuite,
  openFromNavigation,
  screenshot,
  signInAsNewViewer,
  signInAsOwner,
} from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { review, reviewAndSave, saveBar, versionRow } from '../helpers/policy-page.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const ruleRow = (page: Page, id: string) => page.locator(`tr[data-rule="${id}"]`);

eachEngineWithBrowser('console: policy', (engine) => {
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

  test('the navigation leads to the policy in force: the default, version 1', async () => {
    const { page } = c;
    await signInAsOwner(page, server);
    await openFromNavigation(page, 'Policy');
    await page.getByText('Version 1 is in force.').waitFor();
    assert.equal(
      await page.getByRole('radio', { name: 'Enforce', exact: true }).isChecked(),
      true,
      'enforce',
    );
    assert.equal(await region(page, 'Secrets').getByLabel('Action').inputValue(), 'redact', 'secrets redact');
    assert.equal(await region(page, 'Personal data').getByLabel('Action').inputValue(), 'alert', 'PII alert');
    assert.equal(
      await region(page, 'Slopsquatting').getByLabel('Action').inputValue(),
      'block',
      'slopsquatting block',
    );
    await region(page, 'Custom rules').getByText('No custom rules').waitFor();
    await versionRow(page, 1).getByText('The default policy of a new installation').waitFor();
    await versionRow(page, 1).getByText('Gatehouse (system)').waitFor();
  });

  test('a detector’s action and allowlist are staged, counted, marked, and saved as one version', async () => {
    const { page } = c;
    const secrets = region(page, 'Secrets');
    await secrets.getByLabel('Action').selectOption('block');
    await saveBar(page).getByText('1 unsaved change', { exact: true }).waitFor();
    await secrets.getByLabel('Value').fill('AKIAQYLPMN5HFIQR7XQZ');
    await secrets.getByLabel('Note').fill('the CI sandbox key');
    await secrets.getByRole('button', { name: 'Add to allowlist' }).click();
    await saveBar(page).getByText('2 unsaved changes', { exact: true }).waitFor();
    await secrets.getByText('unsaved', { exact: true }).waitFor();
    await secrets.getByText('new, unsaved', { exact: true }).waitFor();
    assert.equal((await policyOf(owner)).document.detectors.secrets.action, 'redact', 'nothing saved yet');

    await reviewAndSave(
      page,
      [
        'Secrets: action: redact → block',
        'Secrets allowlist: added the value “AKIAQYLPMN5HFIQR7XQZ” (the CI sandbox key)',
      ],
      2,
    );
    assert.equal(await secrets.getByText('unsaved', { exact: true }).count(), 0, 'no longer marked');
    const { document } = await policyOf(owner);
    assert.equal(document.detectors.secrets.action, 'block', 'the action was saved');
    assert.deepEqual(document.detectors.secrets.allowlist, [
      { value: 'AKIAQYLPMN5HFIQR7XQZ', note: 'the CI sandbox key' },
    ]);
    const v2 = versionRow(page, 2);
    await v2.getByText('Secrets: action: redact → block').waitFor();
    await v2
      .getByText('Secrets allowlist: added the value “AKIAQYLPMN5HFIQR7XQZ” (the CI sandbox key)')
      .waitFor();
    await v2.getByText(`${server.owner.email} (admin)`).waitFor();

    await secrets.getByRole('button', { name: /^Remove AKIAQYLPMN5HFIQR7XQZ/ }).click();
    await reviewAndSave(
      page,
      ['Secrets allowlist: removed the value “AKIAQYLPMN5HFIQR7XQZ” (the CI sandbox key)'],
      3,
    );
    assert.deepEqual(
      (await policyOf(owner)).document.detectors.secrets.allowlist,
      [],
      'the entry was removed',
    );
  });

  test('lowering enforcement says what it turns off where it is chosen and in the review, and raises a risk finding', async () => {
    const { page } = c;
    const section = region(page, 'Enforcement');
    await page.getByRole('radio', { name: 'Monitor', exact: true }).click();
    await section.getByText('Once saved: enforce → monitor').waitFor();
    await section.getByText('Nothing will be blocked or redacted any more').waitFor();
    await section.getByText('raises a high-severity risk finding').waitFor();
    await saveBar(page).getByText('1 unsaved change', { exact: true }).waitFor();
    // Choosing the level in force again takes the change back.
    await page.getByRole('radio', { name: 'Enforce', exact: true }).click();
    await saveBar(page).waitFor({ state: 'detached' });

    await page.getByRole('radio', { name: 'Off', exact: true }).click();
    await section.getByText('Nothing will be scanned or recorded any more').waitFor();
    await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    await saveBar(page).waitFor({ state: 'detached' });
    assert.equal(
      await page.getByRole('radio', { name: 'Enforce', exact: true }).isChecked(),
      true,
      'Discard restores the level in force',
    );
    assert.equal((await policyOf(owner)).document.enforcement, 'enforce', 'nothing was saved');

    await page.getByRole('radio', { name: 'Monitor', exact: true }).click();
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    const lower = review(page).getByRole('alert').filter({ hasText: 'Enforcement: enforce → monitor' });
    await lower.getByText('Nothing will be blocked or redacted any more').waitFor();
    await lower.getByText('raises a high-severity risk finding').waitFor();
    await screenshot(page, 'policy-lower-enforcement');
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await review(page).waitFor({ state: 'detached' });
    assert.equal((await policyOf(owner)).document.enforcement, 'enforce', 'cancel saved nothing');
    await reviewAndSave(page, ['Enforcement: enforce → monitor'], 4);
    await page.getByText('Enforcement is monitor').waitFor();
    assert.equal((await policyOf(owner)).document.enforcement, 'monitor', 'saved');
    await versionRow(page, 4).getByText('Enforcement: enforce → monitor').waitFor();

    const [finding] = await findingsFor(owner, 'enforcement-lowered');
    assert.ok(finding, 'lowering enforcement raised a risk finding');
    assert.equal(finding.kind, 'policy_change');
    assert.deepEqual(finding.evidence, { kind: 'enforcement', from: 'enforce', to: 'monitor', version: 4 });
    await openFromNavigation(page, 'Risk findings');
    await page.locator(`tr[data-finding-id="${finding.id}"]`).getByText('Policy version 4').waitFor();

    // Raising it again says so in its own words, and raises nothing.
    await openFromNavigation(page, 'Policy');
    await page.getByRole('radio', { name: 'Enforce', exact: true }).click();
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByText('The detectors’ actions will apply from the next request').waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await reviewAndSave(page, ['Enforcement: monitor → enforce'], 5);
    assert.equal((await findingsFor(owner, 'enforcement-lowered')).length, 1, 'raising is no finding');
  });

  test('several changes across the page make one version and one audit event that list them all', async () => {
    const { page } = c;
    const rules = region(page, 'Custom rules');
    await rules.getByRole('button', { name: 'Add rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add a custom rule' });
    await add.getByLabel('Name').fill('project-falcon');
    await add.getByLabel('Description').fill('The merger’s code name');
    await add.getByLabel('Keywords').fill('Project Falcon\nFalcon merger');
    await add.getByLabel('Action').selectOption('block');
    await add.getByLabel('Severity').selectOption('critical');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await add.waitFor({ state: 'detached' });
    const row = ruleRow(page, 'project-falcon');
    await row.getByText('Keywords: “Project Falcon”, “Falcon merger”').waitFor();
    await row.getByText('new, unsaved', { exact: true }).waitFor();

    const pii = region(page, 'Personal data');
    await pii.getByLabel('Value').fill('noreply@acme-corp.io');
    await pii.getByRole('button', { name: 'Add to allowlist' }).click();
    await region(page, 'Secrets').getByLabel('Action').selectOption('alert');
    await page.getByRole('combobox', { name: 'Mode of Claude Code' }).selectOption('subscription');
    await saveBar(page).getByText('4 unsaved changes', { exact: true }).waitFor();
    assert.equal((await policyOf(owner)).etag.startsWith('"v5-'), true, 'nothing saved yet');

    // The bar stays in view at the top of the page, far above where it sits.
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    const box = await saveBar(page).boundingBox();
    const height = page.viewportSize()!.height;
    assert.ok(
      box && box.y >= 0 && box.y + box.height <= height,
      `the bar is in view: ${JSON.stringify(box)}`,
    );
    await page.getByRole('heading', { name: 'Policy', level: 1 }).scrollIntoViewIfNeeded();
    await screenshot(page, 'policy');

    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    // What the changes lower, as the confirmation of each used to say on its own.
    await review(page).getByRole('alert').filter({ hasText: 'Secrets: Block → Alert' }).waitFor();
    await review(page)
      .getByRole('alert')
      .filter({ hasText: 'Tool Claude Code: provider key → subscription mode' })
      .getByText('the Gateway no longer adds the organisation’s key')
      .waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    const lines = [
      'Secrets: action: block → alert',
      'Personal data allowlist: added the value “noreply@acme-corp.io”',
      'Custom rule “project-falcon” added: keywords “Project Falcon”, “Falcon merger”; block; critical',
      'Tool “Claude Code”: mode: provider key → subscription',
    ];
    await reviewAndSave(page, lines, 6);
    for (const line of lines) await versionRow(page, 6).getByText(line, { exact: true }).waitFor();
    assert.equal(await versionRow(page, 7).count(), 0, 'one version');
    const events = (await auditEvents(owner, { action: 'policy.changed' })).filter(
      (e) => e.details.previous_version === 5,
    );
    assert.equal(events.length, 1, 'one audit event');
    assert.deepEqual(
      events[0]!.details.changes.map((x: any) => x.path).sort(),
      ['/detectors/custom/0', '/detectors/pii/allowlist/0', '/detectors/secrets/action', '/tools/0'],
      'the event names every change',
    );
    assert.equal(await row.getByText('new, unsaved').count(), 0, 'saved rows are not marked');
  });

  test('a custom rule is edited, and a deletion is marked and can be undone until it is saved', async () => {
    const { page } = c;
    const rules = region(page, 'Custom rules');
    const row = ruleRow(page, 'project-falcon');
    await rules.getByRole('button', { name: 'Edit project-falcon' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the rule project-falcon' });
    assert.equal(await edit.getByLabel('Name').getAttribute('readonly'), '', 'a saved rule keeps its name');
    await edit.getByLabel('Action').selectOption('alert');
    await edit.getByRole('button', { name: 'Update rule' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('Alert', { exact: true }).waitFor();
    await row.getByText('unsaved', { exact: true }).waitFor();

    await rules.getByRole('button', { name: 'Add rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add a custom rule' });
    await add.getByLabel('Name').fill('internal-host');
    await add.getByLabel('Match by').selectOption('pattern');
    await add.getByLabel('Pattern').fill('\\bbuild-[0-9]+\\.corp\\b');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await add.waitFor({ state: 'detached' });
    await ruleRow(page, 'internal-host').getByText('\\bbuild-[0-9]+\\.corp\\b').waitFor();
    await reviewAndSave(
      page,
      [
        'Custom rule “project-falcon”: action: block → alert',
        'Custom rule “internal-host” added: pattern “\\bbuild-[0-9]+\\.corp\\b”; block; high',
      ],
      7,
    );
    const { document } = await policyOf(owner);
    assert.deepEqual(document.detectors.custom[0], {
      id: 'project-falcon',
      description: 'The merger’s code name',
      keywords: ['Project Falcon', 'Falcon merger'],
      action: 'alert',
      severity: 'critical',
    });

    const host = ruleRow(page, 'internal-host');
    await rules.getByRole('button', { name: 'Delete internal-host' }).click();
    await host.getByText('deleted, unsaved', { exact: true }).waitFor();
    await rules.getByRole('button', { name: 'Undo deleting internal-host' }).click();
    await saveBar(page).waitFor({ state: 'detached' });
    await rules.getByRole('button', { name: 'Delete internal-host' }).click();
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page)
      .getByRole('alert')
      .filter({ hasText: 'Custom rule internal-host deleted' })
      .getByText('no longer checks anything')
      .waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await reviewAndSave(page, ['Custom rule “internal-host” deleted'], 8);
    await host.waitFor({ state: 'detached' });
  });

  test('the API’s validation errors are shown at the field they name; Discard restores the page', async () => {
    const { page } = c;
    const before = (await policyOf(owner)).etag;
    const rules = region(page, 'Custom rules');
    await rules.getByRole('button', { name: 'Add rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add a custom rule' });
    await add.getByLabel('Name').fill('Slow Rule');
    await add.getByLabel('Match by').selectOption('pattern');
    await add.getByLabel('Pattern').fill('(a+)+b');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await add.waitFor({ state: 'detached' });

    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByRole('button', { name: 'Save version' }).click();
    await review(page)
      .getByRole('alert')
      .filter({ hasText: /Custom rule "Slow Rule", name: Must be lower-case letters/ })
      .waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    const slow = ruleRow(page, 'Slow Rule');
    await slow
      .getByRole('alert')
      .filter({ hasText: /^Name: Must be lower-case letters/ })
      .waitFor();
    await rules.getByRole('button', { name: 'Edit Slow Rule' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the rule Slow Rule' });
    await edit.getByText(/^Must be lower-case letters, digits and hyphens/).waitFor();
    assert.equal(await edit.getByLabel('Name').getAttribute('aria-invalid'), 'true', 'the name is marked');
    // Never saved, so it may still be renamed.
    await edit.getByLabel('Name').fill('slow-rule');
    await edit.getByRole('button', { name: 'Update rule' }).click();
    await edit.waitFor({ state: 'detached' });
    await ruleRow(page, 'Slow Rule').waitFor({ state: 'detached' });

    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByRole('button', { name: 'Save version' }).click();
    await review(page)
      .getByText(/It repeats a group whose own length varies/)
      .waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await rules.getByRole('button', { name: 'Edit slow-rule' }).click();
    const again = page.getByRole('dialog', { name: 'Edit the rule slow-rule' });
    await again.getByText(/^It repeats a group whose own length varies/).waitFor();
    assert.equal(
      await again.getByLabel('Pattern').getAttribute('aria-invalid'),
      'true',
      'the pattern is marked',
    );
    assert.equal(await again.getByRole('alert').count(), 0, 'shown at the field, not again in an alert');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    // An allowlist entry's problem is shown at the entry.
    const pii = region(page, 'Personal data');
    await pii.getByLabel('Allow', { exact: true }).selectOption('pattern');
    await pii.getByLabel('Pattern').fill('[unclosed');
    await pii.getByRole('button', { name: 'Add to allowlist' }).click();
    await saveBar(page).getByText('2 unsaved changes', { exact: true }).waitFor();
    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByRole('button', { name: 'Save version' }).click();
    await review(page)
      .getByText(/Personal data allowlist, entry 2/)
      .waitFor();
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    await pii
      .getByRole('alert')
      .filter({ hasText: /^It is not a valid regular expression/ })
      .waitFor();

    await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    await saveBar(page).waitFor({ state: 'detached' });
    await ruleRow(page, 'slow-rule').waitFor({ state: 'detached' });
    assert.equal(await pii.getByText('[unclosed').count(), 0, 'the entry is gone');
    assert.equal(await pii.getByRole('alert').count(), 0, 'and its problem');
    assert.equal((await policyOf(owner)).etag, before, 'nothing was saved');
  });

  test('a save over a version someone else replaced is refused, keeps the draft, and is saved on top after a reload', async () => {
    const { page } = c;
    const pii = region(page, 'Personal data');
    await pii.getByLabel('Action').selectOption('redact');
    await region(page, 'Custom rules').getByRole('button', { name: 'Add rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add a custom rule' });
    await add.getByLabel('Name').fill('customer-ids');
    await add.getByLabel('Match by').selectOption('pattern');
    await add.getByLabel('Pattern').fill('\\bCUST-[0-9]{6}\\b');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await add.waitFor({ state: 'detached' });

    // Meanwhile infrastructure as code changes the secrets detector, over the version it read.
    await changePolicyAs(terraform, (doc) => (doc.detectors.secrets.action = 'redact'));

    await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
    await review(page).getByRole('button', { name: 'Save version' }).click();
    const conflict = review(page).getByRole('alert').filter({ hasText: 'Your changes were not saved' });
    await conflict.getByText('version 9 is in force now').waitFor();
    await conflict.getByText('Someone else changed the policy after you loaded it').waitFor();
    assert.equal(
      (await policyOf(owner)).document.detectors.pii.action,
      'alert',
      'the stale save was refused',
    );
    await screenshot(page, 'policy-conflict');

    await conflict.getByRole('button', { name: 'Reload the policy' }).click();
    await conflict.waitFor({ state: 'detached' });
    await page.getByText('Version 9 is in force.').waitFor();
    const list = review(page).getByRole('list', { name: 'Changes to save' });
    await list.getByText('Personal data: action: alert → redact', { exact: true }).waitFor();
    assert.equal(await list.getByRole('listitem').count(), 2, 'the draft is kept, over their version');
    await review(page).getByRole('button', { name: 'Cancel' }).click();
    assert.equal(
      await region(page, 'Secrets').getByLabel('Action').inputValue(),
      'redact',
      'their change shown',
    );
    assert.equal(await pii.getByLabel('Action').inputValue(), 'redact', 'the staged edit is kept');
    await reviewAndSave(
      page,
      [
        'Personal data: action: alert → redact',
        'Custom rule “customer-ids” added: pattern “\\bCUST-[0-9]{6}\\b”; block; high',
      ],
      10,
    );
    const { document } = await policyOf(owner);
    assert.deepEqual(
      [document.detectors.secrets.action, document.detectors.pii.action, document.detectors.custom.length],
      ['redact', 'redact', 2],
      'both changes are in force: neither overwrote the other',
    );
  });

  test('leaving the page or the tab with unsaved changes asks first', async () => {
    const { page } = c;
    const secrets = region(page, 'Secrets');
    await secrets.getByLabel('Action').selectOption('block');
    await saveBar(page).getByText('1 unsaved change', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Leave the policy without saving?' });
    await ask.getByText('1 unsaved change to the policy will be lost').waitFor();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    assert.match(page.url(), /\/console\/policy$/, 'still on the policy');
    assert.equal(await secrets.getByLabel('Action').inputValue(), 'block', 'the change is kept');

    // A reload or a closed tab: the page asks the browser to ask (its own words are the browser's).
    const asks = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      (globalThis as any).dispatchEvent(event);
      return event.defaultPrevented;
    });
    assert.equal(asks, true, 'beforeunload is refused while changes are unsaved');

    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await openFromNavigation(page, 'Policy');
    assert.equal(await secrets.getByLabel('Action').inputValue(), 'redact', 'the change was dropped');
    assert.equal(await saveBar(page).count(), 0, 'nothing to save');
    const nothing = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      (globalThis as any).dispatchEvent(event);
      return event.defaultPrevented;
    });
    assert.equal(nothing, false, 'nothing unsaved: leaving is not refused');
  });

  test('the version history says who changed what, and when', async () => {
    const { page } = c;
    await versionRow(page, 9).getByText('terraform (credential)').waitFor();
    await versionRow(page, 9).getByText('Secrets: action: alert → redact').waitFor();
    await versionRow(page, 10).getByText('Personal data: action: alert → redact').waitFor();
    await versionRow(page, 10).getByText('in force').waitFor();
    const listed = await owner.get('/api/v1/policy/versions?limit=100');
    const rows = await page.getByRole('table', { name: 'Policy versions' }).locator('tbody tr').count();
    assert.equal(rows, listed.body.versions.length, 'one row per version');
    const when = await versionRow(page, 10).locator('td').nth(1).textContent();
    assert.match(when ?? '', /\d{4}/, `the version's time is shown: ${when}`);
    assert.deepEqual(c.problems, []);
  });

  test('a viewer reads the policy and sees no control that changes it', async () => {
    const { page, problems } = await signInAsNewViewer(c.browser, server);
    await page.goto(`${server.consoleUrl}/console/policy`);
    await page.getByText('Version 10 is in force.').waitFor();
    await region(page, 'Personal data').getByText('Redact', { exact: true }).waitFor();
    await ruleRow(page, 'project-falcon').waitFor();
    assert.equal(
      await page.getByRole('radio', { name: 'Off', exact: true }).isDisabled(),
      true,
      'radios disabled',
    );
    for (const name of ['Add rule', 'Edit project-falcon', 'Delete project-falcon', 'Add to allowlist']) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} button`);
    }
    assert.equal(await page.getByRole('combobox', { name: 'Action' }).count(), 0, 'no action to choose');
    assert.equal(await saveBar(page).count(), 0, 'no save bar');
    await assertNoPageScroll(page);
    assert.deepEqual(problems, []);
  });

  test('slopsquatting: no redact to choose; its young window, deadline and allowlist are saved', async () => {
    const { page } = c;
    await page.goto(`${server.consoleUrl}/console/policy`);
    const card = region(page, 'Slopsquatting');
    await card.getByLabel('Action').waitFor();
    const actions = await card
      .getByLabel('Action')
      .locator('option')
      .evaluateAll((os) => os.map((o) => o.getAttribute('value')));
    assert.deepEqual(actions, ['block', 'alert', 'off']);
    await card.getByLabel('Young window (days)').fill('14');
    await card.getByLabel('Lookup deadline (ms)').fill('800');
    await card.getByLabel('Value').fill('acme-internal-sdk');
    await card.getByLabel('Note').fill('our own package, on our registry');
    await card.getByRole('button', { name: 'Add to allowlist' }).click();
    await reviewAndSave(
      page,
      [
        'Slopsquatting: young_days: 30 → 14',
        'Slopsquatting: deadline_ms set to 800',
        'Slopsquatting allowlist: added the value “acme-internal-sdk” (our own package, on our registry)',
      ],
      11,
    );
    const { document } = await policyOf(owner);
    assert.deepEqual(document.detectors.slopsquat, {
      action: 'block',
      young_days: 14,
      deadline_ms: 800,
      allowlist: [{ value: 'acme-internal-sdk', note: 'our own package, on our registry' }],
    });
    await versionRow(page, 11).getByText('Slopsquatting: young_days: 30 → 14').waitFor();
    assert.deepEqual(c.problems, []);
  });
});
