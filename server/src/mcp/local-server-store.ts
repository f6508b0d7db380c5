// Database access for local MCP servers (0012): read all at start, and written in batches off the
// request path. A write is an upsert: two replicas that first see one server at once name it alike
// (local-server-service.ts), and the later write only moves its last sighting and what it reported.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, McpLocalServersTable } from '../store/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type LocalServerRow = Selectable<McpLocalServersTable>;

export async function listLocalServerRows(db: Db): Promise<LocalServerRow[]> {
  return db.selectFrom('mcp_local_servers').selectAll().orderBy('id').execute();
}

/** Inserts the server, or keeps its first sighting and takes the newer of the rest. */
export async function upsertLocalServer(db: Db, row: McpLocalServersTable): Promise<void> {
  await db
    .insertInto('mcp_local_servers')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        server_info: sql<string | null>`COALESCE(excluded.server_info, mcp_local_servers.server_info)`,
        protocol_version: sql<
          string | null
        >`COALESCE(excluded.protocol_version, mcp_local_servers.protocol_version)`,
        last_seen: sql<number>`CASE WHEN excluded.last_seen > mcp_local_servers.last_seen THEN excluded.last_seen ELSE mcp_local_servers.last_seen END`,
      }),
    )
    .execute();
}
