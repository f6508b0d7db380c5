// A path the Gateway does not serve: the same 404 as ever, in the shape it always had, and a record in
// the activity (gateway_error, not_found) naming the tool and the caller, so that an admin sees a tool
// that speaks an API Gatehouse lacks. A flood is recorded only up to its ration, per address and in
// all, and the log says how much was left out.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { createLogger } from '../../src/http/logger.ts';
import { UNSERVED_LIMITS, createUnservedRation, unservedOperation } from '../../src/gateway/unserved.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { signedInDevice, type SignedInDevice } from '../helpers/devices.ts';

const OPENAI_UA = 'OpenAI/JS 6.49.0';

/** Records a ration of `perMinute` can have refilled since `started` (one more for a partial one). */
const refills = (perMinute: number, started: number) =>
  Math.floor(((Date.now() - started) * perMinute) / 60_000) + 1;

eachEngine('paths the Gateway does not serve', (engine) => {
  let f: GatewayFixture;
  let dev: SignedInDevice;
  const logLines: Array<Record<string, any>> = [];

  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          logLines.push(JSON.parse(line));
        done();
      },
    });
    f = await startGatewayFixture(engine, {
      // The tests speak from chosen addresses through X-Forwarded-For.
      server: { log: createLogger('info', sink), env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } },
    });
    dev = await signedInDevice(f.server, f.admin, 'ada@example.com', { deviceName: 'ada-laptop' });
  });
  after(() => f.close());

  const from = (ip: string, path: string, init: RequestInit = {}) =>
    fetch(`${f.gatewayUrl}${path}`, {
      method: 'POST',
      ...init,
      headers: { 'x-forwarded-for': ip, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
  /** Every not_found record so far (the API lists gateway errors; the code is filtered here). */
  const unserved = async (): Promise<ActivityView[]> => {
    // The writer batches every 25 ms: wait for it to have written what was sent.
    await new Promise((r) => setTimeout(r, 200));
    const records = await f.activity(0, 'outcome=gateway_error');
    return records.filter((r) => r.error_code === 'not_found');
  };

  test('the 404 is what it was, and the record names the tool, the caller and what was asked', async () => {
    const res = await from('198.51.100.1', '/v1/batches?key=AIzaSyEXAMPLEKEY0123456789', {
      headers: { authorization: `Bearer ${f.token}`, 'user-agent': OPENAI_UA },
      body: JSON.stringify({ input_file_id: 'file-abc', endpoint: '/v1/chat/completions' }),
    });
    assert.equal(res.status, 404);
    const body = await res.text();
    assert.deepEqual(JSON.parse(body), {
      error: { code: 'not_found', message: 'There is no POST /v1/batches on the Gateway.' },
    });
    assert.doesNotMatch(body, /AIzaSy|key=/);
    const rec = await f.activityOf(res.headers.get('x-gatehouse-request-id'));
    assert.deepEqual(
      [rec.outcome, rec.error_code, rec.status, rec.operation, rec.provider, rec.model],
      ['gateway_error', 'not_found', 404, 'POST /v1/batches', null, null],
    );
    assert.equal(rec.tool, 'openai-sdk');
    assert.deepEqual(rec.actor, { type: 'credential', id: f.credentialId, name: 'dev-tools' });
    assert.equal(rec.ip, '198.51.100.1');
    assert.ok(rec.request_bytes > 0);
    assert.ok(!JSON.stringify(rec).includes('AIzaSy'), 'the query string is not kept');
  });

  test('a device token in the path names the developer and device, and is not kept', async () => {
    const res = await from('198.51.100.2', `/d/${dev.token}/v1/realtime/sessions`, {
      headers: { 'user-agent': 'codex_cli_rs/0.169.0' },
      body: '{}',
    });
    assert.equal(res.status, 404);
    const text = await res.text();
    assert.ok(!text.includes(dev.token));
    const rec = await f.activityOf(res.headers.get('x-gatehouse-request-id'));
    assert.equal(rec.operation, 'POST /v1/realtime/sessions');
    assert.deepEqual(rec.actor, { type: 'developer', id: dev.developerId, name: 'ada@example.com' });
    assert.deepEqual(rec.device, { id: dev.deviceId, name: 'ada-laptop' });
    assert.ok(!JSON.stringify(rec).includes(dev.token));
  });

  test('a scanner from one address is recorded up to its ration; another address still is', async () => {
    const before = (await unserved()).length;
    const sent = 60;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        from('203.0.113.7', `/wp-admin/install.php?step=${i}`, { method: 'GET' }),
      ),
    );
    assert.ok(
      answers.every((r) => r.status === 404),
      'every request is still answered 404',
    );
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    const refilled = refills(UNSERVED_LIMITS.perAddress.perMinute, started);
    const records = (await unserved()).filter((r) => r.ip === '203.0.113.7');
    // The burst, and what refilled while the flood lasted (one every 6 s).
    assert.ok(
      records.length >= UNSERVED_LIMITS.perAddress.burst &&
        records.length <= UNSERVED_LIMITS.perAddress.burst + refilled,
      `${records.length} of ${sent} recorded`,
    );
    assert.ok(records.every((r) => r.operation === 'GET /wp-admin/install.php'));
    const other = await from('203.0.113.8', '/v1/assistants', { method: 'GET' });
    assert.equal(other.status, 404);
    const rec = await f.activityOf(other.headers.get('x-gatehouse-request-id'));
    assert.equal(rec.error_code, 'not_found');
    const all = (await unserved()).length - before;
    assert.ok(all <= UNSERVED_LIMITS.perAddress.burst + refilled + 1, `${all} recorded in all`);
  });

  test('many addresses together are held to the listener’s ration', async () => {
    const before = (await unserved()).length;
    const sent = UNSERVED_LIMITS.overall.burst + 50;
    const started = Date.now();
    for (let batch = 0; batch < sent; batch += 25) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(25, sent - batch) }, (_, i) =>
          from(`192.0.2.${batch + i}`, '/.env', { method: 'GET' }),
        ),
      );
      assert.ok(answers.every((r) => r.status === 404));
      await Promise.all(answers.map((r) => r.arrayBuffer()));
    }
    const refilled = refills(UNSERVED_LIMITS.overall.perMinute, started);
    const recorded = (await unserved()).length - before;
    // At most the listener's burst and what refilled meanwhile; earlier tests spent a dozen of it.
    assert.ok(recorded <= UNSERVED_LIMITS.overall.burst + refilled, `${recorded} of ${sent} recorded`);
    assert.ok(recorded >= UNSERVED_LIMITS.overall.burst - 20, `${recorded} of ${sent} recorded`);
    // The log is rationed with the records: a summary only ever beside one.
    const summaries = logLines.filter((l) => /left out of the activity/.test(l.msg ?? ''));
    assert.ok(summaries.length <= recorded, `${summaries.length} summaries`);
  });
});

describe('the ration of unserved records', () => {
  const limits = {
    perAddress: { burst: 3, perMinute: 6 },
    overall: { burst: 5, perMinute: 60 },
    addresses: 2,
  };

  function ration() {
    const lines: Array<Record<string, any>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    });
    return { admit: createUnservedRation(createLogger('info', sink), limits), lines };
  }

  test('a burst, then one per refill; what was left out is summed up at the next record', async () => {
    const { admit, lines } = ration();
    const t = 1_000_000;
    assert.deepEqual(
      [1, 2, 3, 4, 5].map(() => admit('10.0.0.1', t)),
      [true, true, true, false, false],
    );
    assert.equal(admit('10.0.0.1', t + 9_000), false, 'less than one record refilled (6 a minute)');
    assert.equal(admit('10.0.0.1', t + 10_000), true);
    await new Promise((r) => setImmediate(r));
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.skipped, 3);
    assert.equal(lines[0]!.address, '10.0.0.1');
    assert.equal(lines[0]!.seconds, 10);
  });

  test('IPv6 counts by its /64; the listener’s ration binds across addresses; its summary takes in forgotten addresses', async () => {
    const { admit, lines } = ration();
    const t = 2_000_000;
    assert.deepEqual(
      ['2001:db8::1', '2001:db8::2', '2001:db8::3', '2001:db8::4'].map((ip) => admit(ip, t)),
      [true, true, true, false],
    );
    assert.equal(admit('10.0.0.2', t), true);
    // Room for two addresses: the /64, which had one request left out, is forgotten for 10.0.0.3, and
    // the listener reports it beside 10.0.0.3's record, naming no address.
    assert.equal(admit('10.0.0.3', t), true, 'the fifth of the listener’s burst');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(
      lines.map((l) => [l.address, l.skipped]),
      [[undefined, 1]],
    );
    assert.match(lines[0]!.msg, /rate limit of the listener/);
    assert.equal(admit('10.0.0.4', t), false, 'the listener’s ration is spent');
    assert.equal(admit('10.0.0.5', t + 500), false);
    await new Promise((r) => setImmediate(r));
    assert.equal(lines.length, 1, 'no summary without a record');
    // A second refills one record (60 a minute), and the summary comes with it.
    assert.equal(admit('10.0.0.6', t + 1_000), true);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(
      lines.map((l) => [l.address, l.skipped, l.seconds]),
      [
        [undefined, 1, 0],
        [undefined, 2, 1],
      ],
    );
  });

  test('what the record keeps of a path: no query, no long ids', () => {
    assert.equal(unservedOperation('POST', '/v1/batches?key=secret'), 'POST /v1/batches');
    assert.equal(
      unservedOperation('GET', '/v1/responses/resp_0123456789abcdef0123/input_items'),
      'GET /v1/responses/{id}/input_items',
    );
    assert.equal(unservedOperation('GET', '/v1/files/sk-proj-abc123def456ghi789'), 'GET /v1/files/{id}');
    assert.equal(unservedOperation('GET', '/wp-admin/setup-config.php'), 'GET /wp-admin/setup-config.php');
    assert.equal(unservedOperation('GET', `/${'a'.repeat(500)}`).length, 'GET /'.length + 199);
  });
});
