// `setup <tool> --mcp` and `setup --undo`: real-looking configurations of Claude Code, Codex and Gemini CLI,
// their stdio servers wrapped in `gatehouse-client mcp wrap`, remote ones and every other byte left alone,
// idempotent, backed up, and undone exactly, through the real client.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { blankComments } from '../src/settings/json-edit.ts';
import { newMachine, runCli, type Machine } from './helpers/cli.ts';
import { storeSession as storeSessionAt } from './helpers/fake-session.ts';

/** A signed-in machine whose Gateway is a closed port: the inventory cannot be read (see mcp-setup-remote). */
const storeSession = (machine: Machine) => storeSessionAt(machine, { gateway_url: 'http://127.0.0.1:9' });

const PROJECT_MCP = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/home/ada/projects"
      ],
      "env": {}
    },
    "github": {
      "type": "http",
      "url": "https://api.githubcopilot.com/mcp/"
    },
    "sqlite": {
      "type": "stdio",
      "command": "uvx",
      "args": ["mcp-server-sqlite", "--db-path", "test.db"]
    }
  }
}
`;

const CLAUDE_JSON = `{
  "numStartups": 12,
  "theme": "dark",
  "mcpServers": {
    "memory": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-memory"],
      "env": {}
    }
  },
  "projects": {
    "/home/ada/app": {
      "allowedTools": [],
      "mcpServers": {
        "puppeteer": { "command": "docker", "args": ["run", "-i", "--rm", "mcp/puppeteer"] },
        "plain": { "command": "my-mcp" }
      },
      "hasTrustDialogAccepted": true
    }
  },
  "userID": "0123abcd"
}
`;

const CODEX_TOML = `# Codex configuration
model = "gpt-5-codex"

[mcp_servers.context7]
command = "npx"
args = ["-y", "@upstash/context7-mcp"]

[mcp_servers."docs-search"]
# the docs index
args = [
  "--index", "/srv/docs", # where the index lives
  'C:\\literal\\path',
]
command = 'docs-mcp'
startup_timeout_sec = 20

[mcp_servers."docs-search".env]
DOCS_TOKEN = "abc"

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_TOKEN"

[tui]
notifications = true
`;

const GEMINI_SETTINGS = `{
  // Gemini CLI settings
  "theme": "GitHub",
  "mcpServers": {
    "pythonTools": {
      "command": "python",
      "args": ["-m", "my_mcp_server", "--port", "8080"], // local tools
      "cwd": "./mcp-servers/python",
      "env": { "API_KEY": "$MY_API_TOKEN" },
      "timeout": 15000
    },
    /* served by the platform team */
    "remote": { "httpUrl": "https://mcp.example.com/mcp" }
  }
}
`;

const wrapped = (name: string, command: string, args: string[]) => ({
  command: 'gatehouse-client',
  args: ['mcp', 'wrap', '--name', name, '--', command, ...args],
});

function write(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('setup --mcp and --undo', { timeout: 120_000 }, () => {
  let machine: Machine;
  afterEach(() => machine?.cleanup());

  test('Claude Code: .mcp.json and ~/.claude.json (its own and each project’s servers)', async () => {
    machine = newMachine();
    storeSession(machine);
    const project = write(path.join(machine.home, '.mcp.json'), PROJECT_MCP);
    const global = write(path.join(machine.home, '.claude.json'), CLAUDE_JSON);

    const res = await runCli(machine, ['setup', 'claude-code', '--mcp']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /~\/\.mcp\.json: wrapped filesystem, sqlite/);
    assert.match(res.stdout, /left as they are \(the Gatehouse inventory could not be read\): github/);
    assert.match(res.stderr, /Note: Could not reach the Gatehouse Gateway at http:\/\/127\.0\.0\.1:9/);
    const doc = JSON.parse(read(project));
    assert.deepEqual(
      { command: doc.mcpServers.filesystem.command, args: doc.mcpServers.filesystem.args },
      wrapped('filesystem', 'npx', ['-y', '@modelcontextprotocol/server-filesystem', '/home/ada/projects']),
    );
    assert.deepEqual(doc.mcpServers.filesystem.env, {});
    assert.equal(doc.mcpServers.sqlite.type, 'stdio');
    assert.deepEqual(doc.mcpServers.github, { type: 'http', url: 'https://api.githubcopilot.com/mcp/' });
    const claude = JSON.parse(read(global));
    assert.deepEqual(
      claude.mcpServers.memory.args,
      wrapped('memory', 'npx', ['-y', '@modelcontextprotocol/server-memory']).args,
    );
    const app = claude.projects['/home/ada/app'];
    assert.deepEqual(
      { command: app.mcpServers.puppeteer.command, args: app.mcpServers.puppeteer.args },
      wrapped('puppeteer', 'docker', ['run', '-i', '--rm', 'mcp/puppeteer']),
    );
    assert.deepEqual(
      app.mcpServers.plain.args,
      wrapped('plain', 'my-mcp', []).args,
      'args added where absent',
    );
    assert.equal(claude.userID, '0123abcd');
    assert.deepEqual(Object.keys(claude), ['numStartups', 'theme', 'mcpServers', 'projects', 'userID']);
    assert.equal(read(project + '.gatehouse-mcp-backup'), PROJECT_MCP, 'a backup of each file');
    assert.equal(read(global + '.gatehouse-mcp-backup'), CLAUDE_JSON);

    const after = [read(project), read(global)];
    const again = await runCli(machine, ['setup', 'claude-code', '--mcp']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /already wrapped filesystem, sqlite/);
    assert.deepEqual([read(project), read(global)], after, 'wrapping twice does not wrap twice');

    const undo = await runCli(machine, ['setup', '--undo', 'claude-code']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.equal(read(project), PROJECT_MCP, 'undo restores .mcp.json byte for byte');
    assert.equal(read(global), CLAUDE_JSON, 'and ~/.claude.json');
    assert.equal(machine.state().mcp_setups?.['claude-code'], undefined, 'forgotten');
  });

  test('Claude Code rewrote ~/.claude.json since: undo unwraps the servers from their values', async () => {
    machine = newMachine();
    storeSession(machine);
    const global = write(path.join(machine.home, '.claude.json'), CLAUDE_JSON);
    assert.equal((await runCli(machine, ['setup', 'claude', '--mcp'])).code, 0);
    // As Claude Code saves it: re-serialised whole, a counter changed.
    const rewritten = JSON.parse(read(global));
    rewritten.numStartups = 13;
    fs.writeFileSync(global, JSON.stringify(rewritten, null, 2));
    const undo = await runCli(machine, ['setup', '--undo', 'claude-code', '--mcp']);
    assert.equal(undo.code, 0, undo.stderr);
    const expected = JSON.parse(CLAUDE_JSON);
    expected.numStartups = 13;
    assert.deepEqual(JSON.parse(read(global)), expected);
  });

  test('Codex: [mcp_servers.<name>] edited by lines, comments and other tables kept, with setup codex beside it', async () => {
    machine = newMachine();
    storeSession(machine);
    const file = write(path.join(machine.home, '.codex', 'config.toml'), CODEX_TOML);
    const res = await runCli(machine, ['setup', 'codex', '--mcp']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /wrapped context7, docs-search/);
    assert.match(res.stdout, /the Gatehouse inventory could not be read\): figma/);
    const text = read(file);
    const lines = text.split('\n');
    const context7 = lines.indexOf('[mcp_servers.context7]');
    assert.deepEqual(lines.slice(context7 + 1, context7 + 7), [
      '# >>> gatehouse-client codex-mcp >>> written by `gatehouse-client setup codex --mcp`; `gatehouse-client setup --undo codex` removes it',
      'command = "gatehouse-client"',
      'args = ["mcp", "wrap", "--name", "context7", "--", "npx", "-y", "@upstash/context7-mcp"]',
      '# <<< gatehouse-client <<<',
      '# gatehouse-client codex-mcp disabled: command = "npx"',
      '# gatehouse-client codex-mcp disabled: args = ["-y", "@upstash/context7-mcp"]',
    ]);
    assert.ok(
      lines.includes(
        'args = ["mcp", "wrap", "--name", "docs-search", "--", "docs-mcp", "--index", "/srv/docs", "C:\\\\literal\\\\path"]',
      ),
      text,
    );
    assert.ok(
      lines.includes(
        '# gatehouse-client codex-mcp disabled:   "--index", "/srv/docs", # where the index lives',
      ),
      text,
    );
    assert.ok(lines.includes('url = "https://mcp.figma.com/mcp"') && lines.includes('DOCS_TOKEN = "abc"'));

    // The model-provider setup of the same file, and another --mcp: each keeps the other's lines.
    assert.equal((await runCli(machine, ['setup', 'codex'])).code, 0);
    const both = read(file);
    assert.match(both, /^model_provider = "gatehouse"$/m);
    assert.ok(both.includes('command = "gatehouse-client"'), 'setup codex keeps the MCP wrapping');
    assert.equal((await runCli(machine, ['setup', 'codex', '--mcp'])).code, 0);
    assert.equal(read(file), both, 'idempotent');
    assert.equal(read(file + '.gatehouse-mcp-backup'), CODEX_TOML);

    const undo = await runCli(machine, ['setup', '--undo', 'codex']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.equal(read(file), CODEX_TOML, 'undo restores config.toml byte for byte');
  });

  test('Gemini CLI: settings.json with comments, remote servers left alone', async () => {
    machine = newMachine();
    storeSession(machine);
    const file = write(path.join(machine.home, '.gemini', 'settings.json'), GEMINI_SETTINGS);
    const res = await runCli(machine, ['setup', 'gemini', '--mcp']);
    assert.equal(res.code, 0, res.stderr);
    const text = read(file);
    assert.match(text, /\/\/ Gemini CLI settings/);
    assert.match(text, /\], \/\/ local tools/);
    assert.match(text, /\/\* served by the platform team \*\//);
    const doc = JSON.parse(blankComments(text));
    assert.deepEqual(
      { command: doc.mcpServers.pythonTools.command, args: doc.mcpServers.pythonTools.args },
      wrapped('pythonTools', 'python', ['-m', 'my_mcp_server', '--port', '8080']),
    );
    assert.equal(doc.mcpServers.pythonTools.cwd, './mcp-servers/python');
    assert.deepEqual(doc.mcpServers.remote, { httpUrl: 'https://mcp.example.com/mcp' });
    const undo = await runCli(machine, ['setup', '--undo', 'gemini-cli', '--mcp']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.equal(read(file), GEMINI_SETTINGS);
  });

  test('signed out, a tool without MCP configuration, an SDK', async () => {
    machine = newMachine();
    const signedOut = await runCli(machine, ['setup', 'codex', '--mcp']);
    assert.equal(signedOut.code, 3, signedOut.stderr);
    storeSession(machine);
    const none = await runCli(machine, ['setup', 'codex', '--mcp']);
    assert.equal(none.code, 0, none.stderr);
    assert.match(none.stdout, /no MCP configuration here/);
    assert.equal(fs.existsSync(path.join(machine.home, '.codex', 'config.toml')), false, 'nothing created');
    const sdk = await runCli(machine, ['setup', 'openai-sdk', '--mcp']);
    assert.equal(sdk.code, 2, sdk.stderr);
  });
});
