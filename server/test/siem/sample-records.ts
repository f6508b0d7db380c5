// Export records as the logs hold them (the pull API's shapes), for the formats' and transports' tests.
import type { ActivityRecord } from '../../src/activity/activity-types.ts';
import type { AuditEvent } from '../../src/audit/audit-types.ts';
import type { RiskFinding } from '../../src/risk/risk-types.ts';
import type { ExportRecord } from '../../src/siem/siem-contract.ts';

export function auditRecord(
  doc: Partial<AuditEvent> = {},
  seq = 1,
): Extract<ExportRecord, { stream: 'audit' }> {
  const event: AuditEvent = {
    id: 'evt_ABCDEFGHJKMNPQRSTVWX',
    time: '2026-03-04T05:06:07.089Z',
    action: 'credential.created',
    actor: { type: 'admin', id: 'adm_1', name: 'alice@example.com' },
    target: { type: 'credential', id: 'cred_7', name: 'ci-runner' },
    ip: '203.0.113.9',
    user_agent: 'Mozilla/5.0',
    outcome: 'success',
    request_id: 'req-42',
    details: { scopes: ['audit:read'] },
    ...doc,
  };
  return { stream: 'audit', id: event.id, seq, time: event.time, doc: event };
}

export function activityRecord(
  doc: Partial<ActivityRecord> = {},
  seq = 1,
): Extract<ExportRecord, { stream: 'activity' }> {
  const record: ActivityRecord = {
    id: 'act_ABCDEFGHJKMNPQRSTVWX',
    time: '2026-03-04T05:06:08.001Z',
    request_id: 'req-43',
    actor: { type: 'developer', id: 'dev_3', name: 'bob@example.com' },
    device: { id: 'dvc_9', name: 'bob-laptop' },
    tool: 'claude-code',
    mode: 'provider_key',
    user_agent: 'claude-cli/1.0',
    ip: '2001:db8::7',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    provider_key_id: 'pk_1',
    operation: 'messages',
    status: 200,
    outcome: 'allowed',
    error_code: null,
    signals: [],
    signal_actions: {},
    input_tokens: 1200,
    output_tokens: 340,
    cached_tokens: null,
    reasoning_tokens: null,
    latency_ms: 812,
    ttfb_ms: 120,
    stream: true,
    request_bytes: 5120,
    response_bytes: 2048,
    ...doc,
  };
  return { stream: 'activity', id: record.id, seq, time: record.time, doc: record };
}

export function findingRecord(
  doc: Partial<RiskFinding> = {},
  seq = 1,
): Extract<ExportRecord, { stream: 'findings' }> {
  const finding: RiskFinding = {
    request_ids: [],
    requests_count: 0,
    id: 'rf_ABCDEFGHJKMNPQRSTVWX',
    kind: 'secret',
    severity: 'critical',
    rule: 'aws-access-key',
    detector: 'secrets',
    actor: { type: 'developer', id: 'dev_3', name: 'bob@example.com' },
    provider: 'openai',
    model: 'gpt-4o',
    tool: 'cursor',
    first_seen: '2026-03-04T05:00:00.000Z',
    last_seen: '2026-03-04T05:06:09.000Z',
    count: 3,
    status: 'open',
    resolved_at: null,
    resolved_by: null,
    resolution_note: null,
    evidence: {
      kind: 'aws-access-key',
      fingerprint: '0123456789abcdef',
      where: 'request',
      location: 'messages[0]',
    },
    ...doc,
  };
  return { stream: 'findings', id: finding.id, seq, time: finding.last_seen, doc: finding };
}

/** Everything a string can hold that a format must carry or refuse safely. */
export const HOSTILE =
  'a|b=c\\d\ne\rf\u0000g\u001b[31m\u007f\u0085h \u{1F600} \ud800 lone ]"' + "'<script>" + '%n%s ${x}';

/** 100 KB of text, ending in a character outside the BMP so that a cut can land between its halves. */
export const HUGE = 'x'.repeat(100_000) + '\u{1F600}'.repeat(10);
