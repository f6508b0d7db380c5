// The API reference: an OpenAPI 3.1 document generated from the route schemas, valid by a real
// OpenAPI parser, naming every operation and who may call it; and the readable page at /api/docs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { testEngines } from '../helpers/engines.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer(testEngines()[0]!);
});
after(() => server.close());

test('GET /api/openapi.json is a valid OpenAPI 3.1 document', async () => {
  const res = await fetch(`${server.consoleUrl}/api/openapi.json`);
  assert.equal(res.status, 200);
  const doc = (await res.json()) as any;
  assert.equal(doc.openapi, '3.1.0');
  await SwaggerParser.validate(structuredClone(doc));

  const ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
  assert.ok(ops.length >= 10);
  const ids = new Set<string>();
  for (const { name, op } of ops) {
    assert.ok(op.operationId, `${name} has an operationId`);
    assert.ok(!ids.has(op.operationId), `${name}: operationId ${op.operationId} is unique`);
    ids.add(op.operationId);
    assert.ok(Array.isArray(op.security), `${name} states who may call it`);
    assert.match(op.description, /Who may call it/);
  }
  const audit = doc.paths['/api/v1/audit/events'].get;
  assert.deepEqual(audit.security, [{ oauth2: ['audit:read'] }, { session: [] }]);
  assert.deepEqual(doc.paths['/api/v1/credentials'].post.security, [{ session: [] }]);
  assert.ok(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes['gateway:invoke']);
});

test('GET /api/docs serves the readable reference', async () => {
  const res = await fetch(`${server.consoleUrl}/api/docs/`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type')!, /text\/html/);
  assert.match(await res.text(), /swagger/i);
});
