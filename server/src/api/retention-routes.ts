// Retention settings (admin session; every change audited) and what the job has done. Lowering the
// audit log's retention must be confirmed in the request itself (confirm_audit_days), since the
// events past the new setting are deleted for good at the job's next run.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RetentionSettings } from '../retention/retention-settings.ts';
import type { RetentionJob } from '../retention/retention-job.ts';
import { retentionStatus } from '../retention/retention-status.ts';
import {
  RETENTION_BOUNDS,
  RETENTION_LOGS,
  type LogPurge,
  type RetentionDays,
} from '../retention/retention-types.ts';
import type { Store } from '../store/database.ts';
import { requestOrigin } from './request-origin.ts';
import { NullableTimestamp, errorResponses } from './schemas.ts';

const days = (what: string, b: { min: number; max: number; default: number }) =>
  Type.Integer({
    minimum: b.min,
    maximum: b.max,
    description: `${what}, in days (${b.min}–${b.max}; default ${b.default}).`,
  });

const Settings = Type.Object({
  activity_days: days('How long Gateway activity records are kept', RETENTION_BOUNDS.activity),
  audit_days: days('How long audit events are kept', RETENTION_BOUNDS.audit),
  findings_days: days('How long risk findings are kept after they were resolved', RETENTION_BOUNDS.findings),
});

const Purge = Type.Object({
  deleted: Type.Integer(),
  batches: Type.Integer({ description: 'Transactions it took (at most 1000 records each).' }),
  from: NullableTimestamp,
  to: NullableTimestamp,
  cutoff: Type.String({ format: 'date-time', description: 'Records older than this were due.' }),
  waiting_for_siem: Type.Boolean(),
});

const Status = Type.Object({
  logs: Type.Array(
    Type.Object({
      log: Type.Enum([...RETENTION_LOGS]),
      days: Type.Integer(),
      oldest_kept: { ...NullableTimestamp, description: 'The oldest record kept; null when there is none.' },
      waiting_for_siem: Type.Boolean({
        description:
          'Records past the setting are kept because a SIEM destination has not received them yet.',
      }),
    }),
  ),
  last_run: Type.Union([
    Type.Object({
      started_at: Type.String({ format: 'date-time' }),
      finished_at: Type.String({ format: 'date-time' }),
      logs: Type.Object({ activity: Purge, audit: Purge, findings: Purge }),
      housekeeping: Type.Record(Type.String(), Type.Integer(), {
        description: 'Expired sessions, used invitations and device authorizations removed.',
      }),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  next_run_at: NullableTimestamp,
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const purgeView = (p: LogPurge) => ({
  deleted: p.deleted,
  batches: p.batches,
  from: iso(p.from),
  to: iso(p.to),
  cutoff: new Date(p.cutoff).toISOString(),
  waiting_for_siem: p.waitingForSiem,
});
const view = (d: RetentionDays) => ({
  activity_days: d.activity,
  audit_days: d.audit,
  findings_days: d.findings,
});

export const retentionRoutes: FastifyPluginAsyncTypebox<{
  store: Store;
  retentionSettings: RetentionSettings;
  retention: RetentionJob;
}> = async (app, { store, retentionSettings, retention }) => {
  const tags = ['settings'];

  app.get(
    '/settings/retention',
    {
      config: { access: { role: 'viewer' } },
      schema: {
        operationId: 'getRetentionSettings',
        tags,
        summary: 'How long each log is kept',
        response: { 200: Settings, ...errorResponses },
      },
    },
    async () => view(await retentionSettings.current()),
  );

  app.put(
    '/settings/retention',
    {
      config: { access: { role: 'admin' } },
      schema: {
        operationId: 'setRetentionSettings',
        tags,
        summary: 'Change how long each log is kept',
        description:
          'Records past a new setting are deleted at the retention job’s next run (hourly). Lowering ' +
          'audit_days must be confirmed by repeating the new value in confirm_audit_days; without it: 400 ' +
          'confirmation_mismatch. Audited as settings.retention_changed (each value before and after), and ' +
          'a lowered audit retention also as settings.audit_retention_lowered.',
        body: Type.Object(
          {
            ...Settings.properties,
            confirm_audit_days: Type.Optional(
              Type.Integer({
                description: 'The new audit_days again, when it is lower than the current one.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: Settings, ...errorResponses },
      },
    },
    async (request) => {
      const b = request.body;
      const next = { activity: b.activity_days, audit: b.audit_days, findings: b.findings_days };
      return view(await retentionSettings.set(next, b.confirm_audit_days, requestOrigin(request)));
    },
  );

  app.get(
    '/settings/retention/status',
    {
      config: { access: { role: 'viewer' } },
      schema: {
        operationId: 'getRetentionStatus',
        tags,
        summary: 'Each log’s oldest record kept, and what the retention job last did',
        response: { 200: Status, ...errorResponses },
      },
    },
    async () => {
      const s = await retentionStatus(store, retention);
      const run = s.lastRun;
      return {
        logs: s.logs.map((l) => ({
          log: l.log,
          days: l.days,
          oldest_kept: iso(l.oldestKept),
          waiting_for_siem: l.waitingForSiem,
        })),
        last_run: run && {
          started_at: iso(run.startedAt)!,
          finished_at: iso(run.finishedAt)!,
          logs: {
            activity: purgeView(run.logs.activity),
            audit: purgeView(run.logs.audit),
            findings: purgeView(run.logs.findings),
          },
          housekeeping: run.housekeeping,
          error: run.error,
        },
        next_run_at: iso(s.nextRunAt),
      };
    },
  );
};
