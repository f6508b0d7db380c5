// GET /mcp/servers over real HTTP, on both engines: a signed-in device (or a gateway:invoke token) reads
// the enabled servers of the MCP inventory, alias and URL only, never a header; a change to the inventory
// shows at once (the answer comes from memory); the alias "servers" cannot be registered, since it would
// shadow this route; and each answer is in the activity, as the device's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startShimFixture, type ShimFixture } from '../helpers/mcp-shim.ts';

const SECRET_HEADER = 'ghp_routedServerSecret1234567890';

eachEngine('GET /mcp/servers', (engine) => {
  describe(`GET /mcp/servers [${engine}]`, () => {
    let f: ShimFixture;
    const ids: Record<string, string> = {};
    before(async () => {
      f = await startShimFixture(engine);
      for (const server of [
        {
          alias: 'github',
          url: 'https://api.githubcopilot.com/mcp/',
          headers: { Authorization: `Bearer ${SECRET_HEADER}` },
        },
        { alias: 'figma', url: 'https://mcp.figma.com/mcp' },
        { alias: 'retired', url: 'https://retired.example.org/mcp', enabled: false },
      ]) {
        const res = await f.admin.post('/api/v1/mcp/servers', server);
        assert.equal(res.status, 201, JSON.stringify(res.body));
        ids[server.alias] = res.body.id;
      }
    });
    after(() => f.close());

    test('the enabled servers, alias and URL only, for a device token in the header or the path and a gateway:invoke token', async () => {
      for (const [path, headers] of [
        ['/mcp/servers', {}],
        [`/d/${f.device.token}/mcp/servers`, { authorization: '' }],
        ['/mcp/servers', { authorization: `Bearer ${f.token}` }],
      ] as const) {
        const res = await f.get(path, headers);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.match(res.headers.get('content-type') ?? '', /application\/json/);
        assert.deepEqual(res.body, {
          servers: [
            { alias: 'figma', url: 'https://mcp.figma.com/mcp' },
            { alias: 'github', url: 'https://api.githubcopilot.com/mcp/' },
          ],
        });
        assert.ok(!JSON.stringify(res.body).includes(SECRET_HEADER), 'never a header');
      }
    });

    test('a change to the inventory shows on the next request', async () => {
      const enabled = await f.admin.request('PATCH', `/api/v1/mcp/servers/${ids.retired}`, { enabled: true });
      assert.equal(enabled.status, 200, JSON.stringify(enabled.body));
      const removed = await f.admin.delete(`/api/v1/mcp/servers/${ids.figma}`);
      assert.ok(removed.status === 204 || removed.status === 200, JSON.stringify(removed.body));
      const res = await f.get('/mcp/servers');
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.servers.map((s: { alias: string }) => s.alias),
        ['github', 'retired'],
      );
    });

    test('"servers" is the Gateway’s own path, not an alias', async () => {
      const res = await f.admin.post('/api/v1/mcp/servers', {
        alias: 'servers',
        url: 'https://x.example.org/mcp',
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, /alias "servers" is a path of the Gateway's own/);
    });

    test('each answer is in the activity, as the device’s, with no MCP server of its own', async () => {
      const res = await f.get('/mcp/servers', { 'user-agent': 'gatehouse-client/test' });
      assert.equal(res.status, 200);
      const request = res.headers.get('x-gatehouse-request-id');
      assert.ok(request);
      const deadline = Date.now() + 5_000;
      for (;;) {
        const list: { status: number; body: { activity: any[] } } = await f.admin.get(
          `/api/v1/activity?request_id=${request}`,
        );
        assert.equal(list.status, 200, JSON.stringify(list.body));
        const [record] = list.body.activity;
        if (record) {
          assert.equal(record.operation, 'servers');
          assert.equal(record.outcome, 'allowed');
          assert.equal(record.status, 200);
          assert.equal(record.actor.type, 'developer');
          assert.equal(record.mcp_source, undefined);
          break;
        }
        assert.ok(Date.now() < deadline, `no activity record for request ${request}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    });
  });
});
