// The policy page end to end, in Debian's Chromium against the real server on a fresh store: the policy
// in force; a detector's action and allowlist changed and saved; enforcement lowered only through a
// confirmation that says what it turns off (cancel leaves it, confirm saves it and raises a risk
// finding); custom rules added, edited and deleted; the API's validation errors shown at their field;
// a save over a version someone else replaced meanwhile refused with an offer to reload; and the version
// history saying who changed what. A viewer reads it all and sees no control that changes it.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
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

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const versionRow = (page: Page, version: number) =>
  page.getByRole('table', { name: 'Policy versions' }).locator(`tr[data-version="${version}"]`);
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
    await region(page, 'Custom rules').getByText('No custom rules').waitFor();
    await versionRow(page, 1).getByText('The default policy of a new installation').waitFor();
    await versionRow(page, 1).getByText('Gatehouse (system)').waitFor();
  });

  test('a detector’s action and allowlist are changed, saved, and in force', async () => {
    const { page } = c;
    const secrets = region(page, 'Secrets');
    await secrets.getByLabel('Action').selectOption('block');
    await secrets.getByLabel('Value').fill('AKIAQYLPMN5HFIQR7XQZ');
    await secrets.getByLabel('Note').fill('the CI sandbox key');
    await secrets.getByRole('button', { name: 'Add to allowlist' }).click();
    await secrets.getByText('Unsaved changes to secrets.').waitFor();
    assert.equal((await policyOf(owner)).document.detectors.secrets.action, 'redact', 'nothing saved yet');
    await secrets.getByRole('button', { name: 'Save secrets settings' }).click();
    await page.getByText('Version 2 is in force.').waitFor();
    await secrets.getByText('Unsaved changes to secrets.').waitFor({ state: 'detached' });
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
    await secrets.getByRole('button', { name: 'Save secrets settings' }).click();
    await page.getByText('Version 3 is in force.').waitFor();
    await versionRow(page, 3)
      .getByText(/^Secrets allowlist: removed the value/)
      .waitFor();
    assert.deepEqual(
      (await policyOf(owner)).document.detectors.secrets.allowlist,
      [],
      'the entry was removed',
    );
  });

  test('lowering enforcement asks first: cancel leaves it, confirm saves it and raises a risk finding', async () => {
    const { page } = c;
    await page.getByRole('radio', { name: 'Monitor', exact: true }).click();
    const lower = page.getByRole('dialog', { name: 'Lower enforcement to monitor?' });
    await lower.getByText('Nothing will be blocked or redacted any more').waitFor();
    await lower.getByText('raises a high-severity risk finding').waitFor();
    await screenshot(page, 'policy-lower-enforcement');
    await lower.getByRole('button', { name: 'Cancel' }).click();
    await lower.waitFor({ state: 'detached' });
    assert.equal(
      await page.getByRole('radio', { name: 'Enforce', exact: true }).isChecked(),
      true,
      'unchanged',
    );
    assert.equal((await policyOf(owner)).document.enforcement, 'enforce', 'cancel saved nothing');

    await page.getByRole('radio', { name: 'Off', exact: true }).click();
    const off = page.getByRole('dialog', { name: 'Turn the policy off?' });
    await off.getByText('Nothing will be scanned or recorded any more').waitFor();
    await off.getByRole('button', { name: 'Cancel' }).click();
    await off.waitFor({ state: 'detached' });

    await page.getByRole('radio', { name: 'Monitor', exact: true }).click();
    await lower.getByRole('button', { name: 'Switch to monitor' }).click();
    await lower.waitFor({ state: 'detached' });
    await page.getByText('Enforcement is monitor').waitFor();
    assert.equal(
      await page.getByRole('radio', { name: 'Monitor', exact: true }).isChecked(),
      true,
      'monitor',
    );
    assert.equal((await policyOf(owner)).document.enforcement, 'monitor', 'confirm saved it');
    await versionRow(page, 4).getByText('Enforcement: enforce → monitor').waitFor();

    const [finding] = await findingsFor(owner, 'enforcement-lowered');
    assert.ok(finding, 'lowering enforcement raised a risk finding');
    assert.equal(finding.kind, 'policy_change');
    assert.deepEqual(finding.evidence, { kind: 'enforcement', from: 'enforce', to: 'monitor', version: 4 });
    await openFromNavigation(page, 'Risk findings');
    await page.locator(`tr[data-finding-id="${finding.id}"]`).getByText('Policy version 4').waitFor();

    // Raising it again asks too, in its own words, and raises nothing.
    await openFromNavigation(page, 'Policy');
    await page.getByRole('radio', { name: 'Enforce', exact: true }).click();
    const raise = page.getByRole('dialog', { name: 'Raise enforcement to enforce?' });
    await raise.getByText('The detectors’ actions will apply from the next request').waitFor();
    await raise.getByRole('button', { name: 'Switch to enforce' }).click();
    await raise.waitFor({ state: 'detached' });
    await page.getByText('Version 5 is in force.').waitFor();
    assert.equal((await findingsFor(owner, 'enforcement-lowered')).length, 1, 'raising is no finding');
  });

  test('a custom rule is added and shown, edited, and deleted', async () => {
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
    await row.getByText('Block', { exact: true }).waitFor();
    await row.getByText('critical').waitFor();
    await versionRow(page, 6)
      .getByText(
        'Custom rule “project-falcon” added: keywords “Project Falcon”, “Falcon merger”; block; critical',
      )
      .waitFor();
    await page.getByRole('heading', { name: 'Policy', level: 1 }).scrollIntoViewIfNeeded();
    await screenshot(page, 'policy');

    await rules.getByRole('button', { name: 'Edit project-falcon' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the rule project-falcon' });
    assert.equal(await edit.getByLabel('Name').getAttribute('readonly'), '', 'a rule keeps its name');
    await edit.getByLabel('Action').selectOption('alert');
    await edit.getByRole('button', { name: 'Save rule' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('Alert', { exact: true }).waitFor();
    await versionRow(page, 7).getByText('Custom rule “project-falcon”: action: block → alert').waitFor();
    const { document } = await policyOf(owner);
    assert.deepEqual(document.detectors.custom, [
      {
        id: 'project-falcon',
        description: 'The merger’s code name',
        keywords: ['Project Falcon', 'Falcon merger'],
        action: 'alert',
        severity: 'critical',
      },
    ]);

    await rules.getByRole('button', { name: 'Add rule' }).click();
    await add.getByLabel('Name').fill('internal-host');
    await add.getByLabel('Match by').selectOption('pattern');
    await add.getByLabel('Pattern').fill('\\bbuild-[0-9]+\\.corp\\b');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await add.waitFor({ state: 'detached' });
    await ruleRow(page, 'internal-host').getByText('\\bbuild-[0-9]+\\.corp\\b').waitFor();

    await rules.getByRole('button', { name: 'Delete internal-host' }).click();
    const del = page.getByRole('dialog', { name: 'Delete the custom rule' });
    await del.getByText('no longer checks anything').waitFor();
    await del.getByRole('button', { name: 'Delete rule' }).click();
    await del.waitFor({ state: 'detached' });
    await ruleRow(page, 'internal-host').waitFor({ state: 'detached' });
    await versionRow(page, 9).getByText('Custom rule “internal-host” deleted').waitFor();
  });

  test('the API’s validation errors are shown at the field they name', async () => {
    const { page } = c;
    const before = (await policyOf(owner)).etag;
    await region(page, 'Custom rules').getByRole('button', { name: 'Add rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add a custom rule' });
    await add.getByLabel('Name').fill('Slow Rule');
    await add.getByLabel('Match by').selectOption('pattern');
    await add.getByLabel('Pattern').fill('(a+)+b');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await add.getByText(/^Must match pattern/).waitFor();
    assert.equal(await add.getByLabel('Name').getAttribute('aria-invalid'), 'true', 'the name is marked');

    await add.getByLabel('Name').fill('slow-rule');
    await add.getByRole('button', { name: 'Add rule' }).click();
    await add.getByText(/^It repeats a group whose own length varies/).waitFor();
    assert.equal(
      await add.getByLabel('Pattern').getAttribute('aria-invalid'),
      'true',
      'the pattern is marked',
    );
    assert.equal(await add.getByRole('alert').count(), 0, 'shown at the field, not again in an alert');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'detached' });

    // An allowlist entry's problem is shown at the entry.
    const pii = region(page, 'Personal data');
    await pii.getByLabel('Allow', { exact: true }).selectOption('pattern');
    await pii.getByLabel('Pattern').fill('[unclosed');
    await pii.getByRole('button', { name: 'Add to allowlist' }).click();
    await pii.getByRole('button', { name: 'Save personal data settings' }).click();
    await pii
      .getByRole('alert')
      .filter({ hasText: /^It is not a valid regular expression/ })
      .waitFor();
    await pii.getByRole('button', { name: 'Discard' }).click();
    await pii.getByText('Nothing is allowlisted').waitFor();
    assert.equal((await policyOf(owner)).etag, before, 'nothing was saved');
  });

  test('a save over a version someone else replaced is refused, and the page offers to reload', async () => {
    const { page } = c;
    const pii = region(page, 'Personal data');
    await pii.getByLabel('Action').selectOption('redact');

    // Meanwhile infrastructure as code changes the secrets detector, over the version it read.
    await changePolicyAs(terraform, (doc) => (doc.detectors.secrets.action = 'alert'));

    await pii.getByRole('button', { name: 'Save personal data settings' }).click();
    // Said where the save was made, so that the admin sees it without scrolling.
    const conflict = pii.getByRole('alert').filter({ hasText: 'Your change was not saved' });
    await conflict.getByText('version 10 is in force now').waitFor();
    await conflict.getByText('Someone else changed the policy after you loaded it').waitFor();
    assert.equal(
      (await policyOf(owner)).document.detectors.pii.action,
      'alert',
      'the stale save was refused',
    );
    await screenshot(page, 'policy-conflict');

    await conflict.getByRole('button', { name: 'Reload the policy' }).click();
    await conflict.waitFor({ state: 'detached' });
    await page.getByText('Version 10 is in force.').waitFor();
    assert.equal(
      await region(page, 'Secrets').getByLabel('Action').inputValue(),
      'alert',
      'their change shown',
    );
    assert.equal(await pii.getByLabel('Action').inputValue(), 'redact', 'the unsaved edit elsewhere is kept');
    await pii.getByRole('button', { name: 'Save personal data settings' }).click();
    await page.getByText('Version 11 is in force.').waitFor();
    const { document } = await policyOf(owner);
    assert.deepEqual(
      [document.detectors.secrets.action, document.detectors.pii.action],
      ['alert', 'redact'],
      'both changes are in force: neither overwrote the other',
    );
  });

  test('a dialog’s stale save says so in the dialog; after a reload the same rule is saved on top', async () => {
    const { page } = c;
    await region(page, 'Custom rules').getByRole('button', { name: 'Add rule' }).click();
    const add = page.getByRole('dialog', { name: 'Add a custom rule' });
    await add.getByLabel('Name').fill('customer-ids');
    await add.getByLabel('Match by').selectOption('pattern');
    await add.getByLabel('Pattern').fill('\\bCUST-[0-9]{6}\\b');

    await changePolicyAs(
      terraform,
      (doc) =>
        (doc.detectors.pii.allowlist = [{ value: 'support@acme-corp.io', note: 'the public address' }]),
    );

    await add.getByRole('button', { name: 'Add rule' }).click();
    const conflict = add.getByRole('alert').filter({ hasText: 'Your change was not saved' });
    await conflict.getByText('version 12 is in force now').waitFor();
    await conflict.getByRole('button', { name: 'Reload the policy' }).click();
    await conflict.waitFor({ state: 'detached' });
    assert.equal(
      await add.getByLabel('Name').inputValue(),
      'customer-ids',
      'the dialog keeps what was typed',
    );
    await add.getByRole('button', { name: 'Add rule' }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByText('Version 13 is in force.').waitFor();
    await region(page, 'Personal data').getByText('support@acme-corp.io').waitFor();
    const { document } = await policyOf(owner);
    assert.deepEqual(
      [document.detectors.custom.map((r: any) => r.id), document.detectors.pii.allowlist.length],
      [['project-falcon', 'customer-ids'], 1],
      'the rule was added on top of their change',
    );
  });

  test('the version history says who changed what, and when', async () => {
    const { page } = c;
    await versionRow(page, 10).getByText('terraform (credential)').waitFor();
    await versionRow(page, 10).getByText('Secrets: action: block → alert').waitFor();
    await versionRow(page, 11).getByText('Personal data: action: alert → redact').waitFor();
    await versionRow(page, 13).getByText('in force').waitFor();
    const listed = await owner.get('/api/v1/policy/versions?limit=100');
    const rows = await page.getByRole('table', { name: 'Policy versions' }).locator('tbody tr').count();
    assert.equal(rows, listed.body.versions.length, 'one row per version');
    const when = await versionRow(page, 11).locator('td').nth(1).textContent();
    assert.match(when ?? '', /\d{4}/, `the version's time is shown: ${when}`);
    assert.deepEqual(c.problems, []);
  });

  test('a viewer reads the policy and sees no control that changes it', async () => {
    const { page, problems } = await signInAsNewViewer(c.browser, server);
    await page.goto(`${server.consoleUrl}/console/policy`);
    await page.getByText('Version 13 is in force.').waitFor();
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
    await assertNoPageScroll(page);
    assert.deepEqual(problems, []);
  });
});
