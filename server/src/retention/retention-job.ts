// The retention job: on a timer (a minute after start, then hourly) and on demand, deletes what each
// log keeps no longer, in batches of at most `batchSize` rows per transaction with a pause between
// them, so that the Gateway and every other commit keep their turn: on SQLite the batches run in the
// writer thread (store/batch-transaction.ts), on PostgreSQL they lock only the rows they delete. One
// audit event per run that deleted anything; on SQLite the freed pages are then given back.
//
// Replicas on one PostgreSQL each run the timer; a session advisory lock (keyed per schema) lets one
// run at a time, and the others skip that turn.
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { runInOneTransaction } from '../store/batch-transaction.ts';
import { reclaimFreePages } from '../store/sqlite-vacuum.ts';
import { readRetentionDays } from './retention-settings.ts';
import { HOUSEKEEPING, ROLLUPS, findingsBatch, guardedBatch, type Batch } from './purge-statements.ts';
import { dropExpiredPartitions } from './partition-drop.ts';
import { ensurePartitions } from '../store/time-partitions.ts';
import { NO_SIEM_DESTINATIONS, type SiemHold } from './siem-hold.ts';
import {
  DAY_MS,
  RETENTION_LOGS,
  type LogPurge,
  type RetentionLog,
  type RetentionRun,
} from './retention-types.ts';
import { auditedRun, readLastRun, saveLastRun } from './retention-record.ts';

/** "rete": the lock's class; the second key is the schema's hash, so that schemas do not share it. */
const LOCK_CLASS = 0x7265_7465;

export interface RetentionJobOptions {
  /** Rows per transaction (at most 1000). */
  batchSize?: number;
  /** Pause between batches, so that other writers get their turn. */
  pauseMs?: number;
  firstRunMs?: number;
  intervalMs?: number;
  siem?: SiemHold;
}

export interface RetentionJob {
  /** Starts the timer. */
  start(): void;
  /** Runs now (or joins the run in progress); null when another replica is running it. */
  runNow(): Promise<RetentionRun | null>;
  lastRun(): Promise<RetentionRun | null>;
  /** When the timer runs it next (epoch ms), null before start() and after stop(). */
  nextRunAt(): number | null;
  readonly siem: SiemHold;
  /** Stops the timer and a run in progress at its next batch. */
  stop(): Promise<void>;
}

export function createRetentionJob(
  deps: { store: Store; audit: AuditLog; log: Logger },
  options: RetentionJobOptions = {},
): RetentionJob {
  const { store, audit, log } = deps;
  const batchSize = Math.min(options.batchSize ?? 1000, 1000);
  const pauseMs = options.pauseMs ?? 5;
  const siem = options.siem ?? NO_SIEM_DESTINATIONS;
  let running: Promise<RetentionRun | null> | undefined;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let nextAt: number | null = null;

  type Counted = Pick<LogPurge, 'deleted' | 'batches' | 'from' | 'to'>;
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));

  /** Runs batches until one comes back short; adds what they deleted to `purge`. */
  async function drain(next: () => Batch, purge: Counted) {
    while (!stopping) {
      const batch = next();
      const results = await runInOneTransaction(store, batch.statements);
      const result = results[batch.deleting]!;
      purge.batches++;
      purge.deleted += result.changes;
      for (const row of result.rows) {
        const t = Number(row.time);
        if (purge.from === null || t < purge.from) purge.from = t;
        if (purge.to === null || t > purge.to) purge.to = t;
      }
      if (result.changes < batchSize) return;
      await pause();
    }
  }

  async function purgeLog(name: RetentionLog, days: number, now: number): Promise<LogPurge> {
    const cutoff = now - days * DAY_MS;
    const purge: LogPurge = { deleted: 0, batches: 0, from: null, to: null, cutoff, waitingForSiem: false };
    if (name === 'findings') {
      await drain(() => findingsBatch(cutoff, batchSize), purge);
      return purge;
    }
    const keepFromSeq = await siem.oldestNeededSeq(name);
    // PostgreSQL: whole expired months first, as one DROP each; the batches then take what is left.
    const dropped = await dropExpiredPartitions(store, name, cutoff, keepFromSeq, () => stopping);
    for (const d of dropped) {
      purge.deleted += d.rows;
      purge.batches++;
      if (d.oldest !== null && (purge.from === null || d.oldest < purge.from)) purge.from = d.oldest;
      if (d.newest !== null && (purge.to === null || d.newest > purge.to)) purge.to = d.newest;
    }
    if (dropped.length > 0) purge.dropped = dropped;
    await drain(() => guardedBatch(store.dialect, name, cutoff, keepFromSeq, batchSize), purge);
    if (keepFromSeq !== null) {
      const table = name === 'audit' ? 'audit_events' : 'activity';
      const left = await store.db
        .selectFrom(table)
        .select('seq')
        .where('time', '<', cutoff)
        .limit(1)
        .executeTakeFirst();
      purge.waitingForSiem = left !== undefined;
    }
    return purge;
  }

  async function runLocked(): Promise<RetentionRun> {
    const startedAt = Date.now();
    const days = await readRetentionDays(store.db);
    const run: RetentionRun = {
      startedAt,
      finishedAt: startedAt,
      logs: Object.fromEntries(
        RETENTION_LOGS.map((l) => [
          l,
          {
            deleted: 0,
            batches: 0,
            from: null,
            to: null,
            cutoff: startedAt - days[l] * DAY_MS,
            waitingForSiem: false,
          },
        ]),
      ) as Record<RetentionLog, LogPurge>,
      housekeeping: {},
      error: null,
    };
    if (store.dialect === 'postgres')
      // Next months' partitions, ahead of need; a failed turn leaves months made earlier, and the
      // DEFAULT partition takes any row that finds none.
      await ensurePartitions(store.db, startedAt).catch((err) =>
        log.warn(
          { err },
          "retention: the next months' partitions could not be made; the next run tries again",
        ),
      );
    try {
      for (const l of RETENTION_LOGS) run.logs[l] = await purgeLog(l, days[l], startedAt);
      // The summary's rollups go with the activity they count: never older than what is kept of it.
      for (const r of ROLLUPS) {
        const counted: Counted = { deleted: 0, batches: 0, from: null, to: null };
        await drain(() => r.batch(run.logs.activity.cutoff, batchSize), counted);
        run.housekeeping[r.name] = counted.deleted;
      }
      for (const h of HOUSEKEEPING) {
        const counted: Counted = { deleted: 0, batches: 0, from: null, to: null };
        await drain(() => h.batch(startedAt, batchSize), counted);
        run.housekeeping[h.name] = counted.deleted;
      }
      if (RETENTION_LOGS.some((l) => run.logs[l].deleted > 0)) {
        const pages = await reclaimFreePages(store, () => stopping);
        if (pages > 0) log.info({ pages }, 'retention: free pages given back to the file system');
      }
    } catch (err) {
      run.error = err instanceof Error ? err.message : String(err);
      log.error({ err }, 'retention run failed; what it deleted so far is recorded');
    }
    run.finishedAt = Date.now();
    await auditedRun(store, audit, log, run);
    await saveLastRun(store, run).catch((err) => log.error({ err }, 'retention: could not record the run'));
    return run;
  }

  /** PostgreSQL: the run holds a session advisory lock on a connection of its own for its length. */
  function runExclusive(): Promise<RetentionRun | null> {
    if (store.dialect !== 'postgres') return runLocked();
    return store.db.connection().execute(async (conn) => {
      const key = sql`${LOCK_CLASS}::int, hashtext(current_schema())`;
      const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${key}) AS ok`.execute(conn);
      if (!rows[0]?.ok) return null;
      try {
        return await runLocked();
      } finally {
        await sql`SELECT pg_advisory_unlock(${key})`.execute(conn);
      }
    });
  }

  function runNow(): Promise<RetentionRun | null> {
    running ??= runExclusive().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number) {
    if (stopping) return;
    nextAt = Date.now() + delay;
    timer = setTimeout(() => {
      runNow()
        .catch((err) => log.error({ err }, 'retention run failed'))
        .finally(() => schedule(options.intervalMs ?? 3600_000));
    }, delay);
    timer.unref();
  }

  return {
    start: () => schedule(options.firstRunMs ?? 60_000),
    runNow,
    lastRun: () => readLastRun(store),
    nextRunAt: () => nextAt,
    siem,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      nextAt = null;
      await running?.catch(() => {});
    },
  };
}
