// The SIEM pull (GET /api/v1/audit/events) against a real server: order, limit, cursor paging, time
// windows, the event's shape, and the promise a SIEM relies on: a poller that follows next_cursor while
// events are being written sees every event exactly once. No event ever holds a secret.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  ApiClient,
  createCredential,
  exchangeToken,
  signIn,
  type CreatedCredential,
  type AuditEventView,
  type Reply,
} from '../helpers/api-client.ts';

type Event = AuditEventView;

const PATH = '/api/v1/audit/events';
const qs = (query: Record<string, string>) => `${PATH}?${new URLSearchParams(query)}`;

/** Every event matching `query`, from the start, following next_cursor until a page comes back empty. */
async function readAll(client: ApiClient, query: Record<string, string> = {}): Promise<Event[]> {
  const events: Event[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1_000; page++) {
    const res = await client.get(qs({ ...query, limit: '1000', ...(cursor ? { after: cursor } : {}) }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (res.body.events.length === 0) return events;
    events.push(...res.body.events);
    cursor = res.body.next_cursor;
  }
  assert.fail('more than 1000 pages');
}

eachEngine('SIEM pull', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let siem: CreatedCredential;
  let machine: ApiClient;
  let siemToken: string;
  // Every secret used against this server: none may ever appear in an event.
  const secrets: string[] = [];

  async function bearer(
    cred: CreatedCredential,
    method: 'client_secret_basic' | 'client_secret_post' = 'client_secret_basic',
  ) {
    const { access_token } = await exchangeToken(server.consoleUrl, cred.client_id, cred.client_secret, {
      method,
    });
    secrets.push(access_token);
    return new ApiClient(server.consoleUrl, { authorization: `Bearer ${access_token}` });
  }
  async function credential(name: string, scopes = ['audit:read']) {
    const c = await createCredential(admin, { name, scopes });
    secrets.push(c.client_secret);
    return c;
  }
  /** Hot-path events reach the store through the batching writer a few milliseconds later. */
  async function settled() {
    for (let i = 0; i < 200 && server.gatehouse.services.audit.pending > 0; i++) await sleep(10);
    await sleep(30);
  }

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    secrets.push(server.owner.password, admin.headers.cookie!.split('=')[1]!, admin.headers['x-csrf-token']!);
    siem = await credential('siem');
    machine = await bearer(siem);
    siemToken = secrets.at(-1)!;
  });
  after(() => server.close());

  test('only a caller with audit:read may pull', async () => {
    const anonymous = await new ApiClient(server.consoleUrl).get(PATH);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.error.code, 'unauthenticated');
    const other = await bearer(await credential('risk-only', ['risk:read']));
    const refused = await other.get(PATH);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'insufficient_scope');
    assert.equal((await machine.get(PATH)).status, 200);
  });

  test('events come in ascending order, each with the documented shape', async () => {
    const made: CreatedCredential[] = [];
    for (const name of ['order-a', 'order-b', 'order-c']) made.push(await credential(name));
    const client = await bearer(made[1]!, 'client_secret_post');
    assert.equal((await client.get(`${PATH}?limit=1`)).status, 200);
    await settled();
    const all = await readAll(admin);
    const created = made.map((c) =>
      all.findIndex((e) => e.action === 'credential.created' && e.target?.id === c.id),
    );
    assert.ok(created.every((i) => i >= 0));
    assert.deepEqual(
      [...created].sort((a, b) => a - b),
      created,
      'events of successive changes come in the order they happened',
    );

    const e = all[created[0]!]!;
    for (const key of ['id', 'time', 'action', 'actor', 'target', 'ip', 'user_agent', 'outcome', 'details'])
      assert.ok(key in e, key);
    assert.match(e.id, /^evt_[a-z2-7]{20}$/);
    assert.equal(new Date(e.time).toISOString(), e.time, 'time is RFC 3339 in UTC');
    assert.equal(e.actor.type, 'admin');
    assert.match(e.actor.id!, /^adm_/);
    assert.equal(e.actor.name, server.owner.email);
    assert.deepEqual(e.target, { type: 'credential', id: made[0]!.id, name: 'order-a' });
    assert.equal(e.ip, '127.0.0.1');
    assert.equal(typeof e.user_agent, 'string');
    assert.equal(e.outcome, 'success');
    assert.deepEqual(e.details.scopes, ['audit:read']);

    const issued = all.find((x) => x.action === 'credential.token_issued' && x.actor.id === made[1]!.id);
    assert.ok(issued, 'the token exchange is attributed to the credential');
    assert.equal(issued.actor.type, 'credential');
    assert.equal(issued.outcome, 'success');
    const call = all.find((x) => x.action === 'api.request' && x.actor.id === made[1]!.id);
    assert.ok(call, 'the API call is attributed to the credential');
    assert.equal(call.details.method, 'GET');
    assert.equal(call.details.path, PATH);
    assert.equal(call.details.status, 200);
    assert.ok(all.indexOf(issued) < all.indexOf(call));
  });

  test('limit takes 1 to 1000; anything else is a 400', async () => {
    const one = await machine.get(`${PATH}?limit=1`);
    assert.equal(one.status, 200);
    assert.equal(one.body.events.length, 1);
    assert.equal((await machine.get(`${PATH}?limit=1000`)).status, 200);
    for (const bad of ['0', '1001', '-1', 'ten', '1.5', '']) {
      const res = await machine.get(`${PATH}?limit=${bad}`);
      assert.equal(res.status, 400, `limit=${bad}`);
      assert.equal(res.body.error.code, 'invalid_request');
    }
  });

  test('next_cursor pages through every event once; past the end it repeats the cursor', async () => {
    await settled();
    const all = await readAll(admin);
    assert.ok(all.length > 10);
    const paged: string[] = [];
    let cursor: string | null = null;
    let empty: { events: Event[]; next_cursor: string | null } | undefined;
    for (let i = 0; i < 1_000 && !empty; i++) {
      const res: Reply = await admin.get(qs({ limit: '3', ...(cursor ? { after: cursor } : {}) }));
      assert.equal(res.status, 200);
      assert.ok(res.body.events.length <= 3);
      if (res.body.events.length === 0) empty = res.body;
      else cursor = res.body.next_cursor;
      paged.push(...res.body.events.map((e: Event) => e.id));
    }
    assert.deepEqual(
      paged,
      all.map((e) => e.id),
    );
    assert.equal(empty?.next_cursor, cursor, 'an empty page hands back the cursor it was given');
    const far = await admin.get(`${PATH}?after=999999999999`);
    assert.deepEqual(far.body, { events: [], next_cursor: '999999999999' });
    for (const bad of ['abc', '-1', '1e3', '9'.repeat(16)]) {
      const res = await admin.get(`${PATH}?after=${bad}`);
      assert.equal(res.status, 400, `after=${bad}`);
      assert.equal(res.body.error.code, 'invalid_request');
    }
  });

  test('since is inclusive and until exclusive, in any RFC 3339 offset; a bad time is a 400 naming the field', async () => {
    await settled();
    const all = await readAll(admin);
    const pivot = all[Math.floor(all.length / 2)]!;
    const t = Date.parse(pivot.time);
    const ids = (events: Event[]) => events.map((e) => e.id);
    assert.deepEqual(
      ids(await readAll(admin, { since: pivot.time })),
      ids(all.filter((e) => Date.parse(e.time) >= t)),
    );
    assert.deepEqual(
      ids(await readAll(admin, { until: pivot.time })),
      ids(all.filter((e) => Date.parse(e.time) < t)),
    );
    const exactly = await readAll(admin, { since: pivot.time, until: new Date(t + 1).toISOString() });
    assert.ok(ids(exactly).includes(pivot.id));
    assert.ok(exactly.every((e) => Date.parse(e.time) === t));
    // The same instant written two hours east of UTC.
    const east = new Date(t + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    assert.deepEqual(
      ids(await readAll(admin, { since: east })),
      ids(all.filter((e) => Date.parse(e.time) >= t)),
    );

    const cases: Array<[string, string]> = [
      ['since', 'yesterday'],
      ['since', '2026-01-31'],
      ['until', '2026-13-45T00:00:00Z'],
      ['until', '2026-01-31T12:00:00'], // no offset: whose local time?
      ['since', '1769860800000'],
    ];
    for (const [field, value] of cases) {
      const res = await machine.get(qs({ [field]: value }));
      assert.equal(res.status, 400, `${field}=${value}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, new RegExp(`^${field} `), 'the message names the field');
    }
  });

  test('action and actor_id filter, alone and with a cursor', async () => {
    // The owner is a quiet actor (session reads add no events), so its events stay put between reads.
    const ownerId = (await admin.get('/api/v1/session')).body.admin.id as string;
    await settled();
    const all = await readAll(machine);
    const owners = all.filter((e) => e.actor.id === ownerId);
    assert.ok(owners.length >= 2, 'the owner signed in and created credentials');
    assert.deepEqual(
      (await readAll(machine, { actor_id: ownerId })).map((e) => e.id),
      owners.map((e) => e.id),
    );
    const created = owners.filter((e) => e.action === 'credential.created');
    assert.deepEqual(
      (await readAll(machine, { actor_id: ownerId, action: 'credential.created' })).map((e) => e.id),
      created.map((e) => e.id),
    );
    const first = (await machine.get(qs({ actor_id: ownerId, limit: '1' }))).body;
    assert.equal(first.events[0].id, owners[0]!.id);
    const rest = await readAll(machine, { actor_id: ownerId, after: first.next_cursor });
    assert.deepEqual(
      rest.map((e) => e.id),
      owners.slice(1).map((e) => e.id),
    );
    const issued = await readAll(machine, { action: 'credential.token_issued' });
    assert.ok(issued.length > 0 && issued.every((e) => e.action === 'credential.token_issued'));
  });

  test('an unknown query parameter is a 400, not silently ignored', async () => {
    for (const query of ['cursor=5', 'offset=10', `key=${siemToken}`]) {
      const res = await machine.get(`${PATH}?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.error.code, 'invalid_request');
    }
  });

  test('a poller following next_cursor during concurrent writes sees every event exactly once', async () => {
    const writers = await Promise.all([1, 2, 3, 4].map((i) => credential(`writer-${i}`)));
    const seen: string[] = [];
    const seenSet = new Set<string>();
    let cursor: string | null = null;
    const pollOnce = async (client: ApiClient) => {
      const res = await client.get(qs({ limit: '7', ...(cursor ? { after: cursor } : {}) }));
      assert.equal(res.status, 200);
      for (const e of res.body.events as Event[]) {
        assert.ok(!seenSet.has(e.id), `event ${e.id} (${e.action}) was delivered twice`);
        seenSet.add(e.id);
        seen.push(e.id);
      }
      cursor = res.body.next_cursor;
      return res.body.events.length as number;
    };

    let writing = true;
    const work = Promise.all([
      ...writers.map(async (cred, w) => {
        for (let i = 0; i < 12; i++) {
          const client = await bearer(cred, (i + w) % 2 ? 'client_secret_post' : 'client_secret_basic');
          const [read, refused] = await Promise.all([
            client.get(`${PATH}?limit=1`),
            client.get('/api/v1/credentials'),
          ]);
          assert.equal(read.status, 200);
          assert.equal(refused.status, 403); // still an api.request event, with outcome failure
        }
      }),
      // Lifecycle events commit in their own transactions, beside the batched ones.
      ...[0, 1, 2].map(async (k) => {
        for (let i = 0; i < 4; i++) await credential(`burst-${k}-${i}`);
      }),
    ]).finally(() => (writing = false));

    let polls = 0;
    const deadline = Date.now() + 60_000;
    while (writing && polls < 5_000 && Date.now() < deadline) {
      await pollOnce(machine);
      polls++;
    }
    await work;
    assert.ok(polls >= 5, `the poller ran during the writes (${polls} polls)`);

    // Final drain, with the admin session (its reads add no events): until a page is empty twice.
    let empties = 0;
    for (let i = 0; empties < 2 && i < 1_000; i++) {
      if ((await pollOnce(admin)) === 0) {
        empties++;
        await sleep(50);
      } else empties = 0;
    }
    assert.equal(empties, 2);

    const all = await readAll(admin);
    assert.deepEqual(
      seen,
      all.map((e) => e.id),
      'the poller saw exactly the events of a read from scratch, in order',
    );
    const byWriter = (action: string) =>
      all.filter((e) => e.action === action && writers.some((c) => c.id === e.actor.id));
    assert.equal(byWriter('credential.token_issued').length, 4 * 12);
    assert.equal(byWriter('api.request').length, 4 * 12 * 2);
    assert.equal(byWriter('api.request').filter((e) => e.outcome === 'failure').length, 4 * 12);
    assert.ok(
      all.filter((e) => e.action === 'credential.created' && e.target?.name?.startsWith('burst-')).length ===
        12,
    );
  });

  test('no event ever holds a secret', async () => {
    // A failed sign-in and a refused token exchange, whose wrong secrets must not be recorded either.
    const wrongPassword = 'not the password, but close';
    const signInRes = await new ApiClient(server.consoleUrl).post('/api/v1/session', {
      email: server.owner.email,
      password: wrongPassword,
    });
    assert.equal(signInRes.status, 401);
    const wrongSecret = `${siem.client_secret.slice(0, -4)}AAAA`;
    await assert.rejects(
      exchangeToken(server.consoleUrl, siem.client_id, wrongSecret, { method: 'client_secret_post' }),
      {
        error: 'invalid_client',
      },
    );
    secrets.push(wrongPassword, wrongSecret);
    await settled();
    const all = await readAll(admin);
    assert.ok(all.some((e) => e.action === 'session.sign_in' && e.outcome === 'failure'));
    assert.ok(
      all.some((e) => e.action === 'credential.token_refused' && e.details.reason === 'wrong_secret'),
    );
    assert.ok(secrets.length > 50);
    for (const event of all) {
      const json = JSON.stringify(event);
      for (const secret of secrets)
        assert.ok(!json.includes(secret), `event ${event.id} (${event.action}) holds a secret`);
      assert.doesNotMatch(
        json,
        /gh(cs|at|ss|su)_[A-Za-z0-9_-]{16,}/,
        `event ${event.id} holds something shaped like a secret`,
      );
    }
  });
});
