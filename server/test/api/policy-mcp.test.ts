// The policy's mcp section through the API: a document without it stays valid and means the defaults;
// one with part of it is filled in with the defaults and rebuilt in a fixed order (so sending it back is
// no change); it is versioned and diffed like the rest, its settings' values kept in the audit event;
// bad sections are a 400 naming the field; and the governor uses the section in force.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, signIn, type ApiClient } from '../helpers/api-client.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';
import { DEFAULT_MCP_POLICY, mcpPolicyOf } from '../../src/policy/mcp-policy.ts';

const PATH = '/api/v1/policy';

eachEngine('policy mcp section', (engine) => {
  let server: TestServer;
  let admin: ApiClient;

  const put = async (body: unknown) => {
    const etag = (await admin.get(PATH)).headers.get('etag')!;
    return admin.request('PUT', PATH, body, { 'if-match': etag });
  };

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('without the section the document is as before and the defaults are in force', async () => {
    const got = await admin.get(PATH);
    assert.equal(got.status, 200);
    assert.equal('mcp' in got.body, false);
    assert.deepEqual(mcpPolicyOf(server.gatehouse.services.policy.current().document), DEFAULT_MCP_POLICY);
    assert.deepEqual(DEFAULT_MCP_POLICY, {
      pinning: 'enforce',
      pinning_mode: 'trust_first',
      default: 'allow',
      servers: {},
      commands: {},
      scan_arguments: true,
      scan_results: true,
      offline: 'block',
    });
  });

  test('a partial section is filled in, rebuilt in order, versioned, diffed and audited', async () => {
    const res = await put({
      ...DEFAULT_POLICY,
      mcp: {
        pinning: 'monitor',
        servers: { github: { tools: { 'delete_*': 'block', create_issue: 'allow' }, action: 'allow' } },
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(
      JSON.stringify(res.body.mcp),
      JSON.stringify({
        pinning: 'monitor',
        pinning_mode: 'trust_first',
        default: 'allow',
        servers: { github: { action: 'allow', tools: { create_issue: 'allow', 'delete_*': 'block' } } },
        commands: {},
        scan_arguments: true,
        scan_results: true,
        offline: 'block',
      }),
    );
    const version = server.gatehouse.services.policy.current().version;
    // Sent back as read: no change, no version.
    const again = await put(res.body);
    assert.equal(again.status, 200);
    assert.equal(server.gatehouse.services.policy.current().version, version);

    const changed = await put({
      ...res.body,
      mcp: { ...res.body.mcp, pinning: 'enforce', default: 'block' },
    });
    assert.equal(changed.status, 200);
    const history = await admin.get(`${PATH}/versions/${version + 1}`);
    assert.deepEqual(history.body.changes.map((c: { path: string }) => c.path).sort(), [
      '/mcp/default',
      '/mcp/pinning',
    ]);
    const evt = (await auditEvents(admin, { action: 'policy.changed' })).at(-1)!;
    assert.deepEqual(
      (evt.details.changes as Array<Record<string, unknown>>).find((c) => c.path === '/mcp/pinning'),
      { op: 'replace', path: '/mcp/pinning', before: 'monitor', after: 'enforce' },
    );
    assert.equal(mcpPolicyOf(server.gatehouse.services.policy.current().document).default, 'block');
  });

  test('a bad section is a 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ pinning: 'strict' }, /pinning/],
      [{ pinning_mode: 'sometimes' }, /pinning_mode/],
      [{ default: 'maybe' }, /default/],
      [{ servers: { 'bad alias!': { tools: {} } } }, /servers/],
      [{ servers: { github: { tools: { 'rm -rf': 'block' } } } }, /tools/],
      [
        { servers: { github: { tools: { '**': 'block' } } } },
        /mcp\.servers\.github\.tools: "\*\*" matches every tool/,
      ],
      [{ servers: { github: { action: 'allow', extra: 1 } } }, /extra/],
      [{ unknown: true }, /unknown/],
      [{ scan_results: 'yes please' }, /scan_results/],
    ];
    for (const [mcp, message] of cases) {
      const res = await put({ ...DEFAULT_POLICY, mcp });
      assert.equal(res.status, 400, `${JSON.stringify(mcp)}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
    }
  });
});
