// The command line itself: every command's --help, the tools' other names (`claude`, `gemini`), and a
// suggestion for a mistyped command or tool, through the real client.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { COMMANDS } from '../src/command-help.ts';
import { editDistance, nearest } from '../src/nearest.ts';
import { newMachine, runCli, type Machine } from './helpers/cli.ts';
import { storeSession, TOKEN } from './helpers/fake-session.ts';

describe('the command line', () => {
  let machine: Machine;
  afterEach(() => machine?.cleanup());

  test('<command> --help, -h and help <command> print that command’s usage and exit 0, signed out', async () => {
    machine = newMachine();
    assert.deepEqual(COMMANDS, ['login', 'status', 'logout', 'env', 'setup', 'mcp', 'help', 'version']);
    for (const command of COMMANDS) {
      const long = await runCli(machine, [command, '--help']);
      assert.equal(long.code, 0, `${command} --help: ${long.stderr}`);
      assert.match(long.stdout, new RegExp(`^Usage:\\n  gatehouse-client ${command}\\b`), command);
      assert.equal(long.stderr, '');
      const short = await runCli(machine, [command, '-h']);
      assert.equal(short.stdout, long.stdout, `${command} -h`);
      const viaHelp = await runCli(machine, ['help', command]);
      assert.equal(viaHelp.stdout, long.stdout, `help ${command}`);
    }
    // --help wins wherever it stands, even beside what would be wrong usage; nothing is written.
    const undo = await runCli(machine, ['setup', '--undo', 'no-such-tool', '--help']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.match(undo.stdout, /gatehouse-client setup --undo <tool>/);
    assert.match(undo.stdout, /also claude for claude-code/);
    assert.equal(fs.existsSync(machine.configDir), false, 'help touches no settings');
    const login = await runCli(machine, ['login', '--help']);
    assert.match(login.stdout, /--device-name <name>/);
  });

  test('the overview names every command and how to get more', async () => {
    machine = newMachine();
    const res = await runCli(machine, ['--help']);
    assert.equal(res.code, 0);
    for (const command of COMMANDS) assert.match(res.stdout, new RegExp(`gatehouse-client ${command}\\b`));
    assert.match(res.stdout, /<command> --help/);
    assert.equal((await runCli(machine, [])).code, 2, 'no command is wrong usage');
  });

  test('claude and gemini are claude-code and gemini-cli, in env and setup, stored by the tool’s id', async () => {
    machine = newMachine();
    storeSession(machine);
    for (const [alias, id] of [
      ['claude', 'claude-code'],
      ['gemini', 'gemini-cli'],
    ]) {
      const viaAlias = await runCli(machine, ['env', alias!, '--shell', 'sh']);
      assert.equal(viaAlias.code, 0, viaAlias.stderr);
      assert.equal(viaAlias.stdout, (await runCli(machine, ['env', id!, '--shell', 'sh'])).stdout);
      assert.ok(viaAlias.stdout.includes(TOKEN));
    }
    const setup = await runCli(machine, ['setup', 'claude']);
    assert.equal(setup.code, 0, setup.stderr);
    const settings = JSON.parse(fs.readFileSync(path.join(machine.home, '.claude', 'settings.json'), 'utf8'));
    assert.equal(settings.env.ANTHROPIC_AUTH_TOKEN, TOKEN);
    assert.deepEqual(Object.keys(machine.state().setups), ['claude-code']);
    const undo = await runCli(machine, ['setup', '--undo', 'claude']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.deepEqual(machine.state().setups, {});
  });

  test('a typo gets the nearest name; a name far from any gets none; both exit 2', async () => {
    machine = newMachine();
    storeSession(machine);
    const cases: Array<[string[], RegExp]> = [
      [['setup', 'cladue'], /Unknown tool "cladue"\. Did you mean "claude"\?/],
      [['setup', 'claude-cod'], /Did you mean "claude-code"\?/],
      [['env', 'codx'], /Did you mean "codex"\?/],
      [['env', 'gemini_cli'], /Did you mean "gemini-cli"\?/],
      [['stauts'], /Unknown command "stauts"\. Did you mean "status"\?/],
      [['loign'], /Did you mean "login"\?/],
      [['help', 'setpu'], /Did you mean "setup"\?/],
      [
        ['setup', 'codex', '--subscripton'],
        /Unknown option "--subscripton"\. Did you mean "--subscription"\?/,
      ],
      [['login', '--no-browsr'], /Did you mean "--no-browser"\?/],
    ];
    for (const [argv, message] of cases) {
      const res = await runCli(machine, argv);
      assert.equal(res.code, 2, argv.join(' '));
      assert.match(res.stderr, message);
    }
    for (const argv of [['env', 'cursor-ide'], ['deploy'], ['env', 'codex', '--verbose']]) {
      const res = await runCli(machine, argv);
      assert.equal(res.code, 2);
      assert.match(res.stderr, /^Unknown (tool|command|option)/);
      assert.doesNotMatch(res.stderr, /Did you mean/);
    }
  });
});

describe('nearest name', () => {
  test('edit distance counts insertions, deletions and substitutions, and stops past its bound', () => {
    assert.equal(editDistance('claude', 'claude'), 0);
    assert.equal(editDistance('cladue', 'claude'), 2);
    assert.equal(editDistance('codx', 'codex'), 1);
    assert.equal(editDistance('', 'abc'), 3);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('kitten', 'sitting', 1), 2, 'past the bound: bound + 1');
  });

  test('within two edits, case-insensitive, the first of equals; nothing further', () => {
    assert.equal(nearest('CLAUDE-CODE', ['codex', 'claude-code']), 'claude-code');
    assert.equal(nearest('codexx', ['codex', 'claude']), 'codex');
    assert.equal(nearest('cursor', ['codex', 'claude']), undefined);
    assert.equal(nearest('ab', ['ax', 'ay']), 'ax');
  });
});
