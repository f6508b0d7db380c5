// The console from the keyboard alone, as the browser tests drive it: what has the focus and whether it
// shows (a visible focus ring), Tab and Shift+Tab asserting that, and waiting for a dialog to take the
// focus and to give it back when it closes.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { PageGlobals } from './console-page.ts';

export interface Focused {
  tag: string;
  name: string;
  /** The browser shows a focus indicator (:focus-visible) and it draws an outline. */
  ring: boolean;
  inDialog: boolean;
}

/** What has the focus, what it is called, and whether the focus is visible on it. */
export async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    // An input's ring may be drawn by its wrapper (a password field with its visibility toggle).
    const drawn = [el, el.closest('.mantine-Input-input')].filter((e) => e !== null);
    const outlined = drawn.some((e) => {
      const style = getComputedStyle(e);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    });
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      el.labels?.[0]?.textContent ??
      el.textContent ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      name: name.replace(/\s+/g, ' ').trim(),
      ring: el.matches(':focus-visible') && outlined,
      inDialog: el.closest('[role="dialog"]') !== null,
    };
  });
}

/** Presses Tab once and returns what took the focus, asserting that the focus is visible on it. */
export async function tab(page: Page, shift = false): Promise<Focused> {
  await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  const f = await focused(page);
  assert.ok(f, 'the focus went somewhere');
  assert.ok(f.ring, `no visible focus on ${f.tag} "${f.name}"`);
  return f;
}

/** Waits until the focus is inside an open dialog (a modal moves it there once it has opened). */
export async function focusInDialog(page: Page): Promise<Focused> {
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as PageGlobals;
    return document.activeElement?.closest('[role="dialog"]') != null;
  });
  return (await focused(page))!;
}

/** Waits until the focus is back on the named control (a modal returns it once it has closed). */
export async function focusReturnsTo(page: Page, name: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await focused(page))?.name !== name) {
    if (Date.now() > deadline)
      assert.fail(`the focus did not return to "${name}": ${JSON.stringify(await focused(page))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Tabs forward until the focus is on a control whose name matches, within `max` presses. */
export async function tabTo(page: Page, name: RegExp, max = 30): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    const f = await tab(page);
    if (name.test(f.name)) return f;
  }
  assert.fail(`Tab never reached ${name}`);
}
