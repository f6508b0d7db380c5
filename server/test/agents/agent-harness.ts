// The real coding agents (Claude Code, Codex CLI, Gemini CLI, from the root devDependencies) as a developer
// runs them: a machine of their own (HOME and XDG directories in a temporary folder), signed in to Gatehouse
// with the real `gatehouse-client login` (device sign-in approved by the developer) and pointed at the
// Gateway by `gatehouse-client setup <tool>`, the Gateway's upstream being the mock provider. Each agent runs
// as a child process in non-interactive mode with stdin closed; every wait is bounded.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newMachine, runCli, type Machine } from '../../../client/test/helpers/cli.ts';
import { signInMachine } from '../../../client/test/helpers/device-flow.ts';
import { MOCK_KEYS, type MockUpstreamOptions } from '../mocks/mock-upstream.ts';
import type { Engine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { addDeveloper } from '../helpers/people.ts';
import { AGENT_SCRIPT } from './agent-script.ts';

const BIN = path.resolve(import.meta.dirname, '../../../node_modules/.bin');

/** A secret the default detectors know (an AWS access key id), for the prompt the policy must stop. */
export const SECRET = 'AKIAQYLPMN5HFIQR7XQZ';

/** What the file the agent reads holds: it reaches the answer only through the tool's result. */
export const FILE_CONTENT = 'gatehouse-agent-check 7f3a9c';

export interface AgentResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface AgentMachine {
  machine: Machine;
  /** The folder the agent works in; it holds notes.txt (FILE_CONTENT). */
  workdir: string;
  developerId: string;
  deviceId: string;
  deviceName: string;
}

/**
 * One Gateway (mock upstream scripted for agents, AGENT_SCRIPT unless told) with a key for every model the agents ask for: the
 * fixture's keys, plus every GPT and Codex model (Codex asks for its newest by default) on the same mock.
 */
export async function startAgentGateway(
  engine: Engine,
  script: MockUpstreamOptions['script'] = AGENT_SCRIPT,
): Promise<GatewayFixture> {
  const g = await startGatewayFixture(engine, { upstream: { script } });
  try {
    await g.addKey({
      name: 'openai-current',
      provider: 'openai',
      secret: MOCK_KEYS.openai,
      base_url: `${g.upstream.url}/v1`,
      enabled_models: ['gpt-*', 'codex-*'],
    });
    return g;
  } catch (err) {
    await g.close();
    throw err;
  }
}

/** A developer's machine: invited, signed in with `gatehouse-client login`, `tool` set up. */
export async function agentMachine(g: GatewayFixture, email: string, tool: string): Promise<AgentMachine> {
  const developerId = await addDeveloper(g.server, g.admin, email);
  const machine = newMachine();
  await signInMachine(machine, g.server, email);
  const setup = await runCli(machine, ['setup', tool]);
  assert.equal(setup.code, 0, `setup ${tool}: ${setup.stdout}\n${setup.stderr}`);
  const workdir = path.join(machine.home, 'project');
  fs.mkdirSync(workdir, { recursive: true });
  fs.writeFileSync(path.join(workdir, 'notes.txt'), `${FILE_CONTENT}\n`);
  const { session } = machine.state();
  return { machine, workdir, developerId, deviceId: session.device_id, deviceName: session.device_name };
}

/**
 * Runs an agent's command (a root devDependency's bin) with the machine's HOME, its own XDG directories,
 * stdin closed and no terminal, killed after `timeoutMs`.
 */
export function runAgent(
  m: AgentMachine,
  bin: 'claude' | 'codex' | 'gemini',
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<AgentResult> {
  const home = m.machine.home;
  const child = spawn(path.join(BIN, bin), args, {
    cwd: m.workdir,
    env: {
      PATH: `${BIN}:${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      HOME: home,
      USER: 'developer',
      SHELL: '/bin/bash',
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
      XDG_STATE_HOME: path.join(home, '.local', 'state'),
      TERM: 'dumb',
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The agent's output for an assertion message. */
export function shown(r: AgentResult): string {
  return `exit ${r.code ?? r.signal}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr.slice(-3000)}`;
}
