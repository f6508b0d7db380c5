// The official SDK on both ends of /mcp/{alias}: its Client with StreamableHTTPClientTransport through
// the Gateway to its McpServer on a real port, on each protocol version the proxy passes: initialize,
// tools, resources, prompts, progress notifications, a server-initiated elicitation over the GET stream,
// the session's end, and (2025-11-25, whose streams are resumable) resumption with Last-Event-ID.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import {
  connectClient,
  ENV_SECRET,
  startMcpFixture,
  startSdkMcpServer,
  type McpFixture,
  type SdkMcpServer,
} from '../helpers/mcp.ts';

const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];

eachEngine('MCP proxy with the SDK on both ends', (engine) => {
  let f: McpFixture;
  let upstream: SdkMcpServer;
  let jsonUpstream: SdkMcpServer;

  before(async () => {
    f = await startMcpFixture(engine);
    upstream = await startSdkMcpServer();
    jsonUpstream = await startSdkMcpServer({ enableJsonResponse: true });
    await f.register('tools', upstream.url, {
      Authorization: 'Bearer server-own-credential',
      'X-Team': 'platform',
    });
    await f.register('json-tools', jsonUpstream.url, { Authorization: 'Bearer server-own-credential' });
  });
  after(async () => {
    await upstream.close();
    await jsonUpstream.close();
    await f.close();
  });

  for (const version of VERSIONS) {
    for (const alias of ['tools', 'json-tools']) {
      describe(`protocol ${version}, answers as ${alias === 'tools' ? 'SSE' : 'JSON'}`, () => {
        test('initialize, tools, resources, prompts and progress pass through', async () => {
          const { client, transport } = await connectClient(f.urlOf(alias), {
            headers: { authorization: `Bearer ${f.token}` },
            protocolVersion: version,
          });
          try {
            assert.equal(transport.protocolVersion, version);
            assert.ok(transport.sessionId, 'the server’s Mcp-Session-Id reached the client');
            const tools = await client.listTools();
            assert.deepEqual(tools.tools.map((t) => t.name).sort(), [
              'count',
              'delete_all',
              'echo',
              'interrupted',
              'read_env',
            ]);
            const echoed = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
            assert.deepEqual(echoed.content, [{ type: 'text', text: 'hello' }]);
            const resource = await client.readResource({ uri: 'config://app' });
            assert.equal((resource.contents[0] as { text: string }).text, 'mode=production');
            const prompt = await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
            assert.deepEqual(prompt.messages[0]!.content, { type: 'text', text: 'Say hello to Ada.' });
            const progress: number[] = [];
            const counted = await client.callTool({ name: 'count', arguments: { n: 3 } }, undefined, {
              onprogress: (p) => progress.push(p.progress),
            });
            assert.deepEqual(counted.content, [{ type: 'text', text: 'counted to 3' }]);
            // A JSON answer carries no notifications; a stream carries each as it comes.
            assert.deepEqual(progress, alias === 'tools' ? [1, 2, 3] : []);
            // The server saw the transport's headers and its own credential, never the caller's token.
            const last = (alias === 'tools' ? upstream : jsonUpstream).seen.at(-1)!;
            assert.equal(last['mcp-protocol-version'], version);
            assert.equal(last['mcp-session-id'], transport.sessionId);
            assert.equal(last.authorization, 'Bearer server-own-credential');
            for (const h of (alias === 'tools' ? upstream : jsonUpstream).seen)
              assert.ok(!JSON.stringify(h).includes(f.token), 'the caller’s token never reaches the server');
          } finally {
            await transport.terminateSession();
            await client.close();
          }
        });
      });
    }
  }

  test('a server-initiated elicitation reaches the client over the GET stream, and its answer the server', async () => {
    const { client, transport } = await connectClient(f.urlOf('tools'), {
      headers: { 'x-api-key': f.token },
      onElicit: (message) => ({ confirmed: message === 'Deploy now?' }),
    });
    try {
      await client.listTools();
      const session = upstream.sessions.get(transport.sessionId!)!;
      // Wait for the client's GET stream to be open at the server (the SDK opens it after initialized).
      const deadline = Date.now() + 5_000;
      while (
        !upstream.seen.some(
          (h) => h['mcp-session-id'] === transport.sessionId && h.accept === 'text/event-stream',
        )
      ) {
        if (Date.now() > deadline) throw new Error('the client opened no GET stream');
        await new Promise((r) => setTimeout(r, 20));
      }
      const answer = await session.server.server.elicitInput({
        message: 'Deploy now?',
        requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean' } } },
      });
      assert.deepEqual(answer, { action: 'accept', content: { confirmed: true } });
      assert.equal(upstream.seen.find((h) => h.accept === 'text/event-stream')!['x-team'], 'platform');
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  test('a server’s GET stream is open for the client at once, before the server has anything to send', async () => {
    const headers = {
      authorization: `Bearer ${f.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    };
    const init = await fetch(f.urlOf('json-tools'), {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    });
    assert.equal(init.status, 200);
    await init.body?.cancel();
    const sid = init.headers.get('mcp-session-id')!;
    const initialized = await fetch(f.urlOf('json-tools'), {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': sid },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    assert.equal(initialized.status, 202);
    const stop = new AbortController();
    try {
      // The SDK's server writes the stream's headers at once and then stays silent: so must the Gateway.
      const opened = await Promise.race([
        fetch(f.urlOf('json-tools'), {
          headers: { ...headers, accept: 'text/event-stream', 'mcp-session-id': sid },
          signal: stop.signal,
        }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
      ]);
      assert.ok(opened, 'the GET stream’s headers reached the client');
      assert.equal(opened.status, 200);
      assert.match(opened.headers.get('content-type')!, /text\/event-stream/);
    } finally {
      stop.abort();
      await fetch(f.urlOf('json-tools'), {
        method: 'DELETE',
        headers: { ...headers, 'mcp-session-id': sid },
      });
    }
  });

  test('DELETE ends the session at the server', async () => {
    const { client, transport } = await connectClient(f.urlOf('tools'), {
      headers: { authorization: `Bearer ${f.token}` },
    });
    const sid = transport.sessionId!;
    assert.ok(upstream.sessions.has(sid));
    await transport.terminateSession();
    assert.equal(upstream.sessions.has(sid), false);
    await client.close();
    // The next use of the ended session is the server's 404, passed on.
    const res = await fetch(f.urlOf('tools'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${f.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sid,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    assert.equal(res.status, 404);
    const records = await f.activity(1, 'mcp_server=tools&outcome=upstream_error');
    assert.ok(records.some((r) => r.mcp_method === 'tools/list' && r.status === 404));
  });

  test('a stream closed before its answer is resumed with Last-Event-ID, and the replayed result is governed', async () => {
    const { client, transport } = await connectClient(f.urlOf('tools'), {
      headers: { authorization: `Bearer ${f.token}` },
    });
    try {
      const result = await client.callTool({ name: 'interrupted', arguments: {} });
      // The result came back on the GET that resumed the stream, and was read there too: the default
      // policy redacts the secret in it.
      assert.deepEqual(result.content, [
        { type: 'text', text: 'resumed; the key is [REDACTED:aws-access-key]' },
      ]);
      assert.ok(!JSON.stringify(result).includes(ENV_SECRET));
      assert.ok(
        upstream.seen.some((h) => h['last-event-id'] && h['mcp-session-id'] === transport.sessionId),
        'the client resumed with Last-Event-ID through the Gateway',
      );
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  test('every call is in the activity, with server, method, tool, caller and latency', async () => {
    const { client, transport } = await connectClient(f.urlOf('tools'), {
      headers: { authorization: `Bearer ${f.token}` },
    });
    await client.callTool({ name: 'echo', arguments: { text: 'recorded' } });
    await transport.terminateSession();
    await client.close();
    const calls = await f.activity(1, 'mcp_server=tools&mcp_tool=echo');
    const call = calls.at(-1)!;
    assert.equal(call.mcp_method, 'tools/call');
    assert.equal(call.operation, 'tools/call');
    assert.equal(call.outcome, 'allowed');
    assert.equal(call.actor?.id, f.credentialId);
    assert.equal(call.provider, null);
    assert.ok(call.latency_ms >= 0);
    const all = await f.activity(1, 'mcp_server=tools');
    for (const m of ['initialize', 'notifications/initialized', 'tools/call', 'stream', 'session.end'])
      assert.ok(
        all.some((r) => r.operation === m),
        `a record of ${m}`,
      );
  });
});
