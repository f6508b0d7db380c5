// The public feed's rate limit per client address: a burst of 120, then 429 with Retry-After and a
// message that says what to do; another address is served meanwhile, and an IPv6 /64 is one address.
// The server believes X-Forwarded-For from 127.0.0.1 here, so that the test can speak from chosen
// addresses (as a deployment behind a load balancer does).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { OBSERVATORY_RATION } from '../../src/gateway/observatory-routes.ts';
import { FEED } from './observatory-helpers.ts';

eachEngine('slopsquat observatory rate limit', (engine) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(engine, { env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } });
  });
  after(() => server.close());

  const from = (ip: string, headers: Record<string, string> = {}) =>
    fetch(`${server.gatewayUrl}${FEED}?limit=1`, { headers: { 'x-forwarded-for': ip, ...headers } });

  test('past its burst an address gets 429 with Retry-After; another address is served', async () => {
    const burst = OBSERVATORY_RATION.burst;
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < burst + 30; i++) {
      const res = await from('203.0.113.7');
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
      else await res.arrayBuffer();
    }
    assert.deepEqual(statuses.slice(0, burst), Array(burst).fill(200));
    // Refilled at two a second: a few more may pass while the loop runs (a slow machine), not thirty.
    assert.ok(statuses.slice(burst).includes(429), JSON.stringify(statuses.slice(burst)));
    assert.ok(refused);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
    const body = (await refused.json()) as any;
    assert.equal(body.error.code, 'rate_limited');
    assert.match(body.error.message, /too many requests .* retry in \d+ s/i);
    // A 304 is a request too: the limit holds whatever is asked.
    assert.equal((await from('203.0.113.7', { 'if-none-match': '*' })).status, 429);
    assert.equal((await from('203.0.113.8')).status, 200);
  });

  test('an IPv6 /64 counts as one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < OBSERVATORY_RATION.burst + 30; i++) {
      const res = await from(`2001:db8:1:2::${(i + 1).toString(16)}`);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    assert.ok(statuses.includes(429));
    assert.equal((await from('2001:db8:1:3::1')).status, 200);
  });
});
