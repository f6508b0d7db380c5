// What a retention run leaves behind: one audit event when it deleted anything (which logs, the time
// range deleted, how many records), and the run itself in server_settings, which the console shows as
// "last run" whichever replica ran it.
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { runInOneTransaction } from '../store/batch-transaction.ts';
import { RETENTION_LOGS, type RetentionRun } from './retention-types.ts';

const LAST_RUN = 'retention_last_run';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function auditedRun(
  store: Store,
  audit: AuditLog,
  log: Logger,
  run: RetentionRun,
): Promise<void> {
  const logs = RETENTION_LOGS.filter((l) => run.logs[l].deleted > 0);
  const housekeeping = Object.fromEntries(Object.entries(run.housekeeping).filter(([, n]) => n > 0));
  if (logs.length === 0 && Object.keys(housekeeping).length === 0) return;
  try {
    await audit.durable({
      action: 'retention.purged',
      actor: { type: 'system', id: null, name: 'retention job' },
      target: { type: 'retention', id: null, name: logs.join(', ') || 'housekeeping' },
      outcome: run.error === null ? 'success' : 'failure',
      details: {
        logs: Object.fromEntries(
          logs.map((l) => {
            const p = run.logs[l];
            return [
              l,
              {
                deleted: p.deleted,
                batches: p.batches,
                from: iso(p.from),
                to: iso(p.to),
                cutoff: iso(p.cutoff),
                ...(p.dropped
                  ? {
                      partitions_dropped: p.dropped.map((d) => ({
                        partition: d.name,
                        range_from: iso(d.from),
                        range_to: iso(d.to),
                        rows: d.rows,
                      })),
                    }
                  : {}),
              },
            ];
          }),
        ),
        housekeeping,
        started_at: iso(run.startedAt),
        finished_at: iso(run.finishedAt),
        ...(run.error === null ? {} : { error: run.error.slice(0, 500) }),
      },
    });
  } catch (err) {
    // The records are gone already; the run's own log line keeps what the event would have said.
    log.error({ err, run }, 'retention: the audit event of a run could not be written');
  }
}

export async function saveLastRun(store: Store, run: RetentionRun): Promise<void> {
  await runInOneTransaction(store, [
    sql`DELETE FROM server_settings WHERE key = ${LAST_RUN}`,
    sql`INSERT INTO server_settings (key, value) VALUES (${LAST_RUN}, ${JSON.stringify(run)})`,
  ]);
}

export async function readLastRun(store: Store): Promise<RetentionRun | null> {
  const row = await store.db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', LAST_RUN)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as RetentionRun) : null;
}
