// An admin's approval or block of one tool, for routed servers (mcp_tools) and local servers
// (mcp_local_tools) alike: the tool's row changes in the same transaction as its audit event, and every
// replica's governor of those tables reloads the server on the change notification. The review settles
// the open findings about the definition reviewed (resolved with what was done, in the same transaction),
// so that the risk findings page does not keep asking about a tool an admin has dealt with. One code
// path, so that the two inventories cannot come to disagree about what an approval means.
import type { Store } from '../store/database.ts';
import type { ChangeBus, ChangeTopic } from '../store/change-bus.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { RiskService } from '../risk/risk-service.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import { mcpToolView } from './mcp-server-types.ts';
import { approveTool, blockTool, findToolRow, type PinTables } from './mcp-server-store.ts';
import { toolFindingSubject } from './tool-pin.ts';

/** The findings an approval settles: the definition is what the admin accepted. A poisoning finding stays. */
const APPROVAL_SETTLES = ['mcp-tool-changed', 'mcp-tool-added'];
/** The findings a block settles: the definition can no longer be listed or called. */
const BLOCK_SETTLES = ['mcp-tool-changed', 'mcp-tool-added', 'mcp-tool-poisoned'];

/** The server a reviewed tool belongs to, as its audit event names it. */
export interface ReviewedServer {
  id: string;
  /** The routed server's alias, or the local server's name. */
  name: string;
  /** More for the audit event's details (a local server's developer and device). */
  details?: Record<string, unknown>;
}

export interface ToolReview {
  /** The pending (changed or new) definition becomes the pin; `sha256`, when given, must be the one approved. */
  approve(
    server: ReviewedServer,
    name: string,
    sha256: string | undefined,
    origin: RequestOrigin,
  ): Promise<ReturnType<typeof mcpToolView>>;
  block(server: ReviewedServer, name: string, origin: RequestOrigin): Promise<ReturnType<typeof mcpToolView>>;
}

export interface ToolReviewDeps {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  risk: Pick<RiskService, 'drain' | 'resolveReportInTransaction'>;
  tools: PinTables['tools'];
  /** The governor's topic for these tables: mcp_tool or mcp_local_tool. */
  topic: ChangeTopic;
  /** The audit events' entity and target type: mcp_tool or mcp_local_tool. */
  entity: 'mcp_tool' | 'mcp_local_tool';
  /** The 404 for a name the server has not shown. */
  noTool(serverId: string, name: string): ApiError;
}

export function createToolReview(deps: ToolReviewDeps): ToolReview {
  const { store, changes, audit, risk, tools, topic, entity } = deps;

  async function settle(
    trx: Transaction<Database>,
    rules: string[],
    serverId: string,
    name: string,
    sha256: string | null,
    note: string,
    origin: RequestOrigin,
  ) {
    if (sha256 === null) return;
    for (const rule of rules)
      await risk.resolveReportInTransaction(
        trx,
        rule,
        toolFindingSubject(serverId, name, sha256),
        note,
        origin,
      );
  }

  async function toolRow(id: string, name: string) {
    const row = await findToolRow(store.db, id, name, tools);
    if (!row) throw deps.noTool(id, name);
    return row;
  }

  const target = (server: ReviewedServer, name: string) => ({
    type: entity,
    id: server.id,
    name: `${server.name}/${name}`,
  });

  return {
    async approve(server, name, sha256, origin) {
      const { id } = server;
      // A finding still gathering in memory is written first, so that the review finds it.
      await risk.drain();
      await store.db.transaction().execute(async (trx) => {
        const t = await findToolRow(trx, id, name, tools);
        if (!t) throw deps.noTool(id, name);
        const approving = t.pending_sha256 ?? t.sha256;
        if (sha256 !== undefined && sha256 !== approving)
          throw new ApiError(
            'conflict',
            `The tool "${name.slice(0, 128)}" now shows the definition ${approving?.slice(0, 12) ?? '(none)'}…, not ` +
              `${sha256.slice(0, 12)}…: the server changed it again. Read the server again and approve what it shows now.`,
          );
        if (t.state === 'pinned' && t.pending_sha256 === null) return;
        await approveTool(trx, t, tools);
        if (approving)
          await settle(
            trx,
            APPROVAL_SETTLES,
            id,
            name,
            approving,
            `Approved: definition ${approving.slice(0, 12)}… is the tool's pin now.`,
            origin,
          );
        await audit.inTransaction(
          trx,
          changeEvent(`${entity}.approved`, target(server, name), origin, {
            server_id: id,
            server: server.name,
            tool: name,
            ...server.details,
            previous_state: t.state,
            previous_sha256: t.sha256,
            sha256: approving,
          }),
        );
      });
      await changes.publish(topic, id);
      return mcpToolView(await toolRow(id, name));
    },
    async block(server, name, origin) {
      const { id } = server;
      await risk.drain();
      await store.db.transaction().execute(async (trx) => {
        const row = await findToolRow(trx, id, name, tools);
        if (!row) throw deps.noTool(id, name);
        if (row.state === 'blocked') return;
        await blockTool(trx, id, name, tools);
        const shown = row.pending_sha256 ?? row.sha256;
        await settle(
          trx,
          BLOCK_SETTLES,
          id,
          name,
          shown,
          'Blocked: the tool is left out of tools/list and its calls are refused.',
          origin,
        );
        await audit.inTransaction(
          trx,
          changeEvent(`${entity}.blocked`, target(server, name), origin, {
            server_id: id,
            server: server.name,
            tool: name,
            ...server.details,
            previous_state: row.state,
            sha256: row.sha256,
            pending_sha256: row.pending_sha256,
          }),
        );
      });
      await changes.publish(topic, id);
      return mcpToolView(await toolRow(id, name));
    },
  };
}
