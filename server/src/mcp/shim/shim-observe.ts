// POST /mcp/observations: the shim reports a local server after `initialize` (its serverInfo and
// protocol version) and after each tools/list (its tools). The server joins the caller's inventory of
// local servers; its tools are pinned and compared by the tool governor exactly as a routed server's
// (same canonical SHA-256, states and findings); the answer says, per tool in the request's order,
// its state and whether the shim may show it.
import type { Caller } from '../../gateway/caller-auth.ts';
import type { McpToolDefinition } from '../mcp-contract.ts';
import type { LocalServer } from '../local-server-service.ts';
import type { ObservationAnswer, ObservationRequest } from './shim-schemas.ts';
import { mcpCallerOf, serverVerdict, type ShimDeps } from './shim-context.ts';

type ToolEntry = ObservationAnswer['tools'][number];

const isObject = (v: unknown): v is McpToolDefinition =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export async function observe(
  deps: ShimDeps,
  caller: Caller,
  body: ObservationRequest,
  /** The observation's request (the activity's request_id), linked to the findings it raises. */
  requestId: string,
): Promise<ObservationAnswer> {
  const { server_info, protocol_version, ...identity } = body.server;
  let found = deps.servers.observe(caller, identity, {
    ...(server_info !== undefined ? { server_info } : {}),
    ...(protocol_version !== undefined ? { protocol_version } : {}),
  });
  if (found instanceof Promise) found = await found;
  const server: LocalServer = found;
  const section = deps.mcpPolicy();
  const whole = serverVerdict(section, server);
  const tools: ToolEntry[] = [];
  if (body.tools !== undefined) {
    deps.governor.onToolsList(server.route, body.tools.filter(isObject), mcpCallerOf(caller, requestId));
    const named = new Set<string>();
    for (const t of body.tools) {
      const name = isObject(t) && typeof t.name === 'string' ? t.name : '';
      tools.push(toolEntry(deps, server, name, named, whole));
    }
  }
  return {
    policy_version: deps.policy().version,
    offline: section.offline,
    server:
      whole.decision === 'block'
        ? { decision: 'block', rule: whole.rule, message: whole.message }
        : { decision: 'allow' },
    tools,
  };
}

function toolEntry(
  deps: ShimDeps,
  server: LocalServer,
  name: string,
  named: Set<string>,
  whole: ReturnType<typeof serverVerdict>,
): ToolEntry {
  const shown = name.slice(0, 200);
  const state = name === '' ? undefined : deps.governor.stateOf(server.id, name);
  const first = !named.has(name);
  named.add(name);
  // What the governor could not pin (no name, past its bounds) it cannot govern, and a second tool of a
  // name would be called in the first one's stead: neither is shown to the agent.
  if (state === undefined || !first)
    return {
      name: shown,
      state: state ?? 'new',
      decision: 'block',
      rule: 'mcp:unreadable_tool',
      message:
        state === undefined
          ? `Gatehouse could not read this tool's definition from the local MCP server "${server.name}" (no name, or past its size limits), so it is not offered.`
          : `The local MCP server "${server.name}" lists the tool "${shown}" twice; only the first definition is offered.`,
    };
  const check = whole.decision === 'block' ? whole : deps.governor.checkCall(server.route, name);
  return check.decision === 'block'
    ? { name: shown, state, decision: 'block', rule: check.rule, message: check.message }
    : { name: shown, state, decision: 'allow' };
}
