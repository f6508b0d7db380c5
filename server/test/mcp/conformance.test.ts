// The MCP conformance suite (@modelcontextprotocol/conformance, `server` mode, all 32 scenarios) run
// twice against the same SDK server (conformance/conformance-server.ts): once directly, once through
// Gatehouse's /mcp/{alias}. The runner sends no headers, so it reaches the Gateway with a device token
// in the path. The same scenarios must pass both ways, with the same warnings; the count and the list
// are in docs/decisions/mcp-proxy.md. The suite needs Node 22, which conformance/node22.ts fetches
// from the npm registry on first use.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { signedInDevice, type SignedInDevice } from '../helpers/devices.ts';
import { startMcpFixture, type McpFixture } from '../helpers/mcp.ts';
import { startConformanceServer, type ConformanceServer } from './conformance/conformance-server.ts';
import { runConformance, verdicts, type ScenarioResult } from './conformance/run-suite.ts';
import { node22 } from './conformance/node22.ts';

/** The suite's server scenarios (0.1.16, `--suite all`): each must pass, directly and through Gatehouse. */
const SCENARIOS = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'json-schema-2020-12',
  'elicitation-sep1034-defaults',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
].sort();

const passed = (results: Map<string, ScenarioResult>) =>
  [...results].filter(([, r]) => r.passed).map(([name]) => name);

/** A failed scenario's checks, for the assertion's message. */
const failures = (results: Map<string, ScenarioResult>) =>
  JSON.stringify(
    [...results].filter(([, r]) => !r.passed).map(([name, r]) => ({ name, checks: r.checks })),
    null,
    1,
  );

eachEngine('MCP conformance suite, directly and through Gatehouse', (engine) => {
  let f: McpFixture;
  let upstream: ConformanceServer;
  let device: SignedInDevice;

  before(async () => {
    // Fetched first (once per clone), outside the test's own time.
    await node22();
    upstream = await startConformanceServer();
    f = await startMcpFixture(engine);
    await f.register('conformance', upstream.url);
    device = await signedInDevice(f.server, f.admin, 'conformance@example.com');
  });
  after(async () => {
    await f?.close();
    await upstream?.close();
  });

  test('the same 32 scenarios pass both ways, with the same warnings', { timeout: 600_000 }, async () => {
    const direct = await runConformance(upstream.url);
    assert.deepEqual([...direct.keys()].sort(), SCENARIOS, 'the suite ran every server scenario');
    assert.deepEqual(passed(direct).sort(), SCENARIOS, failures(direct));

    const through = await runConformance(`${f.server.gatewayUrl}/d/${device.token}/mcp/conformance`);
    assert.deepEqual([...through.keys()].sort(), SCENARIOS);
    assert.deepEqual(passed(through).sort(), passed(direct).sort(), failures(through));
    for (const name of SCENARIOS)
      assert.deepEqual(verdicts(through.get(name)!), verdicts(direct.get(name)!), name);

    // It went through Gatehouse, as the device's developer: the calls are in the activity.
    const records = await f.activity(1, `device_id=${device.deviceId}&mcp_tool=test_simple_text`);
    assert.equal(records[0]!.actor?.id, device.developerId);
    assert.equal(records[0]!.outcome, 'allowed');
  });
});
