// The observatory asks the public registry, again after a while, whether a name models invented has been
// registered since: a name that appears in its registry gets `registered_since` (its first publication
// day) in the names view and the feed, without anyone installing it again. A name is left alone for
// RECHECK_MS after any replica asked (the time is kept in the store); an unreachable registry is asked
// again next round.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { startFakeRegistries, type FakeRegistries } from '../helpers/fake-registries.ts';
import { FEED, settingsOf, settle, sight } from './observatory-helpers.ts';
import { RECHECK_MS } from '../../src/slopsquat/observatory/registration-check.ts';

const NAME = 'fastapi-turbo-auth';

eachEngine('slopsquat observatory: invented names registered since', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  /** A registry that is down, the registry as it was when the name was invented, and a mirror of it a
   * few days later (each its own address: the lookup forgets a replaced registry's answers). */
  let down: FakeRegistries;
  let before_: FakeRegistries;
  let later: FakeRegistries;
  before(async () => {
    down = await startFakeRegistries({ seed: false });
    down.configure('pypi', { unavailable: {} });
    before_ = await startFakeRegistries({ seed: false });
    later = await startFakeRegistries({ seed: false });
    later.set('pypi', NAME, { created: '2026-11-20T09:30:00Z' });
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    for (const dev of ['a', 'b', 'c']) sight(server, { ecosystem: 'pypi', name: NAME, dev });
    await settle(server);
  });
  after(async () => {
    await server.close();
    await down.close();
    await before_.close();
    await later.close();
  });

  const observatory = () => server.gatehouse.services.observatory;
  const checkedAt = async () =>
    (
      await server.gatehouse.services.store.db
        .selectFrom('slopsquat_names')
        .select(['public_checked_at', 'registered_since'])
        .where('ecosystem', '=', 'pypi')
        .where('name', '=', NAME)
        .executeTakeFirst()
    )?.public_checked_at ?? null;
  const shown = async () =>
    (await admin.get('/api/v1/slopsquat/names?ecosystem=pypi&limit=1000')).body.names.find(
      (n: { name: string }) => n.name === NAME,
    );

  test('an unreachable registry leaves the name unasked: the next round asks again', async () => {
    await settingsOf(admin, { registries: { pypi: down.urls.pypi } });
    await observatory().checkRegistrations();
    assert.equal(await checkedAt(), null);
    assert.ok(
      down.requests.some((r) => r.path.includes(NAME)),
      'the registry was asked',
    );
  });

  test('still missing: the asking is kept, and the name is left alone until RECHECK_MS has passed', async () => {
    const start = Date.now();
    await settingsOf(admin, { registries: { pypi: before_.urls.pypi } });
    // The settings change starts a round of its own; either asks, and the asking is kept.
    const t0 = Date.now();
    await observatory().checkRegistrations(t0);
    const checked = Number(await checkedAt());
    assert.ok(checked >= start && checked <= t0, `${start} <= ${checked} <= ${t0}`);
    await observatory().refresh();
    assert.equal((await shown()).registered_since, null);
    const asked = before_.requests.length;
    await observatory().checkRegistrations(checked + RECHECK_MS - 1);
    assert.equal(Number(await checkedAt()), checked, 'not due yet: nobody asked');
    assert.equal(before_.requests.length, asked);
  });

  test('registered since: the first publication day shows in the names view and the feed', async () => {
    await settingsOf(admin, { registries: { pypi: later.urls.pypi } });
    const t1 = Date.now() + RECHECK_MS;
    await observatory().checkRegistrations(t1);
    assert.equal(Number(await checkedAt()), t1);
    await observatory().refresh();
    assert.equal((await shown()).registered_since, '2026-11-20');
    const feed = (await (await fetch(`${server.gatewayUrl}${FEED}?ecosystem=pypi&limit=1000`)).json()) as {
      entries: Array<{ name: string; registered_since?: string }>;
    };
    const entry = feed.entries.find((e) => e.name === NAME);
    assert.equal(entry?.registered_since, '2026-11-20', JSON.stringify(feed));
    // A registered name is not asked about again.
    const asked = later.requests.length;
    await observatory().checkRegistrations(t1 + 2 * RECHECK_MS);
    assert.equal(later.requests.length, asked);
  });
});
