// The registries through the management API: every provider family, with the Gateway paths its keys
// serve (the Responses API and embeddings under OpenAI), as the console reads them; every detector.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DETECTORS } from '../../src/policy/detectors/index.ts';
import { PROVIDER_FAMILIES } from '../../src/provider-keys/families.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface FamilyView {
  id: string;
  name: string;
  vendor: string;
  default_base_url: string | null;
  model_noun: string;
  routes: Array<{ method: string; path: string; operation: string }>;
}

eachEngine('provider families', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('GET /api/v1/providers: each family, its default base URL and the paths its keys serve', async () => {
    const res = await admin.get<{ providers: FamilyView[] }>('/api/v1/providers');
    assert.equal(res.status, 200);
    const byId = Object.fromEntries(res.body.providers.map((p) => [p.id, p]));
    assert.deepEqual(Object.keys(byId), [...PROVIDER_FAMILIES]);
    assert.equal(byId.azure!.default_base_url, null);
    assert.equal(byId.azure!.model_noun, 'deployment');
    assert.equal(byId.openai!.default_base_url, 'https://api.openai.com/v1');
    const openai = byId.openai!.routes.map((r) => `${r.method} ${r.path} ${r.operation}`);
    for (const route of [
      'POST /v1/chat/completions chat.completions',
      'POST /v1/responses responses',
      'GET /v1/responses/:id responses.retrieve',
      'DELETE /v1/responses/:id responses.delete',
      'POST /v1/responses/:id/cancel responses.cancel',
      'GET /v1/responses/:id/input_items responses.input_items',
      'POST /v1/embeddings embeddings',
    ])
      assert.ok(openai.includes(route), `missing ${route} in ${openai.join(', ')}`);
    assert.deepEqual(
      byId.gemini!.routes.map((r) => r.operation),
      ['{method}', '{method}'],
    );
  });

  test('GET /api/v1/detectors: each detector of the registry, keyed as in the policy document', async () => {
    const res = await admin.get<{ detectors: Array<{ id: string; label: string; description: string }> }>(
      '/api/v1/detectors',
    );
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.detectors.map((d) => d.id),
      DETECTORS.map((d) => d.id),
    );
    const policy = await admin.get<{ detectors: Record<string, unknown> }>('/api/v1/policy');
    assert.deepEqual(Object.keys(policy.body.detectors).sort(), res.body.detectors.map((d) => d.id).sort());
    for (const d of res.body.detectors) assert.ok(d.label && d.description.length > 20, JSON.stringify(d));
  });
});
