// `npm test` for the server: every test file, one at a time, with Node's test runner. It looks for a
// browser once (helpers/browser.ts) and hands the answer to every file, so that with none the browser
// suites are skipped and the run says so, once before and once after; under CI a missing browser fails
// the run before anything starts. Arguments, when given, are the test files to run instead of all.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...testFiles()],
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
