// The SIEM destinations API: what it refuses and how it says so, tokens and secrets sealed at rest and
// masked when read back, changes audited without them. (Who may call it: test/api/route-security.test.ts.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, signIn, type ApiClient } from '../helpers/api-client.ts';

const SECRET = 'whsec_route_test_secret_9876';
const TOKEN = 'hec-token-route-test-4321';
const webhook = {
  name: 'Receiver',
  type: 'webhook',
  url: 'http://127.0.0.1:9/hook',
  secret: SECRET,
  format: 'json',
  streams: ['audit', 'findings'],
};

eachEngine('SIEM destinations API', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  const refused = async (
    body: unknown,
    status: number,
    code: string,
    field: string | undefined,
    message: RegExp,
  ) => {
    const res = await admin.post('/api/v1/siem/destinations', body);
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.error.code, code);
    if (field) assert.equal(res.body.error.field, field);
    assert.match(res.body.error.message, message);
  };

  test('refuses what it cannot send or check, each with a sentence to act on', async () => {
    await refused(
      { ...webhook, type: 'syslog', url: 'udp://siem.example.com:514' },
      400,
      'invalid_request',
      'body.url',
      /tls:\/\/host:port/,
    );
    await refused({ ...webhook, format: 'leef' }, 400, 'invalid_request', 'body.format', /format/);
    await refused(
      { ...webhook, secret: undefined },
      400,
      'secret_required',
      'body.secret',
      /signing "secret" of at least 16/,
    );
    await refused({ ...webhook, secret: 'short' }, 400, 'secret_required', 'body.secret', /at least 16/);
    await refused(
      { ...webhook, type: 'splunk_hec', secret: undefined },
      400,
      'secret_required',
      'body.token',
      /HEC token/,
    );
    await refused({ ...webhook, url: 'not a url' }, 400, 'invalid_request', 'body.url', /is not a URL/);
    await refused(
      { ...webhook, url: 'ftp://example.com/x' },
      400,
      'invalid_request',
      'body.url',
      /https:\/\//,
    );
    await refused(
      { ...webhook, url: 'https://u:p@example.com/x' },
      400,
      'invalid_request',
      'body.url',
      /user name or password/,
    );
    await refused(
      { ...webhook, url: 'https://example.com/x?token=1' },
      400,
      'invalid_request',
      'body.url',
      /query string/,
    );
    await refused({ ...webhook, streams: [] }, 400, 'invalid_request', undefined, /streams/);
    await refused(
      { ...webhook, streams: ['audit', 'audit'] },
      400,
      'invalid_request',
      'body.streams',
      /twice/,
    );
    await refused({ ...webhook, streams: ['mail'] }, 400, 'invalid_request', undefined, /streams/);
    await refused({ ...webhook, name: '   ' }, 400, 'invalid_request', 'body.name', /1 to 100/);
    await refused(
      { ...webhook, tls_ca: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----' },
      400,
      'invalid_request',
      'body.tls_ca',
      /syslog/,
    );
    await refused({ ...webhook, extra: 1 }, 400, 'invalid_request', undefined, /./);
    await refused('{"name": ', 400, 'invalid_request', undefined, /./);
    const list = await admin.get('/api/v1/siem/destinations');
    assert.deepEqual(list.body.destinations, []);
  });

  test('secrets sealed at rest, masked when read, kept unless replaced; every change audited without them', async () => {
    const created = await admin.post('/api/v1/siem/destinations', webhook);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    assert.match(id, /^siem_/);
    assert.equal(created.body.secret, '••••9876');
    assert.equal(created.body.token, null);
    assert.deepEqual(created.body.streams, ['audit', 'findings']);
    assert.deepEqual(Object.keys(created.body.lag).sort(), ['audit', 'findings']);
    assert.equal(created.body.enabled, true);

    const row = await server.gatehouse.services.store.db
      .selectFrom('siem_destinations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(row).includes(SECRET), 'the secret is not stored in the clear');
    assert.ok(row.secret_sealed);

    const dup = await admin.post('/api/v1/siem/destinations', webhook);
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error.code, 'conflict');

    // A change without the secret keeps it; the listing shows it masked.
    const renamed = await admin.request('PATCH', `/api/v1/siem/destinations/${id}`, {
      name: 'Renamed',
      enabled: false,
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.secret, '••••9876');
    assert.equal(renamed.body.enabled, false);
    const changed = await admin.request('PATCH', `/api/v1/siem/destinations/${id}`, {
      secret: 'another_secret_value_5555',
    });
    assert.equal(changed.body.secret, '••••5555');
    const list = await admin.get('/api/v1/siem/destinations');
    assert.equal(list.body.destinations.length, 1);
    assert.equal(list.body.destinations[0].secret, '••••5555');
    const cef = await admin.request('PATCH', `/api/v1/siem/destinations/${id}`, { format: 'cef' });
    assert.equal(cef.status, 200, JSON.stringify(cef.body));
    assert.equal(cef.body.format, 'cef');
    assert.equal(cef.body.secret, '••••5555', 'a change of format keeps the secret');

    const missing = await admin.get('/api/v1/siem/destinations/siem_doesnotexist0');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'not_found');
    const badId = await admin.get('/api/v1/siem/destinations/..%2f..');
    assert.equal(badId.status, 400);

    const gone = await admin.delete(`/api/v1/siem/destinations/${id}`);
    assert.equal(gone.status, 204);
    assert.equal((await admin.get(`/api/v1/siem/destinations/${id}`)).status, 404);
    const cursors = await server.gatehouse.services.store.db
      .selectFrom('siem_cursors')
      .selectAll()
      .where('destination_id', '=', id)
      .execute();
    assert.deepEqual(cursors, []);

    const events = await auditEvents(admin);
    const mine = events.filter((e) => e.target?.id === id);
    assert.deepEqual(mine.map((e) => e.action).sort(), [
      'siem_destination.created',
      'siem_destination.deleted',
      'siem_destination.updated',
      'siem_destination.updated',
      'siem_destination.updated',
    ]);
    const text = JSON.stringify(mine);
    assert.ok(
      !text.includes(SECRET) && !text.includes('another_secret_value_5555'),
      'no secret in the audit log',
    );
    const updates = mine.filter((e) => e.action === 'siem_destination.updated');
    assert.ok(updates.some((e) => e.details.secret_changed === true));
    assert.ok(updates.some((e) => (e.details.name as any)?.to === 'Renamed'));
  });

  test('a Splunk destination keeps its token masked; Test reports an unreachable receiver', async () => {
    const created = await admin.post('/api/v1/siem/destinations', {
      name: 'Splunk',
      type: 'splunk_hec',
      url: 'http://127.0.0.1:9',
      token: TOKEN,
      format: 'json',
      streams: ['activity'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.token, '••••4321');
    const tested = await admin.post(`/api/v1/siem/destinations/${created.body.id}/test`);
    assert.equal(tested.status, 200);
    assert.equal(tested.body.delivered, false);
    assert.equal(tested.body.retryable, true);
    assert.match(tested.body.answer, /Could not reach 127\.0\.0\.1:9/);
  });
});
