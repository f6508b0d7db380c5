// Two Gateway replicas on one PostgreSQL: sightings recorded on both, of the same rows at the same time,
// add up (upserts, never a lost update); each replica's feed shows the sum without being asked to read
// again (the `slopsquat` notification), and a settings change made on one applies on the other.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { until } from '../helpers/audit-rows.ts';
import { testEngines } from '../helpers/engines.ts';
import { startReplicas } from '../helpers/replicas.ts';
import type { TestServer } from '../helpers/server.ts';
import { signIn } from '../helpers/api-client.ts';
import { FEED, settingsOf, sight } from './observatory-helpers.ts';

async function entryOn(server: TestServer, name: string) {
  const page = (await (await fetch(`${server.gatewayUrl}${FEED}?limit=1000`)).json()) as any;
  return page.entries.find((e: { name: string }) => e.name === name);
}

describe('slopsquat observatory on two replicas', { skip: !testEngines().includes('postgres') }, () => {
  let replicas: TestServer[];
  before(async () => {
    replicas = await startReplicas(2);
  });
  after(async () => {
    for (const r of replicas) await r.close();
  });

  test('the same rows written on both at once add up, and both feeds show the sum', async () => {
    const [one, two] = replicas as [TestServer, TestServer];
    // 200 sightings of one row (same name, developer, family, reason) and one more developer each.
    for (let i = 0; i < 100; i++) {
      sight(one, { name: 'shared-hallucination', dev: 'everyone' });
      sight(two, { name: 'shared-hallucination', dev: 'everyone' });
    }
    sight(one, { name: 'shared-hallucination', dev: 'only-on-one' });
    sight(two, { name: 'shared-hallucination', dev: 'only-on-two' });
    await Promise.all([
      one.gatehouse.services.observatory.drain(),
      two.gatehouse.services.observatory.drain(),
    ]);
    for (const r of replicas)
      await until(
        async () => (await entryOn(r, 'shared-hallucination'))?.count === 202,
        5000,
        'the feed to show the sum',
      );
    const entry = await entryOn(two, 'shared-hallucination');
    assert.equal(entry.developers, 3);
  });

  test('a settings change on one replica applies on the other', async () => {
    const [one, two] = replicas as [TestServer, TestServer];
    const admin = await signIn(one.consoleUrl, one.owner.email, one.owner.password);
    await settingsOf(admin, { k: 4 });
    await until(
      async () => !(await entryOn(two, 'shared-hallucination')),
      5000,
      'the other replica to withhold it',
    );
    await settingsOf(admin, { feed_enabled: false });
    await until(
      async () => (await fetch(`${two.gatewayUrl}${FEED}`)).status === 404,
      5000,
      'the other replica to turn its feed off',
    );
  });
});
