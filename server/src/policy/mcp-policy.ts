// The policy's mcp section: its schema, its defaults, its checks, and the rules it sets for a server's
// tools, compiled once per policy version. A document without the section stays valid and means the
// defaults (docs/decisions/mcp-inventory.md): a first-time user gets tools pinned on first sight,
// changed tools held until an admin approves them, and every other tool allowed.
import { Type } from 'typebox';
import {
  MCP_PINNING_MODES,
  MCP_PINNINGS,
  MCP_RULE_ACTIONS,
  type McpRuleAction,
} from '../../../shared/policy-terms.ts';
import type { McpPolicy, McpServerRules, PolicyDocument } from './policy-types.ts';
import { LIMITS, invalidField as invalid } from './schema-parts.ts';

/** An alias (routed server) or a local server's name, as the endpoint client's shim names it. */
export const MCP_SERVER_KEY = '^[A-Za-z0-9][A-Za-z0-9._@:/-]{0,99}$';
/** A tool name as MCP allows it (letters, digits, _ - . and a few more), or a pattern with `*`. */
export const MCP_TOOL_KEY = '^[A-Za-z0-9_.:/@*-]{1,128}$';

/** A local server's command as the shim reports it (a name or a path), or a pattern with `*`. */
export const MCP_COMMAND_KEY = '^[^\\u0000-\\u001f\\u007f]{1,256}$';

const RuleAction = Type.Enum([...MCP_RULE_ACTIONS]);

const McpServerRulesSchema = Type.Object(
  {
    action: Type.Optional({
      ...RuleAction,
      description: 'The server as a whole: block refuses every tool not allowed by name or pattern below.',
    }),
    tools: Type.Optional(
      Type.Record(Type.String({ pattern: MCP_TOOL_KEY }), RuleAction, {
        maxProperties: LIMITS.mcpToolRules,
        additionalProperties: false,
        description:
          'Tool names and patterns (`*` stands for any run of characters, such as delete_*). An exact name ' +
          'wins over patterns; among matching patterns, block wins.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const McpPolicySchema = Type.Object(
  {
    pinning: Type.Optional(
      Type.Enum([...MCP_PINNINGS], {
        description:
          'enforce: a tool whose definition changed, or that waits for an admin, is hidden and refused until ' +
          'approved; monitor: the risk finding only; off: definitions are not compared.',
      }),
    ),
    pinning_mode: Type.Optional(
      Type.Enum([...MCP_PINNING_MODES], {
        description:
          'trust_first: a tool is pinned on first sight; approve: every new tool waits for an admin.',
      }),
    ),
    default: Type.Optional({ ...RuleAction, description: 'For a tool that no rule names.' }),
    servers: Type.Optional(
      Type.Record(Type.String({ pattern: MCP_SERVER_KEY }), McpServerRulesSchema, {
        maxProperties: LIMITS.mcpServers,
        additionalProperties: false,
        description: 'Rules per server, under its alias (routed) or its local name (endpoint client).',
      }),
    ),
    commands: Type.Optional(
      Type.Record(Type.String({ pattern: MCP_COMMAND_KEY }), RuleAction, {
        maxProperties: LIMITS.mcpServers,
        additionalProperties: false,
        description:
          'Local servers (the endpoint client’s) by the command that runs them: `npx`, `docker`, ' +
          '`/opt/tools/*`. A key without a slash also matches the command’s base name. Applies to a server ' +
          'whose entry in `servers` sets no `action`; an exact command wins over patterns, and among ' +
          'matching patterns block wins.',
      }),
    ),
    scan_arguments: Type.Optional(
      Type.Boolean({ description: 'Run the detectors on tools/call arguments.' }),
    ),
    scan_results: Type.Optional(Type.Boolean({ description: 'Run the detectors on tool results.' })),
    offline: Type.Optional({
      ...RuleAction,
      description: 'What a local server’s call does when the Gateway cannot be reached.',
    }),
  },
  {
    additionalProperties: false,
    description: 'MCP servers and their tools; absent, or a member left out: the default.',
  },
);

/** What a document without the section, or a member it leaves out, means. */
export const DEFAULT_MCP_POLICY: McpPolicy = Object.freeze({
  pinning: 'enforce',
  pinning_mode: 'trust_first',
  default: 'allow',
  servers: Object.freeze({}) as Record<string, McpServerRules>,
  commands: Object.freeze({}) as Record<string, McpRuleAction>,
  scan_arguments: true,
  scan_results: true,
  offline: 'block',
}) as McpPolicy;

/** The section in force: the document's, or the defaults. */
export function mcpPolicyOf(doc: Pick<PolicyDocument, 'mcp'>): McpPolicy {
  return doc.mcp ?? DEFAULT_MCP_POLICY;
}

const isPattern = (key: string) => key.includes('*');

/** The section as sent, checked and rebuilt whole in a fixed key order (defaults filled in). */
export function validateMcpPolicy(sent: Partial<McpPolicy> & Record<string, unknown>): McpPolicy {
  const servers: Record<string, McpServerRules> = {};
  const sentServers = (sent.servers ?? {}) as Record<string, Partial<McpServerRules>>;
  for (const key of Object.keys(sentServers).sort()) {
    const path = `mcp.servers.${key}`;
    const rules = sentServers[key]!;
    const tools: Record<string, McpRuleAction> = {};
    for (const name of Object.keys(rules.tools ?? {}).sort()) {
      if (name.replace(/\*/g, '') === '')
        throw invalid(
          `${path}.tools`,
          `"${name}" matches every tool; set the server's "action" to say what all its tools do.`,
        );
      tools[name] = rules.tools![name]!;
    }
    servers[key] = { ...(rules.action !== undefined ? { action: rules.action } : {}), tools };
  }
  const commands: Record<string, McpRuleAction> = {};
  for (const key of Object.keys(sent.commands ?? {}).sort()) {
    if (key.replace(/\*/g, '') === '')
      throw invalid(
        'mcp.commands',
        `"${key}" matches every command; set "default" to say what every tool no rule names does.`,
      );
    commands[key] = sent.commands![key]!;
  }
  const d = DEFAULT_MCP_POLICY;
  return {
    pinning: sent.pinning ?? d.pinning,
    pinning_mode: sent.pinning_mode ?? d.pinning_mode,
    default: sent.default ?? d.default,
    servers,
    commands,
    scan_arguments: sent.scan_arguments ?? d.scan_arguments,
    scan_results: sent.scan_results ?? d.scan_results,
    offline: sent.offline ?? d.offline,
  };
}

/** Why a tool is allowed or refused by the section's rules (not by its pin). */
export interface McpRuleVerdict {
  action: McpRuleAction;
  /** Which rule decided: a tool rule, the server's action, a local server's command, or the default. */
  by: 'tool' | 'pattern' | 'server' | 'command' | 'default';
  /** The name or pattern of the tool rule (or of the command rule) that decided. */
  key?: string;
}

interface CompiledServer {
  action: McpRuleAction | undefined;
  exact: Map<string, McpRuleAction>;
  patterns: Array<{ key: string; re: RegExp; action: McpRuleAction }>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function compileServer(rules: McpServerRules): CompiledServer {
  const exact = new Map<string, McpRuleAction>();
  const patterns: CompiledServer['patterns'] = [];
  for (const [key, action] of Object.entries(rules.tools)) {
    if (isPattern(key))
      patterns.push({ key, action, re: new RegExp(`^${key.split('*').map(escape).join('.*')}$`) });
    else exact.set(key, action);
  }
  return { action: rules.action, exact, patterns };
}

interface CompiledCommands {
  exact: Map<string, McpRuleAction>;
  patterns: Array<{ key: string; re: RegExp; action: McpRuleAction; whole: boolean }>;
}

interface CompiledSection {
  servers: Map<string, CompiledServer>;
  commands: CompiledCommands;
}

const patternOf = (key: string) => new RegExp(`^${key.split('*').map(escape).join('.*')}$`);
/** A key with a slash names a path: it is matched against the whole command only. */
const isPath = (key: string) => /[/\\]/.test(key);

function compileCommands(rules: Record<string, McpRuleAction>): CompiledCommands {
  const exact = new Map<string, McpRuleAction>();
  const patterns: CompiledCommands['patterns'] = [];
  for (const [key, action] of Object.entries(rules)) {
    if (isPattern(key)) patterns.push({ key, action, re: patternOf(key), whole: isPath(key) });
    else exact.set(key, action);
  }
  return { exact, patterns };
}

// One compilation per policy version: the section is frozen with its document, so its identity names it.
const compiled = new WeakMap<McpPolicy, CompiledSection>();

function compiledSection(policy: McpPolicy): CompiledSection {
  let section = compiled.get(policy);
  if (!section) {
    section = {
      servers: new Map(Object.entries(policy.servers).map(([k, r]) => [k, compileServer(r)])),
      commands: compileCommands(policy.commands ?? {}),
    };
    compiled.set(policy, section);
  }
  return section;
}

/** The command's last path segment (`/usr/local/bin/npx` → `npx`, `C:\\node\\node.exe` → `node.exe`). */
const baseName = (command: string) =>
  command.slice(Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\')) + 1);

/** The rule of `mcp.commands` that names this command, if any. */
function commandRule(c: CompiledCommands, command: string): McpRuleVerdict | undefined {
  const base = baseName(command);
  const named = c.exact.get(command) ?? (isPath(command) ? c.exact.get(base) : undefined);
  if (named) return { action: named, by: 'command', key: c.exact.has(command) ? command : base };
  let allowedBy: string | undefined;
  for (const p of c.patterns) {
    if (!(p.re.test(command) || (!p.whole && p.re.test(base)))) continue;
    if (p.action === 'block') return { action: 'block', by: 'command', key: p.key };
    allowedBy ??= p.key;
  }
  return allowedBy === undefined ? undefined : { action: 'allow', by: 'command', key: allowedBy };
}

/**
 * What the section says of a server as a whole, before any tool: its entry's action, else (a local
 * server) the rule of its command. `open`: some tool rule of its entry allows a tool, so a blocked
 * server still serves those.
 */
export function mcpServerRuleFor(
  policy: McpPolicy,
  server: string,
  command?: string,
): { verdict: McpRuleVerdict | undefined; open: boolean } {
  const section = compiledSection(policy);
  const s = section.servers.get(server);
  const open =
    s !== undefined &&
    ([...s.exact.values()].includes('allow') || s.patterns.some((p) => p.action === 'allow'));
  if (s?.action) return { verdict: { action: s.action, by: 'server' }, open };
  return { verdict: command === undefined ? undefined : commandRule(section.commands, command), open };
}

/**
 * The most specific rule decides: the tool's exact name, then its patterns (block wins among them),
 * then the server's action, then (a local server) its command's rule, then the default. A server allowed as a whole can still have tools blocked,
 * and a blocked server can have a few tools allowed by name.
 */
export function mcpRuleFor(
  policy: McpPolicy,
  server: string,
  tool: string,
  /** A local server's command (the policy's `commands` apply where its entry sets no action). */
  command?: string,
): McpRuleVerdict {
  const section = compiledSection(policy);
  const s = section.servers.get(server);
  if (s) {
    const named = s.exact.get(tool);
    if (named) return { action: named, by: 'tool', key: tool };
    let allowedBy: string | undefined;
    for (const p of s.patterns) {
      if (!p.re.test(tool)) continue;
      if (p.action === 'block') return { action: 'block', by: 'pattern', key: p.key };
      allowedBy ??= p.key;
    }
    if (allowedBy !== undefined) return { action: 'allow', by: 'pattern', key: allowedBy };
    if (s.action) return { action: s.action, by: 'server' };
  }
  const byCommand = command === undefined ? undefined : commandRule(section.commands, command);
  return byCommand ?? { action: policy.default, by: 'default' };
}
