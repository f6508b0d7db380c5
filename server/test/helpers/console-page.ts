// The admin console in Debian's Chromium: a page that records every console error and uncaught
// exception (a Content-Security-Policy violation is a console error), the browser a suite's tests share,
// signing in through the form and opening a page from the navigation, screenshots for the README's tour,
// and the check that a narrow window does not scroll sideways.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '../../src/crypto/password.ts';
import { newId } from '../../src/crypto/tokens.ts';
import { launchBrowser } from './browser.ts';
import type { TestServer } from './server.ts';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../docs/screenshots');

export interface ConsolePage {
  page: Page;
  /** Console errors and page errors seen so far; a test asserts it is empty at its end. */
  problems: string[];
}

export async function openConsole(browser: Browser, width = 1280): Promise<ConsolePage> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    // The browser reports refused API calls (a 401 after sign-out, say) as console errors too.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, problems };
}

export interface ConsoleSuite extends ConsolePage {
  /** Opens more pages (another admin, another window width). */
  browser: Browser;
}

/**
 * What a suite of console tests shares, set up before its first test and closed after its last: what
 * `start` starts (a server, a Gateway fixture), Chromium, and one page on which each test goes on from
 * where the one before left it. Called inside the suite; `start` keeps what it starts in the suite's own
 * variable, as a `before` hook would.
 */
export function consoleSuite(start: () => Promise<{ close(): Promise<void> }>, width = 1280): ConsoleSuite {
  const suite = {} as ConsoleSuite;
  let started: { close(): Promise<void> } | undefined;
  before(async () => {
    started = await start();
    suite.browser = await launchBrowser();
    Object.assign(suite, await openConsole(suite.browser, width));
  });
  after(async () => {
    await suite.browser?.close();
    await started?.close();
  });
  return suite;
}

export async function signInThroughForm(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/console/`);
  await page.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
}

/** Signs the server's owner in; the console opens on the overview. */
export function signInAsOwner(page: Page, server: TestServer): Promise<void> {
  return signInThroughForm(page, server.consoleUrl, server.owner.email, server.owner.password);
}

/** A new viewer, signed in on a page of its own in an 800 px window. */
export async function signInAsNewViewer(browser: Browser, server: TestServer): Promise<ConsolePage> {
  const viewer = await addViewer(server);
  const c = await openConsole(browser, 800);
  await signInThroughForm(c.page, server.consoleUrl, viewer.email, viewer.password);
  return c;
}

/** Follows a link of the navigation and waits for the page's own heading. */
export async function openFromNavigation(page: Page, link: string): Promise<void> {
  // Exact: the overview has links whose names hold the same word ("1 devices signed in").
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: link, level: 1 }).waitFor();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // Finished transitions: a dialog caught while it fades in looks half there.
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}

/** An element as the tests read it inside page.evaluate. */
export interface PageElement {
  tagName: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  labels?: ArrayLike<PageElement> | null;
  getAttribute(name: string): string | null;
  matches(selector: string): boolean;
  closest(selector: string): PageElement | null;
}

/**
 * The few browser globals the tests use inside page.evaluate, which runs in the page: the tests are
 * type-checked for Node, without the DOM's types. Read them as `globalThis as unknown as PageGlobals`.
 */
export interface PageGlobals {
  document: {
    activeElement: PageElement | null;
    body: PageElement;
    documentElement: PageElement;
    getElementById(id: string): PageElement | null;
  };
  getComputedStyle(el: PageElement): {
    outlineStyle: string;
    outlineWidth: string;
    overflowX: string;
    textOverflow: string;
  };
}

/** The page body does not scroll sideways: a wide table may scroll, but inside its own container. */
export async function assertNoPageScroll(page: Page): Promise<void> {
  const { content, viewport } = await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    return {
      content: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      viewport: document.documentElement.clientWidth,
    };
  });
  assert.ok(content <= viewport, `the page scrolls sideways: ${content} px of content in ${viewport} px`);
}

/** A viewer, written straight to the store: managing admins is not part of this API yet. */
export async function addViewer(server: TestServer, email = 'viewer@example.com') {
  const password = randomBytes(12).toString('hex');
  await server.gatehouse.services.store.db
    .insertInto('admins')
    .values({
      id: newId('adm'),
      email,
      password_hash: await hashPassword(password),
      role: 'viewer',
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  return { email, password };
}

/**
 * No text in the page is cut off: no element that hides its overflow (a badge, a truncated label, a
 * button) holds more than it shows. Returns nothing; fails naming the clipped texts.
 */
export async function assertNoClippedText(page: Page, within = 'main'): Promise<void> {
  const clipped = await page.locator(`${within} *`).evaluateAll((elements) => {
    const { getComputedStyle } = globalThis as unknown as PageGlobals;
    return (elements as unknown as PageElement[])
      .filter((el) => {
        const style = getComputedStyle(el);
        const hides =
          style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
        return hides && el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim() !== '';
      })
      .map((el) => (el.textContent ?? '').trim().slice(0, 60));
  });
  assert.deepEqual(clipped, [], `clipped text: ${clipped.join(' | ')}`);
}
