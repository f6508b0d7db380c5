// The policy page's save bar and review (issue 19's one saving model), for the console tests that change
// the policy through it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export const versionRow = (page: Page, version: number) =>
  page.getByRole('table', { name: 'Policy versions' }).locator(`tr[data-version="${version}"]`);
export const saveBar = (page: Page) =>
  page.getByRole('region', { name: 'Unsaved policy changes', exact: true });
export const review = (page: Page) => page.getByRole('dialog', { name: /as a new version$/ });

/** Opens the review from the bar, checks it lists these changes, saves, and waits for the version. */
export async function reviewAndSave(page: Page, changes: string[], version: number): Promise<void> {
  await saveBar(page).getByRole('button', { name: 'Review and save' }).click();
  const list = review(page).getByRole('list', { name: 'Changes to save' });
  for (const c of changes) await list.getByText(c, { exact: true }).waitFor();
  assert.equal(await list.getByRole('listitem').count(), changes.length, 'one line per change');
  await review(page).getByRole('button', { name: 'Save version' }).click();
  await page.getByText(`Version ${version} is in force.`).waitFor();
  await review(page).waitFor({ state: 'detached' });
  await saveBar(page).waitFor({ state: 'detached' });
}
