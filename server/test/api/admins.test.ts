// Admins end to end through the real server: an owner invites, the invitee accepts and is signed in,
// the role changes and takes effect on the next request, removal ends the admin's sessions at once;
// each change an audit event. The last owner is in admin-owners.test.ts, the tokens' edge cases in
// invitations.test.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, auditEvents, signIn, waitForAudit } from '../helpers/api-client.ts';
import { PASSWORD, accept, sessionFrom, tokenOf } from '../helpers/people.ts';

eachEngine('admins', (engine) => {
  let server: TestServer;
  let owner: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  test('the life of an admin: invited, accepted, signed in, role changed, removed', async () => {
    const invited = await owner.post('/api/v1/admins', { email: 'Ada@Example.com', role: 'admin' });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    const { admin } = invited.body;
    assert.match(admin.id, /^adm_/);
    assert.deepEqual([admin.email, admin.role, admin.status], ['ada@example.com', 'admin', 'invited']);
    const token = tokenOf(invited.body.invitation_url);
    assert.ok(
      invited.body.invitation_url.startsWith(`${server.consoleUrl}/console/accept#`),
      "the link is the console's",
    );
    const days = (Date.parse(invited.body.invitation_expires_at) - Date.now()) / 86_400_000;
    assert.ok(days > 6.99 && days <= 7, `the link lasts 7 days, not ${days}`);
    assert.equal(admin.invitation_expires_at, invited.body.invitation_expires_at);
    assert.deepEqual(invited.body.email, { status: 'not_configured', error: null });

    const listed = await owner.get('/api/v1/admins');
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.admins.map((a: any) => [a.email, a.role, a.status]),
      [
        [server.owner.email, 'owner', 'active'],
        ['ada@example.com', 'admin', 'invited'],
      ],
    );
    // An invited admin has no password yet: signing in is refused as for an unknown address.
    const early = await new ApiClient(server.consoleUrl).post('/api/v1/session', {
      email: 'ada@example.com',
      password: 'any password at all',
    });
    assert.equal(early.status, 401);
    assert.equal(early.body.error.code, 'invalid_credentials');

    const seen = await new ApiClient(server.consoleUrl).post('/api/v1/invitations/inspect', { token });
    assert.equal(seen.status, 200);
    assert.deepEqual(
      [seen.body.kind, seen.body.email, seen.body.role, seen.body.expires_at],
      ['admin', 'ada@example.com', 'admin', invited.body.invitation_expires_at],
    );

    const short = await accept(server.consoleUrl, token, 'too short');
    assert.equal(short.status, 400);
    assert.equal(short.body.error.code, 'invalid_request');
    assert.match(short.body.error.message, /at least 12 characters/);

    const accepted = await accept(server.consoleUrl, token);
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.kind, 'admin');
    assert.deepEqual([accepted.body.admin.id, accepted.body.admin.role], [admin.id, 'admin']);
    const ada = sessionFrom(server.consoleUrl, accepted);
    const me = await ada.get('/api/v1/session');
    assert.equal(me.status, 200);
    assert.equal(me.body.admin.email, 'ada@example.com');
    // She can do an admin's work, and not an owner's.
    assert.equal(
      (await ada.post('/api/v1/credentials', { name: 'ada-made', scopes: ['audit:read'] })).status,
      201,
    );
    assert.equal((await ada.get('/api/v1/admins')).body.error.code, 'forbidden');

    const again = await accept(server.consoleUrl, token);
    assert.equal(again.status, 410, 'an invitation works once');
    assert.equal(again.body.error.code, 'gone');
    const signedIn = await signIn(server.consoleUrl, 'ada@example.com', PASSWORD);
    assert.equal((await signedIn.get('/api/v1/session')).status, 200);

    const demoted = await owner.request('PATCH', `/api/v1/admins/${admin.id}`, { role: 'viewer' });
    assert.equal(demoted.status, 200, JSON.stringify(demoted.body));
    assert.deepEqual([demoted.body.role, demoted.body.status], ['viewer', 'active']);
    // The very next request of her open session runs with the new role.
    const refused = await ada.post('/api/v1/credentials', { name: 'ada-again', scopes: ['audit:read'] });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'forbidden');

    const removed = await owner.delete(`/api/v1/admins/${admin.id}`);
    assert.equal(removed.status, 204);
    for (const client of [ada, signedIn]) {
      const gone = await client.get('/api/v1/session');
      assert.equal(gone.status, 401, 'a removed admin is signed out at once');
    }
    const noLogin = await new ApiClient(server.consoleUrl).post('/api/v1/session', {
      email: 'ada@example.com',
      password: PASSWORD,
    });
    assert.equal(noLogin.status, 401);
    assert.ok(
      !(await owner.get('/api/v1/admins')).body.admins.some((a: any) => a.id === admin.id),
      'a removed admin is not listed',
    );

    const events = (await auditEvents(owner)).filter(
      (e) => e.target?.id === admin.id && e.action.startsWith('admin.'),
    );
    assert.deepEqual(
      events.map((e) => [e.action, e.actor.type, e.actor.name]),
      [
        ['admin.invited', 'admin', server.owner.email],
        ['admin.invitation_accepted', 'admin', 'ada@example.com'],
        ['admin.role_changed', 'admin', server.owner.email],
        ['admin.removed', 'admin', server.owner.email],
      ],
    );
    assert.equal(events[0]!.details.role, 'admin');
    assert.deepEqual([events[2]!.details.from, events[2]!.details.to], ['admin', 'viewer']);
    const reused = await waitForAudit(owner, { action: 'invitation.refused' }, (e) => e.length > 0);
    assert.deepEqual([reused[0]!.target?.id, reused[0]!.details.reason], [admin.id, 'used']);
    const text = JSON.stringify(await auditEvents(owner));
    assert.ok(!text.includes(token), 'no audit event holds the invitation token');
    assert.ok(!text.includes(PASSWORD), 'no audit event holds the password');
  });

  test('inviting an invited address again replaces its link and its role; an admin is a 409', async () => {
    const first = await owner.post('/api/v1/admins', { email: 'grace@example.com', role: 'viewer' });
    assert.equal(first.status, 201);
    const second = await owner.post('/api/v1/admins', { email: 'GRACE@example.com', role: 'owner' });
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.deepEqual([second.body.admin.id, second.body.admin.role], [first.body.admin.id, 'owner']);
    const old = await accept(server.consoleUrl, tokenOf(first.body.invitation_url));
    assert.equal(old.status, 410, 'the earlier link stops working');
    const ok = await accept(server.consoleUrl, tokenOf(second.body.invitation_url));
    assert.equal(ok.status, 200);
    assert.equal(ok.body.admin.role, 'owner');

    const dup = await owner.post('/api/v1/admins', { email: 'grace@example.com', role: 'admin' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error.code, 'conflict');
    assert.match(dup.body.error.message, /grace@example\.com is an admin already/);
  });

  test('an invited admin can have their role changed or be removed; their link then stops working', async () => {
    const invited = await owner.post('/api/v1/admins', { email: 'lin@example.com', role: 'admin' });
    const id = invited.body.admin.id;
    const changed = await owner.request('PATCH', `/api/v1/admins/${id}`, { role: 'viewer' });
    assert.deepEqual([changed.status, changed.body.role, changed.body.status], [200, 'viewer', 'invited']);
    assert.equal((await owner.delete(`/api/v1/admins/${id}`)).status, 204);
    const res = await accept(server.consoleUrl, tokenOf(invited.body.invitation_url));
    assert.equal(res.status, 410);
  });

  test('bad input is a 400 that names the field; an unknown id is a 404', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ email: 'not-an-address', role: 'admin' }, /email/],
      [{ email: 'x@example.com', role: 'superuser' }, /role must be one of/],
      [{ email: 'x@example.com' }, /role is required/],
      [{ email: 'x@example.com', role: 'admin', team: 'a' }, /unknown field "team"/],
      [{ email: `${'a'.repeat(250)}@example.com`, role: 'admin' }, /email must be at most 254/],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post('/api/v1/admins', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
    }
    const badRole = await owner.request('PATCH', `/api/v1/admins/adm_${'a'.repeat(20)}`, { role: 'root' });
    assert.equal(badRole.status, 400);
    for (const res of [
      await owner.request('PATCH', `/api/v1/admins/adm_${'a'.repeat(20)}`, { role: 'viewer' }),
      await owner.delete(`/api/v1/admins/adm_${'a'.repeat(20)}`),
    ]) {
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'not_found');
    }
  });
});
