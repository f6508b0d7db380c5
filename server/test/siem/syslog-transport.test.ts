// The syslog transport against a real syslog receiver, over TCP and over TLS: framing, the RFC 5424
// header, CEF read back, and what it does when the receiver drops, is down, is not trusted or stalls.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { formatterFor } from '../../src/siem/formats/index.ts';
import { PRODUCT_VERSION } from '../../src/siem/formats/level.ts';
import { DeliveryError, type ExportRecord, type Transport } from '../../src/siem/siem-contract.ts';
import { createSyslogTransport, parseSyslogUrl } from '../../src/siem/transports/syslog.ts';
import {
  parseCef,
  selfSignedCertificate,
  startSyslogReceiver,
  type Certificate,
  type SyslogReceiver,
} from '../helpers/syslog-receiver.ts';
import { activityRecord, auditRecord, findingRecord, HOSTILE } from './sample-records.ts';

const cef = formatterFor('cef');
const json = formatterFor('json');

function batch(): ExportRecord[] {
  return [
    auditRecord(
      { action: 'session.sign_in', outcome: 'failure', actor: { type: 'admin', id: 'a', name: HOSTILE } },
      1,
    ),
    activityRecord({ outcome: 'allowed' }, 2),
    findingRecord({ severity: 'critical' }, 3),
  ];
}

/** A batch far bigger than the loopback socket buffers, so that it is still being written when it matters. */
function bigBatch(): ExportRecord[] {
  const blob = 'y'.repeat(256 * 1024);
  return Array.from({ length: 96 }, (_, i) => auditRecord({ id: `evt_${i}`, details: { blob } }, i + 1));
}

async function rejection(promise: Promise<unknown>): Promise<DeliveryError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof DeliveryError, `a DeliveryError, not ${String(error)}`);
    return error;
  }
  assert.fail('the send should have been rejected');
}

const signal = () => new AbortController().signal;

async function sendCef(transport: Transport, records: ExportRecord[]) {
  await transport.send(records, records.map(cef), signal());
}

function checkDelivered(receiver: SyslogReceiver, records: ExportRecord[]) {
  const severities = [4, 6, 2]; // a failed sign-in warns; an allowed request informs; a critical finding is critical
  receiver.messages.forEach((m, i) => {
    const record = records[i]!;
    assert.equal(m.version, 1);
    assert.equal(m.facility, 13, 'log audit');
    assert.equal(m.severity, severities[i]);
    assert.equal(m.timestamp, new Date(record.time).toISOString());
    assert.equal(m.hostname, 'gatehouse-test');
    assert.equal(m.appName, 'gatehouse');
    assert.equal(m.procId, String(process.pid));
    assert.equal(m.msgId, record.stream);
    assert.equal(m.structuredData, `[origin software="Gatehouse" swVersion="${PRODUCT_VERSION}"]`);
    assert.equal(m.bom, true, 'RFC 5424: a UTF-8 MSG starts with the BOM');
    assert.deepEqual(parseCef(m.msg), parseCef(cef(record).value as string));
    assert.equal(parseCef(m.msg).extension.externalId, record.id);
  });
  assert.equal(parseCef(receiver.messages[0]!.msg).extension.suser!.includes('\u{1F600}'), true);
  assert.deepEqual(receiver.errors, []);
}

describe('parseSyslogUrl', () => {
  it('reads tcp:// and tls:// addresses, with the usual ports when none is given', () => {
    assert.deepEqual(parseSyslogUrl('tcp://siem.example.com:1514'), {
      protocol: 'tcp',
      host: 'siem.example.com',
      port: 1514,
    });
    assert.deepEqual(parseSyslogUrl('tls://[2001:db8::1]:6514'), {
      protocol: 'tls',
      host: '2001:db8::1',
      port: 6514,
    });
    assert.equal(parseSyslogUrl('tcp://10.0.0.1').port, 514);
    assert.equal(parseSyslogUrl('tls://siem').port, 6514);
  });

  it('refuses anything else with a sentence saying what to write', () => {
    for (const [url, message] of [
      ['siem.example.com:514', /tcp:\/\/ or tls:\/\//],
      ['udp://siem:514', /not udp:/],
      ['https://siem', /not https:/],
      ['tcp://user:pw@siem:514', /no user name or password/],
      ['tcp://siem:514/path', /without a path or a query/],
      ['tcp://siem:514?x=1', /without a path or a query/],
      ['not a url', /is not a URL/],
      ['tcp://siem:0', /1 to 65535/],
    ] as const) {
      assert.throws(() => parseSyslogUrl(url), message, url);
    }
  });
});

describe('syslog over TCP', () => {
  let receiver: SyslogReceiver;
  before(async () => {
    receiver = await startSyslogReceiver();
  });
  after(() => receiver.close());

  it('delivers a batch as octet-counted RFC 5424 messages, CEF read back equal to the record', async () => {
    const transport = createSyslogTransport({ url: receiver.url, hostname: 'gatehouse-test' });
    try {
      const records = batch();
      await sendCef(transport, records);
      await receiver.waitFor(3);
      checkDelivered(receiver, records);
      // JSON is the same object once parsed.
      await transport.send([records[1]!], [json(records[1]!)], signal());
      const [, , , message] = await receiver.waitFor(4);
      assert.deepEqual(JSON.parse(message!.msg), JSON.parse(JSON.stringify(json(records[1]!).value)));
      assert.equal(receiver.connections(), 1, 'one persistent connection');
    } finally {
      await transport.close();
    }
  });

  it('rejects retryable when the receiver drops the connection mid-batch, and reconnects for the next', async () => {
    const dropping = await startSyslogReceiver();
    const transport = createSyslogTransport({ url: dropping.url, timeoutMs: 60_000 });
    try {
      dropping.dropOnFirstFrame(true);
      const records = bigBatch();
      const error = await rejection(transport.send(records, records.map(json), signal()));
      assert.equal(error.retryable, true);
      assert.match(error.message, /syslog receiver/);
      dropping.dropOnFirstFrame(false);
      const before = dropping.messages.length;
      await sendCef(transport, batch());
      await dropping.waitFor(before + 3);
      assert.equal(dropping.connections(), 2, 'the next batch came on a new connection');
      assert.equal(dropping.messages.at(-1)!.connection, 2);
    } finally {
      await transport.close();
      await dropping.close();
    }
  });

  it('rejects retryable when nothing listens', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const transport = createSyslogTransport({ url: `tcp://127.0.0.1:${port}`, timeoutMs: 60_000 });
    try {
      const error = await rejection(sendCef(transport, batch()));
      assert.equal(error.retryable, true);
      assert.match(error.message, /refused the connection/);
    } finally {
      await transport.close();
    }
  });

  it('rejects at the deadline when the receiver stops reading, and the next batch starts afresh', async () => {
    const stalled = await startSyslogReceiver();
    stalled.stall(true);
    const transport = createSyslogTransport({ url: stalled.url, timeoutMs: 500 });
    try {
      const records = bigBatch();
      const error = await rejection(transport.send(records, records.map(json), signal()));
      assert.equal(error.retryable, true);
      assert.match(error.message, /took more than 500 ms/);
      stalled.stall(false);
      await sendCef(transport, batch());
      await stalled.waitFor(3);
      assert.equal(stalled.messages[0]!.connection, 2);
    } finally {
      await transport.close();
      await stalled.close();
    }
  });

  it('sends one batch at a time, in the order given', async () => {
    const ordered = await startSyslogReceiver();
    const transport = createSyslogTransport({ url: ordered.url });
    try {
      const first = bigBatch().slice(0, 24);
      const second = [findingRecord({}, 99)];
      await Promise.all([
        transport.send(first, first.map(json), signal()),
        transport.send(second, second.map(cef), signal()),
      ]);
      const messages = await ordered.waitFor(25);
      assert.deepEqual(
        messages.map((m) => m.msgId),
        [...first.map(() => 'audit'), 'findings'],
      );
    } finally {
      await transport.close();
      await ordered.close();
    }
  });

  it('rejects a cancelled batch', async () => {
    const transport = createSyslogTransport({ url: receiver.url });
    try {
      const controller = new AbortController();
      controller.abort();
      const error = await rejection(transport.send(batch(), batch().map(cef), controller.signal));
      assert.match(error.message, /cancelled/);
    } finally {
      await transport.close();
    }
  });
});

describe('syslog over TLS', () => {
  let certificate: Certificate;
  let receiver: SyslogReceiver;
  before(async () => {
    certificate = selfSignedCertificate();
    receiver = await startSyslogReceiver({ tls: certificate });
  });
  after(() => receiver.close());

  it('delivers to a receiver whose certificate the given CA vouches for', async () => {
    const transport = createSyslogTransport({
      url: receiver.url,
      ca: certificate.cert,
      hostname: 'gatehouse-test',
    });
    try {
      const records = batch();
      await sendCef(transport, records);
      await receiver.waitFor(3);
      checkDelivered(receiver, records);
    } finally {
      await transport.close();
    }
  });

  it('refuses a receiver whose certificate it does not trust, and says so (not retryable)', async () => {
    const other = selfSignedCertificate();
    const transport = createSyslogTransport({ url: receiver.url, ca: other.cert, timeoutMs: 60_000 });
    try {
      const error = await rejection(sendCef(transport, batch()));
      assert.equal(error.retryable, false);
      assert.match(error.message, /TLS certificate .* was not trusted/);
    } finally {
      await transport.close();
    }
    const withoutCa = createSyslogTransport({ url: receiver.url, timeoutMs: 60_000 });
    try {
      const error = await rejection(sendCef(withoutCa, batch()));
      assert.equal(error.retryable, false, 'a self-signed certificate is not in the system store');
    } finally {
      await withoutCa.close();
    }
  });
});
