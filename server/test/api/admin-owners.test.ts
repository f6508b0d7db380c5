// The last owner: never demoted, never removed, so that someone can always manage admins. An invited
// owner does not count (it cannot sign in yet), and two owners demoting each other at once leave one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, signIn, type ApiClient } from '../helpers/api-client.ts';
import { addAdmin } from '../helpers/people.ts';

eachEngine('admins: the last owner', (engine) => {
  let server: TestServer;
  let owner: ApiClient;
  let ownerId: string;
  before(async () => {
    server = await startTestServer(engine);
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    ownerId = (await owner.get('/api/v1/session')).body.admin.id;
  });
  after(() => server.close());

  const assertLastOwner = (res: { status: number; body: any }) => {
    assert.equal(res.status, 409, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'conflict');
    assert.match(res.body.error.message, /is the last owner/);
    assert.match(res.body.error.message, /make another active admin an owner first/);
  };

  test('the only owner can neither demote nor remove themselves', async () => {
    for (const role of ['admin', 'viewer']) {
      assertLastOwner(await owner.request('PATCH', `/api/v1/admins/${ownerId}`, { role }));
    }
    assertLastOwner(await owner.delete(`/api/v1/admins/${ownerId}`));
    // Asking for the role one has already changes nothing and is no conflict.
    const same = await owner.request('PATCH', `/api/v1/admins/${ownerId}`, { role: 'owner' });
    assert.equal(same.status, 200);
    assert.equal((await owner.get('/api/v1/session')).body.admin.role, 'owner');
  });

  test('an invited owner does not count until they accept', async () => {
    const invited = await owner.post('/api/v1/admins', { email: 'next-owner@example.com', role: 'owner' });
    assert.equal(invited.status, 201);
    assertLastOwner(await owner.request('PATCH', `/api/v1/admins/${ownerId}`, { role: 'admin' }));
    assert.equal((await owner.delete(`/api/v1/admins/${invited.body.admin.id}`)).status, 204);
  });

  test('with a second owner, one may step down; the one left is then the last', async () => {
    const second = await addAdmin(server, owner, 'second-owner@example.com', 'owner');
    const down = await owner.request('PATCH', `/api/v1/admins/${ownerId}`, { role: 'admin' });
    assert.equal(down.status, 200, JSON.stringify(down.body));
    assert.equal(down.body.role, 'admin');
    // The first owner is an admin now: managing admins is refused on their next request.
    assert.equal((await owner.get('/api/v1/admins')).status, 403);
    assertLastOwner(await second.client.request('PATCH', `/api/v1/admins/${second.id}`, { role: 'viewer' }));
    assertLastOwner(await second.client.delete(`/api/v1/admins/${second.id}`));
    const back = await second.client.request('PATCH', `/api/v1/admins/${ownerId}`, { role: 'owner' });
    assert.equal(back.status, 200);
    const events = await auditEvents(second.client, { action: 'admin.role_changed' });
    assert.deepEqual(
      events.map((e) => [e.target?.id, e.details.from, e.details.to]),
      [
        [ownerId, 'owner', 'admin'],
        [ownerId, 'admin', 'owner'],
      ],
    );
    // Now that there are two owners again, the second may leave.
    assert.equal((await owner.delete(`/api/v1/admins/${second.id}`)).status, 204);
  });

  test('two owners who demote (or remove) each other at once leave exactly one owner', async () => {
    const third = await addAdmin(server, owner, 'third-owner@example.com', 'owner');
    const [a, b] = await Promise.all([
      owner.request('PATCH', `/api/v1/admins/${third.id}`, { role: 'admin' }),
      third.client.request('PATCH', `/api/v1/admins/${ownerId}`, { role: 'admin' }),
    ]);
    // The loser is refused under the lock (409) or, when the winner committed before its request was
    // let in, at the gate (403: it is no owner any more). Never both 200.
    const statuses = [a.status, b.status].sort();
    assert.ok(
      statuses[0] === 200 && [403, 409].includes(statuses[1]!),
      `${JSON.stringify(a.body)} ${JSON.stringify(b.body)}`,
    );
    const reader = a.status === 200 ? owner : third.client;
    const owners = (await reader.get('/api/v1/admins')).body.admins.filter(
      (x: any) => x.role === 'owner' && x.status === 'active',
    );
    assert.equal(owners.length, 1, JSON.stringify(owners));

    // And the same for removal: make both owners again, then each removes the other.
    const survivor = reader === owner ? { id: ownerId, client: owner } : third;
    const other = await addAdmin(server, survivor.client, 'fourth-owner@example.com', 'owner');
    const [c, d] = await Promise.all([
      survivor.client.delete(`/api/v1/admins/${other.id}`),
      other.client.delete(`/api/v1/admins/${survivor.id}`),
    ]);
    // Here a loser let in after the winner committed has no session any more: 401.
    const removals = [c.status, d.status].sort();
    assert.ok(removals[0] === 204 && [401, 409].includes(removals[1]!), `${c.status} ${d.status}`);
    const winner = c.status === 204 ? survivor.client : other.client;
    const left = (await winner.get('/api/v1/admins')).body.admins.filter((x: any) => x.role === 'owner');
    assert.equal(left.length, 1, JSON.stringify(left));
  });
});
