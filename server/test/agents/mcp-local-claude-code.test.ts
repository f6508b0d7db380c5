// Claude Code (`claude -p`) with a local MCP server in the project's .mcp.json, wrapped by
// `gatehouse-client setup claude-code --mcp` (mcp-local-suite.ts has the tests). Claude Code 2.1.332
// defers MCP tools behind its ToolSearch (the script searches first, as a model would) and approves a
// project's servers by itself in -p mode; calling the tool takes `--allowedTools`.
import fs from 'node:fs';
import path from 'node:path';
import type { GatewayFixture } from '../helpers/gateway.ts';
import { runAgent } from './agent-harness.ts';
import { MCP_SERVER, MCP_TOOL } from './mcp-agent-script.ts';
import { mcpAgentSuite, type SentResult } from './mcp-local-suite.ts';

const TOOL = `mcp__${MCP_SERVER}__${MCP_TOOL}`;

// No traffic but the Gateway's (as claude-code.test.ts), and the MCP servers connected before the first turn.
const AGENT_ENV = {
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  DISABLE_AUTOUPDATER: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  // Claude Code connects MCP servers without waiting for them by default, and a turn that starts before
  // the server (Node behind the shim, both loading TypeScript) has listed its tools is not offered them;
  // it also gives up on a server not connected within 5 s. On a busy machine both happen: the test waits
  // for the connection, as Claude Code's own evaluation runs do, and gives it a minute.
  MCP_CONNECTION_NONBLOCKING: '0',
  MCP_CONNECT_TIMEOUT_MS: '60000',
  MCP_TIMEOUT: '60000',
};

const messages = (g: GatewayFixture, from: number) =>
  g.upstream.requests.slice(from).filter((r) => r.operation === 'messages');

function textOf(content: unknown): string {
  return [content ?? []]
    .flat()
    .map((b: any) => (typeof b === 'string' ? b : typeof b?.text === 'string' ? b.text : JSON.stringify(b)))
    .join('\n');
}

mcpAgentSuite({
  label: 'Claude Code',
  tool: 'claude-code',
  addServer(m, server) {
    const file = path.join(m.workdir, '.mcp.json');
    fs.writeFileSync(file, `${JSON.stringify({ mcpServers: { [MCP_SERVER]: server } }, null, 2)}\n`);
    return file;
  },
  wrapped: (file) => JSON.parse(fs.readFileSync(file, 'utf8')).mcpServers[MCP_SERVER],
  run: (m, prompt) =>
    runAgent(m, 'claude', ['-p', prompt, '--output-format', 'text', '--allowedTools', TOOL], AGENT_ENV),
  results: (g, from): SentResult[] =>
    messages(g, from)
      .flatMap((r) => ((r.body as any)?.messages ?? []).filter((msg: any) => msg?.role === 'user'))
      .flatMap((msg: any) => [msg.content ?? []].flat())
      .filter((b: any) => b?.type === 'tool_result')
      .map((b: any) => ({ text: textOf(b.content), isError: b.is_error === true })),
  // Named in a reminder while deferred, in `tools` once searched for.
  offered: (g, from) => messages(g, from).some((r) => JSON.stringify(r.body).includes(TOOL)),
});
