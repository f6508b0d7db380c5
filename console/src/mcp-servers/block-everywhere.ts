// "Block everywhere": the policy is the one rule set every developer's and device's shim obeys, so
// blocking a local server or tool on every machine at once is a rule in the policy's mcp.servers
// (docs/decisions/mcp-console.md). These functions say which rule a block adds, whether the document
// has it, and the document with it added or removed; the page saves that through PUT /api/v1/policy.
import type { McpPolicy, PolicyDocument } from '../api/client';

/** A local server, or one of its tools, as the policy names it. */
export interface EverywhereTarget {
  server: string;
  tool?: string | undefined;
}

// The policy's own key syntax (server/src/policy/mcp-policy.ts MCP_SERVER_KEY, MCP_TOOL_KEY). A tool
// name with `*` would be read as a pattern and block more than that tool.
const SERVER_KEY = /^[A-Za-z0-9][A-Za-z0-9._@:/-]{0,99}$/;
const TOOL_KEY = /^[A-Za-z0-9_.:/@-]{1,128}$/;

/** Why the policy cannot name this server or tool, or null when it can. */
export function unnameable(t: EverywhereTarget): string | null {
  if (!SERVER_KEY.test(t.server))
    return `The policy cannot name the server "${t.server}": a name there starts with a letter or digit and holds only letters, digits and . _ @ : / -.`;
  if (t.tool !== undefined && !TOOL_KEY.test(t.tool))
    return `The policy cannot name the tool "${t.tool}" alone: a tool name there holds only letters, digits and _ . : / @ -.`;
  return null;
}

/** The rule as the policy document holds it, e.g. mcp.servers["filesystem"].tools["write_file"] = "block". */
export function ruleText(t: EverywhereTarget): string {
  const server = `mcp.servers[${JSON.stringify(t.server)}]`;
  return t.tool === undefined
    ? `${server}.action = "block"`
    : `${server}.tools[${JSON.stringify(t.tool)}] = "block"`;
}

export function blockedEverywhere(doc: PolicyDocument | undefined, t: EverywhereTarget): boolean {
  const entry = doc?.mcp?.servers?.[t.server];
  if (!entry) return false;
  return t.tool === undefined ? entry.action === 'block' : entry.tools?.[t.tool] === 'block';
}

type ServerRules = NonNullable<McpPolicy['servers']>[string];

/** The document with the rule added (block) or taken out (unblock); nothing else is touched. */
export function withRule(doc: PolicyDocument, t: EverywhereTarget, block: boolean): PolicyDocument {
  const next = structuredClone(doc);
  const mcp: McpPolicy = next.mcp ?? {};
  const servers = { ...(mcp.servers ?? {}) };
  const entry: ServerRules = { ...(servers[t.server] ?? {}) };
  if (t.tool === undefined) {
    if (block) entry.action = 'block';
    else delete entry.action;
  } else {
    const tools = { ...(entry.tools ?? {}) };
    if (block) tools[t.tool] = 'block';
    else delete tools[t.tool];
    if (Object.keys(tools).length > 0) entry.tools = tools;
    else delete entry.tools;
  }
  // An entry left empty says nothing: it goes, so that an unblock leaves the document as it was.
  if (Object.keys(entry).length > 0) servers[t.server] = entry;
  else delete servers[t.server];
  next.mcp = { ...mcp, servers };
  return next;
}
