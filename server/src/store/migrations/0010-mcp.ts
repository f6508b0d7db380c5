// The MCP inventory: remote MCP servers reached through /mcp/{alias} (their own credentials sealed with
// the master key, as provider keys' secrets are) and each server's tools as Gatehouse has seen them,
// with the pin of the definition it trusts and, when the server shows another, that one waiting for an
// admin (mcp/tool-governor.ts).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('mcp_servers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Path-safe ([a-z0-9][a-z0-9_-]*): the {alias} of /mcp/{alias}.
    .addColumn('alias', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // The server's own headers ({name: value} as JSON) sealed under a key derived from the master key,
    // bound to the server's id; base64. Their masked form is kept beside them for the API.
    .addColumn('headers_sealed', 'text', (c) => c.notNull())
    .addColumn('headers_masked', 'text', (c) => c.notNull())
    // 1 or 0 on both engines.
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // When Gatehouse first saw the server's tools: a tool appearing after it is a "tool added" finding.
    .addColumn('inventoried_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();

  await db.schema
    .createTable('mcp_tools')
    .addColumn('server_id', 'text', (c) => c.notNull().references('mcp_servers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    // The pinned definition (canonical JSON, mcp/tool-pin.ts) and its SHA-256; null while a tool first
    // seen under pinning_mode approve waits for an admin (its definition is then the pending one).
    .addColumn('definition', 'text')
    .addColumn('sha256', 'text')
    // The definition the server shows now when it is not the pinned one.
    .addColumn('pending_definition', 'text')
    .addColumn('pending_sha256', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    // Tool-poisoning signals of the definition last seen (JSON array of rule ids).
    .addColumn('signals', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .addColumn('calls', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('mcp_tools_pk', ['server_id', 'name'])
    .execute();
}
