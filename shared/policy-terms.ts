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

/** What sort of risk finding: a detector's catch (by detector) or a change to the policy. */
export const FINDING_KINDS = ['secret', 'pii', 'custom', 'policy_change'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FINDING_STATUSES = ['open', 'resolved'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
