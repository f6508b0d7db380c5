// The browser the browser tests drive, found the way a developer's machine has one, and driven by
// playwright-core (nothing downloads a browser). The order: GATEHOUSE_TEST_CHROMIUM, then Debian's and
// Ubuntu's Chromium, then an installed Google Chrome or Microsoft Edge through playwright-core's
// channels. `npm test` (test/run.ts) looks once and hands the answer to every test file in
// GATEHOUSE_TEST_BROWSER; a file run on its own looks for itself. With no browser the browser suites are
// skipped, saying how to install one, except under CI, where a missing browser is a failure: CI must
// never go green without having driven a browser.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { eachEngine, type Engine } from './engines.ts';

export type BrowserChoice = { executablePath: string } | { channel: 'chrome' | 'msedge' };

/** What the lookup reads of the machine; the test of the lookup gives its own. */
export interface Machine {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists(file: string): boolean;
  /** Whether playwright-core can start the channel's browser. */
  launches(channel: 'chrome' | 'msedge'): Promise<boolean>;
}

/** Where Debian (`chromium`) and Ubuntu (`chromium-browser`, the snap) put Chromium. */
const LINUX_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];

export const INSTALL_HINT =
  'install one with `sudo apt-get install -y chromium` (Debian) or `sudo snap install chromium` (Ubuntu), ' +
  'or point GATEHOUSE_TEST_CHROMIUM at a Chromium, Chrome or Edge executable';

/** The reason every browser suite gives when it is skipped; test/run.ts counts the lines that carry it. */
export const SKIP_REASON = `no browser found: ${INSTALL_HINT}`;

export class BrowserSetupError extends Error {}

export async function findBrowser(m: Machine): Promise<BrowserChoice | null> {
  const named = m.env.GATEHOUSE_TEST_CHROMIUM;
  if (named) {
    // Asked for by name: a wrong path is a mistake to report, not a reason to skip.
    if (!m.exists(named))
      throw new BrowserSetupError(`GATEHOUSE_TEST_CHROMIUM is ${named}, which does not exist.`);
    return { executablePath: named };
  }
  if (m.platform === 'linux') {
    const found = LINUX_CHROMIUM.find((p) => m.exists(p));
    if (found) return { executablePath: found };
  }
  for (const channel of ['chrome', 'msedge'] as const) if (await m.launches(channel)) return { channel };
  return null;
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const thisMachine: Machine = {
  env: process.env,
  platform: process.platform,
  exists: (file) => fs.existsSync(path.resolve(file)),
  async launches(channel) {
    try {
      await (await chromium.launch({ channel, args: ARGS })).close();
      return true;
    } catch {
      return false; // not installed (playwright-core names the path it looked at)
    }
  },
};

/** GATEHOUSE_TEST_BROWSER as test/run.ts writes it: the choice as JSON, or `none`. */
export function encodeChoice(choice: BrowserChoice | null): string {
  return choice ? JSON.stringify(choice) : 'none';
}

function decodeChoice(value: string): BrowserChoice | null {
  return value === 'none' ? null : (JSON.parse(value) as BrowserChoice);
}

const handedOver = process.env.GATEHOUSE_TEST_BROWSER;
export const BROWSER: BrowserChoice | null =
  handedOver !== undefined ? decodeChoice(handedOver) : await findBrowser(thisMachine);

/** Under CI a browser suite never skips: with no browser, its launch fails and says why. */
export const mustDriveBrowser = (env: Record<string, string | undefined> = process.env): boolean =>
  Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';

export function launchBrowser(): Promise<Browser> {
  if (!BROWSER) return Promise.reject(new BrowserSetupError(`No browser to drive: ${INSTALL_HINT}.`));
  return chromium.launch({ ...BROWSER, args: ARGS });
}

/** A describe's options for a suite that drives a browser: skipped, saying why, where there is none (not in CI). */
export function browserSuiteOptions(): { skip: string } | undefined {
  return BROWSER || mustDriveBrowser() ? undefined : { skip: SKIP_REASON };
}

/** eachEngine for a suite that drives a browser (browserSuiteOptions). */
export function eachEngineWithBrowser(name: string, suite: (engine: Engine) => void): void {
  eachEngine(name, suite, browserSuiteOptions());
}
