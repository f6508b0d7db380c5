// Security events are committed before their answer (docs/operations.md, "Durability"): the moment a
// token or a sign-in is answered its event can be read back, and when the audit log cannot be written
// the answer is a 503 that issued nothing, whose event never appears later.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  auditEvents,
  createCredential,
  signIn,
  type ApiClient,
  type CreatedCredential,
} from '../helpers/api-client.ts';

eachEngine('security events are durable when answered', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let cred: CreatedCredential;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    cred = await createCredential(admin, { name: 'durable', scopes: ['audit:read'] });
  });
  after(() => server.close());

  const token = (secret = cred.client_secret) =>
    fetch(`${server.consoleUrl}/api/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${cred.client_id}:${secret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
  const signInAs = (password: string) =>
    fetch(`${server.consoleUrl}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.owner.email, password }),
    });
  /** The audit events of these answers, read the moment they were answered (no polling). */
  const eventsOf = async (responses: Response[]) => {
    const ids = new Set(responses.map((r) => r.headers.get('x-request-id')));
    return (await auditEvents(admin)).filter((e) => ids.has(e.request_id as string | null));
  };

  test('a token issued or refused and a sign-in or its failure are in the audit log when answered', async () => {
    const answers = await Promise.all([
      token(),
      token(),
      token('ghcs_wrong'),
      signInAs(server.owner.password),
    ]);
    answers.push(await signInAs('not the password'));
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200, 401, 200, 401],
    );
    const events = await eventsOf(answers);
    assert.deepEqual(events.map((e) => `${e.action} ${e.outcome}`).sort(), [
      'credential.token_issued success',
      'credential.token_issued success',
      'credential.token_refused failure',
      'session.sign_in failure',
      'session.sign_in success',
    ]);
  });

  test('when the audit log cannot be written, tokens and sign-ins are refused with a 503 and nothing is recorded of them later', async () => {
    const db = server.gatehouse.services.store.db;
    // The audit table out of reach: every insert into it fails, as with a database that has gone.
    await sql`ALTER TABLE audit_events RENAME TO audit_events_away`.execute(db);
    let refused: Response[];
    try {
      refused = [await token(), await token('ghcs_wrong'), await signInAs(server.owner.password)];
      assert.deepEqual(
        refused.map((r) => r.status),
        [503, 503, 503],
      );
      const [issued, wrong, session] = (await Promise.all(refused.map((r) => r.json()))) as [
        { error: string; access_token?: string },
        { error: string },
        { error: { code: string } },
      ];
      assert.equal(issued.error, 'temporarily_unavailable');
      assert.equal(issued.access_token, undefined, 'no token is handed out unrecorded');
      assert.equal(wrong.error, 'temporarily_unavailable');
      assert.equal(refused[0]!.headers.get('retry-after'), '1');
      assert.equal(session.error.code, 'unavailable');
      assert.equal(refused[2]!.headers.get('set-cookie'), null, 'no session is handed out unrecorded');
    } finally {
      await sql`ALTER TABLE audit_events_away RENAME TO audit_events`.execute(db);
    }
    const again = await token();
    assert.equal(again.status, 200, 'tokens are issued again once the audit log can be written');
    assert.equal((await eventsOf([again])).length, 1);
    assert.equal(server.gatehouse.services.audit.pending, 0);
    assert.deepEqual(await eventsOf(refused), [], 'the events of refused answers were withdrawn');
  });
});
