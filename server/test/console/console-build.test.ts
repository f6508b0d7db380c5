// The console build that `npm start` runs: with real Vite, on a small Vite project of its own in a
// temporary folder. Unchanged sources build nothing; changed sources build into a new folder that is
// swapped in whole, while the old console stays readable throughout; old builds are pruned.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { CONSOLE_INPUTS, buildConsole, inputsHash } from '../../../console/scripts/console-build.ts';

const INPUTS = ['index.html', 'src'];

let root: string;
before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-console-build-'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>\n',
  );
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src/main.js'), 'document.body.append("one");\n');
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

const dist = () => path.join(root, 'dist');
const served = () => fs.readFileSync(path.join(dist(), 'index.html'), 'utf8');
const builds = () => fs.readdirSync(path.join(root, 'builds')).sort();

test('the first run builds into builds/<hash> and links dist to it', async () => {
  const result = await buildConsole({ root, inputs: INPUTS });
  assert.equal(result.built, true);
  assert.equal(fs.readlinkSync(dist()), path.join('builds', result.hash));
  assert.match(served(), /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
  assert.deepEqual(builds(), [result.hash], 'no temporary folder is left behind');
});

test('a second run with the same sources does nothing', async () => {
  const index = path.join(dist(), 'index.html');
  const before = fs.statSync(index);
  const result = await buildConsole({ root, inputs: INPUTS });
  assert.equal(result.built, false);
  const now = fs.statSync(index);
  assert.deepEqual([now.ino, now.mtimeMs], [before.ino, before.mtimeMs], 'the served files are untouched');
});

test('a changed source builds a new folder and swaps it in, the old console readable all along', async () => {
  const old = fs.readlinkSync(dist());
  const oldPage = served();
  fs.writeFileSync(path.join(root, 'src/main.js'), 'document.body.append("two");\n');

  // What another instance serving from this checkout sees while the build runs: always a whole page.
  let reads = 0;
  let missing = 0;
  let reading = true;
  const poll = async () => {
    while (reading) {
      try {
        served();
        reads++;
      } catch {
        missing++;
      }
      await new Promise((r) => setImmediate(r));
    }
  };
  const polling = poll();
  const result = await buildConsole({ root, inputs: INPUTS });
  reading = false;
  await polling;

  assert.equal(result.built, true);
  assert.equal(missing, 0, `index.html was missing ${missing} times of ${reads + missing}`);
  assert.ok(reads > 0);
  assert.notEqual(fs.readlinkSync(dist()), old);
  assert.notEqual(served(), oldPage, 'the new page names the new assets');
  assert.deepEqual(builds(), [path.basename(old), result.hash].sort(), 'the previous build is kept');
  // A page loaded before the swap still finds its assets in the previous build.
  assert.ok(fs.existsSync(path.join(root, old, 'index.html')));
});

test('a third build prunes all but the current and the previous one', async () => {
  const previous = path.basename(fs.readlinkSync(dist()));
  fs.writeFileSync(path.join(root, 'src/extra.js'), 'export const x = 3;\n');
  const result = await buildConsole({ root, inputs: INPUTS });
  assert.equal(result.built, true);
  assert.deepEqual(builds(), [previous, result.hash].sort());
});

test('going back to sources built before switches without building', async () => {
  fs.rmSync(path.join(root, 'src/extra.js'));
  const result = await buildConsole({ root, inputs: INPUTS });
  assert.equal(result.built, false, 'the previous build is reused');
  assert.equal(fs.readlinkSync(dist()), path.join('builds', result.hash));
});

test('a dist folder from before is moved aside and replaced by the link', async () => {
  const legacyRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-console-legacy-'));
  try {
    fs.cpSync(path.join(root, 'index.html'), path.join(legacyRoot, 'index.html'));
    fs.cpSync(path.join(root, 'src'), path.join(legacyRoot, 'src'), { recursive: true });
    fs.mkdirSync(path.join(legacyRoot, 'dist'));
    fs.writeFileSync(path.join(legacyRoot, 'dist/index.html'), 'old');
    const result = await buildConsole({ root: legacyRoot, inputs: INPUTS });
    assert.ok(fs.lstatSync(path.join(legacyRoot, 'dist')).isSymbolicLink());
    assert.equal(fs.readlinkSync(path.join(legacyRoot, 'dist')), path.join('builds', result.hash));
  } finally {
    fs.rmSync(legacyRoot, { recursive: true, force: true });
  }
});

test("the real console's inputs hash its sources, the shared code and the lockfile", () => {
  const consoleRoot = path.resolve(import.meta.dirname, '../../../console');
  const hash = inputsHash(consoleRoot, CONSOLE_INPUTS);
  assert.match(hash, /^[0-9a-f]{16}$/);
  assert.notEqual(
    hash,
    inputsHash(
      consoleRoot,
      CONSOLE_INPUTS.filter((i) => i !== '../shared'),
    ),
  );
  assert.notEqual(
    hash,
    inputsHash(
      consoleRoot,
      CONSOLE_INPUTS.filter((i) => i !== '../package-lock.json'),
    ),
  );
});
