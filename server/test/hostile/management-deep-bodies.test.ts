// The siblings of the Gateway's deep-nesting defect on the management listener (issue 14): every
// route that takes a body, sent one nested 100,000 deep (in a field the schema knows and in one it
// does not) by a signed-in owner, answers a 4xx, never a 500, and the server goes on serving. The
// routes come from the OpenAPI document, so a new one is covered without a change here.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiClient, signIn } from '../helpers/api-client.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { deepArray } from './gateway-lanes.ts';

const DEEP = deepArray(100_000);

eachEngine('hostile: management bodies nested deep', (engine) => {
  let s: TestServer;
  let admin: ApiClient;
  before(async () => {
    s = await startTestServer(engine);
    admin = await signIn(s.consoleUrl, s.owner.email, s.owner.password);
  });
  after(() => s.close());

  test('every route with a body answers a body nested 100,000 deep with a 4xx', async () => {
    const doc = (await new ApiClient(s.consoleUrl).get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.requestBody) continue;
        routes++;
        const url = path.replace(/\{\w+\}/g, `x_${'a'.repeat(20)}`);
        for (const body of [DEEP, `{"name":${DEEP}}`, `{"name":"n","zzz_unknown":${DEEP}}`]) {
          const res = await admin.request(method.toUpperCase(), url, body, { 'if-match': '*' });
          assert.ok(
            res.status >= 400 && res.status < 500,
            `${method.toUpperCase()} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
          );
        }
      }
    }
    assert.ok(routes > 5, `only ${routes} routes with a body in the OpenAPI document`);
    assert.equal((await admin.get('/api/v1/policy')).status, 200, 'the server stopped serving');
  });
});
