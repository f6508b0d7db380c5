// May a tool be called now, by its name alone: the server enabled, the policy's mcp rules (per tool, per
// server, per command, the default), an admin's block, and under `pinning: enforce` the tool's pin state.
// Pure, so that the routed proxy and the shim's decisions answer from memory the same way.
import { mcpRuleFor } from '../policy/mcp-policy.ts';
import type { McpPolicy } from '../policy/policy-types.ts';
import type { McpCallDecision, McpRoute, McpToolState } from './mcp-contract.ts';

/** A pin's first 12 hex digits, for messages. */
const short = (sha: string | null) => (sha === null ? 'none' : `${sha.slice(0, 12)}…`);

export function checkToolCall(
  route: McpRoute,
  name: string,
  policy: McpPolicy,
  rec: { state: McpToolState; sha256: string | null; pendingSha256: string | null } | undefined,
): McpCallDecision {
  if (!route.enabled)
    return {
      decision: 'block',
      rule: 'mcp:server_disabled',
      message: `The MCP server "${route.alias}" is disabled in Gatehouse; an admin can enable it in the console (MCP servers).`,
    };
  const verdict = mcpRuleFor(policy, route.alias, name, route.command);
  if (verdict.action === 'block') {
    const where =
      verdict.by === 'default'
        ? 'mcp.default'
        : verdict.by === 'server'
          ? `mcp.servers.${route.alias}.action`
          : verdict.by === 'command'
            ? `mcp.commands["${verdict.key}"]`
            : `mcp.servers.${route.alias}.tools["${verdict.key}"]`;
    return {
      decision: 'block',
      rule:
        verdict.by === 'default'
          ? 'mcp:default_block'
          : verdict.by === 'server' || verdict.by === 'command'
            ? 'mcp:blocked_server'
            : 'mcp:blocked_tool',
      message: `The policy blocks the tool "${name}" of the MCP server "${route.alias}" (${where}).`,
    };
  }
  if (rec?.state === 'blocked')
    return {
      decision: 'block',
      rule: 'mcp:blocked_tool',
      message: `An admin blocked the tool "${name}" of the MCP server "${route.alias}".`,
    };
  if (policy.pinning !== 'enforce') return { decision: 'allow' };
  if (rec?.state === 'changed')
    return {
      decision: 'block',
      rule: 'mcp:changed_tool',
      message:
        `The tool "${name}" of the MCP server "${route.alias}" changed its definition since it was approved ` +
        `(pin ${short(rec.sha256)} → ${short(rec.pendingSha256)}); an admin must approve the new definition ` +
        'in the console (MCP servers) before it can be called.',
    };
  if (rec?.state === 'new' || (!rec && policy.pinning_mode === 'approve'))
    return {
      decision: 'block',
      rule: 'mcp:unapproved_tool',
      message: `The tool "${name}" of the MCP server "${route.alias}" waits for an admin's approval in the console (MCP servers).`,
    };
  return { decision: 'allow' };
}
