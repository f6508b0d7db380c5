// Bad input and bad servers on /mcp/{alias}, each answered with a JSON-RPC error object and the HTTP
// status that says the same: no token, a token without gateway:invoke, an unknown alias, a body that is
// not JSON or not JSON-RPC, an oversized message, and a server that hangs, resets or sends what cannot
// be read, before or in the middle of its stream. Also the 2025-03-26 batch, passed and refused whole.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, test } from 'node:test';
import { createCredential, exchangeToken } from '../helpers/api-client.ts';
import { eachEngine } from '../helpers/engines.ts';
import {
  startMcpFixture,
  startRawServer,
  startSdkMcpServer,
  type McpFixture,
  type SdkMcpServer,
} from '../helpers/mcp.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';

const ACCEPT = 'application/json, text/event-stream';
const CALL = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hi' } },
};

eachEngine('MCP proxy errors', (engine) => {
  let f: McpFixture;
  let upstream: SdkMcpServer;
  const raws: Array<{ close(): Promise<void> }> = [];

  async function raw(alias: string, handler: http.RequestListener) {
    const s = await startRawServer(handler);
    raws.push(s);
    await f.register(alias, s.url);
  }

  before(async () => {
    // Short upstream timeouts, so that a silent server is answered within the test.
    f = await startMcpFixture(engine, {
      env: { GATEHOUSE_UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '400', GATEHOUSE_UPSTREAM_IDLE_TIMEOUT_MS: '400' },
    });
    upstream = await startSdkMcpServer({ enableJsonResponse: true });
    await f.register('tools', upstream.url);
    await raw('hangs', () => {});
    await raw('resets', (req) => req.socket.destroy());
    await raw('cut-mid-stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('id: 1\ndata: \n\n');
      setTimeout(() => res.socket?.destroy(), 50);
    });
    await raw('silent-mid-stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('id: 1\ndata: \n\n');
    });
    await raw('replays-priming', (_req, res) => {
      // What the SDK's server sends on a resumption: the priming event replayed as `{}`, then the answer.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('id: p1\nretry: 50\nevent: message\ndata: {"note": "not a message"}\n\n');
      res.end(
        `id: p2\nevent: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 7, result: { content: [] } })}\n\n`,
      );
    });
    await raw('garbage', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('event: message\ndata: {"jsonrpc": "2.0", "id": 7, "result": {\n\n');
    });
  });
  after(async () => {
    for (const s of raws) await s.close();
    await upstream.close();
    await f.close();
  });

  async function post(alias: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(f.urlOf(alias), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${f.token}`,
        'content-type': 'application/json',
        accept: ACCEPT,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }

  const errorOf = (text: string) =>
    JSON.parse(text) as {
      jsonrpc: string;
      id: unknown;
      error: { code: number; message: string; data: { code: string } };
    };

  test('no token: 401; a token without gateway:invoke: 403; an unknown alias: 404', async () => {
    const none = await fetch(f.urlOf('tools'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify(CALL),
    });
    assert.equal(none.status, 401);
    assert.equal(errorOf(await none.text()).error.data.code, 'missing_token');
    const reader = await createCredential(f.admin, { name: 'reader', scopes: ['audit:read'] });
    const readOnly = (await exchangeToken(f.server.consoleUrl, reader.client_id, reader.client_secret))
      .access_token;
    const scoped = await post('tools', CALL, { authorization: `Bearer ${readOnly}` });
    assert.equal(scoped.status, 403);
    assert.equal(errorOf(scoped.text).error.data.code, 'insufficient_scope');
    const unknown = await post('nowhere', CALL);
    assert.equal(unknown.status, 404);
    const e = errorOf(unknown.text);
    assert.equal(e.jsonrpc, '2.0');
    assert.equal(e.error.data.code, 'mcp_server_unknown');
    assert.match(e.error.message, /"nowhere"/);
  });

  test('the token in any of the Gateway’s header forms; unknown, revoked and path-borne access tokens refused', async () => {
    const list = { jsonrpc: '2.0', id: 3, method: 'ping' };
    for (const name of ['x-api-key', 'api-key', 'x-goog-api-key']) {
      const res = await fetch(f.urlOf('tools'), {
        method: 'POST',
        headers: { [name]: f.token, 'content-type': 'application/json', accept: ACCEPT },
        body: JSON.stringify(list),
      });
      // Past the Gateway: the server's own answer (a ping outside a session is its 400 or an answer).
      assert.notEqual(res.status, 401, name);
      assert.notEqual(res.status, 403, name);
    }
    const unknown = await post('tools', list, { authorization: 'Bearer ghat_not_a_real_token' });
    assert.equal(unknown.status, 401);
    assert.equal(errorOf(unknown.text).error.data.code, 'invalid_token');
    const cred = await createCredential(f.admin, { name: 'short-lived', scopes: ['gateway:invoke'] });
    const token = (await exchangeToken(f.server.consoleUrl, cred.client_id, cred.client_secret)).access_token;
    const revoke = await f.admin.post(`/api/v1/credentials/${cred.id}/revoke`, { confirm: 'short-lived' });
    assert.equal(revoke.status, 200);
    const revoked = await post('tools', list, { authorization: `Bearer ${token}` });
    assert.equal(revoked.status, 401);
    const inPath = await fetch(`${f.server.gatewayUrl}/d/${f.token}/mcp/tools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify(list),
    });
    assert.equal(inPath.status, 401);
    assert.ok(!upstream.seen.some((h) => JSON.stringify(h).includes(f.token)));
  });

  test('malformed JSON-RPC is a 400 saying what is wrong; an oversized message a 413', async () => {
    const notJson = await post('tools', '{"jsonrpc": "2.0", ');
    assert.equal(notJson.status, 400);
    assert.equal(errorOf(notJson.text).error.code, -32700);
    const notRpc = await post('tools', { id: 1, method: 'tools/list' });
    assert.equal(notRpc.status, 400);
    assert.equal(errorOf(notRpc.text).error.code, -32600);
    assert.match(errorOf(notRpc.text).error.message, /"jsonrpc": "2.0"/);
    const empty = await post('tools', []);
    assert.equal(empty.status, 400);
    const deep = await post('tools', `${'['.repeat(300)}${']'.repeat(300)}`);
    assert.equal(deep.status, 400);
    assert.match(errorOf(deep.text).error.message, /nested deeper/);
    const big = await post('tools', {
      ...CALL,
      params: { name: 'echo', arguments: { text: 'x'.repeat(9 * 1024 * 1024) } },
    });
    assert.equal(big.status, 413);
    assert.equal(errorOf(big.text).error.data.code, 'request_too_large');
    // The record is written after the answer, through the batching writer.
    for (const deadline = Date.now() + 5_000; ;) {
      const records = await f.activity(1, 'mcp_server=tools&outcome=gateway_error');
      if (records.some((r) => r.error_code === 'request_too_large')) break;
      if (Date.now() > deadline) throw new Error('no record of the oversized message');
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  test('a server that hangs is a 504, one that resets a 502', async () => {
    const hung = await post('hangs', CALL);
    assert.equal(hung.status, 504);
    assert.equal(errorOf(hung.text).error.data.code, 'upstream_timeout');
    assert.equal(errorOf(hung.text).id, 7);
    const reset = await post('resets', CALL);
    assert.equal(reset.status, 502);
    assert.equal(errorOf(reset.text).error.data.code, 'upstream_unreachable');
    const [record] = await f.activity(1, 'mcp_server=hangs');
    assert.equal(record!.outcome, 'upstream_error');
  });

  test('a stream that breaks off, goes silent or cannot be read ends with an error for the owed request', async () => {
    for (const [alias, code] of [
      ['cut-mid-stream', 'upstream_interrupted'],
      ['silent-mid-stream', 'upstream_interrupted'],
      ['garbage', 'upstream_invalid'],
    ] as const) {
      const res = await post(alias, CALL);
      assert.equal(res.status, 200);
      assert.match(res.type!, /text\/event-stream/);
      const events = res.text.split('\n\n').filter((e) => e.includes('data: {'));
      assert.equal(events.length, 1, `${alias}: ${res.text}`);
      const data = JSON.parse(events[0]!.slice(events[0]!.indexOf('data: ') + 6)) as ReturnType<
        typeof errorOf
      >;
      assert.equal(data.id, 7);
      assert.equal(data.error.data.code, code, alias);
      assert.ok(!res.text.includes('"result": {'), 'nothing unread went on');
    }
  });

  test('an event of JSON that is no message (a replayed priming event) goes on emptied, keeping its id, and the stream goes on', async () => {
    const res = await post('replays-priming', CALL);
    assert.equal(res.status, 200);
    const [priming, answer] = res.text.split('\n\n');
    assert.equal(priming, 'id: p1\nretry: 50\nevent: message\ndata: ');
    assert.ok(!res.text.includes('not a message'), 'the event’s data did not go on');
    assert.match(answer!, /^id: p2\n/);
    assert.deepEqual(JSON.parse(answer!.slice(answer!.indexOf('data: ') + 6)), {
      jsonrpc: '2.0',
      id: 7,
      result: { content: [] },
    });
  });

  test('a 2025-03-26 batch passes through, and is refused whole when one of its calls is blocked', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    const init = await post('tools', {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    assert.equal(init.status, 200);
    const session = upstream.sessions.keys().next().value as string;
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-03-26' };
    await post('tools', { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
    const batch = await post('tools', [{ jsonrpc: '2.0', id: 2, method: 'tools/list' }, CALL], headers);
    assert.equal(batch.status, 200);
    const answers = JSON.parse(batch.text) as Array<{
      id: number;
      result?: { tools?: unknown[]; content?: unknown };
    }>;
    assert.deepEqual(answers.map((a) => a.id).sort(), [2, 7]);
    assert.deepEqual(answers.find((a) => a.id === 7)!.result!.content, [{ type: 'text', text: 'hi' }]);
    const secret = { ...CALL, id: 8, params: { name: 'echo', arguments: { text: 'AKIAQ7Z3HXVRMTY2PLWE' } } };
    const refused = await post('tools', [{ jsonrpc: '2.0', id: 9, method: 'tools/list' }, secret], headers);
    const errors = JSON.parse(refused.text) as Array<ReturnType<typeof errorOf>>;
    assert.deepEqual(
      errors.map((e) => [e.id, e.error.data.code]),
      [
        [9, 'batch_refused'],
        [8, 'policy_blocked'],
      ],
    );
    assert.ok(!upstream.calls.some((c) => JSON.stringify(c.args).includes('AKIA')));
  });
});
