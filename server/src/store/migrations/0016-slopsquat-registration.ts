// Slopsquat (issue 18): when the observatory last asked the public registry whether a name a model
// invented has been registered since (slopsquat/observatory/registration-check.ts), so that every replica
// leaves a name alone for a while after any of them asked.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('slopsquat_names').addColumn('public_checked_at', 'bigint').execute();
}
