// Debian's Chromium driven by playwright-core (nothing downloads a browser). The flags keep it from
// reaching for the network this machine does not have.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.GATEHOUSE_TEST_CHROMIUM ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
