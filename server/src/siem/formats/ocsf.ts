// OCSF (schema 1.3.0): audit events as Authentication, Account Change or API Activity (ocsf-audit.ts);
// each Gateway request or MCP call as API Activity (6003) with the provider in `api` and the model in
// `resources`; each risk finding as Detection Finding (2004). What OCSF has no attribute for is kept
// under `unmapped`, so nothing Gatehouse knows is lost. docs/decisions/siem-formats.md has the table.
import type { ExportRecord, Formatted } from '../siem-contract.ts';
import { auditToOcsf } from './ocsf-audit.ts';
import {
  API_ACTIVITY,
  baseEvent,
  compact,
  DETECTION_FINDING,
  FAILURE,
  ocsfUser,
  SUCCESS,
  type OcsfActivity,
} from './ocsf-common.ts';
import { epochMs, ipAddress, str } from './text.ts';

const CREATE: OcsfActivity = { id: 1, name: 'Create' };
const READ: OcsfActivity = { id: 2, name: 'Read' };
const UPDATE: OcsfActivity = { id: 3, name: 'Update' };
const DELETE: OcsfActivity = { id: 4, name: 'Delete' };
const METHOD_ACTIVITY: Readonly<Record<string, OcsfActivity>> = {
  GET: READ,
  HEAD: READ,
  POST: CREATE,
  PUT: UPDATE,
  PATCH: UPDATE,
  DELETE,
};

/**
 * A model request asks the provider to create something (a message, a completion: the providers' own
 * APIs call it create); counting tokens reads; a path the Gateway does not serve (`POST /v1/batches`)
 * says its method; an MCP call is Other, named by its JSON-RPC method.
 */
function gatewayActivity(
  operation: string,
  mcpMethod: string | null | undefined,
  mcp: boolean,
): OcsfActivity {
  if (mcp) return { id: 99, name: `MCP ${mcpMethod ?? 'stream'}` };
  const space = operation.indexOf(' ');
  if (space > 0) return METHOD_ACTIVITY[operation.slice(0, space)] ?? { id: 99, name: 'Other' };
  if (/count_?tokens/i.test(operation)) return READ;
  return CREATE;
}

const SUCCEEDED = new Set(['allowed', 'redacted']);

function activityToOcsf(record: Extract<ExportRecord, { stream: 'activity' }>): Record<string, unknown> {
  const a = record.doc;
  const mcp = a.mcp_server !== undefined && a.mcp_server !== null;
  const operation = str(a.operation) ?? 'unknown';
  const outcome = str(a.outcome) ?? 'unknown';
  const status = SUCCEEDED.has(outcome) ? SUCCESS : FAILURE;
  const event = baseEvent(record, API_ACTIVITY, gatewayActivity(operation, a.mcp_method, mcp), {
    ...status,
    detail: str(a.error_code) ?? outcome,
  });
  const user = ocsfUser(a.actor);
  const { id: _id, time: _time, request_id: _rid, actor: _actor, ip: _ip, user_agent: _ua, ...rest } = a;
  return compact({
    ...event,
    status_code: typeof a.status === 'number' ? String(a.status) : undefined,
    actor: user ? { user } : undefined,
    api: compact({
      operation,
      service: { name: str(mcp ? a.mcp_server : a.provider) ?? 'Gatehouse' },
      request: { uid: str(a.request_id) },
      response: compact({
        code: typeof a.status === 'number' ? a.status : undefined,
        error: str(a.error_code),
      }),
    }),
    resources: a.model ? [{ type: 'model', name: str(a.model) }] : undefined,
    src_endpoint: compact({ ip: ipAddress(a.ip), name: str(a.device?.name), uid: str(a.device?.id) }),
    http_request: compact({ user_agent: str(a.user_agent), uid: str(a.request_id) }),
    http_response: typeof a.status === 'number' ? { code: a.status } : undefined,
    duration: typeof a.latency_ms === 'number' ? a.latency_ms : undefined,
    unmapped: rest,
  });
}

function findingToOcsf(record: Extract<ExportRecord, { stream: 'findings' }>): Record<string, unknown> {
  const f = record.doc;
  const kind = str(f.kind) ?? 'unknown';
  const rule = str(f.rule) ?? 'unknown';
  const resolved = f.status === 'resolved';
  // Create on first sight, Update on a repeat, Close once resolved (OCSF Finding's activity_id).
  const activity: OcsfActivity = resolved
    ? { id: 3, name: 'Close' }
    : (f.count ?? 1) > 1 || f.first_seen !== f.last_seen
      ? { id: 2, name: 'Update' }
      : { id: 1, name: 'Create' };
  const event = baseEvent(
    record,
    DETECTION_FINDING,
    activity,
    resolved ? { id: 4, name: 'Resolved' } : { id: 1, name: 'New' },
  );
  const user = ocsfUser(f.actor);
  const firstSeen = epochMs(f.first_seen);
  const lastSeen = epochMs(f.last_seen);
  return compact({
    ...event,
    count: typeof f.count === 'number' ? f.count : undefined,
    start_time: firstSeen,
    end_time: lastSeen,
    is_alert: !resolved,
    finding_info: compact({
      uid: str(f.id) ?? record.id,
      title: `${kind} finding: ${rule}`,
      types: [kind],
      first_seen_time: firstSeen,
      last_seen_time: lastSeen,
      analytic: compact({ uid: rule, name: rule, type_id: 1, type: 'Rule' }),
    }),
    evidences: [compact({ actor: user ? { user } : undefined, data: f.evidence ?? undefined })],
    unmapped: compact({
      kind,
      rule,
      detector: f.detector,
      provider: f.provider,
      model: f.model,
      tool: f.tool,
      status: f.status,
      resolved_at: f.resolved_at,
      resolved_by: f.resolved_by,
      resolution_note: f.resolution_note,
    }),
  });
}

export function formatOcsf(record: ExportRecord): Formatted {
  const value =
    record.stream === 'audit'
      ? auditToOcsf(record)
      : record.stream === 'activity'
        ? activityToOcsf(record)
        : findingToOcsf(record);
  return { kind: 'json', value };
}
