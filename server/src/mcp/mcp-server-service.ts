// The MCP inventory: registered remote MCP servers (create, update, delete, each an audit event in the
// change's transaction), their headers sealed at rest and held opened in memory, and the routes the
// proxy reads by alias from memory, kept true on every replica by the `mcp_server` change notification.
// An admin's approval or block of a tool is made here too (audited) and reaches every replica's
// governor through the `mcp_tool` notification.
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../crypto/tokens.ts';
import type { McpInventoryView, McpRoute, McpToolState } from './mcp-contract.ts';
import { maskHeaders, mcpToolView, type McpServer } from './mcp-server-types.ts';
import {
  aliasTaken,
  countToolStates,
  createHeaderSealer,
  deleteServer,
  findServerRow,
  insertServer,
  listServerRows,
  listToolRows,
  replaceServer,
  type HeaderSealer,
  type McpServerRow,
} from './mcp-server-store.ts';
import { createToolReview, type ToolReviewDeps } from './tool-review.ts';
import { checkAlias, checkHeaders, normaliseServerUrl } from './mcp-server-input.ts';

export interface McpServerInput {
  alias: string;
  url: string;
  description: string | null;
  headers: Record<string, string>;
  enabled: boolean;
}

export type McpServerPatch = Partial<McpServerInput>;

export type McpToolView = ReturnType<typeof mcpToolView>;

export type McpToolCounts = Record<McpToolState, number>;

export interface McpServerService extends McpInventoryView {
  load(): Promise<void>;
  list(): McpServer[];
  get(id: string): McpServer;
  /** The server's tools as the store has them (the governor writes within a fraction of a second). */
  tools(id: string): Promise<McpToolView[]>;
  /** Each server's tools counted by state (tools its last list no longer showed left out), by server id. */
  toolCounts(): Promise<Map<string, McpToolCounts>>;
  create(input: McpServerInput, origin: RequestOrigin): Promise<McpServer>;
  update(id: string, patch: McpServerPatch, origin: RequestOrigin): Promise<McpServer>;
  remove(id: string, origin: RequestOrigin): Promise<void>;
  /** The pending (changed or new) definition becomes the pin; `sha256`, when given, must be the one approved. */
  approveTool(
    id: string,
    name: string,
    sha256: string | undefined,
    origin: RequestOrigin,
  ): Promise<McpToolView>;
  blockTool(id: string, name: string, origin: RequestOrigin): Promise<McpToolView>;
  /** The server of a route, for the governor's findings. */
  byId(id: string): McpServer | undefined;
}

export function createMcpServerService(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  risk: ToolReviewDeps['risk'];
  sealingKey: Buffer;
  log: Logger;
}): McpServerService {
  const { store, changes, audit, log } = deps;
  const sealer: HeaderSealer = createHeaderSealer(deps.sealingKey);
  const byId = new Map<string, McpServer>();
  let routes = new Map<string, McpRoute>();

  function fromRow(r: McpServerRow): McpServer {
    return {
      id: r.id,
      alias: r.alias,
      url: r.url,
      description: r.description,
      headers: Object.freeze(sealer.open(r.id, r.headers_sealed)),
      enabled: Number(r.enabled) === 1,
      inventoriedAt: r.inventoried_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      createdBy: r.created_by,
    };
  }

  /** The routes are replaced, never changed: a proxy holding one keeps a consistent server. */
  function reindex() {
    const next = new Map<string, McpRoute>();
    for (const s of byId.values())
      next.set(
        s.alias,
        Object.freeze({ id: s.id, alias: s.alias, url: s.url, headers: s.headers, enabled: s.enabled }),
      );
    routes = next;
  }

  function adopt(r: McpServerRow) {
    try {
      byId.set(r.id, fromRow(r));
    } catch (err) {
      // One unreadable server must not stop the Gateway: it is left out and named in the log.
      log.error({ err, mcpServer: r.id }, 'an MCP server’s headers could not be opened; it is not routed');
      byId.delete(r.id);
    }
  }

  async function reload(id: string) {
    const row = await findServerRow(store.db, id);
    if (row) adopt(row);
    else byId.delete(id);
    reindex();
  }

  async function load() {
    const rows = await listServerRows(store.db);
    byId.clear();
    for (const r of rows) adopt(r);
    reindex();
  }

  changes.subscribe('mcp_server', (id) => reload(id));
  changes.onResync(() => load());

  function mustGet(id: string): McpServer {
    const s = byId.get(id);
    if (!s) throw new ApiError('not_found', `No MCP server has the id "${id.slice(0, 64)}".`);
    return s;
  }

  const aliasConflict = (alias: string) =>
    new ApiError('conflict', `An MCP server with the alias "${alias}" exists already; choose another alias.`);

  /** Two creates (or renames) to one alias at once both pass the check; the unique index refuses one. */
  const aliasRaced = (alias: string) => (err: unknown) => {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw aliasConflict(alias);
    throw err;
  };

  const target = (s: Pick<McpServer, 'id' | 'alias'>) => ({ type: 'mcp_server', id: s.id, name: s.alias });

  /** What the audit log keeps of a server: never a header value, only the names and their masks. */
  const described = (s: McpServer) => ({
    alias: s.alias,
    url: s.url,
    description: s.description,
    headers: maskHeaders(s.headers),
    enabled: s.enabled,
  });

  function toRow(s: McpServer) {
    return {
      id: s.id,
      alias: s.alias,
      url: s.url,
      description: s.description,
      headers_sealed: sealer.seal(s.id, { ...s.headers }),
      headers_masked: JSON.stringify(maskHeaders(s.headers)),
      enabled: s.enabled ? 1 : 0,
      created_at: s.createdAt,
      updated_at: s.updatedAt,
      created_by: s.createdBy,
    };
  }

  const noTool = (id: string, name: string) =>
    new ApiError(
      'not_found',
      `MCP server ${id} has no tool named "${name.slice(0, 128)}"; its tools appear once a client lists them through the Gateway.`,
    );

  const review = createToolReview({
    store,
    changes,
    audit,
    risk: deps.risk,
    tools: 'mcp_tools',
    topic: 'mcp_tool',
    entity: 'mcp_tool',
    noTool,
  });
  const reviewed = (id: string) => {
    const s = mustGet(id);
    return { id: s.id, name: s.alias };
  };

  return {
    load,
    list: () => [...byId.values()].sort((a, b) => a.alias.localeCompare(b.alias)),
    get: mustGet,
    byId: (id) => byId.get(id),
    routeByAlias: (alias) => routes.get(alias),
    async tools(id) {
      mustGet(id);
      return (await listToolRows(store.db, id)).map(mcpToolView);
    },
    async toolCounts() {
      const counts = new Map<string, McpToolCounts>();
      for (const r of await countToolStates(store.db)) {
        let c = counts.get(r.server_id);
        if (!c) counts.set(r.server_id, (c = { pinned: 0, changed: 0, blocked: 0, new: 0 }));
        c[r.state] = Number(r.n);
      }
      return counts;
    },
    async create(input, origin) {
      checkAlias(input.alias);
      const url = normaliseServerUrl(input.url);
      const headers = checkHeaders(input.headers);
      if (await aliasTaken(store.db, input.alias)) throw aliasConflict(input.alias);
      const now = Date.now();
      const server: McpServer = {
        id: newId('mcp'),
        alias: input.alias,
        url,
        description: input.description,
        headers: Object.freeze(headers),
        enabled: input.enabled,
        inventoriedAt: null,
        createdAt: now,
        updatedAt: now,
        createdBy: origin.actor.type === 'admin' ? origin.actor.id : null,
      };
      await store.db
        .transaction()
        .execute(async (trx) => {
          await insertServer(trx, { ...toRow(server), inventoried_at: null });
          await audit.inTransaction(
            trx,
            changeEvent('mcp_server.created', target(server), origin, described(server)),
          );
        })
        .catch(aliasRaced(server.alias));
      await changes.publish('mcp_server', server.id);
      return mustGet(server.id);
    },
    async update(id, patch, origin) {
      const old = mustGet(id);
      if (patch.alias !== undefined && patch.alias !== old.alias) {
        checkAlias(patch.alias);
        if (await aliasTaken(store.db, patch.alias, id)) throw aliasConflict(patch.alias);
      }
      const url = patch.url === undefined ? old.url : normaliseServerUrl(patch.url);
      // The headers are sent wherever the url points: moving the server without giving them again would
      // let anyone with policy:write read its credentials back at an address of their choosing.
      if (url !== old.url && Object.keys(old.headers).length > 0 && patch.headers === undefined)
        throw new ApiError(
          'secret_required',
          'Changing url needs "headers" in the same request: the server’s credentials go wherever url points, ' +
            'so give them again (or {} to send none).',
        );
      const headers = patch.headers === undefined ? old.headers : checkHeaders(patch.headers);
      const server: McpServer = {
        ...old,
        alias: patch.alias ?? old.alias,
        url,
        description: patch.description === undefined ? old.description : patch.description,
        headers: Object.freeze({ ...headers }),
        enabled: patch.enabled ?? old.enabled,
        updatedAt: Date.now(),
      };
      const before = described(old);
      const after = described(server);
      const changed = Object.fromEntries(
        Object.entries(after).filter(
          ([f, v]) => JSON.stringify(v) !== JSON.stringify(before[f as keyof typeof before]),
        ),
      );
      // New values behind the same masks are a change the audit log must show too.
      if (patch.headers !== undefined && JSON.stringify(old.headers) !== JSON.stringify(server.headers))
        changed.headers_replaced = true;
      if (server.alias !== old.alias) changed.previous_alias = old.alias;
      if (server.url !== old.url) changed.previous_url = old.url;
      await store.db
        .transaction()
        .execute(async (trx) => {
          await replaceServer(trx, toRow(server));
          await audit.inTransaction(
            trx,
            changeEvent('mcp_server.updated', target(server), origin, { changed }),
          );
        })
        .catch(aliasRaced(server.alias));
      await changes.publish('mcp_server', id);
      return mustGet(id);
    },
    async remove(id, origin) {
      const old = mustGet(id);
      await store.db.transaction().execute(async (trx) => {
        await deleteServer(trx, id);
        await audit.inTransaction(
          trx,
          changeEvent('mcp_server.deleted', target(old), origin, described(old)),
        );
      });
      await changes.publish('mcp_server', id);
      await changes.publish('mcp_tool', id);
    },
    approveTool: (id, name, sha256, origin) => review.approve(reviewed(id), name, sha256, origin),
    blockTool: (id, name, origin) => review.block(reviewed(id), name, origin),
  };
}
