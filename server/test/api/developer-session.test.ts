// A developer's own console session and the device-approval API through the real server: sign-in and
// sign-out with the developer cookie, refusals (wrong password, an invitation not yet accepted, too many
// tries), looking a user code up and answering it, wrong codes slowed down per address, and asking for
// access at device sign-in: a pending account whose device signs in once an admin approves it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, auditEvents, signIn } from '../helpers/api-client.ts';
import { PASSWORD, addDeveloper } from '../helpers/people.ts';
import {
  approve,
  deny,
  developerSessionFrom,
  developerSignIn,
  expireCode,
  poll,
  refused,
  startSignIn,
} from '../helpers/device-sign-in.ts';

const NEW_PASSWORD = 'a password for my pending account';

eachEngine('developer console sessions', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let adaId: string;
  const anon = (ip = '192.0.2.1') => new ApiClient(server.consoleUrl, { 'x-forwarded-for': ip });
  const askAccess = (body: object, ip?: string) => anon(ip).post('/api/v1/developer/access-requests', body);

  before(async () => {
    server = await startTestServer(engine, { env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } });
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    adaId = await addDeveloper(server, admin, 'ada@example.com');
  });
  after(() => server.close());

  test('sign-in sets the developer cookie and answers the developer and a CSRF token; sign-out ends it', async () => {
    const res = await anon().post('/api/v1/developer/session', {
      email: 'ADA@example.com',
      password: PASSWORD,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.developer, {
      id: adaId,
      email: 'ada@example.com',
      name: null,
      status: 'active',
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('gatehouse_developer_session='));
    assert.ok(cookie, 'no developer cookie');
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Strict/i);
    assert.match(cookie, /Max-Age=43200/);
    const ada = developerSessionFrom(server.consoleUrl, res);

    const me = await ada.get('/api/v1/developer/session');
    assert.equal(me.status, 200);
    assert.equal(me.body.csrf_token, res.body.csrf_token);
    assert.equal((await ada.delete('/api/v1/developer/session')).status, 204);
    assert.equal((await ada.get('/api/v1/developer/session')).status, 401);

    const events = await auditEvents(admin, { action: 'session.sign_in' });
    const mine = events.filter((e) => e.actor.type === 'developer' && e.outcome === 'success');
    assert.ok(mine.length >= 1, 'no developer sign-in event');
  });

  test('refusals: a wrong password or address is 401; an invitation not yet accepted is a 409 that says so', async () => {
    const wrong = await anon('192.0.2.10').post('/api/v1/developer/session', {
      email: 'ada@example.com',
      password: 'not the password',
    });
    assert.deepEqual([wrong.status, wrong.body.error.code], [401, 'invalid_credentials']);
    const nobody = await anon('192.0.2.10').post('/api/v1/developer/session', {
      email: 'nobody@example.com',
      password: PASSWORD,
    });
    assert.deepEqual([nobody.status, nobody.body.error.code], [401, 'invalid_credentials']);
    const invited = await admin.post('/api/v1/developers', { email: 'ivy@example.com' });
    assert.equal(invited.status, 201);
    const early = await anon('192.0.2.10').post('/api/v1/developer/session', {
      email: 'ivy@example.com',
      password: PASSWORD,
    });
    assert.deepEqual([early.status, early.body.error.code], [409, 'conflict']);
    assert.match(early.body.error.message, /invitation/);
    // An admin's password is not a developer's: the namespaces are apart.
    const owner = await anon('192.0.2.10').post('/api/v1/developer/session', server.owner);
    assert.equal(owner.status, 401);
  });

  test('repeated wrong passwords lock the account from that address for a while (429 with Retry-After), not from others', async () => {
    await addDeveloper(server, admin, 'kim@example.com');
    let last;
    for (let i = 0; i < 7; i++)
      last = await anon('192.0.2.20').post('/api/v1/developer/session', {
        email: 'kim@example.com',
        password: `wrong ${i}`,
      });
    assert.equal(last!.status, 429);
    assert.ok(Number(last!.headers.get('retry-after')) >= 1);
    const right = { email: 'kim@example.com', password: PASSWORD };
    assert.equal((await anon('192.0.2.20').post('/api/v1/developer/session', right)).status, 429);
    // A stranger's failures do not lock Kim out: from an address that has not been failing, she is in.
    assert.equal((await anon('192.0.2.21').post('/api/v1/developer/session', right)).status, 200);
  });

  test('a user code is looked up, approved once (answering twice is the same answer) and not denied after', async () => {
    const ada = await developerSignIn(server.consoleUrl, 'ada@example.com', PASSWORD);
    const codes = await startSignIn(server.consoleUrl);
    const path = `/api/v1/developer/device-authorizations/${codes.user_code}`;
    assert.equal((await ada.get(path)).body.status, 'pending');
    const first = await approve(ada, codes.user_code);
    assert.deepEqual([first.status, first.body.status], [200, 'approved']);
    assert.equal((await approve(ada, codes.user_code)).status, 200);
    const late = await deny(ada, codes.user_code);
    assert.deepEqual([late.status, late.body.error.code], [409, 'conflict']);
    await poll(server.consoleUrl, codes.device_code);
    assert.equal((await ada.get(path)).body.status, 'signed_in');
    const [event] = (await auditEvents(admin, { action: 'device.authorization_approved' })).filter(
      (e) => e.actor.id === adaId,
    );
    assert.equal(event?.details.device_name, 'ada-mbp');
    // A change without the CSRF token is refused.
    const other = await startSignIn(server.consoleUrl);
    const noCsrf = new ApiClient(server.consoleUrl, { cookie: ada.headers.cookie! });
    const res = await noCsrf.post(`/api/v1/developer/device-authorizations/${other.user_code}/approve`);
    assert.deepEqual([res.status, res.body.error.code], [403, 'csrf_failed']);
  });

  test("another developer's answer is to them an unknown code; a malformed code is a 400", async () => {
    await addDeveloper(server, admin, 'bob@example.com');
    const ada = await developerSignIn(server.consoleUrl, 'ada@example.com', PASSWORD);
    const bob = await developerSignIn(server.consoleUrl, 'bob@example.com', PASSWORD);
    const codes = await startSignIn(server.consoleUrl);
    await approve(ada, codes.user_code);
    const res = await bob.get(`/api/v1/developer/device-authorizations/${codes.user_code}`);
    assert.deepEqual([res.status, res.body.error.code], [404, 'not_found']);
    assert.equal((await deny(bob, codes.user_code)).status, 404);
    const bad = await bob.get('/api/v1/developer/device-authorizations/AEIOU');
    assert.deepEqual([bad.status, bad.body.error.code], [400, 'invalid_request']);
  });

  test('wrong user codes count against the address: twenty free, then 429 for codes and sign-ins alike', async () => {
    const ip = '192.0.2.99';
    await addDeveloper(server, admin, 'carol@example.com');
    const signedIn = await anon(ip).post('/api/v1/developer/session', {
      email: 'carol@example.com',
      password: PASSWORD,
    });
    const carol = developerSessionFrom(server.consoleUrl, signedIn);
    const from = new ApiClient(server.consoleUrl, { ...carol.headers, 'x-forwarded-for': ip });
    // Twenty free failures; the twenty-first starts the lock.
    for (let i = 0; i < 21; i++) {
      const res = await from.get(
        `/api/v1/developer/device-authorizations/BCDF-GH${'JKLMNPQRSTVWXZBCDFGHJ'[i]}K`,
      );
      assert.equal(res.status, 404, `guess ${i + 1}: ${JSON.stringify(res.body)}`);
    }
    const locked = await from.get('/api/v1/developer/device-authorizations/BCDF-GHJK');
    assert.deepEqual([locked.status, locked.body.error.code], [429, 'too_many_requests']);
    const signIn2 = await anon(ip).post('/api/v1/developer/session', {
      email: 'carol@example.com',
      password: PASSWORD,
    });
    assert.equal(signIn2.status, 429);
  });

  test('asking for access: a pending account, signed in, the device approved on its behalf; it signs in once an admin approves', async () => {
    const codes = await startSignIn(server.consoleUrl, { device_name: 'dana-laptop' });
    const res = await askAccess({
      email: 'Dana@example.com',
      name: 'Dana',
      password: NEW_PASSWORD,
      user_code: codes.user_code.toLowerCase(),
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.developer.email, res.body.developer.name, res.body.developer.status],
      ['dana@example.com', 'Dana', 'pending'],
    );
    const dana = developerSessionFrom(server.consoleUrl, res);
    assert.equal(
      (await dana.get(`/api/v1/developer/device-authorizations/${codes.user_code}`)).body.status,
      'approved',
    );
    const pending = await refused(poll(server.consoleUrl, codes.device_code), 400, 'authorization_pending');
    assert.match(pending.error_description, /admin/);

    const id = res.body.developer.id;
    const [requested] = await auditEvents(admin, { action: 'developer.access_requested' });
    assert.equal(requested?.actor.id, id);
    const approvedEvents = await auditEvents(admin, { action: 'device.authorization_approved' });
    assert.ok(
      approvedEvents.some((e) => e.actor.id === id && e.details.via === 'access_request'),
      "no approval on the pending developer's behalf",
    );

    assert.equal((await admin.post(`/api/v1/developers/${id}/approve`)).status, 200);
    const t = await poll(server.consoleUrl, codes.device_code);
    assert.deepEqual(t.developer, { id, email: 'dana@example.com' });
  });

  test('asking again: the same pending account with its password (200), never with another; the code must be live', async () => {
    const first = await startSignIn(server.consoleUrl);
    const made = await askAccess({
      email: 'erin@example.com',
      password: NEW_PASSWORD,
      user_code: first.user_code,
    });
    assert.equal(made.status, 201);

    const second = await startSignIn(server.consoleUrl);
    const thief = await askAccess(
      { email: 'erin@example.com', password: 'somebody else entirely', user_code: second.user_code },
      '192.0.2.50',
    );
    assert.deepEqual([thief.status, thief.body.error.code], [401, 'invalid_credentials']);
    await refused(poll(server.consoleUrl, second.device_code), 400, 'authorization_pending');
    const erin = developerSessionFrom(
      server.consoleUrl,
      await askAccess({ email: 'erin@example.com', password: NEW_PASSWORD, user_code: second.user_code }),
    );
    assert.equal((await erin.get('/api/v1/developer/session')).body.developer.status, 'pending');
    const developers = await admin.get('/api/v1/developers?email=erin@example.com');
    assert.equal(developers.body.developers.length, 1, 'one request, not two');

    // The code answered already, an expired one, an unknown one.
    const answered = await askAccess({
      email: 'fay@example.com',
      password: NEW_PASSWORD,
      user_code: second.user_code,
    });
    assert.deepEqual([answered.status, answered.body.error.code], [409, 'conflict']);
    const third = await startSignIn(server.consoleUrl);
    await expireCode(server, third.device_code);
    const expired = await askAccess({
      email: 'fay@example.com',
      password: NEW_PASSWORD,
      user_code: third.user_code,
    });
    assert.deepEqual([expired.status, expired.body.error.code], [410, 'gone']);
    const unknown = await askAccess({
      email: 'fay@example.com',
      password: NEW_PASSWORD,
      user_code: 'ZZZZ-ZZZZ',
    });
    assert.deepEqual([unknown.status, unknown.body.error.code], [404, 'not_found']);
    assert.equal((await admin.get('/api/v1/developers?email=fay@example.com')).body.developers.length, 0);
  });

  test('asking for access is refused to the active (409), the invited (409) and the offboarded (403)', async () => {
    await addDeveloper(server, admin, 'gus@example.com');
    await admin.post('/api/v1/developers', { email: 'hal@example.com' });
    await addDeveloper(server, admin, 'ian@example.com');
    const ianId = (await admin.get('/api/v1/developers?email=ian@example.com')).body.developers[0].id;
    await admin.post(`/api/v1/developers/${ianId}/offboard`, { confirm: 'ian@example.com' });
    const cases: Array<[string, number, string]> = [
      ['gus@example.com', 409, 'conflict'],
      ['hal@example.com', 409, 'conflict'],
      ['ian@example.com', 403, 'forbidden'],
    ];
    for (const [email, status, code] of cases) {
      const codes = await startSignIn(server.consoleUrl);
      const res = await askAccess(
        { email, password: NEW_PASSWORD, user_code: codes.user_code },
        '192.0.2.60',
      );
      assert.deepEqual([res.status, res.body.error.code], [status, code], email);
    }
    const short = await startSignIn(server.consoleUrl);
    const weak = await askAccess({ email: 'jo@example.com', password: 'short', user_code: short.user_code });
    assert.deepEqual([weak.status, weak.body.error.code], [400, 'invalid_request']);
  });
});
