// `env <tool>`: the lines that point a tool at the Gateway, in the shell's own syntax, evaluated by a
// real shell to the exact values.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, test } from 'node:test';
import { renderEnv, pickShell } from '../src/shell-syntax.ts';
import { newMachine, runCli, type Machine } from './helpers/cli.ts';
import { storeSession, TOKEN } from './helpers/fake-session.ts';

const GW = 'https://gateway.example.com';

describe('env through the CLI', () => {
  let machine: Machine;
  afterEach(() => machine?.cleanup());

  const cases: Array<[string, Record<string, string>]> = [
    ['claude-code', { ANTHROPIC_BASE_URL: `${GW}/d/${TOKEN}`, ANTHROPIC_AUTH_TOKEN: TOKEN }],
    ['anthropic-sdk', { ANTHROPIC_BASE_URL: `${GW}/d/${TOKEN}`, ANTHROPIC_API_KEY: TOKEN }],
    ['codex', { OPENAI_BASE_URL: `${GW}/d/${TOKEN}/v1`, OPENAI_API_KEY: TOKEN }],
    ['openai-sdk', { OPENAI_BASE_URL: `${GW}/d/${TOKEN}/v1`, OPENAI_API_KEY: TOKEN }],
    ['gemini-cli', { GOOGLE_GEMINI_BASE_URL: `${GW}/d/${TOKEN}/gemini`, GEMINI_API_KEY: TOKEN }],
    ['google-genai-sdk', { GOOGLE_GEMINI_BASE_URL: `${GW}/d/${TOKEN}/gemini`, GEMINI_API_KEY: TOKEN }],
  ];
  for (const [tool, expected] of cases) {
    test(`${tool}: sh lines that a shell evaluates to the Gateway URL with the device token`, async () => {
      machine = newMachine();
      storeSession(machine);
      const res = await runCli(machine, ['env', tool, '--shell', 'bash']);
      assert.equal(res.code, 0, res.stderr);
      assert.equal(res.stderr, '', 'nothing but the lines (no notice) when the token is fresh');
      const names = Object.keys(expected);
      const script = `${res.stdout}\nprintf '%s\\n' ${names.map((n) => `"$${n}"`).join(' ')}`;
      const values = execFileSync('sh', ['-c', script], { encoding: 'utf8', env: {} }).trimEnd().split('\n');
      assert.deepEqual(Object.fromEntries(names.map((n, i) => [n, values[i]])), expected);
    });
  }

  test('--subscription prints only the base URL; fish and PowerShell syntax', async () => {
    machine = newMachine();
    storeSession(machine);
    const sub = await runCli(machine, ['env', 'claude-code', '--subscription']);
    assert.equal(sub.stdout, `export ANTHROPIC_BASE_URL='${GW}/d/${TOKEN}'\n`);
    const fish = await runCli(machine, ['env', 'gemini-cli', '--shell', 'fish']);
    assert.match(fish.stdout, new RegExp(`^set -gx GEMINI_API_KEY '${TOKEN}'$`, 'm'));
    const ps = await runCli(machine, ['env', 'codex', '--shell', 'powershell']);
    assert.match(ps.stdout, new RegExp(`^\\$env:OPENAI_BASE_URL = '${GW}/d/${TOKEN}/v1'$`, 'm'));
  });

  test('wrong usage is exit 2 with the list of tools; signed out is exit 3', async () => {
    machine = newMachine();
    const none = await runCli(machine, ['env']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /takes one tool: claude-code, .*gemini-cli/);
    const unknown = await runCli(machine, ['env', 'cursor-ide']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Unknown tool "cursor-ide"/);
    const shell = await runCli(machine, ['env', 'codex', '--shell', 'tcsh']);
    assert.equal(shell.code, 2);
    const signedOut = await runCli(machine, ['env', 'codex']);
    assert.equal(signedOut.code, 3);
    assert.equal(signedOut.stdout, '', 'nothing for eval to run');
  });
});

describe('shell syntax', () => {
  const tricky = [{ name: 'X', value: `it's a \\ "test" $HOME` }];
  test('values stay literal in every shell', () => {
    assert.deepEqual(renderEnv(tricky, 'sh'), [`export X='it'\\''s a \\ "test" $HOME'`]);
    assert.deepEqual(renderEnv(tricky, 'fish'), [`set -gx X 'it\\'s a \\\\ "test" $HOME'`]);
    assert.deepEqual(renderEnv(tricky, 'powershell'), [`$env:X = 'it''s a \\ "test" $HOME'`]);
    const out = execFileSync('sh', ['-c', `${renderEnv(tricky, 'sh')[0]}; printf %s "$X"`], {
      encoding: 'utf8',
    });
    assert.equal(out, tricky[0]!.value);
  });
  test('the shell this runs under when --shell is absent', () => {
    assert.equal(pickShell(undefined, { SHELL: '/usr/bin/fish' }, 'linux'), 'fish');
    assert.equal(pickShell(undefined, { SHELL: '/bin/zsh' }, 'darwin'), 'sh');
    assert.equal(pickShell(undefined, {}, 'win32'), 'powershell');
    assert.equal(pickShell('pwsh', {}, 'linux'), 'powershell');
  });
});
