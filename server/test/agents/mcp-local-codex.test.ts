// Codex CLI (`codex exec`) with a local MCP server in ~/.codex/config.toml, wrapped by
// `gatehouse-client setup codex --mcp` (mcp-local-suite.ts has the tests). Codex 0.169 offers a server's
// tools in one Responses `namespace` tool (`mcp__<server>`) and the model calls them with the item's
// `namespace`; `codex exec` runs with approval "never", under which an MCP tool call is refused unless
// the server's `default_tools_approval_mode` is "approve". The server is `required`: Codex gives an optional
// server a short grace before the first turn and leaves out one still starting (its tools are then not on
// offer), and a Node server behind the shim, both loading TypeScript, can take longer than that on a busy
// machine; a required server is waited for (for up to startup_timeout_sec, 10 s by default: a minute here).
import fs from 'node:fs';
import path from 'node:path';
import type { GatewayFixture } from '../helpers/gateway.ts';
import { runAgent } from './agent-harness.ts';
import { MCP_SERVER, MCP_TOOL } from './mcp-agent-script.ts';
import { mcpAgentSuite, type SentResult } from './mcp-local-suite.ts';

const responses = (g: GatewayFixture, from: number) =>
  g.upstream.requests.slice(from).filter((r) => r.operation === 'responses');

function textOf(output: unknown): string {
  return [output ?? []]
    .flat()
    .map((b: any) => (typeof b === 'string' ? b : typeof b?.text === 'string' ? b.text : JSON.stringify(b)))
    .join('\n');
}

/** A TOML value this test wrote or `setup` writes: basic strings and arrays of them, which JSON reads. */
function tomlValue(text: string, table: string, key: string): any {
  const lines = text.split('\n');
  const start = lines.indexOf(`[${table}]`);
  const line = lines
    .slice(start + 1)
    .find((l, i, rest) => l.startsWith(`${key} = `) && !rest.slice(0, i).some((x) => x.startsWith('[')));
  return line === undefined ? undefined : JSON.parse(line.slice(key.length + 3));
}

const TABLE = `mcp_servers.${MCP_SERVER}`;

mcpAgentSuite({
  label: 'Codex CLI',
  tool: 'codex',
  addServer(m, server) {
    const file = path.join(m.machine.home, '.codex', 'config.toml');
    const env = Object.entries(server.env).map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
    fs.appendFileSync(
      file,
      [
        '',
        `[${TABLE}]`,
        `command = ${JSON.stringify(server.command)}`,
        `args = ${JSON.stringify(server.args)}`,
        `env = { ${env.join(', ')} }`,
        'default_tools_approval_mode = "approve"',
        'required = true',
        'startup_timeout_sec = 60',
        '',
      ].join('\n'),
    );
    return file;
  },
  wrapped(file) {
    const text = fs.readFileSync(file, 'utf8');
    return { command: tomlValue(text, TABLE, 'command'), args: tomlValue(text, TABLE, 'args') };
  },
  // gpt-5-codex: 0.169's default model is sent without function tools (codex.test.ts).
  run: (m, prompt) => runAgent(m, 'codex', ['exec', '--skip-git-repo-check', '-m', 'gpt-5-codex', prompt]),
  // Codex sends a failed call's error as the output's text; the Responses API has no error flag.
  results: (g, from): SentResult[] =>
    responses(g, from)
      .flatMap((r) => [(r.body as any)?.input ?? []].flat())
      .filter((i: any) => i?.type === 'function_call_output')
      .map((i: any) => ({ text: textOf(i.output), isError: null })),
  offered: (g, from) =>
    responses(g, from).some((r) =>
      ((r.body as any)?.tools ?? []).some(
        (t: any) =>
          t?.type === 'namespace' &&
          t.name === `mcp__${MCP_SERVER}` &&
          (t.tools ?? []).some((f: any) => f?.name === MCP_TOOL),
      ),
    ),
});
