// A coding agent with a local (stdio) MCP server in its own MCP configuration, wrapped by
// `gatehouse-client setup <tool> --mcp`, on each engine of the run: the mock model calls the server's
// tool; the call reaches the server through the shim (`gatehouse-client mcp wrap`) and Activity has it
// with the device. Once the policy blocks the tool (while the agent runs, after it listed the tools), the
// agent gets the policy's message back as the tool's result and the server never sees the call; and the
// next run, which starts with the block in force, is not even offered the tool (the shim leaves it out of
// tools/list). What each agent needs to load and call the server is in docs/decisions/coding-agents.md.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../../../client/test/helpers/cli.ts';
import { DEFAULT_MCP_POLICY } from '../../src/policy/mcp-policy.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';
import type { PolicyDocument } from '../../src/policy/policy-types.ts';
import { eachEngine } from '../helpers/engines.ts';
import type { ActivityView, GatewayFixture } from '../helpers/gateway.ts';
import { setPolicy } from '../helpers/policy.ts';
import {
  agentMachine,
  shown,
  startAgentGateway,
  type AgentMachine,
  type AgentResult,
} from './agent-harness.ts';
import { MCP_SERVER, MCP_TOOL, mcpAgentScript, noteTask, noteText } from './mcp-agent-script.ts';

/** How the agent's configuration names the server's process, before `setup --mcp`. */
export interface LocalServer {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export const SERVER_FILE = path.resolve(import.meta.dirname, 'mcp-notes-server.ts');
// Absolute, since the agent starts the server in the project folder, where `--import tsx` resolves nothing.
const TSX = import.meta.resolve('tsx');
const BLOCKED = new RegExp(`The policy blocks the tool "${MCP_TOOL}" of the MCP server "${MCP_SERVER}"`);

/** A tool result as the agent sent it back; `isError` null where the API shape has no such flag. */
export interface SentResult {
  text: string;
  isError: boolean | null;
}

export interface McpAgentSpec {
  label: string;
  /** The `gatehouse-client setup` name. */
  tool: 'claude-code' | 'codex';
  /** Puts the server in the agent's MCP configuration as the developer would; the file's path. */
  addServer(m: AgentMachine, server: LocalServer): string;
  /** The configuration file's server entry, once `setup --mcp` wrapped it: its command and arguments. */
  wrapped(file: string): { command: string; args: string[] };
  run(m: AgentMachine, prompt: string): Promise<AgentResult>;
  /** The tool results the agent sent back to the model in the requests since `from`. */
  results(g: GatewayFixture, from: number): SentResult[];
  /** Whether a request since `from` offered the server's tool to the model. */
  offered(g: GatewayFixture, from: number): boolean;
}

const blockingPolicy = (): PolicyDocument => ({
  ...structuredClone(DEFAULT_POLICY),
  mcp: { ...DEFAULT_MCP_POLICY, servers: { [MCP_SERVER]: { tools: { [MCP_TOOL]: 'block' } } } },
});

interface McpMachine extends AgentMachine {
  /** The calls the server served, as it logged them. */
  served(): Array<{ tool: string; arguments: Record<string, unknown> }>;
}

/**
 * A developer's machine with the server in the agent's configuration and `setup <tool> --mcp` run in the
 * project. The client's sign-in is linked to where the client keeps it by default (~/.config/gatehouse):
 * the agent starts the shim with its own environment (Codex passes a short list of variables on to MCP
 * servers), in which the test machine's GATEHOUSE_CLIENT_CONFIG_DIR would not be.
 */
async function mcpMachine(g: GatewayFixture, spec: McpAgentSpec, email: string): Promise<McpMachine> {
  const m = await agentMachine(g, email, spec.tool);
  const home = m.machine.home;
  fs.mkdirSync(path.join(home, '.config'), { recursive: true });
  fs.symlinkSync(m.machine.configDir, path.join(home, '.config', 'gatehouse'));
  const log = path.join(home, 'notes-server.log');
  const file = spec.addServer(m, {
    command: process.execPath,
    args: ['--import', TSX, SERVER_FILE],
    env: { MCP_NOTES_LOG: log },
  });
  const setup = await runCli(m.machine, ['setup', spec.tool, '--mcp'], {}, 60_000, m.workdir);
  assert.equal(setup.code, 0, `setup --mcp: ${setup.stdout}\n${setup.stderr}`);
  const wrapped = spec.wrapped(file);
  assert.equal(wrapped.command, 'gatehouse-client', JSON.stringify(wrapped));
  assert.deepEqual(wrapped.args, [
    'mcp',
    'wrap',
    '--name',
    MCP_SERVER,
    '--',
    process.execPath,
    '--import',
    TSX,
    SERVER_FILE,
  ]);
  return {
    ...m,
    served: () =>
      fs.existsSync(log)
        ? fs
            .readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [],
  };
}

/** The device's local MCP records (the shim's observations and decisions), once `match` holds. */
async function localRecords(
  g: GatewayFixture,
  deviceId: string,
  match: (records: ActivityView[]) => boolean,
): Promise<ActivityView[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await g.admin.get<{ activity: ActivityView[] }>(
      '/api/v1/activity?mcp_source=local&limit=200',
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const mine = res.body.activity.filter((r) => r.device?.id === deviceId);
    if (match(mine)) return mine;
    if (Date.now() > deadline)
      assert.fail(`local MCP records of ${deviceId}: ${JSON.stringify(mine, null, 1)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function mcpAgentSuite(spec: McpAgentSpec): void {
  eachEngine(`${spec.label} with a local MCP server wrapped by the shim`, (engine) => {
    let g: GatewayFixture;
    let blockBeforeCall = false;
    before(async () => {
      // The block is applied while the agent runs: after it listed the server's tools, before the call.
      g = await startAgentGateway(
        engine,
        mcpAgentScript(async () => {
          if (blockBeforeCall) await setPolicy(g.admin, blockingPolicy());
        }),
      );
    });
    after(() => g?.close());

    async function onMachine(email: string, body: (m: McpMachine) => Promise<void>): Promise<void> {
      const m = await mcpMachine(g, spec, email);
      try {
        await body(m);
      } finally {
        m.machine.cleanup();
      }
    }

    test('the tool call reaches the server through the shim; Activity has it with the device', () =>
      onMachine('ada@example.com', async (m) => {
        const from = g.upstream.requests.length;
        const run = await spec.run(m, noteTask('alpha'));
        assert.equal(run.code, 0, shown(run));
        assert.match(run.stdout, new RegExp(`The note says: ${noteText('alpha')}`), shown(run));
        assert.deepEqual(m.served(), [{ tool: MCP_TOOL, arguments: { name: 'alpha' } }]);
        const results = spec.results(g, from);
        assert.ok(
          results.some((r) => r.text.includes(noteText('alpha')) && r.isError !== true),
          `the tool result did not go back to the model: ${JSON.stringify(results)}`,
        );

        const records = await localRecords(g, m.deviceId, (rs) =>
          rs.some((r) => r.operation === 'decide.result'),
        );
        for (const r of records) {
          assert.equal(r.mcp_server, MCP_SERVER, JSON.stringify(r));
          assert.deepEqual(r.device, { id: m.deviceId, name: m.deviceName });
          assert.deepEqual(r.actor && { type: r.actor.type, id: r.actor.id }, {
            type: 'developer',
            id: m.developerId,
          });
        }
        const call = records.find((r) => r.operation === 'decide.call');
        assert.ok(call, JSON.stringify(records));
        assert.equal(call.outcome, 'allowed');
        assert.equal(call.mcp_tool, MCP_TOOL);
        assert.ok(
          records.some((r) => r.operation === 'observations' && r.mcp_method === 'tools/list'),
          'the shim reported the tool list',
        );
      }));

    test('a tool the policy blocks: its message is the tool result, the server never sees the call', async () => {
      try {
        await onMachine('bea@example.com', async (m) => {
          blockBeforeCall = true;
          const from = g.upstream.requests.length;
          const run = await spec.run(m, noteTask('beta'));
          blockBeforeCall = false;
          assert.equal(run.code, 0, shown(run));
          assert.ok(spec.offered(g, from), 'the tool was on offer when the run started');
          const results = spec.results(g, from);
          assert.ok(
            results.some((r) => BLOCKED.test(r.text) && r.isError !== false),
            `no error result with the policy's message: ${JSON.stringify(results)}`,
          );
          assert.match(run.stdout, /The tool failed: /, shown(run));
          assert.deepEqual(m.served(), []);
          const records = await localRecords(g, m.deviceId, (rs) =>
            rs.some((r) => r.operation === 'decide.call'),
          );
          const call = records.find((r) => r.operation === 'decide.call')!;
          assert.equal(call.outcome, 'blocked', JSON.stringify(call));
          assert.equal(call.mcp_tool, MCP_TOOL);

          // The next run starts with the block in force: the shim leaves the tool out of the list.
          const next = g.upstream.requests.length;
          const again = await spec.run(m, noteTask('gamma'));
          assert.equal(again.code, 0, shown(again));
          assert.ok(g.upstream.requests.length > next, 'the agent asked the model');
          assert.equal(spec.offered(g, next), false, 'the blocked tool was offered to the model');
          assert.deepEqual(m.served(), []);
        });
      } finally {
        blockBeforeCall = false;
        await setPolicy(g.admin, DEFAULT_POLICY);
      }
    });
  });
}
