// The SIEM push export end to end on a real server: records appended to the logs reach a real receiver
// (a webhook receiver that checks every batch's signature, a Splunk HEC that answers as HEC does), in
// order, nothing lost; a receiver down for a while then back gets everything (duplicates only from
// retried batches); a refused token is recorded and, once an admin fixes it, the export resumes; and
// retention is held back from what a destination has not yet acknowledged.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { append, rowsOf, until } from '../helpers/audit-rows.ts';
import { startHecReceiver, startWebhookReceiver, type Receiver } from '../helpers/siem-receivers.ts';

const SECRET = 'whsec_0123456789abcdef0123';
const TOKEN = '8f5e0c1a-2b3c-4d5e-8f90-1a2b3c4d5e6f';

/** The records of `tag` a receiver got: their seqs in order of arrival. */
const arrived = (r: Receiver, tag: string, seqOf: (e: any) => { tag: string | null; seq: number }) =>
  r.events
    .map((e) => seqOf(e.body))
    .filter((x) => x.tag === tag)
    .map((x) => x.seq);

const fromWebhook = (e: any) => ({ tag: e.doc?.actor?.id ?? null, seq: e.seq as number });
const fromHec = (e: any) => ({ tag: e.event?.doc?.actor?.id ?? null, seq: e.event?.seq as number });

/** Every seq once at least, first arrivals in ascending order: at-least-once, in order. */
function assertComplete(seqs: number[], expected: number) {
  const firsts: number[] = [];
  const seen = new Set<number>();
  for (const s of seqs)
    if (!seen.has(s)) {
      seen.add(s);
      firsts.push(s);
    }
  assert.equal(seen.size, expected, `${seen.size} distinct records arrived, ${expected} expected`);
  assert.deepEqual(
    firsts,
    [...firsts].sort((a, b) => a - b),
    'records arrived out of order',
  );
}

eachEngine('SIEM export', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  const receivers: Receiver[] = [];
  before(async () => {
    server = await startTestServer(engine, { env: { GATEHOUSE_METRICS_PORT: '0' } });
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(async () => {
    await server.close();
    await Promise.all(receivers.map((r) => r.close()));
  });
  const store = () => server.gatehouse.services.store;
  const destination = async (id: string) => (await admin.get(`/api/v1/siem/destinations/${id}`)).body;

  test('a webhook destination receives every record, in order, each batch signed', async () => {
    const hook = await startWebhookReceiver(SECRET);
    receivers.push(hook);
    const created = await admin.post('/api/v1/siem/destinations', {
      name: 'Webhook',
      type: 'webhook',
      url: hook.url,
      secret: SECRET,
      format: 'json',
      streams: ['audit'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.secret, '••••0123');
    // Its own creation is the first record it receives.
    await until(
      () => hook.events.some((e) => e.body.doc.action === 'siem_destination.created'),
      30_000,
      'the creation event',
    );

    await append(store(), rowsOf('webhook', 1200));
    await until(() => new Set(arrived(hook, 'webhook', fromWebhook)).size === 1200, 60_000, '1,200 records');
    assertComplete(arrived(hook, 'webhook', fromWebhook), 1200);
    assert.deepEqual(hook.refused, [], 'every batch passed the signature check');
    // More than one batch (at most 500 each), each named by its delivery id.
    assert.ok(new Set(hook.events.map((e) => e.delivery)).size >= 3);
    await until(async () => (await destination(created.body.id)).lag.audit === 0, 30_000, 'lag 0');
    const d = await destination(created.body.id);
    assert.ok(d.last_success_at);
    const scraped = await (await fetch(server.gatehouse.metricsUrl!)).text();
    assert.match(scraped, /^gatehouse_siem_export_lag_records\{destination="Webhook"\} 0$/m);
    assert.equal(d.last_error, null);
    await admin.delete(`/api/v1/siem/destinations/${created.body.id}`);
  });

  test('a receiver down for a while gets everything once back; retention waits for it', async () => {
    const hook = await startWebhookReceiver(SECRET);
    receivers.push(hook);
    hook.mode = 'down';
    hook.retryAfter = '1';
    const created = await admin.post('/api/v1/siem/destinations', {
      name: 'Flaky',
      type: 'webhook',
      url: hook.url,
      secret: SECRET,
      format: 'json',
      streams: ['audit'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    await append(store(), rowsOf('flaky', 700));
    await until(async () => (await destination(id)).last_error !== null, 30_000, 'the failure recorded');
    const failing = await destination(id);
    assert.match(failing.last_error, /503/);
    assert.ok(failing.lag.audit >= 700, `lag ${failing.lag.audit}`);
    assert.equal(arrived(hook, 'flaky', fromWebhook).length, 0);

    // Retention keeps everything from the destination's cursor on.
    const cursor = (
      await store()
        .db.selectFrom('siem_cursors')
        .select('seq')
        .where('destination_id', '=', id)
        .where('stream', '=', 'audit')
        .executeTakeFirstOrThrow()
    ).seq;
    assert.equal(
      await server.gatehouse.services.siemExport.hold.oldestNeededSeq('audit'),
      Number(cursor) + 1,
    );

    hook.release();
    await until(() => new Set(arrived(hook, 'flaky', fromWebhook)).size === 700, 60_000, 'the backlog');
    assertComplete(arrived(hook, 'flaky', fromWebhook), 700);
    await until(async () => (await destination(id)).lag.audit === 0, 30_000, 'lag 0');
    assert.ok(
      (await server.gatehouse.services.siemExport.hold.oldestNeededSeq('audit'))! > Number(cursor) + 700,
      'the hold moved with the cursor',
    );
    await admin.delete(`/api/v1/siem/destinations/${id}`);
    assert.equal(await server.gatehouse.services.siemExport.hold.oldestNeededSeq('audit'), null);
  });

  test('Splunk HEC: a refused token is recorded, and fixing it resumes the export', async () => {
    const hec = await startHecReceiver(TOKEN);
    receivers.push(hec);
    const created = await admin.post('/api/v1/siem/destinations', {
      name: 'Splunk',
      type: 'splunk_hec',
      url: hec.url,
      token: 'not-the-token-0000',
      format: 'json',
      streams: ['audit'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    assert.equal(created.body.token, '••••0000');
    await append(store(), rowsOf('splunk', 25));
    await until(async () => (await destination(id)).last_error !== null, 30_000, 'the refusal recorded');
    assert.match((await destination(id)).last_error, /403.*Invalid token/);
    assert.equal(hec.refused[0]!.status, 403);

    const tested = await admin.post(`/api/v1/siem/destinations/${id}/test`);
    assert.equal(tested.status, 200);
    assert.equal(tested.body.delivered, false);
    assert.equal(tested.body.retryable, false);
    assert.match(tested.body.answer, /Invalid token/);

    const fixed = await admin.request('PATCH', `/api/v1/siem/destinations/${id}`, { token: TOKEN });
    assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
    await until(
      () => new Set(arrived(hec, 'splunk', fromHec)).size === 25,
      60_000,
      'the records after the fix',
    );
    assertComplete(arrived(hec, 'splunk', fromHec), 25);
    const envelope = hec.events.find((e) => fromHec(e.body).tag === 'splunk')!.body;
    assert.equal(envelope.source, 'gatehouse');
    assert.equal(envelope.sourcetype, 'gatehouse:audit');
    assert.equal(typeof envelope.host, 'string');
    assert.equal(envelope.time, Date.parse(envelope.event.time) / 1000);
    assert.equal(envelope.event.stream, 'audit');

    const again = await admin.post(`/api/v1/siem/destinations/${id}/test`);
    assert.equal(again.body.delivered, true);
    assert.match(again.body.answer, /"text":"Success","code":0/);
    const test = hec.events.find((e) => e.body.event.doc?.action === 'siem_destination.test')!.body;
    assert.equal(test.event.doc.details.test, true);
    await admin.delete(`/api/v1/siem/destinations/${id}`);
  });
});
