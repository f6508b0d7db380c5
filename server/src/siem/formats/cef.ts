// CEF (ArcSight Common Event Format, CEF 25): one line per record,
// `CEF:0|Gatehouse|Gatehouse|<version>|<signature id>|<name>|<severity>|<extension>`. The signature id
// says what happened (an audit event's action, gateway.request or mcp.call, finding.<kind>); the
// extension carries the dictionary's keys where one fits and labelled custom strings (cs1..cs6) for
// Gatehouse's own fields. The mapping is in docs/decisions/siem-formats.md.
import type { ExportRecord, Formatted } from '../siem-contract.ts';
import { extension, HEADER_CAPS, headerField, type ExtensionValue } from './cef-encoding.ts';
import { CEF_SEVERITY, levelOf, PRODUCT_VERSION } from './level.ts';
import { epochMs, ipAddress, json, str } from './text.ts';

type Pairs = Array<readonly [string, ExtensionValue]>;

/** `csN=value csNLabel=label`, left out whole when the value is absent. */
function custom(n: number, label: string, value: ExtensionValue): Pairs {
  if (value === null || value === undefined || value === '') return [];
  return [
    [`cs${n}`, value],
    [`cs${n}Label`, label],
  ];
}

function labelled(key: string, label: string, value: ExtensionValue): Pairs {
  if (value === null || value === undefined || value === '') return [];
  return [
    [key, value],
    [`${key}Label`, label],
  ];
}

function audit(record: Extract<ExportRecord, { stream: 'audit' }>): [string, string, Pairs] {
  const e = record.doc;
  const details = (e.details ?? {}) as Record<string, unknown>;
  const action = str(e.action) ?? 'unknown';
  const pairs: Pairs = [
    ['rt', epochMs(e.time) ?? epochMs(record.time)],
    ['externalId', record.id],
    ['cat', record.stream],
    ['act', action],
    ['outcome', str(e.outcome)],
    ['suser', str(e.actor?.name) ?? str(e.actor?.id)],
    ['suid', str(e.actor?.id)],
    ['duser', str(e.target?.name) ?? str(e.target?.id)],
    ['duid', str(e.target?.id)],
    ['src', ipAddress(e.ip)],
    ['requestClientApplication', str(e.user_agent)],
    ['requestMethod', str(details.method)],
    ['request', str(details.path)],
    ...custom(1, 'actorType', str(e.actor?.type)),
    ...custom(2, 'targetType', str(e.target?.type)),
    ...custom(3, 'requestId', str(e.request_id)),
    ...custom(4, 'details', json(e.details)),
  ];
  return [action, `${action} ${str(e.outcome) ?? ''}`.trim(), pairs];
}

const SUCCEEDED = new Set(['allowed', 'redacted']);

function activity(record: Extract<ExportRecord, { stream: 'activity' }>): [string, string, Pairs] {
  const a = record.doc;
  const mcp = a.mcp_server !== undefined && a.mcp_server !== null;
  const outcome = str(a.outcome) ?? 'unknown';
  const pairs: Pairs = [
    ['rt', epochMs(a.time) ?? epochMs(record.time)],
    ['externalId', record.id],
    ['cat', record.stream],
    ['act', outcome],
    ['outcome', SUCCEEDED.has(outcome) ? 'success' : 'failure'],
    ['suser', str(a.actor?.name) ?? str(a.actor?.id)],
    ['suid', str(a.actor?.id)],
    ['src', ipAddress(a.ip)],
    ['shost', str(a.device?.name)],
    ['request', str(a.operation)],
    ['requestClientApplication', str(a.user_agent)],
    ['reason', str(a.error_code)],
    ['in', a.request_bytes],
    ['out', a.response_bytes],
    ...custom(1, 'model', str(a.model)),
    ...custom(2, 'provider', str(a.provider)),
    ...custom(3, 'tool', str(a.tool)),
    ...custom(4, 'signals', Array.isArray(a.signals) ? a.signals.map(String).join(',') : undefined),
    ...custom(5, 'requestId', str(a.request_id)),
    ...custom(6, 'mcpServer', str(a.mcp_server)),
    ...labelled('flexString1', 'mcpTool', str(a.mcp_tool)),
    ...labelled('flexString2', 'mcpMethod', str(a.mcp_method)),
    ...labelled('cn1', 'status', typeof a.status === 'number' ? a.status : undefined),
    ...labelled('cn2', 'inputTokens', a.input_tokens ?? undefined),
    ...labelled('cn3', 'outputTokens', a.output_tokens ?? undefined),
  ];
  const signature = mcp ? 'mcp.call' : 'gateway.request';
  return [signature, `${mcp ? 'MCP call' : 'Gateway request'} ${outcome}`, pairs];
}

function finding(record: Extract<ExportRecord, { stream: 'findings' }>): [string, string, Pairs] {
  const f = record.doc;
  const kind = str(f.kind) ?? 'unknown';
  const evidence = f.evidence as unknown as Record<string, unknown> | null | undefined;
  const pairs: Pairs = [
    ['rt', epochMs(f.last_seen) ?? epochMs(record.time)],
    ['start', epochMs(f.first_seen)],
    ['end', epochMs(f.last_seen)],
    ['externalId', record.id],
    ['cat', record.stream],
    // Only a slopsquat finding records what the Gateway did about it.
    ['act', str(evidence?.action)],
    ['cnt', typeof f.count === 'number' ? f.count : undefined],
    ['suser', str(f.actor?.name) ?? str(f.actor?.id)],
    ['suid', str(f.actor?.id)],
    ...custom(1, 'rule', str(f.rule)),
    ...custom(2, 'detector', str(f.detector)),
    ...custom(3, 'model', str(f.model)),
    ...custom(4, 'provider', str(f.provider)),
    ...custom(5, 'tool', str(f.tool)),
    ...custom(6, 'evidence', json(f.evidence)),
    ...labelled('flexString1', 'status', str(f.status)),
    ...labelled('flexString2', 'actorType', str(f.actor?.type)),
  ];
  return [`finding.${kind}`, `${kind} finding: ${str(f.rule) ?? ''}`.trim(), pairs];
}

export function formatCef(record: ExportRecord): Formatted {
  const [signatureId, name, pairs] =
    record.stream === 'audit'
      ? audit(record)
      : record.stream === 'activity'
        ? activity(record)
        : finding(record);
  const header = [
    'CEF:0',
    headerField('Gatehouse', HEADER_CAPS.vendor),
    headerField('Gatehouse', HEADER_CAPS.product),
    headerField(PRODUCT_VERSION, HEADER_CAPS.version),
    headerField(signatureId, HEADER_CAPS.signatureId),
    headerField(name, HEADER_CAPS.name),
    String(CEF_SEVERITY[levelOf(record)]),
  ].join('|');
  return { kind: 'text', value: `${header}|${extension(pairs)}` };
}
