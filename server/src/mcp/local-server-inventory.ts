// Local MCP servers for the management API and the console: every developer's and device's servers as
// the store has them (every replica's, where the shim's memory holds only what this replica loaded or
// saw), with their owners' names, their tools counted by state, and an admin's approval or block of one
// tool, made through the routed inventory's code path (tool-review.ts) over the local tables.
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import { listToolRows } from './mcp-server-store.ts';
import { mcpToolView } from './mcp-server-types.ts';
import type { McpToolCounts, McpToolView } from './mcp-server-service.ts';
import { createToolReview, type ToolReviewDeps } from './tool-review.ts';

export interface LocalServerFilter {
  developerId?: string;
  deviceId?: string;
  /** At most this many, in order of developer, device and name. */
  limit: number;
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

function parsedInfo(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const v: unknown = JSON.parse(json);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A local server as the API shows it. */
export interface LocalServerView {
  id: string;
  name: string;
  command: string;
  args_sha256: string;
  developer: { id: string; name: string | null; email: string | null } | null;
  device: { id: string; name: string | null } | null;
  credential: { id: string; name: string | null } | null;
  server_info: Record<string, unknown> | null;
  protocol_version: string | null;
  inventoried_at: string | null;
  first_seen: string;
  last_seen: string;
}

export interface LocalServerInventory {
  list(filter: LocalServerFilter): Promise<{
    servers: (LocalServerView & { tool_counts: McpToolCounts })[];
    hasMore: boolean;
  }>;
  get(id: string): Promise<LocalServerView & { tools: McpToolView[] }>;
  approveTool(
    id: string,
    name: string,
    sha256: string | undefined,
    origin: RequestOrigin,
  ): Promise<McpToolView>;
  blockTool(id: string, name: string, origin: RequestOrigin): Promise<McpToolView>;
}

export function createLocalServerInventory(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  risk: ToolReviewDeps['risk'];
}): LocalServerInventory {
  const { store } = deps;
  const db = store.db;

  const query = () =>
    db
      .selectFrom('mcp_local_servers as s')
      .leftJoin('developers as d', 'd.id', 's.developer_id')
      .leftJoin('devices as v', 'v.id', 's.device_id')
      .leftJoin('api_credentials as c', 'c.id', 's.credential_id')
      .selectAll('s')
      .select([
        'd.name as developer_name',
        'd.email as developer_email',
        'v.name as device_name',
        'c.name as credential_name',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;

  const view = (r: Row): LocalServerView => ({
    id: r.id,
    name: r.name,
    command: r.command,
    args_sha256: r.args_sha256,
    developer: r.developer_id
      ? { id: r.developer_id, name: r.developer_name, email: r.developer_email }
      : null,
    device: r.device_id ? { id: r.device_id, name: r.device_name } : null,
    credential: r.credential_id ? { id: r.credential_id, name: r.credential_name } : null,
    server_info: parsedInfo(r.server_info),
    protocol_version: r.protocol_version,
    inventoried_at: iso(r.inventoried_at),
    first_seen: iso(r.first_seen)!,
    last_seen: iso(r.last_seen)!,
  });

  async function row(id: string): Promise<Row> {
    const r = await query().where('s.id', '=', id).executeTakeFirst();
    if (!r)
      throw new ApiError(
        'not_found',
        `No local MCP server has the id "${id.slice(0, 64)}"; local servers appear once a developer's endpoint client reports them.`,
      );
    return r;
  }

  const noTool = (id: string, name: string) =>
    new ApiError(
      'not_found',
      `Local MCP server ${id} has no tool named "${name.slice(0, 128)}"; its tools appear once the endpoint client reports its tools/list.`,
    );

  const review = createToolReview({
    store,
    changes: deps.changes,
    audit: deps.audit,
    risk: deps.risk,
    tools: 'mcp_local_tools',
    topic: 'mcp_local_tool',
    entity: 'mcp_local_tool',
    noTool,
  });

  /** The audit event names whose machine the tool runs on. */
  async function reviewed(id: string) {
    const r = await row(id);
    return {
      id: r.id,
      name: r.name,
      details: { developer_id: r.developer_id, device_id: r.device_id, credential_id: r.credential_id },
    };
  }

  return {
    async list(filter) {
      let q = query();
      if (filter.developerId !== undefined) q = q.where('s.developer_id', '=', filter.developerId);
      if (filter.deviceId !== undefined) q = q.where('s.device_id', '=', filter.deviceId);
      const rows = await q
        .orderBy('s.developer_id')
        .orderBy('s.device_id')
        .orderBy('s.credential_id')
        .orderBy('s.name')
        .orderBy('s.id')
        .limit(filter.limit + 1)
        .execute();
      const page = rows.slice(0, filter.limit);
      const counts = new Map<string, McpToolCounts>();
      if (page.length > 0) {
        const grouped = await db
          .selectFrom('mcp_local_tools')
          .select(['server_id', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('removed_at', 'is', null)
          .where(
            'server_id',
            'in',
            page.map((r) => r.id),
          )
          .groupBy(['server_id', 'state'])
          .execute();
        for (const g of grouped) {
          let c = counts.get(g.server_id);
          if (!c) counts.set(g.server_id, (c = { pinned: 0, changed: 0, blocked: 0, new: 0 }));
          c[g.state] = Number(g.n);
        }
      }
      return {
        servers: page.map((r) => ({
          ...view(r),
          tool_counts: counts.get(r.id) ?? { pinned: 0, changed: 0, blocked: 0, new: 0 },
        })),
        hasMore: rows.length > filter.limit,
      };
    },
    async get(id) {
      const r = await row(id);
      const tools = await listToolRows(db, id, 'mcp_local_tools');
      return { ...view(r), tools: tools.map(mcpToolView) };
    },
    approveTool: async (id, name, sha256, origin) => review.approve(await reviewed(id), name, sha256, origin),
    blockTool: async (id, name, origin) => review.block(await reviewed(id), name, origin),
  };
}
