// The CEF format: each stream's header and extension, read back by a CEF parser, and the escaping and
// caps of the CEF spec under hostile strings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCef } from '../../src/siem/formats/cef.ts';
import { cap } from '../../src/siem/formats/cef-encoding.ts';
import { PRODUCT_VERSION } from '../../src/siem/formats/level.ts';
import type { ExportRecord } from '../../src/siem/siem-contract.ts';
import { parseCef } from '../helpers/syslog-receiver.ts';
import { activityRecord, auditRecord, findingRecord, HOSTILE, HUGE } from './sample-records.ts';

function cefOf(record: ExportRecord) {
  const formatted = formatCef(record);
  assert.equal(formatted.kind, 'text');
  const line = formatted.value as string;
  assert.ok(!/[\r\n]/.test(line) && !line.includes(String.fromCharCode(0)), 'a CEF line never breaks');
  return { line, event: parseCef(line) };
}

describe('CEF', () => {
  it('writes an audit event with its action as the signature and its parties in the extension', () => {
    const record = auditRecord();
    const { line, event } = cefOf(record);
    assert.ok(line.startsWith(`CEF:0|Gatehouse|Gatehouse|${PRODUCT_VERSION}|credential.created|`));
    assert.equal(event.signatureId, 'credential.created');
    assert.equal(event.name, 'credential.created success');
    assert.equal(event.severity, '1');
    const x = event.extension;
    assert.equal(x.rt, String(Date.parse(record.doc.time)));
    assert.equal(x.externalId, record.id);
    assert.equal(x.cat, 'audit');
    assert.equal(x.act, 'credential.created');
    assert.equal(x.outcome, 'success');
    assert.equal(x.suser, 'alice@example.com');
    assert.equal(x.suid, 'adm_1');
    assert.equal(x.duser, 'ci-runner');
    assert.equal(x.duid, 'cred_7');
    assert.equal(x.src, '203.0.113.9');
    assert.equal(x.requestClientApplication, 'Mozilla/5.0');
    assert.equal(x.cs1Label, 'actorType');
    assert.equal(x.cs1, 'admin');
    assert.equal(x.cs3Label, 'requestId');
    assert.equal(x.cs3, 'req-42');
    assert.deepEqual(JSON.parse(x.cs4!), { scopes: ['audit:read'] });
  });

  it('gives a failed audit event a warning severity, and an api.request its method and path', () => {
    const { event } = cefOf(
      auditRecord({
        action: 'api.request',
        outcome: 'failure',
        target: null,
        details: { method: 'DELETE', path: '/api/v1/credentials/x', status: 403 },
      }),
    );
    assert.equal(event.severity, '5');
    assert.equal(event.extension.requestMethod, 'DELETE');
    assert.equal(event.extension.request, '/api/v1/credentials/x');
    assert.equal(event.extension.duser, undefined, 'no target, no duser');
  });

  it('writes a Gateway request as gateway.request and an MCP call as mcp.call', () => {
    const model = cefOf(
      activityRecord({ outcome: 'blocked', status: 403, signals: ['aws-access-key', 'email'] }),
    );
    assert.equal(model.event.signatureId, 'gateway.request');
    assert.equal(model.event.name, 'Gateway request blocked');
    assert.equal(model.event.severity, '5');
    const x = model.event.extension;
    assert.equal(x.act, 'blocked');
    assert.equal(x.outcome, 'failure');
    assert.equal(x.src, '2001:db8::7');
    assert.equal(x.shost, 'bob-laptop');
    assert.equal(x.request, 'messages');
    assert.equal(x.cs1Label, 'model');
    assert.equal(x.cs1, 'claude-sonnet-4-5');
    assert.equal(x.cs2, 'anthropic');
    assert.equal(x.cs3, 'claude-code');
    assert.equal(x.cs4, 'aws-access-key,email');
    assert.equal(x.cn1Label, 'status');
    assert.equal(x.cn1, '403');
    assert.equal(x.in, '5120');
    assert.equal(x.out, '2048');

    const mcp = cefOf(
      activityRecord({
        provider: null,
        model: null,
        mode: undefined,
        operation: 'tools/call',
        mcp_server: 'github',
        mcp_method: 'tools/call',
        mcp_tool: 'create_issue',
        mcp_source: 'routed',
      }),
    );
    assert.equal(mcp.event.signatureId, 'mcp.call');
    assert.equal(mcp.event.severity, '1');
    assert.equal(mcp.event.extension.cs6Label, 'mcpServer');
    assert.equal(mcp.event.extension.cs6, 'github');
    assert.equal(mcp.event.extension.flexString1, 'create_issue');
    assert.equal(mcp.event.extension.cs1, undefined, 'no model, no cs1');
  });

  it('writes a finding as finding.<kind> with its severity on the 0-10 scale', () => {
    const record = findingRecord();
    const { event } = cefOf(record);
    assert.equal(event.signatureId, 'finding.secret');
    assert.equal(event.name, 'secret finding: aws-access-key');
    assert.equal(event.severity, '10');
    const x = event.extension;
    assert.equal(x.start, String(Date.parse(record.doc.first_seen)));
    assert.equal(x.end, String(Date.parse(record.doc.last_seen)));
    assert.equal(x.cnt, '3');
    assert.equal(x.cs1, 'aws-access-key');
    assert.equal(x.cs2, 'secrets');
    assert.equal(JSON.parse(x.cs6!).fingerprint, '0123456789abcdef');
    assert.equal(x.flexString1, 'open');
    for (const [severity, cef] of [
      ['low', '3'],
      ['medium', '5'],
      ['high', '8'],
    ] as const) {
      assert.equal(cefOf(findingRecord({ severity })).event.severity, cef);
    }
  });

  it('escapes the header and the extension as the CEF spec says, and keeps every value it can', () => {
    const { line, event } = cefOf(
      auditRecord({
        action: `x|y\\z\nw`,
        actor: { type: 'admin', id: 'a=b', name: HOSTILE },
        user_agent: 'ends with a backslash\\',
      }),
    );
    assert.ok(line.includes('|x\\|y\\\\z w|'), 'the header escapes | and \\ and never breaks a line');
    assert.equal(event.signatureId, 'x|y\\z w');
    // Extension: `=` and `\` escaped, CR and LF written as \r and \n, a pipe left as it is.
    assert.ok(line.includes('suid=a\\=b'));
    assert.ok(line.includes('suser=a|b\\=c\\\\d\\ne\\rf'));
    assert.equal(event.extension.suid, 'a=b');
    assert.equal(event.extension.requestClientApplication, 'ends with a backslash\\');
    // Control characters a parser chokes on, and a lone surrogate, become U+FFFD; the rest is kept.
    assert.equal(
      event.extension.suser,
      'a|b=c\\d\ne\rf\ufffdg\ufffd[31m\ufffd\ufffdh \u{1F600} \ufffd lone ]"' + "'<script>" + '%n%s ${x}',
    );
  });

  it('caps each value at its length in the CEF dictionary, never cutting a character in two', () => {
    const { event } = cefOf(
      auditRecord({
        actor: { type: 'admin', id: 'adm_1', name: HUGE },
        action: HUGE,
        details: { blob: HUGE },
      }),
    );
    assert.equal(event.extension.suser!.length, 1023);
    assert.equal(event.extension.act!.length, 63);
    assert.equal(event.extension.cs4!.length, 4000);
    assert.equal(event.signatureId.length, 1023);
    assert.ok(event.name.length <= 512);
    assert.equal(cap('ab\u{1F600}', 3), 'ab', 'a cut between the halves drops the half');
    assert.equal(cap('ab\u{1F600}', 4), 'ab\u{1F600}');
  });

  it('never throws on a record holding what its type does not promise', () => {
    const odd = auditRecord({
      time: 'not a time',
      ip: 'not an ip',
      actor: { type: 'admin', id: null, name: null },
      details: { method: { nested: true }, path: 42 } as Record<string, unknown>,
    });
    const { event } = cefOf(odd);
    assert.equal(event.extension.src, undefined, 'src takes an IP address only');
    assert.equal(event.extension.suser, undefined);
    assert.equal(event.extension.request, '42');
    assert.equal(event.extension.requestMethod, undefined);
    assert.equal(event.extension.rt, undefined);
    const sparse = findingRecord({ evidence: null as never, detector: null, count: undefined as never });
    assert.equal(cefOf(sparse).event.extension.cs6, undefined);
  });
});
