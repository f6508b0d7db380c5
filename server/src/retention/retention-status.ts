// What the console shows of retention: per log, its setting, the oldest record still kept and whether
// the job waits for a SIEM destination; and the last run. Each oldest is one read of a time index.
import type { Store } from '../store/database.ts';
import type { RetentionJob } from './retention-job.ts';
import { readRetentionDays } from './retention-settings.ts';
import { RETENTION_LOGS, type RetentionLog, type RetentionRun } from './retention-types.ts';

export interface LogStatus {
  log: RetentionLog;
  days: number;
  /** Epoch ms of the oldest record kept, null when the log holds none. */
  oldestKept: number | null;
  waitingForSiem: boolean;
}

export interface RetentionStatus {
  logs: LogStatus[];
  lastRun: RetentionRun | null;
  nextRunAt: number | null;
}

async function oldestKept(store: Store, log: RetentionLog): Promise<number | null> {
  const row =
    log === 'findings'
      ? await store.db
          .selectFrom('risk_findings')
          .select((eb) => eb.fn.min('resolved_at').as('oldest'))
          .where('status', '=', 'resolved')
          .executeTakeFirst()
      : await store.db
          .selectFrom(log === 'audit' ? 'audit_events' : 'activity')
          .select((eb) => eb.fn.min('time').as('oldest'))
          .executeTakeFirst();
  return row?.oldest == null ? null : Number(row.oldest);
}

export async function retentionStatus(store: Store, job: RetentionJob): Promise<RetentionStatus> {
  const [days, lastRun] = await Promise.all([readRetentionDays(store.db), job.lastRun()]);
  const logs: LogStatus[] = [];
  for (const log of RETENTION_LOGS) {
    logs.push({
      log,
      days: days[log],
      oldestKept: await oldestKept(store, log),
      waitingForSiem: lastRun?.logs[log].waitingForSiem ?? false,
    });
  }
  return { logs, lastRun, nextRunAt: job.nextRunAt() };
}
