// Device sign-in (RFC 8628): the device authorizations a developer approves in the console, and the
// refresh tokens a session has rotated away from, so that a replayed one is recognised
// (docs/decisions/device-sign-in.md). Devices and developer sessions themselves came with 0004.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // One row per device_authorization request. Both codes are kept only as SHA-256. A row outlives its
  // ten minutes by a day, so that a late poll hears expired_token rather than an unknown code.
  await db.schema
    .createTable('device_authorizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('device_code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text')
    .addColumn('platform', 'text')
    .addColumn('client_version', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Grows by 5 s at every slow_down (RFC 8628 §3.5).
    .addColumn('interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('last_polled_at', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('developer_id', 'text', (c) => c.references('developers.id'))
    .addColumn('decided_at', 'bigint')
    .addColumn('device_id', 'text', (c) => c.references('devices.id'))
    .execute();
  await db.schema
    .createIndex('device_authorizations_expiry')
    .on('device_authorizations')
    .column('expires_at')
    .execute();

  // The refresh tokens a session rotated away from (SHA-256): presenting one again is a replay
  // (RFC 9700 §4.14.2), which ends the session.
  await db.schema
    .createTable('retired_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('developer_sessions.id'))
    .addColumn('retired_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('retired_refresh_tokens_session')
    .on('retired_refresh_tokens')
    .column('session_id')
    .execute();
}
