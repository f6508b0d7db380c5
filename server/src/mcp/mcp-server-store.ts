// Database access for the MCP inventory: registered servers (their headers sealed with a key derived
// from the master key and bound to the server's id, so that a sealed value copied onto another row does
// not open) and their tools. The governor's writes are conditional, so that an observation from one
// replica never undoes an admin's approval made meanwhile on another (tool-governor.ts).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, McpServersTable, McpToolsTable } from '../store/schema.ts';
import { createSealedBox } from '../crypto/sealed-box.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type McpServerRow = Selectable<McpServersTable>;
export type McpToolRow = Selectable<McpToolsTable>;
export type NewToolRow = Omit<McpToolsTable, 'calls' | 'errors' | 'signals'> & { signals: string };

/**
 * Where a governor keeps its servers' first inventory and their tools: the routed servers' tables
 * (0010), or the local servers' (0012) of the same shape. `serverRequired`: a first pin is written only
 * while its server's row exists (a foreign key, and a deleted server's late pins are dropped).
 */
export interface PinTables {
  servers: 'mcp_servers' | 'mcp_local_servers';
  tools: 'mcp_tools' | 'mcp_local_tools';
  serverRequired: boolean;
}

export const ROUTED_PINS: PinTables = { servers: 'mcp_servers', tools: 'mcp_tools', serverRequired: true };

// The two tool tables have one shape (McpToolsTable): statements are typed against mcp_tools.
type ToolTable = PinTables['tools'];
const typed = (t: ToolTable) => t as 'mcp_tools';

export interface HeaderSealer {
  seal(id: string, headers: Record<string, string>): string;
  open(id: string, sealed: string): Record<string, string>;
}

export function createHeaderSealer(key: Buffer): HeaderSealer {
  const box = (id: string) => createSealedBox(key, `mcp-server:${id}`);
  return {
    seal: (id, headers) =>
      box(id)
        .seal(Buffer.from(JSON.stringify(headers), 'utf8'))
        .toString('base64'),
    open(id, sealed) {
      const opened = box(id).open(Buffer.from(sealed, 'base64'));
      if (!opened) throw new Error(`the headers of MCP server ${id} do not open with this master key`);
      return JSON.parse(opened.toString('utf8')) as Record<string, string>;
    },
  };
}

export async function listServerRows(db: Db) {
  return db.selectFrom('mcp_servers').selectAll().orderBy('alias').execute();
}

export async function findServerRow(db: Db, id: string) {
  return db.selectFrom('mcp_servers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function aliasTaken(db: Db, alias: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('mcp_servers').select('id').where('alias', '=', alias);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertServer(db: Db, row: McpServersTable) {
  await db.insertInto('mcp_servers').values(row).execute();
}

export async function replaceServer(db: Db, row: Omit<McpServersTable, 'inventoried_at'>) {
  const { id, ...rest } = row;
  await db.updateTable('mcp_servers').set(rest).where('id', '=', id).execute();
}

export async function deleteServer(db: Db, id: string) {
  // The tools go first: the foreign key would refuse otherwise where cascades are not on.
  await db.deleteFrom('mcp_tools').where('server_id', '=', id).execute();
  await db.deleteFrom('mcp_servers').where('id', '=', id).execute();
}

/** The server's first inventory, once: the first replica to list its tools sets it. */
export async function markInventoried(
  db: Db,
  id: string,
  at: number,
  servers: PinTables['servers'] = 'mcp_servers',
) {
  await db
    .updateTable(servers as 'mcp_servers')
    .set({ inventoried_at: at })
    .where('id', '=', id)
    .where('inventoried_at', 'is', null)
    .execute();
}

export async function listToolRows(db: Db, serverId?: string, tools: ToolTable = 'mcp_tools') {
  let q = db.selectFrom(typed(tools)).selectAll();
  if (serverId !== undefined) q = q.where('server_id', '=', serverId);
  return q.orderBy('server_id').orderBy('name').execute();
}

/** How many of each server's tools are in each state, leaving out tools its last list no longer showed. */
export async function countToolStates(db: Db, tools: ToolTable = 'mcp_tools') {
  return db
    .selectFrom(typed(tools))
    .select(['server_id', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('removed_at', 'is', null)
    .groupBy(['server_id', 'state'])
    .execute();
}

export async function findToolRow(db: Db, serverId: string, name: string, tools: ToolTable = 'mcp_tools') {
  return db
    .selectFrom(typed(tools))
    .selectAll()
    .where('server_id', '=', serverId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** A tool's first sighting: of two replicas that saw it at once, the first insert stands. */
export async function insertToolIfAbsent(db: Db, row: NewToolRow, tools: ToolTable = 'mcp_tools') {
  await db
    .insertInto(typed(tools))
    .values(row)
    .onConflict((oc) => oc.columns(['server_id', 'name']).doNothing())
    .execute();
}

/**
 * The server shows another definition than the pin `against`: keep it as pending (a blocked tool stays
 * blocked). Nothing happens when the pin moved meanwhile (an admin approved something).
 */
export async function markChanged(
  db: Db,
  serverId: string,
  name: string,
  against: string | null,
  pending: { definition: string; sha256: string; signals: string; at: number },
  tools: ToolTable = 'mcp_tools',
) {
  let q = db
    .updateTable(typed(tools))
    .set({
      pending_definition: pending.definition,
      pending_sha256: pending.sha256,
      signals: pending.signals,
      last_seen: pending.at,
      removed_at: null,
      state: sql<
        McpToolsTable['state']
      >`CASE WHEN state = 'blocked' THEN 'blocked' WHEN sha256 IS NULL THEN 'new' ELSE 'changed' END`,
    })
    .where('server_id', '=', serverId)
    .where('name', '=', name);
  q = against === null ? q.where('sha256', 'is', null) : q.where('sha256', '=', against);
  await q.execute();
}

/** The server shows the pinned definition again: whatever was pending is gone from the server. */
export async function markBackToPin(
  db: Db,
  serverId: string,
  name: string,
  sha256: string,
  at: number,
  tools: ToolTable = 'mcp_tools',
) {
  await db
    .updateTable(typed(tools))
    .set({
      pending_definition: null,
      pending_sha256: null,
      last_seen: at,
      removed_at: null,
      state: sql<McpToolsTable['state']>`CASE WHEN state = 'changed' THEN 'pinned' ELSE state END`,
    })
    .where('server_id', '=', serverId)
    .where('name', '=', name)
    .where('sha256', '=', sha256)
    .execute();
}

/** Seen again as pinned: only when, so that the list costs one cheap write per tool now and then. */
export async function markSeen(
  db: Db,
  serverId: string,
  names: string[],
  at: number,
  tools: ToolTable = 'mcp_tools',
) {
  if (names.length === 0) return;
  await db
    .updateTable(typed(tools))
    .set({
      last_seen: sql<number>`CASE WHEN last_seen < ${at} THEN ${at} ELSE last_seen END`,
      removed_at: null,
    })
    .where('server_id', '=', serverId)
    .where('name', 'in', names)
    .execute();
}

export async function markRemoved(
  db: Db,
  serverId: string,
  name: string,
  at: number,
  tools: ToolTable = 'mcp_tools',
) {
  await db
    .updateTable(typed(tools))
    .set({ removed_at: at })
    .where('server_id', '=', serverId)
    .where('name', '=', name)
    .where('removed_at', 'is', null)
    .execute();
}

export async function addCounts(
  db: Db,
  serverId: string,
  name: string,
  calls: number,
  errors: number,
  tools: ToolTable = 'mcp_tools',
) {
  await db
    .updateTable(typed(tools))
    .set({ calls: sql<number>`calls + ${calls}`, errors: sql<number>`errors + ${errors}` })
    .where('server_id', '=', serverId)
    .where('name', '=', name)
    .execute();
}

/** An admin's approval: the pending definition (if any) becomes the pin. */
export async function approveTool(db: Db, row: McpToolRow, tools: ToolTable = 'mcp_tools') {
  await db
    .updateTable(typed(tools))
    .set({
      definition: row.pending_definition ?? row.definition,
      sha256: row.pending_sha256 ?? row.sha256,
      pending_definition: null,
      pending_sha256: null,
      state: 'pinned',
    })
    .where('server_id', '=', row.server_id)
    .where('name', '=', row.name)
    .execute();
}

export async function blockTool(db: Db, serverId: string, name: string, tools: ToolTable = 'mcp_tools') {
  await db
    .updateTable(typed(tools))
    .set({ state: 'blocked' })
    .where('server_id', '=', serverId)
    .where('name', '=', name)
    .execute();
}
