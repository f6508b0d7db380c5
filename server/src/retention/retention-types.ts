// What retention keeps, per log: the bounds an admin may choose within and the defaults a security team
// would accept (docs/operations.md, "Retention"). The audit log's floor is also a database constraint
// (migration 0015).
import type { DroppedPartition } from './partition-drop.ts';

export const RETENTION_LOGS = ['activity', 'audit', 'findings'] as const;
export type RetentionLog = (typeof RETENTION_LOGS)[number];

export const RETENTION_BOUNDS: Record<RetentionLog, { min: number; max: number; default: number }> = {
  // Request metadata: a quarter covers an incident found late and a monthly review, and no more.
  activity: { min: 1, max: 3650, default: 90 },
  // A year and a month: a yearly audit finds the whole year it looks back on.
  audit: { min: 30, max: 3650, default: 400 },
  // Resolved findings only (open ones are kept until resolved): a year of how each was handled.
  findings: { min: 1, max: 3650, default: 365 },
};

export type RetentionDays = Record<RetentionLog, number>;

export const DAY_MS = 86_400_000;

/** What one run deleted from a log: how many, and the time range of the records deleted. */
export interface LogPurge {
  deleted: number;
  /** Transactions it took. */
  batches: number;
  /** Oldest and newest record time deleted (epoch ms), null when nothing was. */
  from: number | null;
  to: number | null;
  /** Records older than this were due (now − the setting). */
  cutoff: number;
  /** A SIEM destination still needs records older than the cutoff, so they were kept. */
  waitingForSiem: boolean;
  /** PostgreSQL: whole month partitions dropped (their rows are counted in `deleted`). */
  dropped?: DroppedPartition[];
}

export interface RetentionRun {
  startedAt: number;
  finishedAt: number;
  logs: Record<RetentionLog, LogPurge>;
  /** Expired sessions, invitations and device authorizations removed (fixed periods). */
  housekeeping: Record<string, number>;
  /** Set when the run stopped on an error; what it deleted before is in `logs`. */
  error: string | null;
}
