// A provider key's family-specific settings move from a column each (azure_api_version) to one JSON
// object, `options`, whose fields each family declares (provider-keys/families.ts): a new family with
// options of its own (a region, a project) needs no migration. Existing keys keep their value.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('provider_keys')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const rows = await db
    .selectFrom('provider_keys')
    .select(['id', 'azure_api_version'])
    .where('azure_api_version', 'is not', null)
    .execute();
  for (const r of rows) {
    await db
      .updateTable('provider_keys')
      .set({ options: JSON.stringify({ api_version: r.azure_api_version }) })
      .where('id', '=', r.id)
      .execute();
  }
  // SQLite drops a column since 3.35 (better-sqlite3 bundles a later one); PostgreSQL always has.
  await sql`ALTER TABLE provider_keys DROP COLUMN azure_api_version`.execute(db);
}
