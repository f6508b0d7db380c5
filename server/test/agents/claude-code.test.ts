// Claude Code (`claude -p`) through the Gateway, set up by `gatehouse-client setup claude-code`: the task
// streamed with a tool call it runs (Read) and the answer on stdout, recorded as the developer's device
// using Claude Code; a secret in the prompt stopped by the policy before the provider; its stock first
// request quiet under the default policy.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import type { GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-types.ts';
import { agentMachine, FILE_CONTENT, runAgent, SECRET, shown, startAgentGateway } from './agent-harness.ts';
import { task } from './agent-script.ts';
import { assertQuietFirstRequest, assertSecretStopped, assertTaskRecorded } from './agent-checks.ts';

// No traffic but the Gateway's: no telemetry, error reports, update checks or feature-flag fetches.
const QUIET = {
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  DISABLE_AUTOUPDATER: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
};

const claude = (m: Parameters<typeof runAgent>[0], prompt: string) =>
  runAgent(m, 'claude', ['-p', prompt, '--output-format', 'text'], QUIET);

eachEngine('Claude Code through the Gateway', (engine) => {
  let g: GatewayFixture;
  before(async () => {
    g = await startAgentGateway(engine);
  });
  after(() => g?.close());

  test('a task with a tool call: streamed, the answer on stdout, recorded as Claude Code on the device', async () => {
    const m = await agentMachine(g, 'ada@example.com', 'claude-code');
    try {
      const from = g.upstream.requests.length;
      const run = await claude(m, task(path.join(m.workdir, 'notes.txt')));
      assert.equal(run.code, 0, shown(run));
      assert.match(run.stdout, new RegExp(`The file says: ${FILE_CONTENT}`), shown(run));
      await assertTaskRecorded(g, m, from, { tool: 'claude-code', operation: 'messages' });
    } finally {
      m.machine.cleanup();
    }
  });

  test('its stock first request raises no signal under the default policy', async () => {
    const m = await agentMachine(g, 'bea@example.com', 'claude-code');
    try {
      const from = g.upstream.requests.length;
      const run = await claude(m, 'Say hello.');
      assert.equal(run.code, 0, shown(run));
      await assertQuietFirstRequest(
        g,
        m,
        from,
        'messages',
        (body) => JSON.stringify(body.system ?? '').length > 1000 && body.tools?.length > 0,
      );
    } finally {
      m.machine.cleanup();
    }
  });

  test('a secret in the prompt: the policy message shown, nothing sent to the provider', async () => {
    const m = await agentMachine(g, 'cy@example.com', 'claude-code');
    await setPolicy(g.admin, policyDoc('block'));
    try {
      const from = g.upstream.requests.length;
      const run = await claude(m, `Remember my AWS key ${SECRET} for later.`);
      await assertSecretStopped(g, m, from, run);
    } finally {
      await setPolicy(g.admin, DEFAULT_POLICY);
      m.machine.cleanup();
    }
  });
});
