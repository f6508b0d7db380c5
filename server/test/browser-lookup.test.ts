// How `npm test` finds a browser (helpers/browser.ts) and what it does without one (run.ts): the order
// of the lookup, the skip with its message outside CI, and the failure under CI.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  BrowserSetupError,
  findBrowser,
  mustDriveBrowser,
  SKIP_REASON,
  type Machine,
} from './helpers/browser.ts';

function machine(
  files: string[],
  channels: string[],
  over: Partial<Machine> = {},
): Machine & { probed: string[] } {
  const probed: string[] = [];
  return {
    env: {},
    platform: 'linux',
    exists: (f) => files.includes(f),
    launches: async (c) => (probed.push(c), channels.includes(c)),
    probed,
    ...over,
  };
}

describe('the browser lookup', () => {
  test('GATEHOUSE_TEST_CHROMIUM comes first, and a wrong one is an error, not a skip', async () => {
    const m = machine(['/opt/mine/chrome', '/usr/bin/chromium'], ['chrome'], {
      env: { GATEHOUSE_TEST_CHROMIUM: '/opt/mine/chrome' },
    });
    assert.deepEqual(await findBrowser(m), { executablePath: '/opt/mine/chrome' });
    assert.deepEqual(m.probed, []);
    const wrong = machine(['/usr/bin/chromium'], [], { env: { GATEHOUSE_TEST_CHROMIUM: '/nowhere/chrome' } });
    await assert.rejects(
      findBrowser(wrong),
      (err: Error) => err instanceof BrowserSetupError && /\/nowhere\/chrome/.test(err.message),
    );
  });

  test("then Debian's, then Ubuntu's Chromium, before any channel is tried", async () => {
    const debian = machine(['/usr/bin/chromium', '/usr/bin/chromium-browser'], ['chrome']);
    assert.deepEqual(await findBrowser(debian), { executablePath: '/usr/bin/chromium' });
    assert.deepEqual(debian.probed, []);
    assert.deepEqual(await findBrowser(machine(['/snap/bin/chromium'], [])), {
      executablePath: '/snap/bin/chromium',
    });
    assert.deepEqual(await findBrowser(machine(['/usr/bin/chromium-browser'], [])), {
      executablePath: '/usr/bin/chromium-browser',
    });
  });

  test('then Google Chrome, then Microsoft Edge; on macOS and Windows only those', async () => {
    const both = machine([], ['chrome', 'msedge']);
    assert.deepEqual(await findBrowser(both), { channel: 'chrome' });
    const edge = machine(['/usr/bin/chromium'], ['msedge'], { platform: 'darwin' });
    assert.deepEqual(await findBrowser(edge), { channel: 'msedge' });
    assert.deepEqual(edge.probed, ['chrome', 'msedge']);
    const none = machine([], [], { platform: 'win32' });
    assert.equal(await findBrowser(none), null);
  });

  test('CI is read as the CI services set it', () => {
    assert.equal(mustDriveBrowser({ CI: 'true' }), true);
    assert.equal(mustDriveBrowser({ CI: '1' }), true);
    assert.equal(mustDriveBrowser({}), false);
    assert.equal(mustDriveBrowser({ CI: 'false' }), false);
  });
});

describe('npm test without a browser', () => {
  const server = path.resolve(import.meta.dirname, '..');
  const run = (ci: boolean) => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      GATEHOUSE_TEST_BROWSER: 'none',
      GATEHOUSE_TEST_ENGINES: 'sqlite,postgres',
    };
    delete env.NODE_TEST_CONTEXT; // set by the test runner running this file: it would change the child's output
    if (ci) env.CI = 'true';
    else delete env.CI;
    return spawnSync(process.execPath, ['--import', 'tsx', 'test/run.ts', 'test/fixtures/browser-suite.ts'], {
      cwd: server,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  test('skips the browser suites, says so first and last, and passes', () => {
    const r = run(false);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.match(
      lines[0]!,
      /^No browser found: the browser suites will be skipped \(install one with `sudo apt-get install -y chromium`/,
    );
    assert.equal(lines.at(-1), `Skipped 2 browser suites: ${SKIP_REASON}.`);
    assert.doesNotMatch(r.stdout, /a browser suite ran with no browser/);
  });

  test('fails under CI before running anything', () => {
    const r = run(true);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^CI is set and there is no browser for the browser tests: install one/);
    assert.doesNotMatch(r.stdout, /a suite that drives a browser/);
  });
});
