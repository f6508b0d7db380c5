// The OCSF format: each stream's class, activity and type ids, its severity and status, its metadata,
// and the mapping table of audit actions in docs/decisions/siem-formats.md.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatterFor } from '../../src/siem/formats/index.ts';
import { PRODUCT_VERSION } from '../../src/siem/formats/level.ts';
import { classifyAudit } from '../../src/siem/formats/ocsf-audit.ts';
import type { ExportRecord } from '../../src/siem/siem-contract.ts';
import { activityRecord, auditRecord, findingRecord, HOSTILE, HUGE } from './sample-records.ts';

const formatOcsf = formatterFor('ocsf');

function ocsfOf(record: ExportRecord): Record<string, any> {
  const formatted = formatOcsf(record);
  assert.equal(formatted.kind, 'json');
  // What a destination receives is the serialised object: it must survive the round trip.
  return JSON.parse(JSON.stringify(formatted.value));
}

function assertIds(event: Record<string, any>, classUid: number, categoryUid: number, activityId: number) {
  assert.equal(event.class_uid, classUid);
  assert.equal(event.category_uid, categoryUid);
  assert.equal(event.activity_id, activityId);
  assert.equal(event.type_uid, classUid * 100 + activityId);
}

describe('OCSF', () => {
  it('maps audit actions to Authentication, Account Change or API Activity', () => {
    const table: Array<[string, number, number, string?]> = [
      ['session.sign_in', 3002, 1],
      ['session.sign_out', 3002, 2],
      ['device.signed_in', 3002, 1],
      ['device.signed_out', 3002, 2],
      ['device.refreshed', 3002, 99],
      ['device.refresh_reused', 3002, 99],
      ['credential.token_issued', 3002, 1],
      ['credential.token_refused', 3002, 1],
      ['device.token_refused', 3002, 1],
      ['credential.created', 3001, 1],
      ['credential.revoked', 3001, 6],
      ['credential.secret_reissued', 3001, 4],
      ['admin.created', 3001, 1],
      ['admin.invited', 3001, 1],
      ['admin.removed', 3001, 6],
      ['admin.role_changed', 3001, 99],
      ['developer.invited', 3001, 1],
      ['developer.approved', 3001, 2],
      ['developer.offboarded', 3001, 6],
      ['device.revoked', 3001, 6],
      ['developer.access_requested', 6003, 1],
      ['policy.changed', 6003, 3],
      ['policy.enforcement_lowered', 6003, 3],
      ['provider_key.created', 6003, 1],
      ['provider_key.rotated', 6003, 3],
      ['provider_key.base_url_changed', 6003, 3],
      ['provider_key.deleted', 6003, 4],
      ['mcp_server.updated', 6003, 3],
      ['retention.purged', 6003, 4],
      ['risk_finding.resolved', 6003, 3],
      ['invitation.emailed', 6003, 99],
      ['api.request', 6003, 2, 'GET'],
      ['api.request', 6003, 1, 'POST'],
      ['api.request', 6003, 3, 'PATCH'],
      ['api.request', 6003, 4, 'DELETE'],
    ];
    for (const [action, classUid, activityId, method] of table) {
      const { cls, activity } = classifyAudit(action, method);
      assert.equal(cls.uid, classUid, action);
      assert.equal(activity.id, activityId, `${action} ${method ?? ''}`);
      const event = ocsfOf(auditRecord({ action, details: method ? { method, path: '/api/v1/x' } : {} }));
      assertIds(event, classUid, Math.floor(classUid / 1000), activityId);
    }
  });

  it('writes an Authentication event with the signed-in user, the service and the failure', () => {
    const record = auditRecord({
      action: 'session.sign_in',
      outcome: 'failure',
      target: null,
      details: { reason: 'wrong_password' },
    });
    const event = ocsfOf(record);
    assertIds(event, 3002, 3, 1);
    assert.equal(event.status_id, 2);
    assert.equal(event.status, 'Failure');
    assert.equal(event.status_detail, 'wrong_password');
    assert.equal(event.severity_id, 3);
    assert.deepEqual(event.user, { uid: 'adm_1', name: 'alice@example.com', type: 'admin', type_id: 2 });
    assert.deepEqual(event.service, { name: 'Gatehouse' });
    assert.deepEqual(event.src_endpoint, { ip: '203.0.113.9' });
    assert.equal(event.time, Date.parse(record.time));
    assert.deepEqual(event.metadata, {
      version: '1.3.0',
      product: { name: 'Gatehouse', vendor_name: 'Gatehouse', version: PRODUCT_VERSION },
      uid: record.id,
      log_name: 'audit',
      sequence: 1,
    });
  });

  it('writes an Account Change about its target, with the actor beside it', () => {
    const event = ocsfOf(auditRecord({ action: 'credential.revoked' }));
    assertIds(event, 3001, 3, 6);
    assert.equal(event.status_id, 1);
    assert.equal(event.severity_id, 1);
    assert.equal(event.user.uid, 'cred_7');
    assert.equal(event.user.type_id, 99, 'a machine credential is an Other user');
    assert.equal(event.actor.user.uid, 'adm_1');
    assert.equal(event.unmapped.action, 'credential.revoked');
  });

  it('writes the rest of the audit log as API Activity, with the management request it was', () => {
    const event = ocsfOf(
      auditRecord({
        action: 'api.request',
        actor: { type: 'credential', id: 'cred_7', name: 'ci-runner' },
        target: null,
        details: { method: 'GET', path: '/api/v1/audit/events', status: 200, scope: 'audit:read' },
      }),
    );
    assertIds(event, 6003, 6, 2);
    assert.equal(event.api.operation, 'GET /api/v1/audit/events');
    assert.deepEqual(event.api.service, { name: 'Gatehouse' });
    assert.deepEqual(event.api.response, { code: 200 });
    assert.equal(event.http_request.http_method, 'GET');
    assert.deepEqual(event.http_request.url, { path: '/api/v1/audit/events' });
    assert.equal(event.unmapped.details.scope, 'audit:read');
  });

  it('writes a Gateway request as API Activity with the provider in api and the model as its resource', () => {
    const record = activityRecord({ outcome: 'blocked', status: 403, error_code: null, signals: ['email'] });
    const event = ocsfOf(record);
    assertIds(event, 6003, 6, 1);
    assert.equal(event.api.operation, 'messages');
    assert.deepEqual(event.api.service, { name: 'anthropic' });
    assert.deepEqual(event.api.request, { uid: 'req-43' });
    assert.deepEqual(event.resources, [{ type: 'model', name: 'claude-sonnet-4-5' }]);
    assert.equal(event.status_id, 2);
    assert.equal(event.status_detail, 'blocked');
    assert.equal(event.severity_id, 3);
    assert.deepEqual(event.actor.user, {
      uid: 'dev_3',
      name: 'bob@example.com',
      type: 'developer',
      type_id: 1,
    });
    assert.deepEqual(event.src_endpoint, { ip: '2001:db8::7', name: 'bob-laptop', uid: 'dvc_9' });
    assert.equal(event.http_response.code, 403);
    assert.equal(event.unmapped.tool, 'claude-code');
    assert.deepEqual(event.unmapped.signals, ['email']);
    assert.equal(event.unmapped.input_tokens, 1200);
    assert.equal(event.metadata.uid, record.id);
    assert.equal(event.metadata.log_name, 'activity');

    const allowed = ocsfOf(activityRecord());
    assert.equal(allowed.status_id, 1);
    assert.equal(allowed.severity_id, 1);
    assert.equal(ocsfOf(activityRecord({ outcome: 'redacted' })).severity_id, 2);
    assert.equal(ocsfOf(activityRecord({ operation: 'count_tokens' })).activity_id, 2);
    assert.equal(ocsfOf(activityRecord({ operation: 'DELETE /v1/files/x' })).activity_id, 4);
    const mcp = ocsfOf(
      activityRecord({
        provider: null,
        model: null,
        operation: 'tools/call',
        mcp_server: 'github',
        mcp_method: 'tools/call',
      }),
    );
    assertIds(mcp, 6003, 6, 99);
    assert.equal(mcp.activity_name, 'MCP tools/call');
    assert.deepEqual(mcp.api.service, { name: 'github' });
    assert.equal(mcp.resources, undefined);
  });

  it('writes a finding as a Detection Finding: created, updated on a repeat, closed once resolved', () => {
    const first = ocsfOf(findingRecord({ count: 1, first_seen: '2026-03-04T05:06:09.000Z' }));
    assertIds(first, 2004, 2, 1);
    assert.equal(first.severity_id, 5);
    assert.equal(first.status_id, 1);
    assert.equal(first.is_alert, true);
    assert.deepEqual(first.finding_info.types, ['secret']);
    assert.equal(first.finding_info.uid, 'rf_ABCDEFGHJKMNPQRSTVWX');
    assert.equal(first.finding_info.title, 'secret finding: aws-access-key');
    assert.equal(first.finding_info.analytic.name, 'aws-access-key');
    assert.equal(first.finding_info.analytic.type_id, 1);
    assert.equal(first.evidences[0].actor.user.uid, 'dev_3');
    assert.equal(first.evidences[0].data.fingerprint, '0123456789abcdef');

    const repeat = ocsfOf(findingRecord());
    assertIds(repeat, 2004, 2, 2);
    assert.equal(repeat.count, 3);
    assert.equal(repeat.start_time, Date.parse('2026-03-04T05:00:00.000Z'));
    assert.equal(repeat.finding_info.last_seen_time, Date.parse('2026-03-04T05:06:09.000Z'));

    const resolved = ocsfOf(
      findingRecord({
        status: 'resolved',
        severity: 'low',
        resolved_at: '2026-03-05T00:00:00.000Z',
        resolved_by: { type: 'admin', id: 'adm_1', name: 'alice@example.com' },
        resolution_note: 'rotated',
      }),
    );
    assertIds(resolved, 2004, 2, 3);
    assert.equal(resolved.status_id, 4);
    assert.equal(resolved.severity_id, 2);
    assert.equal(resolved.is_alert, false);
    assert.equal(resolved.unmapped.resolution_note, 'rotated');
  });

  it('carries hostile and huge strings as they are, without throwing', () => {
    for (const record of [
      auditRecord({
        action: HOSTILE,
        actor: { type: 'admin', id: HUGE, name: HOSTILE },
        details: { x: HUGE },
      }),
      activityRecord({ operation: HOSTILE, model: HUGE, user_agent: HOSTILE }),
      findingRecord({ rule: HOSTILE, kind: 'custom', evidence: null as never }),
    ]) {
      const event = ocsfOf(record);
      assert.ok(event.class_uid > 0);
    }
    assert.equal(
      ocsfOf(auditRecord({ actor: { type: 'admin', id: 'a', name: HOSTILE } })).actor.user.name,
      HOSTILE,
    );
  });
});

describe('json', () => {
  it('puts the record as the pull API serves it under doc, with the envelope beside it', () => {
    const record = activityRecord({}, 17);
    const formatted = formatterFor('json')(record);
    assert.deepEqual(formatted, {
      kind: 'json',
      value: { id: record.id, stream: 'activity', seq: 17, time: record.time, doc: record.doc },
    });
  });

  it('names the formats it has and refuses another', () => {
    for (const format of ['json', 'cef', 'ocsf'] as const)
      assert.equal(typeof formatterFor(format), 'function');
    assert.throws(() => formatterFor('leef' as never), /Unknown SIEM format "leef"/);
  });
});
