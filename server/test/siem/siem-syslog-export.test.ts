// The syslog transport and the CEF and OCSF formats through the real exporter: a destination made
// through the management API (syslog over TLS with its own CA) delivers the audit log to a real syslog
// receiver, each RFC 5424 message carrying one CEF event; an OCSF destination over plain TCP delivers
// the same records as OCSF objects. Records keep their order and their stable ids.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { append, rowsOf } from '../helpers/audit-rows.ts';
import {
  parseCef,
  selfSignedCertificate,
  startSyslogReceiver,
  type SyslogReceiver,
} from '../helpers/syslog-receiver.ts';

eachEngine('SIEM export over syslog', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  const receivers: SyslogReceiver[] = [];
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(async () => {
    await server.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  test('syslog over TLS with CEF: every audit record arrives as one parseable CEF event, in order', async () => {
    const certificate = selfSignedCertificate();
    const receiver = await startSyslogReceiver({ tls: certificate });
    receivers.push(receiver);
    const created = await admin.post('/api/v1/siem/destinations', {
      name: 'Syslog CEF',
      type: 'syslog',
      url: receiver.url,
      tls_ca: certificate.cert,
      format: 'cef',
      streams: ['audit'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));

    await append(server.gatehouse.services.store, rowsOf('syslog-cef', 300));
    // Its own creation event first, then the 300.
    const messages = await receiver.waitFor(301, 60_000);
    assert.deepEqual(receiver.errors, []);
    const events = messages.map((m) => ({ m, cef: parseCef(m.msg) }));
    assert.equal(events[0]!.cef.signatureId, 'siem_destination.created');
    const ours = events.filter(
      (e) => e.cef.extension.suser === 'syslog-cef' || e.m.msg.includes('syslog-cef'),
    );
    assert.equal(ours.length, 300, 'each appended record once');
    for (const { m, cef } of ours) {
      assert.equal(m.msgId, 'audit');
      assert.equal(cef.vendor, 'Gatehouse');
      assert.ok(cef.extension.externalId, 'each event carries its stable id');
    }
    const ids = ours.map((e) => e.cef.extension.externalId);
    assert.equal(new Set(ids).size, 300, 'no duplicates on a clean run');
  });

  test('syslog over TCP with OCSF: the records as OCSF objects, with their ids', async () => {
    const receiver = await startSyslogReceiver();
    receivers.push(receiver);
    const created = await admin.post('/api/v1/siem/destinations', {
      name: 'Syslog OCSF',
      type: 'syslog',
      url: receiver.url,
      format: 'ocsf',
      streams: ['audit'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await append(server.gatehouse.services.store, rowsOf('syslog-ocsf', 50));
    const messages = await receiver.waitFor(51, 60_000);
    const objects = messages.map((m) => JSON.parse(m.msg));
    for (const o of objects) {
      assert.equal(typeof o.class_uid, 'number');
      assert.equal(o.type_uid, o.class_uid * 100 + o.activity_id);
      assert.ok(o.metadata.uid);
    }
    assert.equal(new Set(objects.map((o) => o.metadata.uid)).size, objects.length);
  });

  test('a syslog address that is not tcp:// or tls:// is refused with what to write', async () => {
    const res = await admin.post('/api/v1/siem/destinations', {
      name: 'Wrong',
      type: 'syslog',
      url: 'https://siem.example.com',
      format: 'cef',
      streams: ['audit'],
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.field, 'body.url');
    assert.match(res.body.error.message, /tls:\/\/host:port/);
  });
});
