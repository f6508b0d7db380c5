// What every agent test asserts, on the provider's side (the mock's recorded requests) and in Activity.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ActivityView, GatewayFixture } from '../helpers/gateway.ts';
import { SECRET, shown, type AgentMachine, type AgentResult } from './agent-harness.ts';

/** The device's activity records, once there are at least `atLeast` of them (written in batches). */
export async function deviceActivity(
  g: GatewayFixture,
  deviceId: string,
  atLeast: number,
): Promise<ActivityView[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mine = (await g.activity(0)).filter((r) => r.device?.id === deviceId);
    if (mine.length >= atLeast) return mine;
    if (Date.now() > deadline)
      throw new Error(`expected ${atLeast} activity records of ${deviceId}, found ${mine.length}`);
    await sleep(50);
  }
}

/** The requests that reached the provider since index `from`, of one operation. */
function reached(g: GatewayFixture, from: number, operation: string) {
  return g.upstream.requests.slice(from).filter((r) => r.operation === operation);
}

/**
 * The task went through as it should: the provider saw the tool call's turn and the turn with its result,
 * streamed; Activity has every request, each naming the tool, the developer and the device.
 */
export async function assertTaskRecorded(
  g: GatewayFixture,
  m: AgentMachine,
  from: number,
  expected: { tool: string; operation: string },
): Promise<void> {
  const turns = reached(g, from, expected.operation);
  assert.ok(turns.length >= 2, `expected the tool call's turn and the result's, got ${turns.length}`);
  assert.ok(
    turns.some((r) => r.streamed),
    'the answers were streamed',
  );
  const records = await deviceActivity(g, m.deviceId, turns.length);
  for (const r of records) {
    assert.equal(r.tool, expected.tool, JSON.stringify(r));
    assert.deepEqual(r.actor && { type: r.actor.type, id: r.actor.id }, {
      type: 'developer',
      id: m.developerId,
    });
    assert.deepEqual(r.device, { id: m.deviceId, name: m.deviceName });
  }
  const main = records.filter((r) => r.operation === expected.operation);
  assert.ok(main.length >= 2, JSON.stringify(records.map((r) => r.operation)));
  assert.ok(
    main.every((r) => r.outcome === 'allowed' && r.status === 200),
    JSON.stringify(main),
  );
  assert.ok(
    main.some((r) => r.stream && (r.output_tokens ?? 0) > 0),
    'a streamed answer with its usage recorded',
  );
}

/**
 * Issue 15 part 4: the agent's stock traffic (its first request carries its whole system prompt and tool
 * list) raises no signal under the default policy. The message names every signal, with its operation.
 */
export async function assertQuietFirstRequest(
  g: GatewayFixture,
  m: AgentMachine,
  from: number,
  operation: string,
  hasPromptAndTools: (body: any) => boolean,
): Promise<void> {
  const first = reached(g, from, operation).find((r) => hasPromptAndTools(r.body));
  assert.ok(first, `no ${operation} request with the system prompt and the tools reached the provider`);
  const sent = g.upstream.requests.slice(from).length;
  const records = await deviceActivity(g, m.deviceId, sent);
  const loud = records
    .filter((r) => r.signals.length > 0)
    .map((r) => `${r.operation}: ${r.signals.join(', ')}`);
  assert.deepEqual(loud, [], `signals on the agent's stock requests: ${loud.join('; ')}`);
}

/** A secret in the prompt: the agent shows the policy's message; no request carrying it left the Gateway. */
export async function assertSecretStopped(
  g: GatewayFixture,
  m: AgentMachine,
  from: number,
  run: AgentResult,
): Promise<void> {
  assert.match(`${run.stdout}\n${run.stderr}`, /Gatehouse policy blocked this request/, shown(run));
  const leaked = g.upstream.requests.slice(from).filter((r) => JSON.stringify(r.body).includes(SECRET));
  assert.deepEqual(
    leaked.map((r) => r.path),
    [],
    'the secret reached the provider',
  );
  const records = await deviceActivity(g, m.deviceId, 1);
  assert.ok(
    records.some((r) => r.outcome === 'blocked' && r.signals.length > 0),
    JSON.stringify(records),
  );
}
