// The security rows of POST /mcp/observations, POST /mcp/decide and GET /mcp/servers, on both engines,
// over real HTTP:
// each route refuses a missing, unknown, malformed or expired token, a revoked credential's token, one
// without gateway:invoke, a revoked device's and an ended session's device token, before reading the
// body; and accepts a device token (in the header or the path) and a gateway:invoke access token. The
// Gateway's OpenAPI document describes the three routes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createCredential, exchangeToken } from '../helpers/api-client.ts';
import { addDevice } from '../helpers/devices.ts';
import { eachEngine } from '../helpers/engines.ts';
import { localServer, startShimFixture, type ShimFixture } from '../helpers/mcp-shim.ts';

const server = localServer('security', 'npx', ['security-mcp']);
const ROUTES: { path: string; body?: unknown }[] = [
  { path: '/mcp/observations', body: { server, tools: [] } },
  { path: '/mcp/decide', body: { server, phase: 'call', tool: 'read_file', arguments: {} } },
  // No body: a GET.
  { path: '/mcp/servers' },
];

eachEngine('MCP shim route security', (engine) => {
  describe(`MCP shim route security [${engine}]`, () => {
    let f: ShimFixture;
    const refused: Array<{ why: string; headers: Record<string, string>; status: number; code: string }> = [];

    before(async () => {
      f = await startShimFixture(engine);
      const s = f.server;
      const revoked = await createCredential(f.admin, { name: 'shim-revoked', scopes: ['gateway:invoke'] });
      const revokedToken = (await exchangeToken(s.consoleUrl, revoked.client_id, revoked.client_secret))
        .access_token;
      const r = await f.admin.post(`/api/v1/credentials/${revoked.id}/revoke`, { confirm: revoked.name });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const codec = s.gatehouse.services.tokens;
      const expired = codec.issue({ ...codec.read(f.token)!, expiresAt: Math.floor(Date.now() / 1000) - 1 });
      const gone = await addDevice(s, f.device.developerId, f.device.email);
      const rev = await f.admin.post(`/api/v1/devices/${gone.deviceId}/revoke`, {});
      assert.equal(rev.status, 200, JSON.stringify(rev.body));
      const ended = await addDevice(s, f.device.developerId, f.device.email, {
        sessionExpiresAt: Date.now() - 60_000,
        tokenExpiresAt: Date.now() + 3600_000,
      });
      const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
      refused.push(
        { why: 'no token', headers: { authorization: '' }, status: 401, code: 'missing_token' },
        {
          why: 'an unknown token',
          headers: bearer('sk-not-a-gatehouse-token'),
          status: 401,
          code: 'invalid_token',
        },
        {
          why: 'a malformed device token',
          headers: bearer('ghdt_nonsense'),
          status: 401,
          code: 'invalid_token',
        },
        { why: 'an expired token', headers: bearer(expired), status: 401, code: 'invalid_token' },
        {
          why: 'a revoked credential’s token',
          headers: bearer(revokedToken),
          status: 401,
          code: 'invalid_token',
        },
        {
          why: 'a token without gateway:invoke',
          headers: bearer(f.readOnlyToken),
          status: 403,
          code: 'insufficient_scope',
        },
        { why: 'a revoked device’s token', headers: bearer(gone.token), status: 401, code: 'device_revoked' },
        {
          why: 'an ended session’s device token',
          headers: bearer(ended.token),
          status: 401,
          code: 'session_expired',
        },
      );
    });
    after(() => f.close());

    /** The route's request: its body POSTed, or a GET (with the same headers) when it takes none. */
    const send = (
      route: (typeof ROUTES)[number],
      path: string,
      body: unknown,
      headers: Record<string, string>,
    ) => (route.body === undefined ? f.get(path, headers) : f.post(path, body, headers));

    for (const route of ROUTES) {
      test(`${route.path} refuses every caller the Gateway refuses, before it reads the body`, async () => {
        for (const r of refused) {
          // A body that would be a 400: the refusal comes first.
          for (const body of [route.body, '{"not json']) {
            const res = await send(route, route.path, body, r.headers);
            assert.equal(res.status, r.status, `${r.why}: ${JSON.stringify(res.body)}`);
            assert.equal(res.body.error.code, r.code, r.why);
            assert.equal(typeof res.body.error.message, 'string');
            assert.ok(res.body.error.message.length > 20, r.why);
            const challenge = res.headers.get('www-authenticate');
            if (r.status === 401) assert.match(challenge ?? '', /error="invalid_token"/, r.why);
            else assert.match(challenge ?? '', /error="insufficient_scope"/, r.why);
          }
        }
      });

      test(`${route.path} takes a device token in the header or the path, and a gateway:invoke token`, async () => {
        for (const [path, headers] of [
          [route.path, {}],
          [`/d/${f.device.token}${route.path}`, { authorization: '' }],
          [route.path, { authorization: '', 'x-api-key': f.token }],
        ] as const) {
          const res = await send(route, path, route.body, headers);
          assert.equal(res.status, 200, `${path.slice(0, 12)}: ${JSON.stringify(res.body)}`);
        }
      });
    }

    test('the Gateway’s OpenAPI document describes the three routes with their bodies and answers', async () => {
      const res = await fetch(`${f.server.gatewayUrl}/openapi.json`);
      assert.equal(res.status, 200);
      const doc = (await res.json()) as any;
      assert.equal(doc.openapi, '3.1.0');
      const observe = doc.paths['/mcp/observations'].post;
      const decide = doc.paths['/mcp/decide'].post;
      assert.equal(observe.operationId, 'observeLocalMcpServer');
      assert.equal(decide.operationId, 'decideLocalMcpCall');
      const body = decide.requestBody.content['application/json'].schema;
      assert.deepEqual(body.required.sort(), ['phase', 'server', 'tool']);
      assert.ok(decide.responses['200'].content['application/json'].schema.properties.cacheable);
      assert.ok(observe.responses['200'].content['application/json'].schema.properties.tools);
      assert.ok(decide.responses['401']);
      const servers = doc.paths['/mcp/servers'].get;
      assert.equal(servers.operationId, 'listRoutedMcpServers');
      const item = servers.responses['200'].content['application/json'].schema.properties.servers.items;
      assert.deepEqual(Object.keys(item.properties).sort(), ['alias', 'url'], 'never the headers');
      assert.ok(servers.responses['401'] && servers.responses['403']);
      // The providers' routes are theirs to document; /mcp/{alias} is the MCP transport.
      assert.equal(doc.paths['/v1/messages'], undefined);
    });
  });
});
