// The statements of one retention batch, per log: each deletes at most `limit` rows, oldest first by
// the time index, and returns their times, so that the run can report the range it deleted. The
// guarded logs (activity, audit) also open their guard for that one transaction: on PostgreSQL a
// transaction-local setting, on SQLite a row set and cleared around the delete (migration 0015).
//
// On PostgreSQL, whole month partitions past the cutoff are dropped first (partition-drop.ts); these
// batches take the rest: the month the cutoff falls in, and the DEFAULT partition. The outer `time <
// cutoff` lets PostgreSQL prune the partitions that cannot hold a due row.
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../store/database.ts';
import { DAY_MS } from './retention-types.ts';
import { BUSIEST_SPANS, HOUR_MS } from '../activity/activity-rollups.ts';

export type GuardedLog = 'activity' | 'audit';
const TABLE: Record<GuardedLog, string> = { activity: 'activity', audit: 'audit_events' };

export interface Batch {
  statements: Array<RawBuilder<unknown>>;
  /** Which statement's rows are the deleted records' `time`s. */
  deleting: number;
}

/** Rows older than `cutoff` and, while a SIEM destination needs them, before `keepFromSeq`. */
export function guardedBatch(
  dialect: Dialect,
  log: GuardedLog,
  cutoff: number,
  keepFromSeq: number | null,
  limit: number,
): Batch {
  const table = sql.table(TABLE[log]);
  const hold = keepFromSeq ?? Number.MAX_SAFE_INTEGER;
  const del = sql`DELETE FROM ${table} WHERE time < ${cutoff} AND seq IN (
      SELECT seq FROM ${table} WHERE time < ${cutoff} AND seq < ${hold} ORDER BY time LIMIT ${limit}
    ) RETURNING time`;
  if (dialect === 'postgres')
    return {
      statements: [sql`SELECT set_config('gatehouse.retention_cutoff', ${String(cutoff)}, true)`, del],
      deleting: 1,
    };
  const guard = (value: number) => sql`UPDATE retention_cutoffs SET cutoff = ${value} WHERE log = ${log}`;
  return { statements: [guard(cutoff), del, guard(0)], deleting: 1 };
}

/**
 * The activity summary's rollups (migration 0014) whose whole hour or day is older than the activity's
 * cutoff: an hour or a day that still counts a kept record stays.
 */
export const ROLLUPS: Array<{ name: string; batch(cutoff: number, limit: number): Batch }> = [
  {
    name: 'activity_hourly',
    batch: (cutoff, limit) => ({
      statements: [
        sql`DELETE FROM activity_hourly WHERE hour <= ${cutoff - HOUR_MS} AND (hour, outcome) IN (
            SELECT hour, outcome FROM activity_hourly WHERE hour <= ${cutoff - HOUR_MS}
            ORDER BY hour LIMIT ${limit})`,
      ],
      deleting: 0,
    }),
  },
  ...BUSIEST_SPANS.map((span) => ({
    name: span === HOUR_MS ? 'activity_busiest_hourly' : 'activity_busiest_daily',
    batch: (cutoff: number, limit: number): Batch => ({
      statements: [
        sql`DELETE FROM activity_busiest WHERE span = ${span} AND start <= ${cutoff - span}
            AND (start, dim, key) IN (
              SELECT start, dim, key FROM activity_busiest WHERE span = ${span} AND start <= ${cutoff - span}
              ORDER BY start LIMIT ${limit})`,
      ],
      deleting: 0,
    }),
  })),
];

/** Resolved findings resolved before `cutoff`; open ones stay, however old. Their requests' links go first. */
export function findingsBatch(cutoff: number, limit: number): Batch {
  return {
    statements: [
      sql`DELETE FROM risk_finding_requests WHERE finding_id IN (
          SELECT id FROM risk_findings WHERE status = 'resolved' AND resolved_at < ${cutoff}
          ORDER BY resolved_at, seq LIMIT ${limit}
        )`,
      sql`DELETE FROM risk_findings WHERE seq IN (
          SELECT seq FROM risk_findings WHERE status = 'resolved' AND resolved_at < ${cutoff}
          ORDER BY resolved_at, seq LIMIT ${limit}
        ) RETURNING resolved_at AS time`,
    ],
    deleting: 1,
  };
}

/**
 * Housekeeping, on fixed periods (docs/operations.md, "Retention"): records that only ever mattered
 * until they expired. Each entry's last statement is the delete that is counted.
 */
export const HOUSEKEEPING: Array<{ name: string; batch(now: number, limit: number): Batch }> = [
  {
    // Console sessions are refused once expired; a day more shows nothing that the audit log does not.
    name: 'admin_sessions',
    batch: (now, limit) => ({
      statements: [
        sql`DELETE FROM admin_sessions WHERE id IN (
            SELECT id FROM admin_sessions WHERE expires_at < ${now - DAY_MS} LIMIT ${limit})`,
      ],
      deleting: 0,
    }),
  },
  {
    // Kept a day past expiry so that a late poll hears expired_token rather than an unknown code.
    name: 'device_authorizations',
    batch: (now, limit) => ({
      statements: [
        sql`DELETE FROM device_authorizations WHERE id IN (
            SELECT id FROM device_authorizations WHERE expires_at < ${now - DAY_MS} LIMIT ${limit})`,
      ],
      deleting: 0,
    }),
  },
  {
    // Used invitations, a week after they would have expired (a reused link is told "used" till then).
    // An unused one is at most one per invited person and shows as expired in People, so it stays.
    name: 'invitations',
    batch: (now, limit) => ({
      statements: [
        sql`DELETE FROM invitations WHERE id IN (
            SELECT id FROM invitations
            WHERE used_at IS NOT NULL AND expires_at < ${now - 7 * DAY_MS} LIMIT ${limit})`,
      ],
      deleting: 0,
    }),
  },
  {
    // Developer sessions a week after they expired or were revoked, with the refresh tokens they
    // rotated away from (a replay of one is refused as unknown instead).
    name: 'developer_sessions',
    batch: (now, limit) => {
      const ended = sql`SELECT id FROM developer_sessions
          WHERE expires_at < ${now - 7 * DAY_MS} OR revoked_at < ${now - 7 * DAY_MS}
          ORDER BY id LIMIT ${limit}`;
      return {
        statements: [
          sql`DELETE FROM retired_refresh_tokens WHERE session_id IN (${ended})`,
          sql`DELETE FROM developer_sessions WHERE id IN (${ended})`,
        ],
        deleting: 1,
      };
    },
  },
];
