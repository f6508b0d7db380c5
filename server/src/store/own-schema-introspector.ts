// Kysely's PostgreSQL introspection (what its migrator asks to find its own tables) reads every schema
// of the database and names each one by text (has_schema_privilege, pg_get_serial_sequence), so a
// schema dropped meanwhile by someone else sharing the database (another deployment's, another test
// file's) fails it with "schema ... does not exist". A store only ever looks at its own schema: this
// introspector reads the current schema alone, from information_schema, by the schema's name as the
// server itself resolves it.
import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type ColumnMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

const KYSELY_TABLES = /^kysely_migration(_lock)?$/;

interface ColumnRow {
  schema: string;
  table: string;
  table_type: string;
  column: string;
  data_type: string;
  type_schema: string;
  nullable: string;
  column_default: string | null;
  identity: string;
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the introspector serves any database
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`SELECT current_schema() AS name`.execute(this.db);
    return rows.map((r) => ({ name: r.name }));
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      SELECT c.table_schema AS schema, c.table_name AS "table", t.table_type, c.column_name AS "column",
             c.udt_name AS data_type, c.udt_schema AS type_schema, c.is_nullable AS nullable,
             c.column_default, c.is_identity AS identity
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema()
      ORDER BY c.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.test(r.table)) continue;
      let table = tables.get(r.table);
      if (!table) {
        table = { name: r.table, schema: r.schema, isView: r.table_type === 'VIEW', columns: [] };
        tables.set(r.table, table);
      }
      table.columns.push({
        name: r.column,
        dataType: r.data_type,
        dataTypeSchema: r.type_schema,
        isNullable: r.nullable === 'YES',
        hasDefaultValue: r.column_default !== null || r.identity === 'YES',
        isAutoIncrementing: r.identity === 'YES' || (r.column_default ?? '').startsWith('nextval('),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect, introspecting the current schema only. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as the dialect it overrides
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
