// The policy's vocabulary, shared by the server (which enforces it) and the console (which offers it in
// its forms): pure constants, nothing that runs. The server's policy-types.ts, detector-types.ts and
// risk-types.ts re-export them beside the types that use them.

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** enforce: act on the actions; monitor: detect and record, never block or redact; off: no scanning. */
export const ENFORCEMENTS = ['enforce', 'monitor', 'off'] as const;
export type Enforcement = (typeof ENFORCEMENTS)[number];

/** Enforcement from strictest to loosest: moving right lowers it (audited, and a risk finding). */
export const ENFORCEMENT_RANK: Record<Enforcement, number> = { enforce: 2, monitor: 1, off: 0 };

export const ACTIONS = ['block', 'redact', 'alert', 'off'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * provider_key: the Gateway sends the organisation's provider key (the default). subscription: the tool
 * signs in to the provider itself (a developer's own plan); the caller puts its device token in the
 * path and its own provider credential goes upstream unchanged (docs/decisions/device-sign-in.md).
 */
export const TOOL_MODES = ['provider_key', 'subscription'] as const;
export type ToolMode = (typeof TOOL_MODES)[number];

/**
 * What sort of risk finding: a detector's catch (by detector; slopsquat: a package a model named that
 * is missing from its registry, too young, or otherwise suspect), a change to the policy, or an MCP
 * tool whose definition changed, appeared, went away or carries instructions aimed at the model.
 */
export const FINDING_KINDS = ['secret', 'pii', 'custom', 'slopsquat', 'policy_change', 'mcp_tool'] as const;

/** What the slopsquat detector may do: `redact` makes no sense for a package name. */
export const SLOPSQUAT_ACTIONS = ['block', 'alert', 'off'] as const;
export type SlopsquatAction = (typeof SLOPSQUAT_ACTIONS)[number];
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FINDING_STATUSES = ['open', 'resolved'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/**
 * The policy's mcp section. pinning: enforce hides and refuses a tool whose definition changed (or that
 * waits for an admin) until one approves it; monitor raises the findings only; off compares nothing.
 * pinning_mode: trust_first pins a tool on first sight; approve holds every new tool for an admin.
 */
export const MCP_PINNINGS = ['enforce', 'monitor', 'off'] as const;
export type McpPinning = (typeof MCP_PINNINGS)[number];

export const MCP_PINNING_MODES = ['trust_first', 'approve'] as const;
export type McpPinningMode = (typeof MCP_PINNING_MODES)[number];

/** What a rule of the mcp section does with a server or a tool. */
export const MCP_RULE_ACTIONS = ['allow', 'block'] as const;
export type McpRuleAction = (typeof MCP_RULE_ACTIONS)[number];
