// U+0000 in a string a client sends: PostgreSQL's text cannot hold it, and a credential named with one
// answered 500 there (found by the fuzzer, seed 20261125, request 48061); a Gateway request naming a
// model with one failed the activity batch it was written in. Every engine now takes it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

eachEngine('U+0000 in a stored string', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('a credential named with a NUL is created, and read back with U+FFFD in its place on PostgreSQL', async () => {
    const res = await admin.post('/api/v1/credentials', { name: 'ci\u0000deploy', scopes: ['audit:read'] });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const read = await admin.get(`/api/v1/credentials/${res.body.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.name, engine === 'postgres' ? 'ci\ufffddeploy' : 'ci\u0000deploy');
    const events = await admin.get('/api/v1/audit/events?action=credential.created');
    assert.equal(events.status, 200);
    assert.ok(
      events.body.events.some((e: any) => e.target?.id === res.body.id),
      'the change is audited',
    );
  });
});

eachEngine('U+0000 in what the Gateway records', (engine) => {
  let fx: GatewayFixture;
  before(async () => {
    fx = await startGatewayFixture(engine);
  });
  after(() => fx.close());

  test('a request naming a model with a NUL is answered and recorded', async () => {
    const res = await fetch(`${fx.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o\u0000-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    assert.ok(res.status < 500, `${res.status}`);
    await res.arrayBuffer();
    const record = await fx.activityOf(res.headers.get('x-gatehouse-request-id'));
    // Served from the record's stored JSON, where the character is escaped, so it is kept on both engines.
    assert.equal(record.model, 'gpt-4o\u0000-mini');
  });
});
