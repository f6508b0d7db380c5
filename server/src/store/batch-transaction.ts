// A few statements in one transaction of their own, for background work that must not hold the Gateway
// (the retention job's batches): on SQLite by the writer thread while it runs, so that neither the
// statements nor the commit's disk wait run on the event loop; otherwise on the store's own connection.
import type { RawBuilder } from 'kysely';
import type { Store } from './database.ts';

export interface StatementResult {
  /** Rows changed (for a statement that returns rows, how many it returned). */
  changes: number;
  rows: Array<Record<string, unknown>>;
}

export async function runInOneTransaction(
  store: Store,
  statements: Array<RawBuilder<unknown>>,
): Promise<StatementResult[]> {
  const compiled = statements.map((s) => s.compile(store.db));
  if (store.writer?.alive)
    return store.writer.transact(compiled.map((c) => ({ sql: c.sql, params: [...c.parameters] })));
  return store.db.transaction().execute(async (trx) => {
    const results: StatementResult[] = [];
    for (const c of compiled) {
      const r = await trx.executeQuery<Record<string, unknown>>(c);
      results.push({ changes: r.rows.length || Number(r.numAffectedRows ?? 0), rows: r.rows });
    }
    return results;
  });
}
