// Local MCP servers (issue 17): the stdio servers a developer's tools run, reported by the endpoint
// client's shim (POST /mcp/observations), one row per caller (device, or credential) and server as the
// shim names it (name, command, SHA-256 of its arguments), and their tools, pinned exactly as a routed
// server's are (mcp/tool-governor.ts). The activity tells a routed call from a local one.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('mcp_local_servers')
    // Derived from the owner and the server's identity (mcp/local-server-service.ts), so that every
    // replica names a server it sees for the first time alike, without asking the others.
    .addColumn('id', 'text', (c) => c.primaryKey())
    // device:<id>, developer:<id> (a session without a device) or credential:<id>.
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('developer_id', 'text')
    .addColumn('device_id', 'text')
    .addColumn('credential_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('args_sha256', 'text', (c) => c.notNull())
    // The server's initialize answer: serverInfo (JSON) and the negotiated protocol version.
    .addColumn('server_info', 'text')
    .addColumn('protocol_version', 'text')
    // When its tools were first listed: a tool appearing after it is a "tool added" finding.
    .addColumn('inventoried_at', 'bigint')
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .execute();
  // The console lists a developer's and a device's servers.
  await db.schema
    .createIndex('mcp_local_servers_owner')
    .on('mcp_local_servers')
    .columns(['developer_id', 'device_id'])
    .execute();

  // The shape of mcp_tools (0010), so that the governor and its writes serve both. No foreign key: a
  // first pin and its server's first row go out through two batch writers, in either order.
  await db.schema
    .createTable('mcp_local_tools')
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('definition', 'text')
    .addColumn('sha256', 'text')
    .addColumn('pending_definition', 'text')
    .addColumn('pending_sha256', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('signals', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .addColumn('calls', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('mcp_local_tools_pk', ['server_id', 'name'])
    .execute();

  // routed (/mcp/{alias}) or local (the shim's decisions); nullable, so no row is rewritten.
  await db.schema.alterTable('activity').addColumn('mcp_source', 'text').execute();
}
