// POST /mcp/decide over real HTTP, on both engines: allow, block and redact of a local server's
// tools/call arguments and of its result (a secret a tool read from .env), `cacheable` only when no
// detector could run and no pin state decided, every decision in the activity (source local, the
// developer and the device), and bad input answered with a 400 (or 413) that says what to fix.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { ENV_SECRET } from '../helpers/mcp.ts';
import { localServer, startShimFixture, type ShimFixture } from '../helpers/mcp-shim.ts';

const ENV_TOOL = {
  name: 'read_env',
  description: 'Reads the project’s .env file.',
  inputSchema: { type: 'object' },
};
const result = () => ({
  content: [{ type: 'text', text: `AWS_ACCESS_KEY_ID=${ENV_SECRET}\nDEBUG=1` }],
  structuredContent: { file: '.env', key: ENV_SECRET },
});

eachEngine('POST /mcp/decide', (engine) => {
  describe(`decide [${engine}]`, () => {
    let f: ShimFixture;
    const server = localServer('project', 'node', ['./mcp-server.js']);
    before(async () => {
      f = await startShimFixture(engine);
      const seen = await f.post('/mcp/observations', { server, tools: [ENV_TOOL] });
      assert.equal(seen.status, 200, JSON.stringify(seen.body));
    });
    after(() => f.close());

    test('a call without anything to find is allowed; under the default policy it is not cacheable', async () => {
      const res = await f.post('/mcp/decide', {
        server,
        phase: 'call',
        tool: 'read_env',
        arguments: { path: '.env' },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, {
        decision: 'allow',
        policy_version: f.server.gatehouse.services.policy.current().version,
        cacheable: false,
      });
    });

    test('a secret in a result is redacted (the default policy) or blocked, and the activity says so', async () => {
      const redacted = await f.post('/mcp/decide', {
        server,
        phase: 'result',
        tool: 'read_env',
        result: result(),
      });
      assert.equal(redacted.status, 200, JSON.stringify(redacted.body));
      assert.equal(redacted.body.decision, 'redact');
      assert.deepEqual(redacted.body.signals, ['aws-access-key']);
      assert.equal(redacted.body.cacheable, false);
      assert.ok(!JSON.stringify(redacted.body).includes(ENV_SECRET));
      assert.deepEqual(redacted.body.result.structuredContent, {
        file: '.env',
        key: '[REDACTED:aws-access-key]',
      });
      assert.match(
        redacted.body.result.content[0].text,
        /^AWS_ACCESS_KEY_ID=\[REDACTED:aws-access-key\]\nDEBUG=1$/,
      );
      const request = redacted.headers.get('x-gatehouse-request-id');

      await f.policy(undefined, 'block');
      try {
        const blocked = await f.post('/mcp/decide', {
          server,
          phase: 'result',
          tool: 'read_env',
          result: result(),
        });
        assert.equal(blocked.body.decision, 'block');
        assert.equal(blocked.body.rule, 'aws-access-key');
        assert.match(blocked.body.message, /MCP server's answer/);
        assert.ok(!JSON.stringify(blocked.body).includes(ENV_SECRET));
      } finally {
        await f.policy(undefined);
      }

      const [record] = await f.activity(1, `request_id=${request}`);
      assert.ok(record);
      assert.equal(record.mcp_source, 'local');
      assert.equal(record.mcp_server, 'project');
      assert.equal(record.mcp_tool, 'read_env');
      assert.equal(record.mcp_method, 'tools/call');
      assert.equal(record.operation, 'decide.result');
      assert.equal(record.outcome, 'redacted', 'a local tool result redacted is recorded redacted');
      assert.deepEqual(record.signals, ['aws-access-key']);
      assert.deepEqual(record.signal_actions, { 'aws-access-key': 'redact' });
      assert.deepEqual(record.actor, { type: 'developer', id: f.device.developerId, name: f.device.email });
      assert.deepEqual(record.device, { id: f.device.deviceId, name: f.device.deviceName });
      assert.equal(typeof record.latency_ms, 'number');
      assert.equal(record.status, 200);
      const blockedRecords = await f.activity(1, 'outcome=blocked&mcp_tool=read_env');
      assert.deepEqual(blockedRecords[0]!.signals, ['aws-access-key']);
      assert.deepEqual(blockedRecords[0]!.signal_actions, { 'aws-access-key': 'block' });
      assert.equal(blockedRecords[0]!.error_code, 'policy_blocked');
      // A routed call is not a local one.
      const routed = await f.admin.get('/api/v1/activity?mcp_source=routed');
      assert.equal(routed.body.activity.length, 0);
    });

    test('a secret in the arguments is redacted, or blocked, before the server sees it', async () => {
      const args = { path: '.env', note: `use ${ENV_SECRET}` };
      const redacted = await f.post('/mcp/decide', {
        server,
        phase: 'call',
        tool: 'read_env',
        arguments: args,
      });
      assert.equal(redacted.body.decision, 'redact');
      assert.deepEqual(redacted.body.arguments, { path: '.env', note: 'use [REDACTED:aws-access-key]' });
      assert.deepEqual(redacted.body.signals, ['aws-access-key']);
      await f.policy(undefined, 'block');
      try {
        const blocked = await f.post('/mcp/decide', {
          server,
          phase: 'call',
          tool: 'read_env',
          arguments: args,
        });
        assert.equal(blocked.body.decision, 'block');
        assert.equal(blocked.body.rule, 'aws-access-key');
        assert.match(blocked.body.message, /note/);
        assert.equal(blocked.body.cacheable, false);
      } finally {
        await f.policy(undefined);
      }
    });

    test('cacheable only when no detector could run and no pin state decided', async () => {
      const ask = (phase: 'call' | 'result') =>
        f.post('/mcp/decide', {
          server,
          phase,
          tool: 'read_env',
          ...(phase === 'call' ? { arguments: { path: '.env' } } : { result: result() }),
        });
      await f.policy({ pinning: 'monitor', scan_arguments: false, scan_results: true });
      try {
        const call = await ask('call');
        assert.equal(call.body.decision, 'allow');
        assert.equal(call.body.cacheable, true);
        const res = await ask('result');
        assert.equal(res.body.decision, 'redact');
        assert.equal(res.body.cacheable, false);
        await f.policy({ pinning: 'monitor', scan_arguments: false, scan_results: false });
        const unscanned = await ask('result');
        assert.equal(unscanned.body.decision, 'allow');
        assert.equal(unscanned.body.cacheable, true);
        assert.equal(unscanned.body.policy_version, f.server.gatehouse.services.policy.current().version);
        // Under enforce an allow rests on the tool's pin, which the next tools/list may change.
        await f.policy({ pinning: 'enforce', scan_arguments: false, scan_results: false });
        assert.equal((await ask('call')).body.cacheable, false);
      } finally {
        await f.policy(undefined);
      }
    });

    test('an access token with gateway:invoke is a caller too; its decisions name the credential', async () => {
      const res = await f.post(
        '/mcp/decide',
        { server, phase: 'call', tool: 'read_env', arguments: {} },
        { authorization: `Bearer ${f.token}` },
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const [record] = await f.activity(1, `request_id=${res.headers.get('x-gatehouse-request-id')}`);
      assert.equal(record!.actor?.type, 'credential');
      assert.equal(record!.actor?.id, f.credentialId);
      assert.equal(record!.device, null);
    });

    test('bad input is a 400 (or 413) that says what to fix, and is recorded', async () => {
      const cases: Array<{ body: unknown; status: number; message: RegExp }> = [
        { body: '{"server": ', status: 400, message: /not valid JSON/ },
        { body: '', status: 400, message: /empty/ },
        { body: '[]', status: 400, message: /object/ },
        { body: { phase: 'call', tool: 'x' }, status: 400, message: /server is required/ },
        { body: { server, tool: 'x' }, status: 400, message: /phase is required/ },
        { body: { server, phase: 'later', tool: 'x' }, status: 400, message: /phase must be one of/ },
        {
          body: { server: { ...server, args_sha256: 'abc' }, phase: 'call', tool: 'x' },
          status: 400,
          message: /args_sha256/,
        },
        {
          body: { server: { ...server, name: 'n'.repeat(201) }, phase: 'call', tool: 'x' },
          status: 400,
          message: /at most 200/,
        },
        { body: { server, phase: 'result', tool: 'x' }, status: 400, message: /result is required/ },
        { body: `{"server": ${'['.repeat(300)}${']'.repeat(300)}}`, status: 400, message: /deeper/ },
        { body: '{"tool": "a", "tool": "b"}', status: 400, message: /twice/ },
        {
          body: { server, phase: 'call', tool: 'x', arguments: { blob: 'a'.repeat(5 * 1024 * 1024) } },
          status: 413,
          message: /too large/,
        },
      ];
      for (const c of cases) {
        const res = await f.post('/mcp/decide', c.body);
        assert.equal(
          res.status,
          c.status,
          `${JSON.stringify(c.body).slice(0, 80)}: ${JSON.stringify(res.body)}`,
        );
        assert.equal(res.body.error.code, c.status === 413 ? 'payload_too_large' : 'invalid_request');
        assert.match(res.body.error.message, c.message);
        assert.equal(res.body.error.request_id, res.headers.get('x-gatehouse-request-id'));
      }
      const bad = await f.post('/mcp/observations', { server, tools: { all: 'of them' } });
      assert.equal(bad.status, 400);
      assert.match(bad.body.error.message, /tools must be a list/);
      const records = await f.activity(1, 'outcome=gateway_error');
      assert.ok(records.some((r) => r.error_code === 'invalid_request'));
    });
  });
});
