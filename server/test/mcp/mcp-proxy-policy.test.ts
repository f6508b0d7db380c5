// Governance at the messages of /mcp/{alias}, with the SDK's client and server: a tool the policy
// blocks is hidden and refused, a secret in a tool's result is redacted or blocked as the policy says
// (text, structuredContent), a secret in the arguments never leaves, a server's list_changed makes the
// Gateway list the tools itself, and a device token in the path is the caller.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { eachEngine } from '../helpers/engines.ts';
import { signedInDevice } from '../helpers/devices.ts';
import {
  connectClient,
  ENV_SECRET,
  startMcpFixture,
  startSdkMcpServer,
  type McpFixture,
  type SdkMcpServer,
} from '../helpers/mcp.ts';
import { findingsFor, policyDoc, setPolicy } from '../helpers/policy.ts';
import type { PolicyDocument } from '../../src/policy/policy-types.ts';

function withMcp(doc: PolicyDocument, tools: Record<string, 'allow' | 'block'> = {}): PolicyDocument {
  return {
    ...doc,
    mcp: {
      pinning: 'enforce',
      pinning_mode: 'trust_first',
      default: 'allow',
      servers: { tools: { tools } },
      scan_arguments: true,
      scan_results: true,
      offline: 'block',
    },
  };
}

eachEngine('MCP proxy policy', (engine) => {
  let f: McpFixture;
  let upstream: SdkMcpServer;
  let serverId: string;

  before(async () => {
    f = await startMcpFixture(engine);
    upstream = await startSdkMcpServer();
    serverId = (await f.register('tools', upstream.url)).id;
  });
  after(async () => {
    await upstream.close();
    await f.close();
  });

  const connect = () => connectClient(f.urlOf('tools'), { headers: { authorization: `Bearer ${f.token}` } });

  test('a tool the policy blocks is left out of tools/list and refused with the rule named', async () => {
    await setPolicy(f.admin, withMcp(policyDoc('redact'), { delete_all: 'block' }));
    const { client, transport } = await connect();
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      assert.ok(!names.includes('delete_all'));
      assert.ok(names.includes('echo'));
      await assert.rejects(
        client.callTool({ name: 'delete_all', arguments: {} }),
        (err: Error & { data?: unknown }) => {
          assert.match(err.message, /mcp\.servers\.tools\.tools\["delete_all"\]/);
          assert.deepEqual(err.data, { code: 'mcp_tool_blocked', rule: 'mcp:blocked_tool' });
          return true;
        },
      );
      assert.ok(!upstream.calls.some((c) => c.tool === 'delete_all'), 'the server never saw the call');
    } finally {
      await transport.terminateSession();
      await client.close();
    }
    const [record] = await f.activity(1, 'mcp_tool=delete_all');
    assert.equal(record!.outcome, 'blocked');
    assert.equal(record!.error_code, 'mcp_tool_blocked');
    assert.deepEqual(record!.signals, ['mcp:blocked_tool']);
  });

  test('the same tools/list again goes on as the server sent it; a block made between two lists is in force on the next', async () => {
    await setPolicy(f.admin, withMcp(policyDoc('redact')));
    const listed = async () => {
      const { client, transport } = await connect();
      try {
        return (await client.listTools()).tools.map((t) => t.name);
      } finally {
        await transport.terminateSession();
        await client.close();
      }
    };
    const first = await listed();
    assert.ok(first.includes('delete_all'));
    assert.deepEqual(await listed(), first, 'a repeat, passed on unread, shows the same tools');
    await setPolicy(f.admin, withMcp(policyDoc('redact'), { delete_all: 'block' }));
    assert.deepEqual(
      await listed(),
      first.filter((n) => n !== 'delete_all'),
      'the policy changed: the list is read again',
    );
    await setPolicy(f.admin, withMcp(policyDoc('redact')));
    assert.deepEqual(await listed(), first);
    // The tools' pins reach the store in batches (a quarter of a second): until then the tool is unknown.
    let blocked = await f.admin.post(`/api/v1/mcp/servers/${serverId}/tools/echo/block`);
    for (let i = 0; i < 50 && blocked.status === 404; i++) {
      await new Promise((r) => setTimeout(r, 100));
      blocked = await f.admin.post(`/api/v1/mcp/servers/${serverId}/tools/echo/block`);
    }
    assert.equal(blocked.status, 200);
    // The block reaches the Gateway's memory through the change notification: a list is read again as
    // soon as it has (a list remembered from before would show the tool for the next minute).
    let shown = await listed();
    for (let i = 0; i < 50 && shown.includes('echo'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      shown = await listed();
    }
    assert.deepEqual(
      shown,
      first.filter((n) => n !== 'echo'),
      'an admin blocked a tool',
    );
    assert.equal((await f.admin.post(`/api/v1/mcp/servers/${serverId}/tools/echo/approve`)).status, 200);
  });

  test('a secret a tool reads from .env is redacted in its text and structured content', async () => {
    await setPolicy(f.admin, withMcp(policyDoc('redact')));
    const { client, transport } = await connect();
    try {
      const result = await client.callTool({ name: 'read_env', arguments: {} });
      const text = JSON.stringify(result);
      assert.ok(!text.includes(ENV_SECRET), 'the secret does not reach the model');
      assert.deepEqual(result.content, [
        { type: 'text', text: 'AWS_ACCESS_KEY_ID=[REDACTED:aws-access-key]\nDEBUG=1' },
      ]);
      assert.deepEqual(result.structuredContent, { file: '.env', key: '[REDACTED:aws-access-key]' });
    } finally {
      await transport.terminateSession();
      await client.close();
    }
    const [record] = await f.activity(1, 'mcp_tool=read_env');
    assert.equal(record!.outcome, 'redacted', 'a tool result redacted is recorded redacted');
    assert.ok(record!.signals.includes('aws-access-key'), JSON.stringify(record));
    assert.equal(record!.signal_actions?.['aws-access-key'], 'redact');
    const findings = await findingsFor(f.admin, 'aws-access-key');
    assert.equal(findings[0]!.rule, 'aws-access-key');
  });

  test('under block, the result is replaced by a JSON-RPC error naming the rule', async () => {
    await setPolicy(f.admin, withMcp(policyDoc('block')));
    const { client, transport } = await connect();
    try {
      await assert.rejects(client.callTool({ name: 'read_env', arguments: {} }), (err: Error) => {
        assert.match(err.message, /aws-access-key/);
        assert.ok(!err.message.includes(ENV_SECRET));
        return true;
      });
    } finally {
      await transport.terminateSession();
      await client.close();
    }
    const records = await f.activity(1, 'mcp_tool=read_env&outcome=blocked');
    assert.equal(records.at(-1)!.error_code, 'policy_blocked');
  });

  test('a secret in the arguments is blocked before it leaves, or redacted on its way', async () => {
    await setPolicy(f.admin, withMcp(policyDoc('block')));
    const { client, transport } = await connect();
    try {
      await assert.rejects(
        client.callTool({ name: 'echo', arguments: { text: `key ${ENV_SECRET}` } }),
        /aws-access-key/,
      );
      assert.ok(!upstream.calls.some((c) => JSON.stringify(c.args).includes(ENV_SECRET)));
      await setPolicy(f.admin, withMcp(policyDoc('redact')));
      const echoed = await client.callTool({ name: 'echo', arguments: { text: `key ${ENV_SECRET}` } });
      assert.deepEqual(echoed.content, [{ type: 'text', text: 'key [REDACTED:aws-access-key]' }]);
      assert.deepEqual(upstream.calls.at(-1), {
        tool: 'echo',
        args: { text: 'key [REDACTED:aws-access-key]' },
      });
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  test('list_changed: the Gateway lists the tools itself before the client hears of it', async () => {
    await setPolicy(f.admin, withMcp(policyDoc('redact')));
    const { client, transport } = await connect();
    try {
      await client.listTools();
      const heard = new Promise<void>((resolve) =>
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
      );
      // Wait for the client's GET stream at the server, where the notification goes.
      for (
        const deadline = Date.now() + 5_000;
        !upstream.seen.some(
          (h) => h['mcp-session-id'] === transport.sessionId && h.accept === 'text/event-stream',
        );
      ) {
        if (Date.now() > deadline) throw new Error('the client opened no GET stream');
        await new Promise((r) => setTimeout(r, 20));
      }
      const session = upstream.sessions.get(transport.sessionId!)!;
      session.server.registerTool(
        'added_later',
        { description: 'Appears mid-session.', inputSchema: { x: z.string() } },
        async () => ({
          content: [{ type: 'text', text: 'ok' }],
        }),
      );
      await heard;
      // The inventory knew the new tool when the client was told, without the client listing again.
      // (The governor judged it from memory; its store is written off the request path.)
      for (const deadline = Date.now() + 5_000; ;) {
        const one = await f.admin.get<{ tools: Array<{ name: string }> }>(`/api/v1/mcp/servers/${serverId}`);
        if (one.body.tools.some((t) => t.name === 'added_later')) break;
        if (Date.now() > deadline)
          throw new Error(`not in the inventory: ${JSON.stringify(one.body.tools.map((t) => t.name))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  test('a device token in the path authenticates the developer and device', async () => {
    const device = await signedInDevice(f.server, f.admin, 'dev@example.com');
    const url = `${f.server.gatewayUrl}/d/${device.token}/mcp/tools`;
    const { client, transport } = await connectClient(url);
    try {
      const echoed = await client.callTool({ name: 'echo', arguments: { text: 'from a device' } });
      assert.deepEqual(echoed.content, [{ type: 'text', text: 'from a device' }]);
      for (const h of upstream.seen) assert.ok(!JSON.stringify(h).includes(device.token));
    } finally {
      await transport.terminateSession();
      await client.close();
    }
    const records = await f.activity(1, `device_id=${device.deviceId}&mcp_tool=echo`);
    assert.equal(records[0]!.actor?.id, device.developerId);
    assert.equal(records[0]!.device?.id, device.deviceId);
  });
});
