// The SIEM push export (issue 20): destinations an admin configures (their token and secret sealed with
// a key derived from the master key, bound to the destination's id, as provider keys' secrets are), the
// lease that lets one replica at a time send a destination's batches, and per destination and stream
// the cursor (the log's seq) up to which the receiver has acknowledged.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('siem_destinations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    // JSON array of stream names.
    .addColumn('streams', 'text', (c) => c.notNull())
    // 1 or 0 on both engines.
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // Sealed, base64; null when not set. The last four characters are kept for the masked form.
    .addColumn('token_sealed', 'text')
    .addColumn('token_last4', 'text')
    .addColumn('secret_sealed', 'text')
    .addColumn('secret_last4', 'text')
    .addColumn('tls_ca', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_success_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'bigint')
    // Which process sends this destination's batches, until when (epoch ms); taken by compare-and-set.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .execute();

  await db.schema
    .createTable('siem_cursors')
    .addColumn('destination_id', 'text', (c) =>
      c.notNull().references('siem_destinations.id').onDelete('cascade'),
    )
    .addColumn('stream', 'text', (c) => c.notNull())
    // The last seq of the stream's log the destination acknowledged.
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('siem_cursors_pk', ['destination_id', 'stream'])
    .execute();
}
