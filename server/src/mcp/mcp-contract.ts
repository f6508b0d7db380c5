// What the routed MCP proxy (/mcp/{alias}) needs from the MCP inventory and its tool pins, and nothing
// more: the proxy (mcp/proxy/) and the inventory (mcp/*-service.ts) are built against these types so that
// either can change inside without the other noticing. Every call here answers from memory: the
// Gateway's hot path never waits on the database (the inventory keeps its servers and pins cached and
// invalidated through the change bus; writes such as a first pin or a finding go out asynchronously).
import type { IdSplit } from './proxy/list-repeat.ts';

/** A registered remote MCP server, as the proxy reaches it. */
export interface McpRoute {
  id: string;
  alias: string;
  /** The server's Streamable HTTP endpoint (https://…/mcp). */
  url: string;
  /** The server's own credentials, decrypted, added to every request the proxy sends it. */
  headers: Readonly<Record<string, string>>;
  enabled: boolean;
  /**
   * A local server (the endpoint client's, mcp/local-server-service.ts) only: the command that runs it,
   * for the policy's `mcp.commands`; its alias is then its name as the shim reports it, and url is empty.
   */
  command?: string;
}

/** The caller of a routed or local MCP call, for findings and activity. */
export interface McpCaller {
  /** credential or developer id, as in the activity's actor. */
  actorId: string;
  developerId: string | null;
  deviceId: string | null;
  /** The request that showed what is judged (the activity's request_id), linked to its findings. */
  requestId?: string;
}

/** A tool as a server's tools/list shows it (untrusted: any member may be missing or of any type). */
export type McpToolDefinition = Record<string, unknown>;

export type McpToolState = 'pinned' | 'changed' | 'blocked' | 'new';

export type McpCallDecision =
  | { decision: 'allow' }
  /** rule: a stable id shown in the activity's signals (e.g. `mcp:blocked_tool`, `mcp:changed_tool`). */
  | { decision: 'block'; rule: string; message: string };

export interface McpInventoryView {
  /** The enabled or disabled server registered under this alias, or undefined. */
  routeByAlias(alias: string): McpRoute | undefined;
}

export interface McpToolGovernor {
  /**
   * A tools/list answer from a server: pins first-seen tools, raises findings for changed, added,
   * removed and poisoned tools (asynchronously), and returns the tools the caller may see (blocked tools
   * and, under `pinning: enforce`, changed or held tools left out), in the order given.
   * With `partial`, `tools` is one page of a paginated list (or a list cut short): its tools are judged
   * and filtered the same way, but a tool it does not show is not taken for removed, and it does not
   * count as the server's first inventory.
   */
  onToolsList(
    route: McpRoute,
    tools: readonly McpToolDefinition[],
    caller: McpCaller,
    options?: { partial?: boolean },
  ): McpToolDefinition[];
  /**
   * Remembers a whole tools/list answer (its text around the id) that onToolsList has just judged and
   * let through unchanged, so that the same answer again can pass without being read (repeatsList).
   */
  rememberList(route: McpRoute, list: IdSplit): void;
  /**
   * Whether `list` is the answer last remembered for this server, byte for byte but for the id, with
   * nothing changed since (no pin, state or policy; and its tools' last sight is not due to be written):
   * its judgment would be the same, so it goes on as it came.
   */
  repeatsList(route: McpRoute, list: IdSplit): boolean;
  /** May this tool be called now, by its name and the policy's mcp section alone (not its arguments)? */
  checkCall(route: McpRoute, toolName: string): McpCallDecision;
  /** Count a call and its outcome against the tool (kept in memory, flushed in batches). */
  recordCall(route: McpRoute, toolName: string, failed: boolean): void;
}
