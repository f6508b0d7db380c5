// Pieces several migrations share. A migration's meaning must never change once released, so these
// stay as they are; a different need gets a new helper.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** `seq`, the commit-ordered position that an append-only log's cursor pages by. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export function sequenceColumn(t: CreateTableBuilder<any, any>, dialect: Dialect) {
  return dialect === 'postgres'
    ? t.addColumn('seq', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    : t.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Append-only, enforced by the database itself and not only by the absence of an API. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function appendOnly(db: Kysely<any>, dialect: Dialect, table: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION ${table}_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION '${table} is append-only'; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION ${table}_append_only()`,
      )
      .execute(db);
    return;
  }
  for (const op of ['UPDATE', 'DELETE']) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table}
         BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`,
      )
      .execute(db);
  }
}
