// The private-registry rule against a real (fake) registry server: a name the organisation's private
// registry holds is never published; one it does not hold is, once it has said so; while it cannot be
// asked, nothing of its ecosystem is. And the public registry addresses an admin sets replace the
// configured ones in the Gateway's lookup at once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { until } from '../helpers/audit-rows.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { startFakeRegistries, type FakeRegistries } from '../helpers/fake-registries.ts';
import { publishedNames, settingsOf, settle, sight } from './observatory-helpers.ts';

eachEngine('slopsquat observatory and the private registry', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let registry: FakeRegistries;
  before(async () => {
    registry = await startFakeRegistries({ seed: false });
    registry.set('pypi', 'acme-internal-tool', { created: '2024-01-01T00:00:00Z' });
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    for (const name of ['acme-internal-tool', 'flask-magic-auth'])
      for (const dev of ['a', 'b', 'c']) sight(server, { ecosystem: 'pypi', name, dev });
    await settle(server);
  });
  after(async () => {
    await server.close();
    await registry.close();
  });

  const withheld = async (name: string) =>
    (await admin.get('/api/v1/slopsquat/names?ecosystem=pypi&limit=1000')).body.names.find(
      (n: { name: string }) => n.name === name,
    )?.withheld;

  /** Reads the store again until `check` holds: the registry's answers are stored in the background. */
  const settled = (check: () => Promise<boolean>, what: string) =>
    until(
      async () => {
        await server.gatehouse.services.observatory.refresh();
        return check();
      },
      15_000,
      what,
    );

  test('a name the private registry holds is never published; one it does not hold is, once it said so', async () => {
    const before = await publishedNames(server);
    assert.ok(before.includes('pypi:acme-internal-tool') && before.includes('pypi:flask-magic-auth'));

    await settingsOf(admin, { private_registries: { pypi: registry.urls.pypi } });
    // Until the registry has answered, neither is published.
    const meanwhile = await publishedNames(server);
    assert.ok(!meanwhile.includes('pypi:acme-internal-tool'));
    // Each name is its own question to the registry: wait for both answers, not the first.
    await settled(
      async () =>
        (await withheld('flask-magic-auth')) === null &&
        (await withheld('acme-internal-tool')) !== 'private_registry_unchecked',
      'the private registry to answer',
    );
    assert.equal(await withheld('acme-internal-tool'), 'private_registry');
    const after = await publishedNames(server);
    assert.ok(after.includes('pypi:flask-magic-auth'));
    assert.ok(!after.includes('pypi:acme-internal-tool'));
    const asked = registry.requests.filter((r) => r.ecosystem === 'pypi').map((r) => r.path);
    assert.ok(
      asked.some((p) => p.includes('acme-internal-tool')) &&
        asked.some((p) => p.includes('flask-magic-auth')),
    );
  });

  test('while the private registry cannot answer, a new name of its ecosystem waits unpublished', async () => {
    registry.configure('pypi', { unavailable: {} });
    for (const dev of ['a', 'b', 'c']) sight(server, { ecosystem: 'pypi', name: 'django-quick-admin', dev });
    await settle(server);
    await new Promise((r) => setTimeout(r, 300));
    await server.gatehouse.services.observatory.refresh();
    assert.equal(await withheld('django-quick-admin'), 'private_registry_unchecked');
    assert.ok(!(await publishedNames(server)).includes('pypi:django-quick-admin'));
    registry.configure('pypi', {});
    await settled(
      async () => (await withheld('django-quick-admin')) === null,
      'the registry to be asked again',
    );
  });

  test('another private registry: the first one’s answers count for nothing', async () => {
    const other = await startFakeRegistries({ seed: false });
    try {
      await settingsOf(admin, { private_registries: { pypi: other.urls.pypi } });
      assert.equal(await withheld('flask-magic-auth'), 'private_registry_unchecked');
      // The other registry holds none of them: all three are published once it said so.
      await settled(
        async () => (await withheld('acme-internal-tool')) === null,
        'the other registry to answer',
      );
    } finally {
      await settingsOf(admin, { private_registries: {} });
      await other.close();
    }
  });

  test('the registries an admin sets replace the configured ones in the Gateway’s lookup', async () => {
    const lookup = server.gatehouse.services.slopsquatLookup;
    // What the server was started with (a test server's are closed ports: no test asks the public ones).
    const configured = lookup.registries();
    await settingsOf(admin, { registries: { npm: registry.urls.npm } });
    assert.equal(lookup.registries().npm, registry.urls.npm);
    assert.equal(lookup.registries().pypi, configured.pypi);
    registry.set('npm', 'left-pad', { created: '2014-03-01T00:00:00Z' });
    assert.equal((await lookup.lookup('npm', 'left-pad', 2000)).status, 'exists');
    await settingsOf(admin, { registries: {} });
    assert.equal(lookup.registries().npm, configured.npm);
    const shown = (await admin.get('/api/v1/slopsquat/settings')).body;
    const refused = await admin.request('PUT', '/api/v1/slopsquat/settings', {
      ...shown,
      subscription_status: undefined,
      feed_url: undefined,
      registries_in_effect: undefined,
      registries: { npm: `${registry.urls.npm}?token=x` },
    });
    assert.equal(refused.status, 400);
    assert.match(refused.body.error.message, /registries\.npm/);
  });
});
