// Developers end to end through the real server, driven by machine credentials as an HR or IaC system
// would: invited and accepted; asking for access and approved; offboarded (every device and session
// revoked in one go, announced on the change bus, history kept) and invited back; each change an audit
// event; the list by status, e-mail and cursor; bad input.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import {
  accept,
  addDeveloper,
  insertDevice,
  insertSession,
  recordChanges,
  sessionsOf,
  tokenOf,
} from '../helpers/people.ts';

eachEngine('developers', (engine) => {
  let server: TestServer;
  let owner: ApiClient;
  let reader: ApiClient;
  let writer: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const cred = await createCredential(owner, { name: 'hr-sync', scopes: ['users:read', 'users:write'] });
    reader = await tokenClient(server.consoleUrl, cred, 'users:read');
    writer = await tokenClient(server.consoleUrl, cred, 'users:write');
  });
  after(() => server.close());

  test('invited by a users:write token, accepted with a password and a name, read with users:read', async () => {
    const invited = await writer.post('/api/v1/developers', { email: 'Dev.One@Example.com' });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    const d = invited.body.developer;
    assert.match(d.id, /^dev_/);
    assert.deepEqual(
      [d.email, d.name, d.status, d.activated_at],
      ['dev.one@example.com', null, 'invited', null],
    );
    assert.equal(d.invitation_expires_at, invited.body.invitation_expires_at);
    const token = tokenOf(invited.body.invitation_url);

    const accepted = await accept(server.consoleUrl, token, undefined, { name: '  Dev One ' });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.kind, 'developer');
    assert.deepEqual(accepted.headers.getSetCookie(), [], 'a developer gets no console session');
    const got = await reader.get(`/api/v1/developers/${d.id}`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, accepted.body.developer);
    assert.deepEqual(
      [got.body.status, got.body.name, got.body.invitation_expires_at],
      ['active', 'Dev One', null],
    );
    assert.ok(
      Date.now() - Date.parse(got.body.activated_at) < 60_000,
      `activated_at ${got.body.activated_at}`,
    );

    const again = await writer.post('/api/v1/developers', { email: 'dev.one@example.com' });
    assert.equal(again.status, 409);
    assert.match(again.body.error.message, /has access already/);

    const events = (await auditEvents(owner)).filter((e) => e.target?.id === d.id);
    assert.deepEqual(
      events.map((e) => [e.action, e.actor.type, e.actor.name]),
      [
        ['developer.invited', 'credential', 'hr-sync'],
        ['developer.invitation_accepted', 'developer', 'dev.one@example.com'],
      ],
    );
  });

  test('asking for access makes a pending developer; approving makes them active, once', async () => {
    const changes = recordChanges(server, 'developer');
    const pending = await server.gatehouse.services.developers.requestAccess(
      { email: 'Asker@example.com', name: 'Asker', password: 'a long enough password' },
      { ip: '127.0.0.1', userAgent: 'gatehouse-client/0.1', requestId: 'test' },
    );
    assert.equal(pending.status, 'pending');
    const listed = await reader.get('/api/v1/developers?status=pending');
    assert.deepEqual(
      listed.body.developers.map((x: any) => x.email),
      ['asker@example.com'],
    );
    const invite = await writer.post('/api/v1/developers', { email: 'asker@example.com' });
    assert.equal(invite.status, 409);
    assert.match(invite.body.error.message, /approve the request instead/);

    const approved = await writer.post(`/api/v1/developers/${pending.id}/approve`);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'active');
    assert.deepEqual(changes, [pending.id, pending.id], 'asking and approving are each announced');
    const twice = await writer.post(`/api/v1/developers/${pending.id}/approve`);
    assert.equal(twice.status, 409);
    assert.match(twice.body.error.message, /is active; only a developer who asked for access/);

    const events = (await auditEvents(owner)).filter((e) => e.target?.id === pending.id);
    assert.deepEqual(
      events.map((e) => [e.action, e.actor.type]),
      [
        ['developer.access_requested', 'developer'],
        ['developer.approved', 'credential'],
      ],
    );
  });

  test('offboarding revokes every device and session in one go, is announced, and keeps the history', async () => {
    const id = await addDeveloper(server, writer, 'leaver@example.com');
    const laptop = await insertDevice(server, id, 'leaver-laptop');
    const desktop = await insertDevice(server, id, 'leaver-desktop');
    await insertSession(server, id, laptop);
    await insertSession(server, id, desktop);
    await insertSession(server, id, null);
    const ended = Date.now() - 1000;
    await insertSession(server, id, laptop, ended);
    const bystander = await addDeveloper(server, writer, 'stays@example.com');
    const bystanderDevice = await insertDevice(server, bystander, 'stays-laptop');
    await insertSession(server, bystander, bystanderDevice);
    const changes = recordChanges(server, 'developer');

    const wrong = await writer.post(`/api/v1/developers/${id}/offboard`, { confirm: 'someone@example.com' });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error.code, 'confirmation_mismatch');
    assert.match(wrong.body.error.message, /"leaver@example\.com"/);

    const res = await writer.post(`/api/v1/developers/${id}/offboard`, { confirm: 'Leaver@example.com' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.devices_revoked, res.body.sessions_revoked], [2, 3]);
    assert.equal(res.body.developer.status, 'offboarded');
    // Announced before the answer: a Gateway cache in this process has dropped them already.
    assert.deepEqual(changes, [id]);

    const devices = (await reader.get(`/api/v1/devices?developer_id=${id}`)).body.devices;
    assert.deepEqual(
      devices.map((x: any) => [x.name, x.status, x.revoked_reason]),
      [
        ['leaver-laptop', 'revoked', 'offboarded'],
        ['leaver-desktop', 'revoked', 'offboarded'],
      ],
    );
    const at = Date.parse(res.body.developer.offboarded_at);
    assert.ok(
      devices.every((x: any) => Date.parse(x.revoked_at) === at),
      'revoked at the offboarding instant',
    );
    const sessions = await sessionsOf(server, id);
    assert.deepEqual(
      sessions.map((s) => s.revoked_at).sort(),
      [at, at, at, null].sort(),
      'every live session revoked at once; the one that had ended keeps its own ending',
    );
    const others = await reader.get(`/api/v1/devices?developer_id=${bystander}`);
    assert.equal(others.body.devices[0].status, 'active', "another developer's device is untouched");
    assert.equal((await sessionsOf(server, bystander))[0]!.revoked_at, null);

    const twice = await writer.post(`/api/v1/developers/${id}/offboard`, { confirm: 'leaver@example.com' });
    assert.deepEqual([twice.status, twice.body.devices_revoked, twice.body.sessions_revoked], [200, 0, 0]);
    const event = (await auditEvents(owner, { action: 'developer.offboarded' })).find(
      (e) => e.target?.id === id,
    );
    assert.ok(event, 'an audit event for the offboarding');
    assert.deepEqual(
      [
        event.actor.name,
        event.details.previous_status,
        event.details.devices_revoked,
        event.details.sessions_revoked,
      ],
      ['hr-sync', 'active', 2, 3],
    );

    // Invited back: the same record (its history one), a new link; the old devices stay revoked.
    const back = await writer.post('/api/v1/developers', { email: 'leaver@example.com' });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.deepEqual([back.body.developer.id, back.body.developer.status], [id, 'invited']);
    assert.equal((await accept(server.consoleUrl, tokenOf(back.body.invitation_url))).status, 200);
    const still = (await reader.get(`/api/v1/devices?developer_id=${id}&status=active`)).body.devices;
    assert.deepEqual(still, []);
  });

  test('the list pages by cursor, oldest first or newest first, and filters by e-mail', async () => {
    for (const n of [1, 2, 3]) await writer.post('/api/v1/developers', { email: `page-${n}@example.com` });
    const all = (await reader.get('/api/v1/developers?limit=1000')).body.developers.map((x: any) => x.email);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await reader.get(`/api/v1/developers?limit=2${cursor ? `&after=${cursor}` : ''}`);
      assert.equal(res.status, 200);
      if (res.body.developers.length === 0) break;
      seen.push(...res.body.developers.map((x: any) => x.email));
      cursor = res.body.next_cursor;
    }
    assert.deepEqual(seen, all);
    const newest = await reader.get('/api/v1/developers?order=desc&limit=2');
    assert.deepEqual(
      newest.body.developers.map((x: any) => x.email),
      ['page-3@example.com', 'page-2@example.com'],
    );
    const one = await reader.get('/api/v1/developers?email=PAGE-2@example.com');
    assert.deepEqual(
      one.body.developers.map((x: any) => x.email),
      ['page-2@example.com'],
    );
  });

  test('bad input is a 400 that names the field; an unknown id is a 404', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/v1/developers', { email: 'nope' }, /^email must be an e-mail address/],
      ['/api/v1/developers', { email: 'x@example.com', name: '   ' }, /^name must not be blank/],
      ['/api/v1/developers', { email: 'x@example.com', team: 'a' }, /unknown field "team"/],
      ['/api/v1/developers', {}, /^email is required/],
      [`/api/v1/developers/dev_${'a'.repeat(20)}/offboard`, {}, /confirm is required/],
    ];
    for (const [path, body, message] of cases) {
      const res = await writer.post(path, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
    }
    for (const q of ['status=gone', 'limit=0', 'email=nope', 'after=x']) {
      const res = await reader.get(`/api/v1/developers?${q}`);
      assert.equal(res.status, 400, q);
    }
    for (const res of [
      await reader.get(`/api/v1/developers/dev_${'a'.repeat(20)}`),
      await writer.post(`/api/v1/developers/dev_${'a'.repeat(20)}/approve`),
      await writer.post(`/api/v1/developers/dev_${'a'.repeat(20)}/offboard`, { confirm: 'x@example.com' }),
    ]) {
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'not_found');
    }
  });
  // docs/decisions/people.md, "users:write and admins": the scope is the developers' and their devices'.
  // An admin can do more than the token (an owner mints credentials with every scope), so inviting,
  // promoting or removing one is an owner's work in the console, whatever the token's scopes.
  test('users:write stops at developers: no token invites, promotes or removes an admin', async () => {
    const ownerId = (await owner.get('/api/v1/admins')).body.admins[0].id;
    const attempts = [
      writer.post('/api/v1/admins', { email: 'escalate@example.com', role: 'viewer' }),
      writer.post('/api/v1/admins', { email: 'escalate@example.com', role: 'owner' }),
      writer.request('PATCH', `/api/v1/admins/${ownerId}`, { role: 'viewer' }),
      writer.delete(`/api/v1/admins/${ownerId}`),
    ];
    for (const res of await Promise.all(attempts)) {
      assert.equal(res.status, 403, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'session_required');
      assert.match(res.body.error.message, /an owner signed in to the console/);
      assert.match(res.headers.get('www-authenticate')!, /error="insufficient_scope"/);
    }
    const admins = (await owner.get('/api/v1/admins')).body.admins;
    assert.deepEqual(
      admins.map((a: any) => [a.email, a.role]),
      [[server.owner.email, 'owner']],
      'nothing changed',
    );
    // The same token still does what the scope says.
    assert.equal((await writer.post('/api/v1/developers', { email: 'allowed@example.com' })).status, 201);
  });
});
