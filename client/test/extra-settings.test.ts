// A tool's second settings file (Gemini CLI's settings.json and its sign-in method): set where the person
// has chosen nothing, left alone (with a note) where they have, and undone exactly.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { blankComments } from '../src/settings/json-edit.ts';
import { applyJsonDefaults, undoJsonDefaults, type JsonDefault } from '../src/settings/json-defaults.ts';
import type { State } from '../src/state-store.ts';
import { rewriteSetups, setupTool } from '../src/tool-setup.ts';
import { newMachine, runCli, type Machine } from './helpers/cli.ts';
import { storeSession, TOKEN } from './helpers/fake-session.ts';

const AUTH: JsonDefault = {
  path: ['security', 'auth', 'selectedType'],
  value: 'gemini-api-key',
  advice: (own) => `own choice ${JSON.stringify(own)}`,
};

describe('JSON defaults (json-defaults.ts)', () => {
  test('creates the objects that hold the value in the file’s indentation, and undo gives back the file', () => {
    const original =
      '{\n    "theme": "GitHub",\n    "security": {\n        "folderTrust": { "enabled": true }\n    }\n}\n';
    const applied = applyJsonDefaults(original, [AUTH], [], 'f');
    assert.deepEqual(applied.set, [{ path: AUTH.path, value: 'gemini-api-key', created: 1 }]);
    assert.deepEqual(applied.notes, []);
    const doc = JSON.parse(applied.text);
    assert.deepEqual(doc.security, {
      folderTrust: { enabled: true },
      auth: { selectedType: 'gemini-api-key' },
    });
    assert.match(
      applied.text,
      /^ {8}"auth": \{\n {12}"selectedType": "gemini-api-key"\n {8}\}$/m,
      applied.text,
    );
    assert.equal(
      undoJsonDefaults(applied.text, applied.set, 'f'),
      original,
      'undo restores the file exactly',
    );
  });

  test('re-applying with the record changes nothing and keeps the record; undo removes what it created', () => {
    const first = applyJsonDefaults(null, [AUTH], [], 'f');
    assert.deepEqual(first.set[0]!.created, 2, 'security and auth were created');
    const again = applyJsonDefaults(first.text, [AUTH], first.set, 'f');
    assert.equal(again.text, first.text);
    assert.deepEqual(again.set, first.set);
    assert.equal(undoJsonDefaults(again.text, again.set, 'f').trim(), '{}');
  });

  test('an object the client created but the person filled since stays on undo', () => {
    const first = applyJsonDefaults('{}', [AUTH], [], 'f');
    const filled = first.text.replace('"auth": {', '"useExternal": false,\n    "auth": {');
    assert.deepEqual(JSON.parse(filled).security.useExternal, false, filled);
    const undone = JSON.parse(undoJsonDefaults(filled, first.set, 'f'));
    assert.deepEqual(undone, { security: { useExternal: false } });
  });

  test('the person’s own value stays, with a note, and nothing is recorded; a value changed since setup is theirs', () => {
    const own = '{ "security": { "auth": { "selectedType": "oauth-personal" } } }';
    const applied = applyJsonDefaults(own, [AUTH], [], 'f');
    assert.equal(applied.text, own, 'untouched');
    assert.deepEqual(applied.set, []);
    assert.deepEqual(applied.notes, ['own choice "oauth-personal"']);

    const mine = applyJsonDefaults('{}', [AUTH], [], 'f');
    const changed = mine.text.replace('gemini-api-key', 'vertex-ai');
    assert.equal(undoJsonDefaults(changed, mine.set, 'f'), changed, 'undo leaves the person’s value');
    const reapplied = applyJsonDefaults(changed, [AUTH], mine.set, 'f');
    assert.equal(reapplied.text, changed);
    assert.deepEqual(reapplied.set, [], 'no longer ours');
    assert.equal(reapplied.notes.length, 1);
  });

  test('a value no longer wanted (another mode) comes out on re-apply', () => {
    const first = applyJsonDefaults('{"a": 1}', [AUTH], [], 'f');
    const second = applyJsonDefaults(first.text, [], first.set, 'f');
    assert.deepEqual(JSON.parse(second.text), { a: 1 });
    assert.deepEqual(second.set, []);
  });

  test('comments (JSONC) are kept where the tool allows them, and undo gives back the file exactly', () => {
    const original = [
      '{',
      '  // my theme, see /settings',
      '  "ui": { "theme": "GitHub" /* the light one */ },',
      '  "security": {',
      '    /* "auth": { "selectedType": "oauth-personal" } */',
      '    "folderTrust": { "enabled": true } // keep on',
      '  }',
      '}',
      '',
    ].join('\n');
    const applied = applyJsonDefaults(original, [AUTH], [], 'f', true);
    assert.deepEqual(applied.notes, [], 'a commented-out choice is no choice');
    for (const comment of ['// my theme, see /settings', '/* the light one */', '// keep on'])
      assert.ok(applied.text.includes(comment), `${comment} kept:\n${applied.text}`);
    assert.equal(
      applied.text.split('\n').filter((l) => l.includes('my theme')).length,
      1,
      'a comment above the first member is not copied',
    );
    assert.match(
      applied.text,
      /\n {4}"auth": \{\n {6}"selectedType": "gemini-api-key"\n {4}\} \/\/ keep on\n/,
      applied.text,
    );
    assert.doesNotMatch(applied.text, /\n[ \t]+\n/, 'no blank line where a comment was');
    assert.equal(undoJsonDefaults(applied.text, applied.set, 'f', true), original);
    assert.throws(
      () => applyJsonDefaults(original, [AUTH], [], 'f'),
      /not valid JSON/,
      'strict JSON without',
    );
  });

  test('a member on the way that is not an object, or a file that is not JSON, is refused', () => {
    assert.throws(
      () => applyJsonDefaults('{"security": {"auth": "oauth-personal"}}', [AUTH], [], 'f'),
      /"security\.auth" in f is not an object; the client leaves the file alone/,
    );
    assert.throws(() => applyJsonDefaults('{"security": {', [AUTH], [], 'f'), /f is not valid JSON/);
    assert.throws(() => applyJsonDefaults('[]', [AUTH], [], 'f'), /does not hold a JSON object/);
  });
});

describe('setup gemini-cli and its settings.json', () => {
  let machine: Machine;
  afterEach(() => machine?.cleanup());

  const gemini = (m: Machine, name: string) => path.join(m.home, '.gemini', name);
  const selected = (file: string) =>
    JSON.parse(blankComments(fs.readFileSync(file, 'utf8'))).security?.auth?.selectedType;
  /** A signed-in machine whose ~/.gemini/settings.json holds `text`; returns that file. */
  function withSettings(text: string, mode = 0o600): string {
    machine = newMachine();
    storeSession(machine);
    const settings = gemini(machine, 'settings.json');
    fs.mkdirSync(path.dirname(settings));
    fs.writeFileSync(settings, text, { mode });
    return settings;
  }

  test('provider-key mode: the sign-in method set beside the other settings, idempotent, undo restores both files', async () => {
    const original =
      '{\n  // Gemini CLI reads comments\n  "ui": {\n    "theme": "GitHub"\n  },\n  "general": { "vimMode": true }\n}\n';
    const settings = withSettings(original, 0o644);

    const res = await runCli(machine, ['setup', 'gemini-cli']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(
      res.stdout,
      /set security\.auth\.selectedType = "gemini-api-key" in ~\/\.gemini\/settings\.json/,
    );
    assert.equal(res.stderr, '', 'no note when nothing was chosen');
    assert.equal(selected(settings), 'gemini-api-key');
    assert.match(
      fs.readFileSync(settings, 'utf8'),
      /"general": \{ "vimMode": true \},\n {2}"security"/,
      'kept',
    );
    assert.equal(fs.readFileSync(settings + '.gatehouse-backup', 'utf8'), original, 'backed up');
    assert.equal(fs.statSync(settings).mode & 0o777, 0o644, 'a file without the token keeps its mode');
    const env = fs.readFileSync(gemini(machine, '.env'), 'utf8');
    assert.match(env, new RegExp(`^GEMINI_API_KEY="${TOKEN}"$`, 'm'));
    assert.deepEqual(machine.state().setups['gemini-cli'].extra, {
      file: settings,
      created: false,
      set: [{ path: ['security', 'auth', 'selectedType'], value: 'gemini-api-key', created: 2 }],
    });

    const written = fs.readFileSync(settings, 'utf8');
    const again = await runCli(machine, ['setup', 'gemini-cli']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(fs.readFileSync(settings, 'utf8'), written, 'a second setup changes nothing');
    assert.equal(fs.readFileSync(settings + '.gatehouse-backup', 'utf8'), original, 'still the original');

    const undo = await runCli(machine, ['setup', '--undo', 'gemini-cli']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.match(
      undo.stdout,
      /removed the client's settings from ~\/\.gemini\/\.env and ~\/\.gemini\/settings\.json/,
    );
    assert.equal(fs.readFileSync(settings, 'utf8'), original, 'undo gives back settings.json byte for byte');
    assert.equal(fs.existsSync(gemini(machine, '.env')), false, 'the .env the client made is gone');
    assert.deepEqual(machine.state().setups, {});
  });

  test('the developer’s own sign-in (Google account) is kept in subscription mode, with a note on what to pick', async () => {
    const original = '{"security":{"auth":{"selectedType":"oauth-personal"}}}';
    const settings = withSettings(original);
    const res = await runCli(machine, ['setup', 'gemini-cli', '--subscription']);
    assert.equal(res.code, 0, res.stderr);
    assert.equal(fs.readFileSync(settings, 'utf8'), original, 'the own choice is not overruled');
    assert.match(
      res.stderr,
      /^Note: Gemini CLI signs in with "oauth-personal" \(security\.auth\.selectedType in .*settings\.json\), which does not go through the Gatehouse Gateway: choose "Use Gemini API Key"/m,
    );
    assert.doesNotMatch(res.stdout, /selectedType/, 'nothing claimed as set');
    assert.equal(fs.existsSync(settings + '.gatehouse-backup'), false, 'an untouched file needs no backup');
    assert.equal(machine.state().setups['gemini-cli'].extra, undefined, 'nothing to undo there');
    const undo = await runCli(machine, ['setup', '--undo', 'gemini-cli']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.equal(fs.readFileSync(settings, 'utf8'), original, 'undo leaves it too');
  });

  test('subscription mode with nothing chosen: API-key sign-in (the own key), in $GEMINI_CLI_HOME; undo deletes what it made', async () => {
    machine = newMachine();
    storeSession(machine);
    const geminiHome = path.join(machine.home, 'gemini-home');
    const dir = path.join(geminiHome, '.gemini');
    const res = await runCli(machine, ['setup', 'gemini-cli', '--subscription'], {
      GEMINI_CLI_HOME: geminiHome,
    });
    assert.equal(res.code, 0, res.stderr);
    assert.equal(selected(path.join(dir, 'settings.json')), 'gemini-api-key');
    assert.doesNotMatch(
      fs.readFileSync(path.join(dir, '.env'), 'utf8'),
      /GEMINI_API_KEY/,
      'the own key is kept',
    );
    assert.equal(fs.existsSync(path.join(machine.home, '.gemini')), false, 'nothing in the plain home');
    const undo = await runCli(machine, ['setup', '--undo', 'gemini-cli'], { GEMINI_CLI_HOME: geminiHome });
    assert.equal(undo.code, 0, undo.stderr);
    assert.deepEqual(fs.readdirSync(dir), [], 'both files the client created are gone');
  });

  test('a settings.json that is not JSON stops setup before either file is written', async () => {
    const settings = withSettings('{ "ui": { "theme": "GitHub" }, }');
    const res = await runCli(machine, ['setup', 'gemini-cli']);
    assert.equal(res.code, 1, res.stderr);
    assert.match(
      res.stderr,
      /settings\.json is not valid JSON .*the client leaves it alone\. Fix it and run the command again\./,
    );
    assert.equal(fs.readFileSync(settings, 'utf8'), '{ "ui": { "theme": "GitHub" }, }', 'untouched');
    assert.equal(fs.existsSync(gemini(machine, '.env')), false, '.env not written either');
    assert.deepEqual(machine.state().setups, {}, 'nothing recorded');
  });

  test('a new device token rewrites .env even when settings.json was broken since; the record is kept', () => {
    machine = newMachine();
    const session = storeSession(machine);
    const state: State = { version: 1, setups: {} };
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`err: ${l}`) };
    // In-process: GEMINI_CLI_HOME stands for the home directory, as for Gemini CLI.
    process.env.GEMINI_CLI_HOME = machine.home;
    try {
      setupTool(state, session, 'gemini-cli', 'provider_key', io);
    } finally {
      delete process.env.GEMINI_CLI_HOME;
    }
    const record = structuredClone(state.setups['gemini-cli']!.extra);
    assert.equal(record?.set.length, 1, lines.join('\n'));
    fs.writeFileSync(gemini(machine, 'settings.json'), '{ broken');
    lines.length = 0;
    rewriteSetups(state, { ...session, access_token: 'ghdt_next' }, io);
    assert.deepEqual(lines, [], 'no error: the token is not in settings.json');
    assert.match(fs.readFileSync(gemini(machine, '.env'), 'utf8'), /^GEMINI_API_KEY="ghdt_next"$/m);
    assert.deepEqual(state.setups['gemini-cli']!.extra, record, 'undo still knows what it set');
  });
});
