// The console's page as the server delivers it: every /console path is the app (the router decides),
// under a strict policy with a fresh nonce, its assets cached for good; and the typed API client's
// types are those of the OpenAPI document the server publishes today.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { testEngines } from '../helpers/engines.ts';
import { API_TYPES_FILE, renderApiTypes } from '../../../console/scripts/api-types.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer(testEngines()[0]!);
});
after(() => server.close());

test('every /console path serves the app under a strict Content-Security-Policy', async () => {
  const nonces = new Set<string>();
  const paths = [
    '/console',
    '/console/',
    '/console/credentials',
    '/console/provider-keys',
    '/console/activity',
    '/console/risk',
    '/console/policy',
    '/console/audit',
    '/console/people',
    '/console/devices',
    '/console/setup',
    '/console/accept',
    '/console/device',
  ];
  for (const path of paths) {
    const res = await fetch(`${server.consoleUrl}${path}`);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type')!, /^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await res.text();
    assert.ok(html.includes(`nonce="${nonce}"`), 'the page carries the nonce of its policy');
    assert.doesNotMatch(html, /GATEHOUSE_CSP_NONCE/);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    nonces.add(nonce);
  }
  assert.equal(nonces.size, paths.length, 'a fresh nonce per response');
});

test('assets are served with long caching; a missing asset is a 404, not the app', async () => {
  const html = await (await fetch(`${server.consoleUrl}/console/`)).text();
  const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const res = await fetch(`${server.consoleUrl}${script}`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type')!, /javascript/);
  assert.match(res.headers.get('cache-control')!, /immutable/);
  assert.equal((await fetch(`${server.consoleUrl}/console/assets/missing.js`)).status, 404);
});

test('the console API types match the OpenAPI document (npm run api:generate -w console)', async () => {
  const doc = await (await fetch(`${server.consoleUrl}/api/openapi.json`)).json();
  assert.equal(
    fs.readFileSync(API_TYPES_FILE, 'utf8'),
    await renderApiTypes(doc),
    'console/src/api/schema.d.ts is out of date: run npm run api:generate -w console',
  );
});
