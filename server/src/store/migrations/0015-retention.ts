// Retention (issue 21): how long each log is kept, and the append-only guards of the activity and the
// audit log opened to exactly one kind of delete: the retention job's, of rows older than the stored
// setting (docs/decisions/retention.md). Every other DELETE or UPDATE still fails in the database.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

const DAY_MS = 86_400_000;
/** The guarded logs: table, the name its setting is stored under, and the trigger that guards it. */
const GUARDED = [
  {
    table: 'audit_events',
    log: 'audit',
    pgTrigger: 'audit_events_append_only',
    pgFunction: 'audit_events_append_only',
  },
  {
    table: 'activity',
    log: 'activity',
    pgTrigger: 'activity_append_only',
    pgFunction: 'activity_append_only',
  },
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // One row per log. The audit log's floor of 30 days is a constraint, so that no write, through the
  // API or not, can open the audit log to deleting last month's events.
  await db.schema
    .createTable('retention_settings')
    .addColumn('log', 'text', (c) => c.primaryKey().check(sql`log IN ('activity', 'audit', 'findings')`))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addCheckConstraint('retention_days_range', sql`days BETWEEN 1 AND 3650`)
    .addCheckConstraint('retention_audit_floor', sql`log <> 'audit' OR days >= 30`)
    .execute();
  await db
    .insertInto('retention_settings')
    .values([
      { log: 'activity', days: 90 },
      { log: 'audit', days: 400 },
      { log: 'findings', days: 365 },
    ])
    .execute();
  await db.schema
    .createIndex('risk_findings_resolved')
    .on('risk_findings')
    .columns(['status', 'resolved_at'])
    .execute();

  if (dialect === 'postgres') {
    // The job sets gatehouse.retention_cutoff for its own transaction only (set_config(…, true)); a row
    // may go when it is older than both that cutoff and the stored setting, measured now.
    await sql`CREATE FUNCTION retention_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        cutoff bigint := NULLIF(current_setting('gatehouse.retention_cutoff', true), '')::bigint;
        kept bigint;
      BEGIN
        IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND OLD.time < cutoff THEN
          SELECT days INTO kept FROM retention_settings WHERE log = TG_ARGV[0];
          IF kept IS NOT NULL
             AND OLD.time < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - kept * ${sql.lit(DAY_MS)} THEN
            RETURN OLD;
          END IF;
        END IF;
        RAISE EXCEPTION '% is append-only: only the retention job deletes, and only rows older than the retention setting', TG_TABLE_NAME;
      END $$`.execute(db);
    for (const g of GUARDED) {
      await sql.raw(`DROP TRIGGER ${g.pgTrigger} ON ${g.table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${g.pgFunction}()`).execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${g.pgTrigger} BEFORE UPDATE OR DELETE ON ${g.table}
           FOR EACH ROW EXECUTE FUNCTION retention_guard('${g.log}')`,
        )
        .execute(db);
    }
    await sql`CREATE FUNCTION retention_settings_kept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'retention settings are changed, never removed'; END $$`.execute(db);
    await sql`CREATE TRIGGER retention_settings_kept BEFORE DELETE ON retention_settings
      FOR EACH ROW EXECUTE FUNCTION retention_settings_kept()`.execute(db);
    return;
  }

  // SQLite's triggers cannot see connection state, so the cutoff is a row the job sets and clears in
  // its own delete transaction (a crash rolls it back with the deletes). Whoever sets it is still held
  // to the stored setting, and rows cannot be added to or removed from either table.
  await db.schema
    .createTable('retention_cutoffs')
    .addColumn('log', 'text', (c) => c.primaryKey())
    .addColumn('cutoff', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('retention_cutoffs')
    .values(GUARDED.map((g) => ({ log: g.log, cutoff: 0 })))
    .execute();
  for (const table of ['retention_cutoffs', 'retention_settings']) {
    for (const op of ['INSERT', 'DELETE']) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table}
           BEGIN SELECT RAISE(ABORT, '${table} holds one row per log, changed and never added or removed'); END`,
        )
        .execute(db);
    }
  }
  const nowMs = `CAST((julianday('now') - 2440587.5) * ${DAY_MS} AS INTEGER)`;
  for (const g of GUARDED) {
    await sql.raw(`DROP TRIGGER ${g.table}_no_delete`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${g.table}_no_delete BEFORE DELETE ON ${g.table}
         WHEN NOT (
           OLD.time < COALESCE((SELECT cutoff FROM retention_cutoffs WHERE log = '${g.log}'), 0)
           AND OLD.time < ${nowMs} - COALESCE((SELECT days FROM retention_settings WHERE log = '${g.log}'), 36500) * ${DAY_MS}
         )
         BEGIN SELECT RAISE(ABORT, '${g.table} is append-only: only the retention job deletes, and only rows older than the retention setting'); END`,
      )
      .execute(db);
  }
}
