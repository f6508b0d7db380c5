// Console sessions as the browser sees them: sign-in and its cookie, the CSRF token on every change,
// sign-out, expiry, the slow-down of repeated failures, the audit trail, and the one-time setup link.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, auditEvents, signIn, waitForAudit, type Reply } from '../helpers/api-client.ts';

/** The session cookie a response sets, as a Cookie header value, with its attributes. */
function sessionCookie(res: Reply): { cookie: string; attributes: string[] } {
  const headers = res.headers.getSetCookie();
  const set = headers.find((c) => c.startsWith('gatehouse_session='));
  assert.ok(set, `no session cookie in ${JSON.stringify(headers)}`);
  const [cookie, ...attributes] = set.split(';').map((p) => p.trim());
  return { cookie: cookie!, attributes: attributes.map((a) => a.toLowerCase()) };
}

eachEngine('console sessions', (engine) => {
  let server: TestServer;
  let anonymous: ApiClient;
  // Every password this suite sends, to prove that none reaches the audit log.
  const passwords = new Set<string>();
  const attempt = (email: string, password: string) => {
    passwords.add(password);
    return anonymous.post('/api/v1/session', { email, password });
  };

  before(async () => {
    server = await startTestServer(engine);
    anonymous = new ApiClient(server.consoleUrl);
    passwords.add(server.owner.password);
  });
  after(() => server.close());

  test('sign-in returns the admin and a CSRF token, and sets an HttpOnly, SameSite=Strict cookie', async () => {
    const res = await attempt(server.owner.email.toUpperCase(), server.owner.password);
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ['admin', 'csrf_token']);
    assert.match(res.body.admin.id, /^adm_/);
    assert.equal(res.body.admin.email, server.owner.email);
    assert.equal(res.body.admin.role, 'owner');
    assert.ok(res.body.csrf_token.length >= 32);
    const { cookie, attributes } = sessionCookie(res);
    assert.match(cookie, /^gatehouse_session=ghss_/);
    assert.ok(attributes.includes('httponly'), attributes.join('; '));
    assert.ok(attributes.includes('samesite=strict'), attributes.join('; '));
    assert.ok(attributes.includes('path=/'), attributes.join('; '));
    assert.ok(
      !JSON.stringify(res.body).includes(cookie.split('=')[1]!),
      'the session token is only in the cookie',
    );

    const me = await anonymous.get('/api/v1/session', { cookie });
    assert.equal(me.status, 200);
    assert.deepEqual(me.body, res.body);
    const none = await anonymous.get('/api/v1/session');
    assert.equal(none.status, 401);
    assert.equal(none.body.error.code, 'unauthenticated');
    const forged = await anonymous.get('/api/v1/session', {
      cookie: `gatehouse_session=ghss_${'x'.repeat(43)}`,
    });
    assert.equal(forged.status, 401);
    assert.equal(forged.body.error.code, 'unauthenticated');
  });

  test('a wrong password or an unknown e-mail is 401 invalid_credentials, and sets no cookie', async () => {
    for (const [email, password] of [
      [server.owner.email, 'not the right password'],
      ['nobody@example.com', server.owner.password],
    ] as const) {
      const res = await attempt(email, password);
      assert.equal(res.status, 401, email);
      assert.equal(res.body.error.code, 'invalid_credentials', email);
      assert.deepEqual(res.headers.getSetCookie(), []);
    }
    const malformed = await anonymous.post('/api/v1/session', { email: 'not-an-email', password: 'x' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error.code, 'invalid_request');
  });

  test('a change made with the cookie needs the x-csrf-token header: without it or wrong, 403 csrf_failed', async () => {
    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const { cookie } = admin.headers as { cookie: string };
    const body = { name: 'csrf-probe', scopes: ['audit:read'] };
    for (const extra of [{}, { 'x-csrf-token': 'wrong' }, { 'x-csrf-token': '' }] as Record<
      string,
      string
    >[]) {
      const res = await new ApiClient(server.consoleUrl, { cookie, ...extra }).post(
        '/api/v1/credentials',
        body,
      );
      assert.equal(res.status, 403, JSON.stringify(extra));
      assert.equal(res.body.error.code, 'csrf_failed', JSON.stringify(extra));
    }
    const other = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const crossed = await new ApiClient(server.consoleUrl, {
      cookie,
      'x-csrf-token': other.headers['x-csrf-token']!,
    }).post('/api/v1/credentials', body);
    assert.equal(crossed.status, 403, "another session's CSRF token does not fit this one");
    assert.equal(crossed.body.error.code, 'csrf_failed');
    const signOut = await new ApiClient(server.consoleUrl, { cookie }).delete('/api/v1/session');
    assert.equal(signOut.status, 403, 'signing out is a change too');

    assert.equal((await admin.post('/api/v1/credentials', body)).status, 201);
    const list = await new ApiClient(server.consoleUrl, { cookie }).get('/api/v1/credentials');
    assert.equal(list.status, 200, 'reading needs no CSRF token');
    assert.equal(
      list.body.credentials.filter((c: { name: string }) => c.name === 'csrf-probe').length,
      1,
      'no refused change took effect',
    );
  });

  test('sign-out ends the session: the cookie is cleared and then refused', async () => {
    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const other = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const res = await admin.delete('/api/v1/session');
    assert.equal(res.status, 204);
    const { cookie, attributes } = sessionCookie(res);
    assert.equal(cookie, 'gatehouse_session=');
    assert.ok(
      attributes.some((a) => a.startsWith('expires=') && Date.parse(a.slice(8)) < Date.now()) ||
        attributes.includes('max-age=0'),
    );
    const after = await admin.get('/api/v1/session');
    assert.equal(after.status, 401);
    assert.equal(after.body.error.code, 'unauthenticated');
    assert.equal(
      (await admin.post('/api/v1/credentials', { name: 'after-sign-out', scopes: ['audit:read'] })).status,
      401,
    );
    assert.equal((await other.get('/api/v1/session')).status, 200, 'other sessions live on');
  });

  test('an expired session is 401 session_expired', async () => {
    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    assert.equal((await admin.get('/api/v1/session')).status, 200);
    await server.gatehouse.services.store.db
      .updateTable('admin_sessions')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    for (const res of [
      await admin.get('/api/v1/session'),
      await admin.get('/api/v1/credentials'),
      await admin.post('/api/v1/credentials', { name: 'late', scopes: ['audit:read'] }),
    ]) {
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, 'session_expired');
    }
  });

  test('sign-in success and failure are audit events that never hold the password', async () => {
    const wrong = 'an-unguessable-wrong-password-7f3a';
    assert.equal((await attempt(server.owner.email, wrong)).status, 401);
    const ok = await attempt(server.owner.email, server.owner.password);
    assert.equal(ok.status, 200);
    const id = ok.body.admin.id as string;
    const owner = new ApiClient(server.consoleUrl, { cookie: sessionCookie(ok).cookie });

    const events = await waitForAudit(
      owner,
      { action: 'session.sign_in', actor_id: id },
      (e) => e.some((x) => x.outcome === 'success') && e.some((x) => x.outcome === 'failure'),
    );
    const failure = events.filter((e) => e.outcome === 'failure').at(-1)!;
    assert.deepEqual(
      [failure.actor.type, failure.details.reason, failure.ip],
      ['admin', 'wrong_password', '127.0.0.1'],
    );
    const success = events.filter((e) => e.outcome === 'success').at(-1)!;
    assert.deepEqual([success.actor.type, success.actor.name], ['admin', server.owner.email]);
    const unknown = await waitForAudit(owner, { action: 'session.sign_in' }, (e) =>
      e.some((x) => x.actor.name === 'nobody@example.com'),
    );
    const anonymousFailure = unknown.find((x) => x.actor.name === 'nobody@example.com')!;
    assert.deepEqual(
      [anonymousFailure.actor.type, anonymousFailure.outcome, anonymousFailure.details.reason],
      ['anonymous', 'failure', 'unknown_email'],
    );

    await server.gatehouse.services.audit.drain();
    const all = JSON.stringify(await auditEvents(owner));
    for (const p of passwords) assert.ok(!all.includes(p), `the audit log holds the password "${p}"`);
  });

  // Last: it locks the owner's account for a moment.
  test('repeated failures for one account are slowed down: 429 with Retry-After, even for the right password', async () => {
    const email = server.owner.email;
    let res: Reply | undefined;
    const statuses: number[] = [];
    for (let i = 0; i < 8 && res?.status !== 429; i++) {
      res = await attempt(email, `wrong password number ${i}`);
      statuses.push(res.status);
    }
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401], 'five failures are free');
    assert.equal(res!.status, 429, statuses.join(' '));
    assert.equal(res!.body.error.code, 'too_many_requests');
    const retryAfter = Number(res!.headers.get('retry-after'));
    assert.ok(
      Number.isInteger(retryAfter) && retryAfter >= 1,
      `Retry-After: ${res!.headers.get('retry-after')}`,
    );

    const right = await attempt(email, server.owner.password);
    assert.equal(right.status, 429, 'while locked, not even the right password is tried');
    assert.equal(
      (await attempt('someone-else@example.com', 'whatever password')).status,
      401,
      'other accounts are not locked',
    );

    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
    assert.equal(
      (await attempt(email, server.owner.password)).status,
      200,
      'after the wait the right password works',
    );
  });

  describe('the one-time setup link', () => {
    let fresh: TestServer;
    before(async () => {
      fresh = await startTestServer(engine, { noAdmin: true });
    });
    after(() => fresh.close());

    test('creates the owner once; a wrong, used or short-passworded attempt is refused', async () => {
      const url = fresh.gatehouse.setupUrl;
      assert.ok(url, 'a store without an admin gets a setup link');
      const match = /^(.+)\/console\/setup#token=(ghsu_[A-Za-z0-9_-]{43})$/.exec(url);
      assert.ok(match, url);
      assert.equal(match[1], fresh.consoleUrl);
      const token = match[2]!;
      const client = new ApiClient(fresh.consoleUrl);
      const email = 'first@example.com';
      const password = 'a long enough passphrase';

      const short = await client.post('/api/v1/setup', { token, email, password: 'elevenchars' });
      assert.equal(short.status, 400);
      assert.equal(short.body.error.code, 'invalid_request');
      const wrong = await client.post('/api/v1/setup', { token: `ghsu_${'A'.repeat(43)}`, email, password });
      assert.equal(wrong.status, 410);
      assert.equal(wrong.body.error.code, 'gone');
      assert.match(wrong.body.error.message, /Restart Gatehouse: while no admin exists, it prints a new/);
      assert.equal(
        (await client.post('/api/v1/session', { email, password })).status,
        401,
        'no admin exists yet',
      );

      const done = await client.post('/api/v1/setup', { token, email, password });
      assert.equal(done.status, 201);
      assert.deepEqual([done.body.admin.email, done.body.admin.role], [email, 'owner']);
      assert.equal(typeof done.body.csrf_token, 'string');
      const { cookie, attributes } = sessionCookie(done);
      assert.ok(attributes.includes('httponly') && attributes.includes('samesite=strict'));
      const me = await client.get('/api/v1/session', { cookie });
      assert.equal(me.status, 200);
      assert.equal(me.body.admin.id, done.body.admin.id);

      const again = await client.post('/api/v1/setup', { token, email: 'second@example.com', password });
      assert.equal(again.status, 410);
      assert.equal(again.body.error.code, 'gone');
      // A restart would print no new link now: the message says what does work.
      assert.match(again.body.error.message, /already set up.*Sign in with the owner account/);
      assert.doesNotMatch(again.body.error.message, /restart/i);
      assert.equal(
        (await client.post('/api/v1/session', { email: 'second@example.com', password })).status,
        401,
      );
      assert.equal((await client.post('/api/v1/session', { email, password })).status, 200);
    });
  });
});
