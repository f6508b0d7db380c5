// The policy document: what the Gateway does with what its detectors find. It is the API's document
// as served by GET /api/v1/policy and replaced whole by PUT (with If-Match), so that
// infrastructure-as-code can own it. Renaming a field is a breaking change for whoever keeps it in git.
// The models section of the design comes with the issue that gives it meaning.
import type {
  Action,
  Enforcement,
  McpPinning,
  McpPinningMode,
  McpRuleAction,
  Severity,
  ToolMode,
} from '../../../shared/policy-terms.ts';
import type { DetectorsSettings } from './detectors/index.ts';

export {
  ACTIONS,
  ENFORCEMENT_RANK,
  ENFORCEMENTS,
  TOOL_MODES,
  MCP_PINNINGS,
  MCP_PINNING_MODES,
  MCP_RULE_ACTIONS,
  type McpPinning,
  type McpPinningMode,
  type McpRuleAction,
  type Action,
  type Enforcement,
  type ToolMode,
} from '../../../shared/policy-terms.ts';

/** A value that never fires: an exact value, or a regular expression (JavaScript syntax, no flags). */
export type AllowEntry = { value: string; note?: string } | { pattern: string; note?: string };

export interface DetectorSettings {
  action: Action;
  allowlist: AllowEntry[];
}

/** An admin's own rule: a regular expression or a list of keywords (whole words), never both. */
export interface CustomRule {
  /** Stable and unique: `[a-z0-9][a-z0-9-]*`, shown in the activity's signals as `custom:<id>`. */
  id: string;
  description?: string;
  pattern?: string;
  keywords?: string[];
  /** Keywords and the pattern match regardless of case unless this is true. */
  case_sensitive?: boolean;
  action: Action;
  severity: Severity;
}

/**
 * A tool's settings. A built-in tool (gateway/tools.ts) is named by its id alone; any other id is an
 * admin-defined tool, recognised by `user_agent` (a regular expression, case-insensitive).
 */
export interface ToolSetting {
  id: string;
  name?: string;
  user_agent?: string;
  mode: ToolMode;
}

/** One MCP server's rules, under its alias (routed) or its local name (the endpoint client's shim). */
export interface McpServerRules {
  /** The server as a whole; absent: the section's default decides for tools not named. */
  action?: McpRuleAction;
  /** Tool names and patterns (`*` for any run of characters, such as `delete_*`). */
  tools: Record<string, McpRuleAction>;
}

/** The mcp section (docs/decisions/mcp-inventory.md): every member present once validated. */
export interface McpPolicy {
  pinning: McpPinning;
  pinning_mode: McpPinningMode;
  /** For a tool no rule names. */
  default: McpRuleAction;
  servers: Record<string, McpServerRules>;
  /**
   * Local servers (the endpoint client's) by the command that runs them: a name, path or pattern with
   * `*`, allow or block. Absent in a section stored before it existed (read as none).
   */
  commands?: Record<string, McpRuleAction>;
  /** Run the detectors on tools/call arguments, and on tool results. */
  scan_arguments: boolean;
  scan_results: boolean;
  /** What the endpoint client's shim does with a local server's call when the Gateway cannot be reached. */
  offline: McpRuleAction;
}

export interface PolicyDocument {
  enforcement: Enforcement;
  /** Each registered detector's settings under its id (detectors/index.ts); a missing one has its default. */
  detectors: DetectorsSettings;
  /** Tools with settings of their own; a tool not listed is in provider_key mode. */
  tools: ToolSetting[];
  /** MCP servers and their tools; absent: DEFAULT_MCP_POLICY (policy-defaults.ts), read with mcpPolicyOf. */
  mcp?: McpPolicy;
}
