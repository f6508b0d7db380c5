// Appending and reading activity. Like the audit log, each row keeps its record as served (JSON) and
// copies of the fields that reads filter on; store/event-log.ts holds the cursor and the append lock.
import type { ActivityTable } from '../store/schema.ts';
import { createLogAppender, createLogReader } from '../store/event-log.ts';
import { newId } from '../crypto/tokens.ts';
import type { ActivityInput, ActivityRecord } from './activity-types.ts';
import { rollupSteps, upsertRollups } from './activity-rollups.ts';
import type { LogAppender } from '../store/event-log.ts';

const APPEND_LOCK = 0x6163_7476; // "actv": the activity append lock, apart from the audit log's

export type ActivityRow = Omit<ActivityTable, 'seq'>;

const ms = (us: number) => Math.round(us / 100) / 10;
const trunc = (s: string | null, n: number) => (s !== null && s.length > n ? s.slice(0, n) : s);

export function toRow(a: ActivityInput): ActivityRow {
  const record: ActivityRecord = {
    id: newId('act'),
    time: new Date(a.time).toISOString(),
    request_id: a.requestId,
    actor: a.actor,
    device: a.device,
    tool: a.tool,
    ...(a.mode === null ? {} : { mode: a.mode }),
    user_agent: trunc(a.userAgent, 512),
    ip: a.ip,
    provider: a.provider,
    model: trunc(a.model, 200),
    provider_key_id: a.providerKeyId,
    operation: a.operation,
    status: a.status,
    outcome: a.outcome,
    error_code: a.errorCode,
    signals: a.signals,
    signal_actions: a.signalActions,
    input_tokens: a.inputTokens,
    output_tokens: a.outputTokens,
    cached_tokens: a.cachedTokens,
    reasoning_tokens: a.reasoningTokens,
    latency_ms: ms(a.latencyUs),
    ttfb_ms: a.ttfbUs === null ? null : ms(a.ttfbUs),
    stream: a.stream,
    request_bytes: a.requestBytes,
    response_bytes: a.responseBytes,
    ...(a.mcp
      ? {
          mcp_server: a.mcp.server,
          mcp_method: trunc(a.mcp.method, 256),
          mcp_tool: trunc(a.mcp.tool, 256),
          mcp_source: a.mcp.source,
        }
      : {}),
  };
  return {
    id: record.id,
    time: a.time,
    outcome: a.outcome,
    actor_id: a.actor?.id ?? null,
    device_id: a.device?.id ?? null,
    provider: a.provider,
    model: record.model,
    tool: a.tool,
    request_id: a.requestId,
    mcp_server: a.mcp?.server ?? null,
    mcp_tool: record.mcp_tool ?? null,
    mcp_source: a.mcp?.source ?? null,
    input_tokens: a.inputTokens,
    output_tokens: a.outputTokens,
    record: JSON.stringify(record),
  };
}

const appendRecords = createLogAppender<ActivityRow>(
  'activity',
  [
    'id',
    'time',
    'outcome',
    'actor_id',
    'device_id',
    'provider',
    'model',
    'tool',
    'request_id',
    'mcp_server',
    'mcp_tool',
    'mcp_source',
    'input_tokens',
    'output_tokens',
    'record',
  ],
  APPEND_LOCK,
);

/** Appends activity rows and adds them to the rollups (activity-rollups.ts), in one transaction. */
export const appendActivityRows: LogAppender<ActivityRow> = Object.assign(
  async (...[trx, dialect, rows]: Parameters<LogAppender<ActivityRow>>) => {
    await appendRecords(trx, dialect, rows);
    await upsertRollups(trx, dialect, rows);
  },
  { insertOne: appendRecords.insertOne, values: appendRecords.values, also: rollupSteps },
);

/**
 * A stored record as served: one written before signal_actions were kept (migration 0014) gets `{}`.
 * The key cannot occur inside a string value, where its quotes would be escaped.
 */
export function withSignalActions(doc: string): string {
  return doc.includes('"signal_actions":')
    ? doc
    : `${doc.slice(0, doc.lastIndexOf('}'))},"signal_actions":{}}`;
}

export const queryActivity = createLogReader<
  | 'since'
  | 'until'
  | 'outcome'
  | 'actorId'
  | 'deviceId'
  | 'provider'
  | 'model'
  | 'tool'
  | 'requestId'
  | 'mcpServer'
  | 'mcpTool'
  | 'mcpSource'
  | 'findingId'
>('activity', 'record', [
  { field: 'since', column: 'time', op: '>=' },
  { field: 'until', column: 'time', op: '<' },
  { field: 'outcome', column: 'outcome', op: '=' },
  { field: 'actorId', column: 'actor_id', op: '=' },
  { field: 'deviceId', column: 'device_id', op: '=' },
  { field: 'provider', column: 'provider', op: '=' },
  { field: 'model', column: 'model', op: '=' },
  { field: 'tool', column: 'tool', op: '=' },
  { field: 'requestId', column: 'request_id', op: '=' },
  { field: 'mcpServer', column: 'mcp_server', op: '=' },
  { field: 'mcpTool', column: 'mcp_tool', op: '=' },
  { field: 'mcpSource', column: 'mcp_source', op: '=' },
  // The requests a finding keeps (risk/finding-requests.ts), exactly: by request id, not by rule and time.
  {
    field: 'findingId',
    column: 'request_id',
    op: '=',
    within: { table: 'risk_finding_requests', select: 'request_id', key: 'finding_id' },
  },
]);
