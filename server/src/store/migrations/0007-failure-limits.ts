// Failed attempts at sign-in, secrets and codes, counted in the database so that every replica on one
// PostgreSQL sees the same counts (docs/decisions/access-control.md). One row per counted subject: an
// (account, address) pair, an address, or an account. The key is a SHA-256 of what it counts, so that
// whatever was typed as an e-mail address (a password, now and then) is not kept.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('failure_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    // The free failures and the window of the rule that counted them: the lock is worked out from the
    // row alone, in SQL (the upsert) as in code.
    .addColumn('allowance', 'integer', (c) => c.notNull())
    .addColumn('window_ms', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();
  // The sweep deletes by age of the last failure.
  await db.schema.createIndex('failure_limits_last_at').on('failure_limits').column('last_at').execute();
}
