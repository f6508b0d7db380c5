// Records of chosen ages written straight to the store (no API writes a record in the past), in bulk
// through the logs' own appenders, for the retention tests.
import type { Store } from '../../src/store/database.ts';
import { appendAuditRows, toRow as auditRow } from '../../src/audit/audit-store.ts';
import type { AuditAction } from '../../src/audit/audit-actions.ts';
import { appendActivityRows, type ActivityRow } from '../../src/activity/activity-store.ts';
import { newId } from '../../src/crypto/tokens.ts';

export const DAY = 86_400_000;

async function inChunks<T>(store: Store, rows: T[], write: (trx: never, rows: T[]) => Promise<void>) {
  for (let i = 0; i < rows.length; i += 2000)
    await store.db.transaction().execute((trx) => write(trx as never, rows.slice(i, i + 2000)));
}

/** `count` activity records, their times spread evenly over [from, to]; `pad` bytes of record each. */
export async function seedActivity(store: Store, count: number, from: number, to: number, pad = 0) {
  const filler = 'x'.repeat(pad);
  const rows: ActivityRow[] = Array.from({ length: count }, (_, i) => {
    const time = Math.round(from + ((to - from) * i) / Math.max(1, count - 1));
    const id = newId('act');
    return {
      id,
      time,
      outcome: 'allowed',
      actor_id: 'cred_seed',
      device_id: null,
      provider: 'openai',
      model: 'gpt-4o-mini',
      tool: 'seed',
      request_id: `req_${id}`,
      mcp_server: null,
      mcp_tool: null,
      mcp_source: null,
      input_tokens: null,
      output_tokens: null,
      record: JSON.stringify({ id, time: new Date(time).toISOString(), filler }),
    };
  });
  await inChunks(store, rows, (trx, chunk) => appendActivityRows(trx, store.dialect, chunk));
  return rows.map((r) => r.time);
}

/** `count` audit events, times spread evenly over [from, to], tagged by actor id. */
export async function seedAudit(store: Store, count: number, from: number, to: number, tag = 'seed') {
  const rows = Array.from({ length: count }, (_, i) =>
    auditRow(
      // A made-up action no server code emits: the seeded rows are told apart by it.
      {
        action: 'test.seeded' as AuditAction,
        actor: { type: 'system', id: tag, name: tag },
        outcome: 'success',
      },
      Math.round(from + ((to - from) * i) / Math.max(1, count - 1)),
    ),
  );
  await inChunks(store, rows, (trx, chunk) => appendAuditRows(trx, store.dialect, chunk));
  return rows.map((r) => r.time);
}

/** A risk finding, resolved at `resolvedAt` (or open when null). */
export async function seedFinding(
  store: Store,
  lastSeen: number,
  resolvedAt: number | null,
): Promise<string> {
  const id = newId('fnd');
  await store.db
    .insertInto('risk_findings')
    .values({
      id,
      fingerprint: id,
      kind: 'secret',
      severity: 'high',
      rule: 'seeded',
      detector: 'secrets',
      actor_type: 'credential',
      actor_id: 'cred_seed',
      actor_name: 'seed',
      provider: null,
      model: null,
      tool: null,
      first_seen: lastSeen,
      last_seen: lastSeen,
      count: 1,
      status: resolvedAt === null ? 'open' : 'resolved',
      resolved_at: resolvedAt,
      resolved_by: null,
      resolution_note: null,
      evidence: '{}',
    })
    .execute();
  return id;
}
