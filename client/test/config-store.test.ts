// Where the client keeps its sign-in and how: each platform's config directory, 0700 and 0600, replaced
// atomically, and a damaged file named rather than crashed on.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { configDir } from '../src/config-dir.ts';
import { loadState, saveState } from '../src/state-store.ts';
import { newMachine, runCli, type Machine } from './helpers/cli.ts';
import { storeSession } from './helpers/fake-session.ts';

describe('config directory', () => {
  const home = os.homedir();
  test('each platform’s own place, and the override for tests', () => {
    assert.equal(configDir({}, 'linux'), path.join(home, '.config', 'gatehouse'));
    assert.equal(configDir({ XDG_CONFIG_HOME: '/x/cfg' }, 'linux'), '/x/cfg/gatehouse');
    assert.equal(
      configDir({ XDG_CONFIG_HOME: 'relative' }, 'linux'),
      path.join(home, '.config', 'gatehouse'),
      'a relative XDG_CONFIG_HOME is ignored, as the XDG spec says',
    );
    assert.equal(configDir({}, 'darwin'), path.join(home, 'Library', 'Application Support', 'gatehouse'));
    assert.equal(configDir({ APPDATA: '/appdata' }, 'win32'), path.join('/appdata', 'gatehouse'));
    assert.equal(configDir({ GATEHOUSE_CLIENT_CONFIG_DIR: '/t/c', XDG_CONFIG_HOME: '/x' }, 'linux'), '/t/c');
  });
});

describe('the client’s settings file', () => {
  let dir: string;
  let machine: Machine;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    machine?.cleanup();
  });

  test('directory 0700 and file 0600, whatever the umask, and no temporary file left behind', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-state-'));
    const file = path.join(dir, 'nested', 'gatehouse', 'config.json');
    const umask = process.umask(0o000);
    try {
      saveState({ version: 1, setups: {} }, file);
      saveState({ version: 1, setups: {}, session: undefined }, file);
    } finally {
      process.umask(umask);
    }
    assert.equal(fs.statSync(path.dirname(file)).mode & 0o777, 0o700, 'directory 0700');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'file 0600');
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['config.json'], 'only the file itself');
    assert.deepEqual(loadState(file), { version: 1, setups: {} });
  });

  test('a directory made too open beforehand is closed again on the next write', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-state-'));
    fs.chmodSync(dir, 0o755);
    saveState({ version: 1, setups: {} }, path.join(dir, 'config.json'));
    assert.equal(fs.statSync(dir).mode & 0o777, 0o700);
  });

  test('a damaged file is named with what to do, exit 1, no stack trace', async () => {
    machine = newMachine();
    fs.mkdirSync(machine.configDir, { recursive: true });
    fs.writeFileSync(path.join(machine.configDir, 'config.json'), '{"version": 1, "sess');
    const res = await runCli(machine, ['status']);
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /config\.json is damaged\. Delete it and run `gatehouse-client login` again/);
    assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
  });

  test('a write through the CLI keeps the modes (setup records itself in the file)', async () => {
    machine = newMachine();
    storeSession(machine);
    fs.chmodSync(path.join(machine.configDir, 'config.json'), 0o644);
    const res = await runCli(machine, ['setup', 'gemini-cli']);
    assert.equal(res.code, 0, res.stderr);
    assert.equal(fs.statSync(path.join(machine.configDir, 'config.json')).mode & 0o777, 0o600);
    assert.equal(fs.statSync(machine.configDir).mode & 0o777, 0o700);
    assert.ok(machine.state().setups['gemini-cli'], 'the setup is recorded');
  });
});
