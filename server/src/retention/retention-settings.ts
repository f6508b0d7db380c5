// How long each log is kept: one row per log in retention_settings (migration 0015), read where it is
// needed (the settings routes, each run of the job) rather than cached, since nothing hot reads it.
// A change is audited with each value before and after; lowering the audit log's retention must be
// confirmed by repeating the new value, and is audited as such, as lowering enforcement is.
import type { Kysely, Transaction } from 'kysely';
import type { Store } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type AuditEventInput, type RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import { RETENTION_BOUNDS, RETENTION_LOGS, type RetentionDays } from './retention-types.ts';

const TARGET = { type: 'setting', id: 'retention', name: 'Retention' };

export interface RetentionSettings {
  current(): Promise<RetentionDays>;
  /**
   * Replaces the settings. `confirmAuditDays` must repeat `next.audit` when that lowers the audit
   * log's retention (audit events past the new setting go at the job's next run, for good).
   */
  set(
    next: RetentionDays,
    confirmAuditDays: number | undefined,
    origin: RequestOrigin,
  ): Promise<RetentionDays>;
}

export async function readRetentionDays(
  db: Kysely<Database> | Transaction<Database>,
): Promise<RetentionDays> {
  const rows = await db.selectFrom('retention_settings').select(['log', 'days']).execute();
  const days = Object.fromEntries(
    RETENTION_LOGS.map((l) => [l, RETENTION_BOUNDS[l].default]),
  ) as RetentionDays;
  for (const r of rows) days[r.log] = Number(r.days);
  return days;
}

export function createRetentionSettings(deps: { store: Store; audit: AuditLog }): RetentionSettings {
  const { store, audit } = deps;
  return {
    current: () => readRetentionDays(store.db),
    async set(next, confirmAuditDays, origin) {
      for (const log of RETENTION_LOGS) {
        const { min, max } = RETENTION_BOUNDS[log];
        if (!Number.isInteger(next[log]) || next[log] < min || next[log] > max)
          throw new ApiError(
            'invalid_request',
            `${log}_days must be a whole number of days from ${min} to ${max}.`,
          );
      }
      return store.db.transaction().execute(async (trx) => {
        const previous = await readRetentionDays(trx);
        const lowersAudit = next.audit < previous.audit;
        if (lowersAudit && confirmAuditDays !== next.audit) {
          throw new ApiError(
            'confirmation_mismatch',
            `Lowering audit retention from ${previous.audit} to ${next.audit} days deletes, at the retention job's ` +
              `next run, every audit event older than ${next.audit} days, for good. To confirm, send ` +
              `confirm_audit_days: ${next.audit} with the same request.`,
          );
        }
        const changed = RETENTION_LOGS.filter((l) => next[l] !== previous[l]);
        if (changed.length === 0) return previous;
        for (const log of changed)
          await trx
            .updateTable('retention_settings')
            .set({ days: next[log] })
            .where('log', '=', log)
            .execute();
        const events: AuditEventInput[] = [
          changeEvent(
            'settings.retention_changed',
            TARGET,
            origin,
            Object.fromEntries(changed.map((l) => [`${l}_days`, { from: previous[l], to: next[l] }])),
          ),
        ];
        if (lowersAudit)
          events.push(
            changeEvent('settings.audit_retention_lowered', TARGET, origin, {
              from: previous.audit,
              to: next.audit,
            }),
          );
        await audit.inTransaction(trx, ...events);
        return next;
      });
    },
  };
}
