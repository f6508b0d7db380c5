// `npm test` for the server: every test file, side by side (one per core), with Node's test runner.
// It looks for a browser once (helpers/browser.ts) and hands the answer to every file, so that with
// none the browser suites are skipped and the run says so, once before and once after; under CI a
// missing browser fails the run before anything starts. Arguments, when given, are the test files to
// run instead of all.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as BrowserHelpers from './helpers/browser.ts';

const here = import.meta.dirname;

function testFiles(): string[] {
  const named = process.argv.slice(2);
  if (named.length) return named;
  return (fs.readdirSync(here, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('test', f))
    .sort();
}

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

// Imported here, not above, so that a wrong GATEHOUSE_TEST_CHROMIUM is one line, not a stack trace.
let browser: typeof BrowserHelpers;
try {
  browser = await import('./helpers/browser.ts');
} catch (err) {
  say(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const { BROWSER, encodeChoice, INSTALL_HINT, mustDriveBrowser, SKIP_REASON } = browser;

if (!BROWSER) {
  if (mustDriveBrowser()) {
    say(`CI is set and there is no browser for the browser tests: ${INSTALL_HINT}.`);
    process.exit(1);
  }
  say(`No browser found: the browser suites will be skipped (${INSTALL_HINT}).`);
}

// Test files are independent (each starts its own servers on ports the OS picks, its own temporary
// directories and PostgreSQL schemas), so they run side by side, one per core by default;
// GATEHOUSE_TEST_CONCURRENCY=1 runs them one at a time, as when chasing a flaky interaction.
const concurrency = Number(process.env.GATEHOUSE_TEST_CONCURRENCY) || os.availableParallelism();

// --test-force-exit: a file whose tests have all ended exits even if something it started still holds
// the event loop (seen once on PostgreSQL side by side: a file idle for minutes after its last test), so
// that one leaked handle costs a file its exit, not the run its time limit. --test-timeout: a test that
// waits forever fails after ten minutes, naming itself, instead of holding the run.
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-force-exit',
    '--test-timeout=600000',
    '--test-reporter=spec',
    ...testFiles(),
  ],
  {
    cwd: path.dirname(here),
    env: { ...process.env, GATEHOUSE_TEST_BROWSER: encodeChoice(BROWSER) },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);

// The spec reporter prints a skipped suite as one line ending in its reason: those are counted.
let skipped = 0;
let partial = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  const lines = (partial + chunk.toString('utf8')).split('\n');
  partial = lines.pop()!;
  for (const line of lines) if (line.includes(SKIP_REASON)) skipped++;
});

child.on('close', (code, signal) => {
  if (partial.includes(SKIP_REASON)) skipped++;
  if (skipped) say(`Skipped ${skipped} browser suite${skipped === 1 ? '' : 's'}: ${SKIP_REASON}.`);
  process.exit(code ?? (signal ? 1 : 0));
});
