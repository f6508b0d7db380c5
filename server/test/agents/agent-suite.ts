// The same three tests for every coding agent, on each engine of the run: a task with a tool call, the
// stock first request under the default policy (issue 15 part 4), and a secret in the prompt.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';
import { eachEngine } from '../helpers/engines.ts';
import type { GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { assertQuietFirstRequest, assertSecretStopped, assertTaskRecorded } from './agent-checks.ts';
import {
  agentMachine,
  FILE_CONTENT,
  SECRET,
  shown,
  startAgentGateway,
  type AgentMachine,
  type AgentResult,
} from './agent-harness.ts';
import { task } from './agent-script.ts';

export interface AgentSpec {
  /** What people call it, for the suite's name. */
  label: string;
  /** The `gatehouse-client setup` name, which is also the tool Activity must name. */
  tool: string;
  /** The Gateway operation of its model calls. */
  operation: string;
  /** Whether a recorded request body carries the agent's whole system prompt and its tools. */
  hasPromptAndTools(body: any): boolean;
  /** What the developer did once on the machine beyond `setup` (trusting a folder, say), if anything. */
  prepare?(m: AgentMachine): void;
  /** Runs the agent non-interactively on one prompt. */
  run(m: AgentMachine, prompt: string): Promise<AgentResult>;
}

export function agentSuite(spec: AgentSpec, options?: { skip: string }): void {
  eachEngine(
    `${spec.label} through the Gateway`,
    (engine) => {
      let g: GatewayFixture;
      before(async () => {
        g = await startAgentGateway(engine);
      });
      after(() => g?.close());

      /** A machine of `email`'s, set up for the agent, removed after `body`. */
      async function onMachine(email: string, body: (m: AgentMachine) => Promise<void>): Promise<void> {
        const m = await agentMachine(g, email, spec.tool);
        try {
          spec.prepare?.(m);
          await body(m);
        } finally {
          m.machine.cleanup();
        }
      }

      test('a task with a tool call: streamed, answered on stdout, recorded as the tool on the device', () =>
        onMachine('ada@example.com', async (m) => {
          const from = g.upstream.requests.length;
          const run = await spec.run(m, task(path.join(m.workdir, 'notes.txt')));
          assert.equal(run.code, 0, shown(run));
          assert.match(run.stdout, new RegExp(`The file says: ${FILE_CONTENT}`), shown(run));
          await assertTaskRecorded(g, m, from, spec);
        }));

      test('its stock first request raises no signal under the default policy', () =>
        onMachine('bea@example.com', async (m) => {
          const from = g.upstream.requests.length;
          const run = await spec.run(m, 'Say hello.');
          assert.equal(run.code, 0, shown(run));
          await assertQuietFirstRequest(g, m, from, spec.operation, spec.hasPromptAndTools);
        }));

      test('a secret in the prompt: the policy message shown, nothing sent to the provider', async () => {
        await setPolicy(g.admin, policyDoc('block'));
        try {
          await onMachine('cy@example.com', async (m) => {
            const from = g.upstream.requests.length;
            const run = await spec.run(m, `Remember my AWS key ${SECRET} for later.`);
            await assertSecretStopped(g, m, from, run);
          });
        } finally {
          await setPolicy(g.admin, DEFAULT_POLICY);
        }
      });
    },
    options,
  );
}
