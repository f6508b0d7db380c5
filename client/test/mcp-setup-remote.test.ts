// `setup <tool> --mcp` and remote MCP servers, against a real Gatehouse with a server registered through
// the API (an SDK McpServer on a real port): each tool's remote entry whose URL is the registered one
// points at `<gateway>/d/<device token>/mcp/<alias>` with its credential headers taken out, an unregistered
// one is left alone and named, setup is idempotent, a refreshed token reaches the URLs, --undo restores
// every file byte for byte, and the SDK's Client at the rewritten URL reaches the server through the
// Gateway (which adds the inventory's header, not the tool's).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eachEngine } from '../../server/test/helpers/engines.ts';
import { startSdkMcpServer, type SdkMcpServer } from '../../server/test/helpers/mcp.ts';
import { blankComments } from '../src/settings/json-edit.ts';
import { runCli, type Machine } from './helpers/cli.ts';
import { gatehouseSuite, signInMachine } from './helpers/device-flow.ts';

const INVENTORY_SECRET = 'Bearer inventory-held-secret-0123456789';

const read = (file: string) => fs.readFileSync(file, 'utf8');
function write(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

/** Makes the stored token expire in two hours, inside its refresh window. */
function nearExpiry(machine: Machine) {
  const file = path.join(machine.configDir, 'config.json');
  const state = JSON.parse(read(file));
  const shift = Date.now() + 2 * 3_600_000 - state.session.expires_at;
  state.session.expires_at += shift;
  state.session.issued_at += shift;
  fs.writeFileSync(file, JSON.stringify(state));
}

eachEngine('setup --mcp with remote servers', (engine) => {
  const g = gatehouseSuite(engine);
  let upstream: SdkMcpServer;
  before(async () => {
    upstream = await startSdkMcpServer();
  });
  after(() => upstream?.close());

  /**
   * A developer's machine signed in, and a server registered for them as `tools-<name>` (the SDK server
   * answers on any path: each test has a URL of its own). The registered URL ends with a slash; the tools'
   * entries are written without and with one.
   */
  async function signedIn(email: string): Promise<{ machine: Machine; url: string; id: string }> {
    const name = email.split('@')[0]!;
    const url = `${upstream.url}-${name}`;
    const res = await g.org.owner.post('/api/v1/mcp/servers', {
      alias: `tools-${name}`,
      url: `${url}/`,
      headers: { Authorization: INVENTORY_SECRET },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await g.org.developer(email);
    const machine = g.machine();
    await signInMachine(machine, g.server, email);
    return { machine, url, id: res.body.id };
  }

  test('Claude Code: routed through /mcp/{alias}, idempotent, refreshed, undone exactly; one real call', async () => {
    const { machine, url } = await signedIn('ada@example.com');
    const alias = 'tools-ada';
    const projectText = `{
  "mcpServers": {
    "tools": {
      "type": "http",
      "url": "${url}",
      "headers": {
        "Authorization": "Bearer the-tool-own-token",
        "X-Toolset": "all"
      }
    },
    "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" },
    "local": { "command": "node", "args": ["server.js"] }
  }
}
`;
    const globalText = `{
  "numStartups": 3,
  "projects": {
    "/home/ada/app": {
      "mcpServers": { "legacy": { "type": "sse", "url": "${url}/" } }
    }
  }
}
`;
    const project = write(path.join(machine.home, '.mcp.json'), projectText);
    const global = write(path.join(machine.home, '.claude.json'), globalText);

    const res = await runCli(machine, ['setup', 'claude-code', '--mcp']);
    assert.equal(res.code, 0, `${res.stdout}\n${res.stderr}`);
    assert.match(res.stdout, /~\/\.mcp\.json: wrapped local; routed tools → \/mcp\/tools-ada/);
    assert.match(res.stdout, /^ {4}not in the Gatehouse inventory \(ask an admin to register it\): github$/m);
    const token = machine.state().session.access_token;
    const routedUrl = `${g.server.gatewayUrl}/d/${token}/mcp/${alias}`;
    const doc = JSON.parse(read(project));
    assert.deepEqual(doc.mcpServers.tools, {
      type: 'http',
      url: routedUrl,
      headers: { 'X-Toolset': 'all' },
    });
    assert.deepEqual(doc.mcpServers.github, { type: 'http', url: 'https://api.githubcopilot.com/mcp/' });
    assert.equal(doc.mcpServers.local.command, 'gatehouse-client');
    const legacy = JSON.parse(read(global)).projects['/home/ada/app'].mcpServers.legacy;
    assert.deepEqual(legacy, { type: 'http', url: routedUrl }, 'an SSE entry becomes Streamable HTTP');

    // One real call, as Claude Code would make it from the rewritten entry.
    const transport = new StreamableHTTPClientTransport(new URL(doc.mcpServers.tools.url), {
      requestInit: { headers: doc.mcpServers.tools.headers },
    });
    const client = new Client({ name: 'claude-code-like', version: '1.0.0' });
    await client.connect(transport);
    try {
      const listed = await client.listTools();
      assert.ok(listed.tools.some((t) => t.name === 'echo'));
      const result = await client.callTool({ name: 'echo', arguments: { text: 'through the Gateway' } });
      assert.deepEqual(result.content, [{ type: 'text', text: 'through the Gateway' }]);
    } finally {
      await client.close();
    }
    const last = upstream.seen[upstream.seen.length - 1]!;
    assert.equal(last.authorization, INVENTORY_SECRET, 'the inventory’s header reached the server');
    assert.equal(last['x-toolset'], 'all', 'the tool’s other headers pass');

    const after1 = [read(project), read(global)];
    const again = await runCli(machine, ['setup', 'claude-code', '--mcp']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /already through the Gateway tools/);
    assert.deepEqual([read(project), read(global)], after1, 'idempotent');

    nearExpiry(machine);
    const refreshed = await runCli(machine, ['status']);
    assert.equal(refreshed.code, 0, refreshed.stderr);
    assert.match(refreshed.stderr, /Refreshed the device token/);
    const fresh = machine.state().session.access_token;
    assert.notEqual(fresh, token);
    const freshUrl = `${g.server.gatewayUrl}/d/${fresh}/mcp/${alias}`;
    assert.equal(JSON.parse(read(project)).mcpServers.tools.url, freshUrl, 'the new token in the URL');
    assert.equal(JSON.parse(read(global)).projects['/home/ada/app'].mcpServers.legacy.url, freshUrl);

    const undo = await runCli(machine, ['setup', '--undo', 'claude-code']);
    assert.equal(undo.code, 0, undo.stderr);
    assert.equal(read(project), projectText, 'undo restores .mcp.json byte for byte');
    assert.equal(read(global), globalText, 'and ~/.claude.json');
  });

  test('Codex and Gemini CLI: routed, credential headers out, the rest kept, undone exactly', async () => {
    const { machine, url } = await signedIn('bob@example.com');
    const codexText = `model = "gpt-5-codex"

[mcp_servers.tools]
url = "${url}/"
bearer_token_env_var = "TOOLS_TOKEN"
http_headers = { "X-Api-Key" = "k-123", "X-Toolset" = "all" } # both go with each request
startup_timeout_sec = 20

[mcp_servers.tools.env_http_headers]
X-Session-Token = "TOOLS_SESSION"
X-Region = "REGION"

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_TOKEN"
`;
    const geminiText = `{
  // Gemini CLI settings
  "mcpServers": {
    "tools": {
      "url": "${url}",
      "headers": { "X-API-Key": "$TOOLS_KEY" }, // the tool's own key
      "timeout": 5000
    },
    "remote": { "httpUrl": "https://mcp.example.com/mcp" }
  }
}
`;
    const codex = write(path.join(machine.home, '.codex', 'config.toml'), codexText);
    const gemini = write(path.join(machine.home, '.gemini', 'settings.json'), geminiText);
    const token = machine.state().session.access_token;
    const routedUrl = `${g.server.gatewayUrl}/d/${token}/mcp/tools-bob`;

    const c = await runCli(machine, ['setup', 'codex', '--mcp']);
    assert.equal(c.code, 0, `${c.stdout}\n${c.stderr}`);
    assert.match(c.stdout, /routed tools → \/mcp\/tools-bob/);
    assert.match(c.stdout, /not in the Gatehouse inventory \(ask an admin to register it\): figma/);
    const lines = read(codex).split('\n');
    assert.ok(lines.includes(`url = "${routedUrl}"`), read(codex));
    assert.ok(lines.includes('http_headers = { "X-Toolset" = "all" }'), read(codex));
    assert.ok(lines.includes('# gatehouse-client codex-mcp disabled: bearer_token_env_var = "TOOLS_TOKEN"'));
    assert.ok(lines.includes('# gatehouse-client codex-mcp disabled: X-Session-Token = "TOOLS_SESSION"'));
    assert.ok(lines.includes('X-Region = "REGION"'), 'a header that is no credential stays');
    assert.ok(
      lines.includes('bearer_token_env_var = "FIGMA_TOKEN"'),
      'the unregistered server is left alone',
    );
    const codexAfter = read(codex);
    assert.equal((await runCli(machine, ['setup', 'codex', '--mcp'])).code, 0);
    assert.equal(read(codex), codexAfter, 'idempotent');

    const m = await runCli(machine, ['setup', 'gemini', '--mcp']);
    assert.equal(m.code, 0, `${m.stdout}\n${m.stderr}`);
    assert.match(m.stdout, /not in the Gatehouse inventory \(ask an admin to register it\): remote/);
    const text = read(gemini);
    assert.match(text, /\/\/ the tool's own key/, 'comments kept');
    const doc = JSON.parse(blankComments(text));
    assert.deepEqual(doc.mcpServers.tools, { httpUrl: routedUrl, headers: {}, timeout: 5000 });
    assert.deepEqual(doc.mcpServers.remote, { httpUrl: 'https://mcp.example.com/mcp' });

    nearExpiry(machine);
    assert.equal((await runCli(machine, ['status'])).code, 0);
    const fresh = machine.state().session.access_token;
    const freshUrl = `${g.server.gatewayUrl}/d/${fresh}/mcp/tools-bob`;
    assert.ok(read(codex).split('\n').includes(`url = "${freshUrl}"`), 'Codex has the new token');
    assert.equal(JSON.parse(blankComments(read(gemini))).mcpServers.tools.httpUrl, freshUrl);

    assert.equal((await runCli(machine, ['setup', '--undo', 'codex'])).code, 0);
    assert.equal(read(codex), codexText, 'undo restores config.toml byte for byte');
    assert.equal((await runCli(machine, ['setup', '--undo', 'gemini-cli', '--mcp'])).code, 0);
    assert.equal(read(gemini), geminiText, 'and settings.json');
  });

  test('a server removed from the inventory is routed no more by the next setup --mcp', async () => {
    const { machine, url, id } = await signedIn('dan@example.com');
    const projectText = `{\n  "mcpServers": {\n    "tools": { "type": "http", "url": "${url}" }\n  }\n}\n`;
    const codexText = `[mcp_servers.tools]\nurl = "${url}"\n`;
    const project = write(path.join(machine.home, '.mcp.json'), projectText);
    const codex = write(path.join(machine.home, '.codex', 'config.toml'), codexText);
    for (const tool of ['claude-code', 'codex']) {
      const res = await runCli(machine, ['setup', tool, '--mcp']);
      assert.match(res.stdout, /routed tools → \/mcp\/tools-dan/, res.stderr);
    }
    assert.notEqual(read(project), projectText);
    const removed = await g.org.owner.delete(`/api/v1/mcp/servers/${id}`);
    assert.ok(removed.status < 300, JSON.stringify(removed.body));
    for (const tool of ['claude-code', 'codex']) {
      const res = await runCli(machine, ['setup', tool, '--mcp']);
      assert.equal(res.code, 0, res.stderr);
      assert.match(res.stdout, /not in the Gatehouse inventory \(ask an admin to register it\): tools$/m);
    }
    assert.equal(read(project), projectText, 'the server’s own URL is back');
    assert.equal(read(codex), codexText);
    assert.deepEqual(machine.state().mcp_setups['claude-code'].files[0].routed ?? [], [], 'and forgotten');
  });

  test('a refused device stops setup before any file is written', async () => {
    const { machine, url } = await signedIn('cyd@example.com');
    const file = write(
      path.join(machine.home, '.mcp.json'),
      `{"mcpServers": {"t": {"type": "http", "url": "${url}"}}}`,
    );
    const device = machine.state().session.device_id;
    const revoked = await g.org.owner.post(`/api/v1/devices/${device}/revoke`, {});
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    const res = await runCli(machine, ['setup', 'claude-code', '--mcp']);
    assert.equal(res.code, 3, `${res.stdout}\n${res.stderr}`);
    assert.match(res.stderr, /gatehouse-client login/);
    assert.equal(read(file), `{"mcpServers": {"t": {"type": "http", "url": "${url}"}}}`);
  });
});
