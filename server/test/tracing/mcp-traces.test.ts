// Routed MCP calls as spans: the MCP conventions' `{mcp.method.name} {target}` names, a tools/call as
// the GenAI execute_tool operation, Gatehouse's own attributes, and the MCP server receiving the W3C
// trace context of the Gateway's CLIENT span. The official SDK on both ends, through the real Gateway.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import {
  connectClient,
  startMcpFixture,
  startSdkMcpServer,
  type McpFixture,
  type SdkMcpServer,
} from '../helpers/mcp.ts';
import { SPAN_KIND, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.ts';

const TEXT = `echo-${randomBytes(8).toString('hex')}`;

eachEngine('MCP traces', (engine) => {
  let f: McpFixture;
  let upstream: SdkMcpServer;
  let otlp: OtlpReceiver;

  before(async () => {
    otlp = await startOtlpReceiver();
    f = await startMcpFixture(engine, {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '50' },
    });
    upstream = await startSdkMcpServer({ enableJsonResponse: true });
    await f.register('tools', upstream.url, { Authorization: 'Bearer server-own-credential' });
  });
  after(async () => {
    await upstream?.close();
    await f?.close();
    await otlp?.close();
  });

  test('a tools/call: execute_tool span pair, its context at the MCP server, no arguments or results exported', async () => {
    const { client } = await connectClient(f.urlOf('tools'), {
      headers: { authorization: `Bearer ${f.token}` },
    });
    try {
      await client.listTools();
      const echoed = await client.callTool({ name: 'echo', arguments: { text: TEXT } });
      assert.deepEqual(echoed.content, [{ type: 'text', text: TEXT }]);
    } finally {
      await client.close();
    }
    const [server] = await otlp.waitFor((s) => s.name === 'tools/call echo' && s.kind === SPAN_KIND.SERVER);
    assert.ok(server);
    assert.equal(server.attributes['mcp.method.name'], 'tools/call');
    assert.equal(server.attributes['gen_ai.operation.name'], 'execute_tool');
    assert.equal(server.attributes['gen_ai.tool.name'], 'echo');
    assert.equal(server.attributes['gatehouse.mcp.server'], 'tools');
    assert.equal(server.attributes['gatehouse.outcome'], 'allowed');
    assert.equal(server.attributes['gatehouse.actor.id'], f.credentialId);
    assert.equal(server.attributes['http.route'], '/mcp/:alias');

    const [clientSpan] = await otlp.waitFor(
      (s) => s.parentSpanId === server.spanId && s.kind === SPAN_KIND.CLIENT,
    );
    assert.equal(clientSpan!.name, 'tools/call echo');
    assert.equal(clientSpan!.attributes['server.address'], '127.0.0.1');
    assert.equal(clientSpan!.attributes['http.response.status_code'], 200);
    const sent = `00-${clientSpan!.traceId}-${clientSpan!.spanId}-01`;
    assert.ok(
      upstream.seen.some((h) => h.traceparent === sent),
      'the MCP server received the CLIENT span’s traceparent',
    );

    // The list before it is a span of its own.
    await otlp.waitFor((s) => s.name === 'tools/list' && s.kind === SPAN_KIND.SERVER);
    assert.ok(!otlp.bodies.join('\n').includes(TEXT), 'a tool argument or result is in an exported span');
    assert.ok(!otlp.bodies.join('\n').includes('server-own-credential'));
  });
});
