// Audit rows for the store's tests: made with a tag (the actor id), appended, and read back by tag.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Store } from '../../src/store/database.ts';
import { appendAuditRows, toRow } from '../../src/audit/audit-store.ts';
import type { AuditAction } from '../../src/audit/audit-actions.ts';

export type Row = ReturnType<typeof toRow>;

export const rowsOf = (tag: string, n: number): Row[] =>
  Array.from({ length: n }, (_, i) =>
    toRow(
      {
        // A made-up action no server code emits, to tell the store tests' rows from real events.
        action: 'test.event' as AuditAction,
        actor: { type: 'system', id: tag, name: tag },
        outcome: 'success',
        details: { tag, i },
      },
      Date.now(),
    ),
  );

export const append = (store: Store, rows: Row[]) =>
  store.db.transaction().execute((trx) => appendAuditRows(trx, store.dialect, rows));

export const readIds = async (store: Store, tag?: string) => {
  let q = store.db.selectFrom('audit_events').select(['id', 'seq']).orderBy('seq', 'asc');
  if (tag !== undefined) q = q.where('actor_id', '=', tag);
  return (await q.execute()).map((r) => r.id);
};

/** Polls until `check` holds, at most `ms` milliseconds. */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(10);
  }
}
