// Activity records for the rollup and summary tests, and the rollups read two ways: as the writer
// stored them, and counted again from the activity rows in SQL.
import { sql } from 'kysely';
import type { Store } from '../../src/store/database.ts';
import type { ActivityInput, Outcome } from '../../src/activity/activity-types.ts';
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
// Just before a UTC midnight, so that batches cross an hour and a day.
const T0 = Date.parse('2026-03-01T22:50:00.000Z');
const OUTCOMES: Outcome[] = ['allowed', 'redacted', 'blocked', 'upstream_error', 'gateway_error'];

/** A varied record: some without actor, model or provider (an MCP call, an unauthenticated refusal). */
export function activityInput(i: number, over: Partial<ActivityInput> = {}): ActivityInput {
  const mcp = i % 7 === 3;
  return {
    time: T0 + i * 97_000,
    requestId: `req_${i}`,
    actor: i % 11 === 0 ? null : { type: 'developer', id: `dev_${i % 4}`, name: `d${i % 4}@example.com` },
    device: null,
    tool: ['claude-code', 'cursor', 'codex'][i % 3]!,
    mode: mcp ? null : 'provider_key',
    userAgent: 'test/1.0',
    ip: '10.0.0.1',
    provider: mcp ? null : ['anthropic', 'openai'][i % 2]!,
    model: mcp ? null : `model-${i % 5}`,
    providerKeyId: null,
    operation: mcp ? 'tools/call' : 'messages',
    status: 200,
    outcome: OUTCOMES[i % OUTCOMES.length]!,
    errorCode: null,
    signals: [],
    signalActions: {},
    inputTokens: i % 6 === 0 ? null : 100 + i,
    outputTokens: i % 6 === 0 ? null : 7 * i,
    cachedTokens: null,
    reasoningTokens: null,
    latencyUs: 1000,
    ttfbUs: null,
    stream: false,
    requestBytes: 10,
    responseBytes: 20,
    ...(mcp
      ? { mcp: { source: 'routed' as const, server: 'notes', method: 'tools/call', tool: 'read' } }
      : {}),
    ...over,
  };
}

type Hourly = { hour: number; outcome: string; requests: number; tokens_in: number; tokens_out: number };
type Busiest = { span: number; start: number; dim: string; key: string; requests: number; blocked: number };

/** The rollups as stored, in one order. */
export async function storedRollups(store: Store): Promise<{ hourly: Hourly[]; busiest: Busiest[] }> {
  const hourly = await sql<Hourly>`SELECT hour, outcome, requests, tokens_in, tokens_out FROM activity_hourly
    ORDER BY hour, outcome`.execute(store.db);
  const busiest = await sql<Busiest>`SELECT span, start, dim, key, requests, blocked FROM activity_busiest
    ORDER BY span, start, dim, key`.execute(store.db);
  return { hourly: hourly.rows.map(numbers), busiest: busiest.rows.map(numbers) };
}

/** The same counted from the activity rows themselves, in SQL (the tokens from the stored records). */
export async function recount(store: Store): Promise<{ hourly: Hourly[]; busiest: Busiest[] }> {
  const tokens = (f: string) =>
    store.dialect === 'postgres'
      ? sql.raw(`COALESCE(((record::jsonb)->>'${f}')::bigint, 0)`)
      : sql.raw(`COALESCE(json_extract(record, '$.${f}'), 0)`);
  const hourly = await sql<Hourly>`
    SELECT (time / 3600000) * 3600000 AS hour, outcome, COUNT(*) AS requests,
      CAST(SUM(${tokens('input_tokens')}) AS BIGINT) AS tokens_in, CAST(SUM(${tokens('output_tokens')}) AS BIGINT) AS tokens_out
    FROM activity GROUP BY (time / 3600000) * 3600000, outcome ORDER BY hour, outcome`.execute(store.db);
  const busiest: Busiest[] = [];
  for (const span of [HOUR, DAY])
    for (const [dim, column] of [
      ['actor', 'actor_id'],
      ['model', 'model'],
      ['provider', 'provider'],
      ['tool', 'tool'],
    ] as const) {
      const { rows } = await sql<Busiest>`
        SELECT ${sql.lit(span)} AS span, (time / ${sql.lit(span)}) * ${sql.lit(span)} AS start, ${sql.lit(dim)} AS dim,
          ${sql.ref(column)} AS key, COUNT(*) AS requests,
          CAST(SUM(CASE WHEN outcome = 'blocked' THEN 1 ELSE 0 END) AS BIGINT) AS blocked
        FROM activity WHERE ${sql.ref(column)} IS NOT NULL
        GROUP BY (time / ${sql.lit(span)}) * ${sql.lit(span)}, ${sql.ref(column)}`.execute(store.db);
      busiest.push(...rows);
    }
  const order = (a: Busiest, b: Busiest) =>
    a.span - b.span || a.start - b.start || cmp(a.dim, b.dim) || cmp(a.key, b.key);
  return { hourly: hourly.rows.map(numbers), busiest: busiest.map(numbers).sort(order) };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
function numbers<T extends Record<string, unknown>>(r: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) out[k] = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return out as T;
}
