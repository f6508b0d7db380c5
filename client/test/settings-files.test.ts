// The tools' settings files: the client's lines go in and come out, and nothing else in the file moves.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { applyJsonEnv, undoJsonEnv } from '../src/settings/json-env.ts';
import { applyManaged, removeManaged } from '../src/settings/managed-lines.ts';
import { TOOL_FILES } from '../src/settings/tool-files.ts';
import type { ToolSetup } from '../src/state-store.ts';
import { newMachine, runCli, type Machine } from './helpers/cli.ts';
import { storeSession, TOKEN } from './helpers/fake-session.ts';

const vars = [
  { name: 'GOOGLE_GEMINI_BASE_URL', value: 'https://gw/d/ghdt_x/gemini' },
  { name: 'GEMINI_API_KEY', value: 'ghdt_x' },
];

describe('line-based settings (dotenv, TOML)', () => {
  const dotenv = TOOL_FILES['gemini-cli']!;
  const toml = TOOL_FILES['codex']!;
  const original = '# my keys\nOTHER=1\nGEMINI_API_KEY="mine"\n\n# trailing comment\n';

  test('a clashing line is commented out, everything else stays, and undo gives back the file byte for byte', () => {
    const applied = dotenv.apply(original, vars, 'provider_key', undefined, '.env').text;
    assert.match(applied, /^# gatehouse-client disabled: GEMINI_API_KEY="mine"$/m, applied);
    assert.match(applied, /^GEMINI_API_KEY="ghdt_x"$/m, 'the client sets the key');
    assert.match(applied, /^OTHER=1$/m, 'other keys stay');
    assert.match(applied, /^# trailing comment$/m, 'comments stay');
    assert.equal(dotenv.undo(applied, undefined, '.env'), original, 'undo restores the file exactly');
  });

  test('applying twice gives the file applying once gives (idempotent), CRLF kept', () => {
    const crlf = original.replace(/\n/g, '\r\n');
    const once = dotenv.apply(crlf, vars, 'provider_key', undefined, '.env').text;
    const twice = dotenv.apply(once, vars, 'provider_key', undefined, '.env').text;
    assert.equal(twice, once, 'a second apply changes nothing');
    assert.ok(!/[^\r]\n/.test(once), 'every line ends with CRLF as the file did');
    assert.equal(removeManaged(twice, '.env'), crlf, 'undo restores the CRLF file');
  });

  test('subscription mode leaves the person’s own key alone', () => {
    const applied = dotenv.apply(original, vars.slice(0, 1), 'subscription', undefined, '.env').text;
    assert.match(applied, /^GEMINI_API_KEY="mine"$/m, 'the own key stays active');
  });

  test('Codex: model_provider at the top (before every table), the provider table at the end', () => {
    const config = [
      '# Codex settings',
      'model = "gpt-5-codex"',
      'model_provider = "openai"',
      '',
      '[mcp_servers.docs]',
      'command = "docs-mcp"',
      'model_provider = "not-top-level"',
      '',
    ].join('\n');
    const codexVars = [{ name: 'OPENAI_BASE_URL', value: 'https://gw/d/ghdt_x/v1' }];
    const applied = toml.apply(config, codexVars, 'provider_key', undefined, 'config.toml').text;
    const lines = applied.split('\n');
    const firstTable = lines.findIndex((l) => l.startsWith('['));
    assert.ok(
      lines.indexOf('model_provider = "gatehouse"') < firstTable,
      `model_provider must precede the first table:\n${applied}`,
    );
    assert.ok(lines.includes('# gatehouse-client disabled: model_provider = "openai"'), applied);
    assert.ok(lines.includes('model_provider = "not-top-level"'), 'a key inside a table is not ours');
    assert.ok(lines.includes('base_url = "https://gw/d/ghdt_x/v1"'), applied);
    assert.ok(lines.indexOf('[model_providers.gatehouse]') > lines.indexOf('[mcp_servers.docs]'), applied);
    assert.equal(toml.undo(applied, undefined, 'config.toml'), config, 'undo restores the file exactly');
  });

  test('a damaged block (no closing line) is refused, not guessed at', () => {
    const damaged = '# >>> gatehouse-client gemini-cli >>> x\nGEMINI_API_KEY="x"\n';
    assert.throws(
      () => applyManaged(damaged, { tool: 'gemini-cli', top: [], bottom: [], clashes: () => false }, '.env'),
      /without its closing line/,
    );
  });
});

describe('JSON settings (Claude Code)', () => {
  const original = `{\n    "model": "opus",\n    "env": {\n        "ANTHROPIC_BASE_URL": "https://old",\n        "DEBUG": "1"\n    },\n    "permissions": {\n        "allow": ["Bash(ls)"]\n    }\n}\n`;
  const claudeVars = [
    { name: 'ANTHROPIC_BASE_URL', value: 'https://gw/d/t' },
    { name: 'ANTHROPIC_AUTH_TOKEN', value: 't' },
  ];

  test('sets only its env keys, keeps order and indentation, and undo restores the earlier values', () => {
    const applied = applyJsonEnv(original, claudeVars, undefined, 'settings.json');
    assert.deepEqual(applied.previous, { ANTHROPIC_BASE_URL: 'https://old', ANTHROPIC_AUTH_TOKEN: null });
    const doc = JSON.parse(applied.text);
    assert.deepEqual(Object.keys(doc), ['model', 'env', 'permissions'], 'key order kept');
    assert.equal(doc.env.DEBUG, '1', 'other env keys stay');
    assert.equal(doc.env.ANTHROPIC_BASE_URL, 'https://gw/d/t');
    assert.match(applied.text, /^ {4}"model"/m, 'four-space indentation kept');
    const record: ToolSetup = { file: 'f', mode: 'provider_key', created: false, ...applied };
    assert.equal(undoJsonEnv(applied.text, record, 'f'), original, 'undo gives back the file');
  });

  test('re-applying (a refresh, a mode change) keeps the values from before the first setup', () => {
    const first = applyJsonEnv(original, claudeVars, undefined, 'f');
    const record: ToolSetup = { file: 'f', mode: 'provider_key', created: false, ...first };
    const second = applyJsonEnv(first.text, claudeVars.slice(0, 1), record, 'f');
    assert.deepEqual(second.previous, { ANTHROPIC_BASE_URL: 'https://old' });
    assert.equal(JSON.parse(second.text).env.ANTHROPIC_AUTH_TOKEN, undefined, 'the dropped key is restored');
  });

  test('a file that is not JSON is left alone with a message', () => {
    assert.throws(
      () => applyJsonEnv('{ "a": 1, // comment\n}', claudeVars, undefined, 'f'),
      /not valid JSON/,
    );
  });
});

describe('setup and setup --undo through the CLI', () => {
  let machine: Machine;
  afterEach(() => machine?.cleanup());

  test('Claude Code: other settings kept, a backup made, 0600, idempotent, undo restores', async () => {
    machine = newMachine();
    storeSession(machine);
    const file = path.join(machine.home, '.claude', 'settings.json');
    fs.mkdirSync(path.dirname(file));
    const original = '{\n  "theme": "dark",\n  "env": {\n    "FOO": "bar"\n  }\n}\n';
    fs.writeFileSync(file, original, { mode: 0o644 });

    const first = await runCli(machine, ['setup', 'claude-code']);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /Claude Code now goes through the Gatehouse Gateway/);
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(doc.theme, 'dark', 'other settings kept');
    assert.equal(doc.env.FOO, 'bar', 'other env kept');
    assert.equal(doc.env.ANTHROPIC_BASE_URL, `https://gateway.example.com/d/${TOKEN}`);
    assert.equal(doc.env.ANTHROPIC_AUTH_TOKEN, TOKEN);
    assert.equal(fs.readFileSync(file + '.gatehouse-backup', 'utf8'), original, 'the backup is the original');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'a file with a token is not readable by others');

    const written = fs.readFileSync(file, 'utf8');
    const again = await runCli(machine, ['setup', 'claude-code']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(fs.readFileSync(file, 'utf8'), written, 'a second setup changes nothing');
    assert.equal(
      fs.readFileSync(file + '.gatehouse-backup', 'utf8'),
      original,
      'the backup still the original',
    );

    const undo = await runCli(machine, ['setup', '--undo', 'claude-code']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.equal(fs.readFileSync(file, 'utf8'), original, 'undo gives back the settings');
    assert.deepEqual(machine.state().setups, {}, 'the setup is forgotten');
  });

  test('a file the client created is removed again on undo; subscription mode sets only the base URL', async () => {
    machine = newMachine();
    storeSession(machine);
    const env = path.join(machine.home, '.gemini', '.env');
    const res = await runCli(machine, ['setup', 'gemini-cli', '--subscription']);
    assert.equal(res.code, 0, res.stderr);
    const text = fs.readFileSync(env, 'utf8');
    assert.match(
      text,
      new RegExp(`^GOOGLE_GEMINI_BASE_URL="https://gateway.example.com/d/${TOKEN}/gemini"$`, 'm'),
    );
    assert.doesNotMatch(text, /GEMINI_API_KEY/, 'subscription mode keeps the own key');
    assert.equal(fs.existsSync(env + '.gatehouse-backup'), false, 'nothing to back up');
    const undo = await runCli(machine, ['setup', '--undo', 'gemini-cli']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.equal(fs.existsSync(env), false, 'the file the client made is gone');
  });

  test('Codex: CODEX_HOME is honoured, the person’s comments survive setup and undo', async () => {
    machine = newMachine();
    storeSession(machine);
    const codexHome = path.join(machine.home, 'codex-home');
    fs.mkdirSync(codexHome);
    const file = path.join(codexHome, 'config.toml');
    const original = '# my settings\nmodel = "o3" # inline comment\n\n[tui]\nnotifications = true\n';
    fs.writeFileSync(file, original);
    const res = await runCli(machine, ['setup', 'codex'], { CODEX_HOME: codexHome });
    assert.equal(res.code, 0, res.stderr);
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^model_provider = "gatehouse"$/m);
    assert.match(text, new RegExp(`^base_url = "https://gateway.example.com/d/${TOKEN}/v1"$`, 'm'));
    assert.match(text, /^model = "o3" # inline comment$/m, 'comments kept');
    const undo = await runCli(machine, ['setup', '--undo', 'codex'], { CODEX_HOME: codexHome });
    assert.equal(undo.code, 0, undo.stderr);
    assert.equal(fs.readFileSync(file, 'utf8'), original);
  });

  test('setup of a tool without a settings file, undo of one never set up, setup when signed out', async () => {
    machine = newMachine();
    const signedOut = await runCli(machine, ['setup', 'claude-code']);
    assert.equal(signedOut.code, 3, 'not signed in');
    assert.match(signedOut.stderr, /not signed in.*gatehouse-client login --console/s);
    storeSession(machine);
    const sdk = await runCli(machine, ['setup', 'openai-sdk']);
    assert.equal(sdk.code, 2, sdk.stderr);
    assert.match(sdk.stderr, /gatehouse-client env openai-sdk/);
    const undo = await runCli(machine, ['setup', '--undo', 'claude-code']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.match(undo.stdout, /was not set up by gatehouse-client/);
  });

  test('a settings.json that is not JSON is left as it is, with a message', async () => {
    machine = newMachine();
    storeSession(machine);
    const file = path.join(machine.home, '.claude', 'settings.json');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, '{ "theme": "dark", }');
    const res = await runCli(machine, ['setup', 'claude-code']);
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /not valid JSON.*leaves it alone/);
    assert.equal(fs.readFileSync(file, 'utf8'), '{ "theme": "dark", }', 'untouched');
  });
});
