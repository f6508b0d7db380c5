// GET /api/v1/gateway/status: the in-process Gateway's per-provider health for the console's overview,
// with audit:read: the same figures its own GET /v1/status gives a gateway:invoke token, from real
// requests to the mock providers; and a console-only process saying the Gateway runs elsewhere.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, MODELS, type GatewayFixture } from '../helpers/gateway.ts';
import { startTestServer } from '../helpers/server.ts';
import { ApiClient, signIn } from '../helpers/api-client.ts';

interface Health {
  provider: string;
  status: string;
  requests: number;
  error_rate: number;
  last_error: { status: number | null; reason: string; at: string } | null;
}

async function chat(f: GatewayFixture, fault?: string): Promise<number> {
  const res = await fetch(`${f.gatewayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${f.token}`,
      'content-type': 'application/json',
      ...(fault ? { 'x-mock-fault': fault } : {}),
    },
    body: JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }),
  });
  await res.body?.cancel();
  return res.status;
}

eachEngine('GET /api/v1/gateway/status', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine);
  });
  after(() => f.close());

  test('reports the Gateway’s own figures per provider, to an audit:read token', async () => {
    assert.equal(await chat(f), 200);
    assert.equal(await chat(f, '500'), 500);
    const reader = new ApiClient(f.server.consoleUrl, { authorization: `Bearer ${f.readOnlyToken}` });
    const res = await reader.get<{ gateway: string; providers: Health[] }>('/api/v1/gateway/status');
    assert.equal(res.status, 200);
    assert.equal(res.body.gateway, 'in_process');
    const byName = Object.fromEntries(res.body.providers.map((p) => [p.provider, p]));
    assert.deepEqual(Object.keys(byName).sort(), ['anthropic', 'azure', 'gemini', 'openai']);
    assert.equal(byName.openai!.requests, 2);
    assert.equal(byName.openai!.error_rate, 0.5);
    assert.equal(byName.openai!.status, 'down');
    assert.equal(byName.openai!.last_error?.status, 500);
    assert.equal(byName.gemini!.status, 'unknown');

    const direct = await fetch(`${f.gatewayUrl}/v1/status`, {
      headers: { authorization: `Bearer ${f.token}` },
    });
    const own = (await direct.json()) as { providers: Health[] };
    assert.deepEqual(
      res.body.providers.map((p) => [p.provider, p.status, p.requests, p.error_rate]),
      own.providers.map((p) => [p.provider, p.status, p.requests, p.error_rate]),
      'the same figures as the Gateway’s GET /v1/status',
    );
  });

  test('an admin session (a viewer is enough) reads it in the console', async () => {
    const admin = await signIn(f.server.consoleUrl, f.server.owner.email, f.server.owner.password);
    const res = await admin.get<{ gateway: string }>('/api/v1/gateway/status');
    assert.equal(res.status, 200);
    assert.equal(res.body.gateway, 'in_process');
  });
});

eachEngine('GET /api/v1/gateway/status on a console-only process', (engine) => {
  // The split roles share their state through PostgreSQL only.
  const skip = engine === 'sqlite' ? 'GATEHOUSE_ROLE=console needs PostgreSQL' : false;
  test('says the Gateway runs apart, with no provider guessed at', { skip }, async () => {
    const server = await startTestServer(engine, { env: { GATEHOUSE_ROLE: 'console' } });
    try {
      const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
      const res = await admin.get<{ gateway: string; providers: unknown[] }>('/api/v1/gateway/status');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { gateway: 'separate', providers: [] });
    } finally {
      await server.close();
    }
  });
});
