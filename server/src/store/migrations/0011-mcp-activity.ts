// MCP calls in the activity (issue 16): a call through /mcp/{alias} names its server and, for a
// tools/call, its tool. Both are filter columns, as the device is (0006); the record's JSON carries them
// with the JSON-RPC method.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Nullable columns rewrite no row, so the append-only triggers are not involved.
  await db.schema.alterTable('activity').addColumn('mcp_server', 'text').execute();
  await db.schema.alterTable('activity').addColumn('mcp_tool', 'text').execute();
  // The console asks for one server's calls, or one tool's of it, newest first.
  await db.schema
    .createIndex('activity_mcp')
    .on('activity')
    .columns(['mcp_server', 'mcp_tool', 'time'])
    .execute();
}
