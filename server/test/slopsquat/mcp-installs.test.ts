// The slopsquat detector on MCP tool calls, with the fake registries: a routed server's tools/call
// (through /mcp/{alias}, the SDK's client and server) whose arguments would install a package that does
// not exist is refused with a JSON-RPC error naming the rule, and never reaches the server; a local
// server's call (POST /mcp/decide, the endpoint client's shim) gets decision block with the rule and a
// message for the model. A real package passes; alert records without refusing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import type { SlopsquatSettings } from '../../src/policy/detectors/slopsquat.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startFakeRegistries, type FakeRegistries } from '../helpers/fake-registries.ts';
import {
  connectClient,
  startMcpFixture,
  startSdkMcpServer,
  type McpFixture,
  type SdkMcpServer,
} from '../helpers/mcp.ts';
import { localServer, startShimFixture, type ShimFixture } from '../helpers/mcp-shim.ts';
import { findingsFor, policyDoc, setPolicy } from '../helpers/policy.ts';
import type { ApiClient } from '../helpers/api-client.ts';

const MISSING = 'express-session-redis-turbo';

const registriesEnv = (r: FakeRegistries) => ({
  GATEHOUSE_SLOPSQUAT_REGISTRIES: Object.entries(r.urls)
    .map(([e, url]) => `${e}=${url}`)
    .join(','),
});

async function slopsquatPolicy(admin: ApiClient, settings: Partial<SlopsquatSettings> = {}) {
  await setPolicy(
    admin,
    policyDoc('off', { slopsquat: { action: 'block', young_days: 30, allowlist: [], ...settings } }),
  );
}

eachEngine('slopsquat: MCP tool calls', (engine) => {
  let registries: FakeRegistries;
  before(async () => {
    registries = await startFakeRegistries();
  });
  after(() => registries?.close());

  describe('routed server: tools/call through /mcp/{alias}', () => {
    let f: McpFixture;
    let upstream: SdkMcpServer;
    before(async () => {
      f = await startMcpFixture(engine, { env: registriesEnv(registries) });
      upstream = await startSdkMcpServer({
        build: (s) =>
          s.registerTool(
            'run_command',
            { description: 'Runs a shell command in the project.', inputSchema: { command: z.string() } },
            async ({ command }) => {
              upstream.calls.push({ tool: 'run_command', args: { command } });
              return { content: [{ type: 'text', text: 'done' }] };
            },
          ),
      });
      await f.register('shell', upstream.url);
    });
    after(async () => {
      await upstream?.close();
      await f?.close();
    });
    const connect = () =>
      connectClient(f.urlOf('shell'), { headers: { authorization: `Bearer ${f.token}` } });

    test('an install of a missing package is refused, naming the rule; the server never sees it', async () => {
      await slopsquatPolicy(f.admin);
      const { client, transport } = await connect();
      try {
        await assert.rejects(
          client.callTool({ name: 'run_command', arguments: { command: `npm install ${MISSING} express` } }),
          (err: Error & { data?: unknown }) => {
            assert.match(err.message, new RegExp(`Gatehouse blocked installing npm package ${MISSING}`));
            assert.deepEqual(err.data, { code: 'policy_blocked', rule: 'slopsquat:missing' });
            return true;
          },
        );
        assert.ok(!upstream.calls.some((c) => c.tool === 'run_command'), 'the server saw the call');
        // A real package goes through.
        const ok = await client.callTool({
          name: 'run_command',
          arguments: { command: 'npm install express' },
        });
        assert.deepEqual(ok.content, [{ type: 'text', text: 'done' }]);
      } finally {
        await transport.terminateSession();
        await client.close();
      }
      const [record] = await f.activity(1, 'mcp_tool=run_command&outcome=blocked');
      assert.equal(record!.error_code, 'policy_blocked');
      assert.deepEqual(record!.signals, ['slopsquat:missing']);
      const [finding] = await findingsFor(f.admin, 'slopsquat:missing');
      assert.equal(finding!.evidence.package, MISSING);
      assert.equal(finding!.evidence.tool_call, 'run_command');
      assert.match(String(finding!.evidence.location), /^mcp shell tools\/call run_command/);
    });
  });

  describe('local server: POST /mcp/decide', () => {
    let f: ShimFixture;
    const server = localServer('project-shell', 'npx', ['-y', 'shell-mcp']);
    before(async () => {
      f = await startShimFixture(engine, { env: registriesEnv(registries) });
      const tool = { name: 'execute', description: 'Runs a command', inputSchema: { type: 'object' } };
      const seen = await f.post('/mcp/observations', { server, tools: [tool] });
      assert.equal(seen.status, 200, JSON.stringify(seen.body));
    });
    after(() => f?.close());
    const decide = (command: string) =>
      f.post('/mcp/decide', { server, phase: 'call', tool: 'execute', arguments: { command } });

    test('block: decision block with the rule and a message for the model; a real package is allowed', async () => {
      await slopsquatPolicy(f.admin);
      const blocked = await decide(`pip install ${MISSING}`);
      assert.equal(blocked.status, 200, JSON.stringify(blocked.body));
      assert.equal(blocked.body.decision, 'block');
      assert.equal(blocked.body.rule, 'slopsquat:missing');
      assert.match(blocked.body.message, new RegExp(`PyPI package ${MISSING}: it does not exist in PyPI`));
      assert.equal(blocked.body.cacheable, false);
      const allowed = await decide('pip install requests');
      assert.equal(allowed.body.decision, 'allow', JSON.stringify(allowed.body));
      const [record] = await f.activity(1, 'outcome=blocked');
      assert.deepEqual(record!.signals, ['slopsquat:missing']);
    });

    test('alert: allowed, with the signal in the activity and the finding', async () => {
      await slopsquatPolicy(f.admin, { action: 'alert' });
      const name = `${MISSING}-alert`;
      const res = await decide(`npm i ${name}`);
      assert.equal(res.body.decision, 'allow', JSON.stringify(res.body));
      const id = res.headers.get('x-gatehouse-request-id');
      const records = await f.activity(1, `request_id=${encodeURIComponent(id ?? '')}`);
      assert.deepEqual(records[0]!.signals, ['slopsquat:missing']);
      assert.equal(records[0]!.outcome, 'allowed');
      const findings = await findingsFor(f.admin, 'slopsquat:missing');
      assert.ok(
        findings.some((x) => x.evidence.package === name && x.evidence.action === 'alerted'),
        JSON.stringify(findings.map((x) => x.evidence)),
      );
    });
  });
});
