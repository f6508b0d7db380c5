// The policy's version history and the risk findings.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { appendOnly, sequenceColumn } from './helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Every version of the policy document, never changed: the current policy is the highest version.
  // The primary key is what makes two writers racing from one version end with one winner.
  await db.schema
    .createTable('policy_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await appendOnly(db, dialect, 'policy_versions');

  // One row per distinct finding (the fingerprint); repeats raise count and last_seen. Built into the
  // API's document from these columns, since count, last_seen and status change after the insert.
  await db.schema
    .createTable('risk_findings')
    .$call((t) => sequenceColumn(t, dialect))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('detector', 'text')
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text')
    .addColumn('provider', 'text')
    .addColumn('model', 'text')
    .addColumn('tool', 'text')
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by', 'text')
    .addColumn('resolution_note', 'text')
    .addColumn('evidence', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('risk_findings_last_seen').on('risk_findings').column('last_seen').execute();
}
