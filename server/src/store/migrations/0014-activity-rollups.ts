// Activity rollups (issue 19, docs/decisions/activity-summary.md): what the activity writer adds up in
// the transaction of the rows it counts, so that the summary never scans the activity. Hourly counts by
// outcome (with tokens), and the busiest actors, tools, models and providers per hour and per UTC day.
// Existing activity is rolled up here once (activity-rollup-rebuild.ts), so that the summary is right
// from the first start.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { rebuildActivityRollups } from '../../activity/activity-rollup-rebuild.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Copies of the record's token counts, for the writer's rollup: nullable, so no row is rewritten.
  await db.schema.alterTable('activity').addColumn('input_tokens', 'bigint').execute();
  await db.schema.alterTable('activity').addColumn('output_tokens', 'bigint').execute();

  await db.schema
    .createTable('activity_hourly')
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('tokens_in', 'bigint', (c) => c.notNull())
    .addColumn('tokens_out', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_hourly_pk', ['hour', 'outcome'])
    .execute();

  // span: 3600000 (an hour) or 86400000 (a UTC day); dim: actor, tool, model or provider. Keyed by
  // span and start first, so that a window's rows are one range of the primary key; on SQLite the
  // table is that key (WITHOUT ROWID), so a read never leaves the index.
  await db.schema
    .createTable('activity_busiest')
    .addColumn('span', 'bigint', (c) => c.notNull())
    .addColumn('start', 'bigint', (c) => c.notNull())
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('blocked', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_busiest_pk', ['span', 'start', 'dim', 'key'])
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();

  // The summary counts findings raised in a window, and open ones by severity.
  await db.schema.createIndex('risk_findings_first_seen').on('risk_findings').column('first_seen').execute();
  await db.schema
    .createIndex('risk_findings_status_severity')
    .on('risk_findings')
    .columns(['status', 'severity'])
    .execute();

  await rebuildActivityRollups(db, dialect);
}
