// Activity from devices: a request made with a device token names the developer as its actor and the
// device beside it (docs/decisions/device-sign-in.md). The device is a filter column, as the actor is;
// the record's JSON carries both, and the tool's mode.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Adding a nullable column rewrites no row, so the append-only triggers are not involved.
  await db.schema.alterTable('activity').addColumn('device_id', 'text').execute();
  await db.schema.createIndex('activity_device').on('activity').columns(['device_id', 'time']).execute();
}
