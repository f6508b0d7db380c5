// Provider keys (sealed with the master key) and the Gateway's activity record.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { appendOnly, sequenceColumn } from './helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('provider_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    // AES-256-GCM under a key derived from the master key, base64; bound to the key's id.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_last4', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text')
    .addColumn('azure_api_version', 'text')
    .addColumn('enabled_models', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint')
    .addColumn('created_by', 'text')
    .execute();

  await db.schema
    .createTable('activity')
    .$call((t) => sequenceColumn(t, dialect))
    // The record exactly as the API serves it (JSON), written once; the other columns are filters.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('provider', 'text')
    .addColumn('model', 'text')
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_time').on('activity').column('time').execute();
  await appendOnly(db, dialect, 'activity');
}
