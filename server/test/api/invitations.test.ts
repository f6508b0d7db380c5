// Invitation links at their edges: expired, used, replaced, unknown or malformed tokens are a 410 or a
// 400 that says what to do; two accepts at once make one account; refused links are slowed down per
// address like failed sign-ins; refusals are in the audit log, tokens never are.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, auditEvents, signIn, waitForAudit } from '../helpers/api-client.ts';
import { PASSWORD, accept, tokenOf } from '../helpers/people.ts';
import { sha256Hex } from '../../src/crypto/tokens.ts';

eachEngine('invitations', (engine) => {
  let server: TestServer;
  let owner: ApiClient;
  const tokens: string[] = [];
  before(async () => {
    server = await startTestServer(engine, { env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } });
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  const from = (ip: string) => new ApiClient(server.consoleUrl, { 'x-forwarded-for': ip });
  async function inviteDeveloper(email: string): Promise<string> {
    const res = await owner.post('/api/v1/developers', { email });
    assert.ok(res.status === 201 || res.status === 200, JSON.stringify(res.body));
    const token = tokenOf(res.body.invitation_url);
    tokens.push(token);
    return token;
  }

  test('an expired invitation is a 410 that gives its date and says to ask for a new one', async () => {
    const token = await inviteDeveloper('late@example.com');
    const expiredAt = Date.now() - 1000;
    await server.gatehouse.services.store.db
      .updateTable('invitations')
      .set({ expires_at: expiredAt })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    const client = from('10.1.0.1');
    for (const res of [
      await client.post('/api/v1/invitations/inspect', { token }),
      await client.post('/api/v1/invitations/accept', { token, password: PASSWORD }),
    ]) {
      assert.equal(res.status, 410, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'gone');
      assert.match(res.body.error.message, new RegExp(`expired on ${new Date(expiredAt).toISOString()}`));
      assert.match(res.body.error.message, /invite you again/);
    }
    const developer = (await owner.get('/api/v1/developers?email=late@example.com')).body.developers[0];
    assert.equal(developer.status, 'invited', 'an expired link activates no one');
    // Inviting again gives a fresh week.
    const fresh = await inviteDeveloper('late@example.com');
    assert.equal((await accept(server.consoleUrl, fresh)).status, 200);
    const refused = await waitForAudit(owner, { action: 'invitation.refused' }, (e) => e.length >= 2);
    assert.deepEqual(
      refused.map((e) => [e.outcome, e.details.reason, e.target?.name, e.ip]),
      [
        ['failure', 'expired', 'late@example.com', '10.1.0.1'],
        ['failure', 'expired', 'late@example.com', '10.1.0.1'],
      ],
    );
  });

  test('a used invitation is a 410 that says to sign in; of two accepts at once, one wins', async () => {
    const token = await inviteDeveloper('twice@example.com');
    const results = await Promise.all([
      accept(server.consoleUrl, token, 'first long password'),
      accept(server.consoleUrl, token, 'second long password'),
    ]);
    assert.deepEqual(
      results.map((r) => r.status).sort(),
      [200, 410],
      JSON.stringify(results.map((r) => r.body)),
    );
    const later = await accept(server.consoleUrl, token);
    assert.equal(later.status, 410);
    assert.match(later.body.error.message, /used already: sign in/);
    const accepted = await auditEvents(owner, { action: 'developer.invitation_accepted' });
    assert.equal(accepted.filter((e) => e.target?.name === 'twice@example.com').length, 1);
  });

  test('unknown, replaced and malformed tokens: 410, or 400 naming the field', async () => {
    const replaced = await inviteDeveloper('replaced@example.com');
    await inviteDeveloper('replaced@example.com');
    const client = from('10.2.0.1');
    for (const token of [replaced, `ghiv_${'A'.repeat(43)}`, 'not-a-token']) {
      const res = await client.post('/api/v1/invitations/accept', { token, password: PASSWORD });
      assert.equal(res.status, 410, token);
      assert.match(res.body.error.message, /not valid \(a newer invitation may have replaced it\)/);
    }
    const cases: Array<[unknown, RegExp]> = [
      [{ password: PASSWORD }, /token is required/],
      [{ token: '', password: PASSWORD }, /token must not be empty/],
      [{ token: 'x'.repeat(129), password: PASSWORD }, /token must be at most 128/],
      [{ token: replaced, password: PASSWORD, role: 'owner' }, /unknown field "role"/],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/v1/invitations/accept', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.error.message, message);
    }
  });

  test('refused links from one address are slowed down (429 with Retry-After); other addresses are not', async () => {
    const client = from('10.3.0.1');
    const statuses: number[] = [];
    let res;
    for (let i = 0; i < 25 && res?.status !== 429; i++) {
      res = await client.post('/api/v1/invitations/inspect', {
        token: `ghiv_${String(i).padStart(43, 'B')}`,
      });
      statuses.push(res.status);
    }
    assert.equal(res!.status, 429, statuses.join(' '));
    assert.equal(res!.body.error.code, 'too_many_requests');
    assert.ok(
      Number(res!.headers.get('retry-after')) >= 1,
      `Retry-After: ${res!.headers.get('retry-after')}`,
    );
    assert.ok(statuses.filter((s) => s === 410).length >= 20, `20 free tries first: ${statuses.join(' ')}`);
    // While locked even a good link waits; another address is let in.
    const good = await inviteDeveloper('patient@example.com');
    assert.equal((await client.post('/api/v1/invitations/inspect', { token: good })).status, 429);
    const other = await from('10.3.0.2').post('/api/v1/invitations/inspect', { token: good });
    assert.equal(other.status, 200);
    assert.deepEqual(
      [other.body.kind, other.body.email, other.body.role],
      ['developer', 'patient@example.com', null],
    );
  });

  test('no response of the audit log holds an invitation token', async () => {
    assert.ok(tokens.length >= 6, `only ${tokens.length} tokens made`);
    const text = JSON.stringify(await auditEvents(owner));
    for (const token of tokens) assert.ok(!text.includes(token), `the audit log holds ${token}`);
  });
});
