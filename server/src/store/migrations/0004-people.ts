// People: invited admins, developers, the invitations that bring both in, and the devices and
// developer sessions that device sign-in (a later release) creates and offboarding revokes.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { sequenceColumn } from './helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // An invited admin has a row from the invitation on, so that the owner sees it, can change its role
  // or remove it; it has no usable password (an empty hash) until the invitation is accepted.
  await db.schema
    .alterTable('admins')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();

  // seq orders the list (the cursor of GET /developers); a developer is never deleted, so that
  // activity and audit events keep naming someone who exists.
  await db.schema
    .createTable('developers')
    .$call((t) => sequenceColumn(t, dialect))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('activated_at', 'bigint')
    .addColumn('offboarded_at', 'bigint')
    .execute();

  // Both kinds of invitation. Only the token's SHA-256 is kept.
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  // A person has at most one unused invitation (a new one withdraws the old): two invites racing for
  // one person end with one link, not two.
  await db.schema
    .createIndex('invitations_unused_subject')
    .on('invitations')
    .column('subject_id')
    .unique()
    .where(sql<boolean>`used_at IS NULL`)
    .execute();

  await db.schema
    .createTable('devices')
    .$call((t) => sequenceColumn(t, dialect))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('developer_id', 'text', (c) => c.notNull().references('developers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('platform', 'text')
    .addColumn('client_version', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('devices_developer').on('devices').column('developer_id').execute();

  // A developer's signed-in session: what device sign-in hands out, refreshed by its token. Revoked,
  // never deleted, so that "who was signed in where" survives offboarding.
  await db.schema
    .createTable('developer_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('developer_id', 'text', (c) => c.notNull().references('developers.id'))
    .addColumn('device_id', 'text', (c) => c.references('devices.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('developer_sessions_developer')
    .on('developer_sessions')
    .column('developer_id')
    .execute();
  await db.schema
    .createIndex('developer_sessions_device')
    .on('developer_sessions')
    .column('device_id')
    .execute();
}
