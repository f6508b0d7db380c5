// The Gateway listener as this release has it: public liveness, and a 404 that never echoes the query
// string (a Gemini client may carry its key in ?key=).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { testEngines } from '../helpers/engines.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer(testEngines()[0]!);
});
after(() => server.close());

test('GET /healthz answers without authentication', async () => {
  const res = await fetch(`${server.gatewayUrl}/healthz`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok' });
});

test('an unknown path is a 404 that does not repeat the query string', async () => {
  const res = await fetch(`${server.gatewayUrl}/v1beta/nothing?key=AIzaSyEXAMPLEKEY0123456789`);
  assert.equal(res.status, 404);
  const body = await res.text();
  assert.doesNotMatch(body, /AIzaSy|key=/);
  assert.equal(JSON.parse(body).error.code, 'not_found');
});
