// Risk findings: what the security team sees of what the detectors caught and of policy changes that
// lowered enforcement. One finding per fingerprint (rule, who, and the matched value): repeats raise its
// count and last_seen instead of adding rows. A finding never holds the matched value: its evidence
// says what kind of value it was, a keyed hash of it, and where it was. Renaming a field of the served
// finding is a breaking change for whoever pulls them.
import type { DetectorId, Severity, TakenAction } from '../policy/detectors/detector-types.ts';
import type { Enforcement } from '../policy/policy-types.ts';
import { DETECTORS } from '../policy/detectors/index.ts';

import type { FindingKind, FindingStatus } from '../../../shared/policy-terms.ts';

export {
  FINDING_KINDS,
  FINDING_STATUSES,
  type FindingKind,
  type FindingStatus,
} from '../../../shared/policy-terms.ts';

/** The kind of finding each detector's matches raise, as its module declares. */
export const KIND_OF_DETECTOR: ReadonlyMap<DetectorId, FindingKind> = new Map(
  DETECTORS.map((d) => [d.id, d.findingKind]),
);

/** Who: the Gateway's caller (credential, developer, device), or the admin or credential that changed the policy. */
export interface RiskActor {
  type: 'admin' | 'credential' | 'developer' | 'device';
  id: string;
  name: string | null;
}

/**
 * One detector hit, as the Gateway hands it to `RiskService.observe()` (once per hit, on the hot path;
 * observe never waits and never throws).
 *
 * `value` is the matched text itself. It is used only to compute the fingerprints, with an HMAC under a
 * key derived from the master key (purpose `risk-fingerprint`), and is then dropped: it is never stored,
 * logged or returned. The same value from the same caller under the same rule is the same finding.
 */
export interface RiskObservation {
  /** The rule that fired, as in the activity's signals: `aws-access-key`, `email`, `custom:<id>`. */
  rule: string;
  detector: DetectorId;
  severity: Severity;
  /** The kind of value, as in the redaction placeholder: `aws-access-key`, `email`, `<custom id>`. */
  label: string;
  /** The matched text: for the fingerprint only, never kept. */
  value: string;
  actor: RiskActor;
  provider: string | null;
  model: string | null;
  tool: string | null;
  /** In what the caller sent, or in the provider's answer. */
  where: 'request' | 'response';
  /** Where in it, such as `messages[3].content[0].text`. */
  location: string;
  /** When it was seen (epoch ms); now when not given. */
  time?: number;
  /**
   * What the finding shows, when its subject is no secret (a package name a model invented): shown as
   * it is, instead of a fingerprint of `value`. `value` still makes repeats one finding.
   */
  evidence?: SlopsquatEvidence;
  /** What the Gateway did about it (block, redact, alert), for the metrics; not kept with the finding. */
  action?: TakenAction;
  /** The request it was seen in (the activity's request_id), linked to the finding (finding-requests.ts). */
  requestId?: string | null;
}

/**
 * What a slopsquat finding shows (slopsquat/detection/): the package, as its registry knows it, and why
 * it is suspect. A package name is no secret: it is shown, so that the security team can look it up.
 */
export interface SlopsquatEvidence {
  kind: 'slopsquat';
  ecosystem: string;
  package: string;
  /** The version or specifier as written, when there was one. */
  version?: string;
  /** missing, young, near_popular, placeholder, deprecated_for, known_hallucination. */
  reason: string;
  /** young: the day it was first published (ISO 8601 date). */
  first_published?: string;
  /** near_popular: the popular package it is one edit from; deprecated_for: the one its notice names. */
  near?: string;
  /** 0–100, with the weak signals (no_repository, few_downloads) that raised it. */
  score: number;
  weak: string[];
  /** Read from a tool call (an install the agent would run), an install command or a manifest in prose. */
  source: 'tool_call' | 'command' | 'manifest';
  /** The agent's tool whose call carried it (Bash, shell, run_shell_command, an MCP tool). */
  tool_call?: string;
  /** Whether the Gateway stopped it (block), or only recorded it. */
  action: 'blocked' | 'alerted';
  where: 'request' | 'response';
  location: string;
}

/** What a detector hit's finding shows instead of the value. */
export interface DetectionEvidence {
  kind: string;
  /** A keyed hash of the value (16 hex digits): the same value has the same one, whoever sent it. */
  fingerprint: string;
  where: 'request' | 'response';
  location: string;
}

/** What a policy change's finding shows. */
export interface PolicyChangeEvidence {
  kind: 'enforcement';
  from: Enforcement;
  to: Enforcement;
  version: number;
}

/** What an MCP tool's finding shows (mcp/tool-governor.ts): which tool, its pins, what changed. */
export interface McpToolEvidence {
  kind: 'mcp_tool_changed' | 'mcp_tool_added' | 'mcp_tool_removed' | 'mcp_tool_poisoned';
  server_id: string;
  /** The server's alias. */
  server: string;
  tool: string;
  /** The pin of the definition the server shows (removed: the last one it showed). */
  sha256: string;
  /** Changed: the pin it had. */
  previous_sha256?: string | null;
  /** Changed: member names and schema paths that differ, never values. */
  changed?: string[];
  /** Poisoned: the rules that fired and where in the definition. */
  signals?: Array<{ rule: string; location: string }>;
}

export type Evidence = DetectionEvidence | SlopsquatEvidence | PolicyChangeEvidence | McpToolEvidence;

/** A finding raised by a change (not a detector), written in the change's own transaction. */
export interface RiskRaise {
  kind: FindingKind;
  rule: string;
  severity: Severity;
  actor: RiskActor;
  /** What makes repeats of it one finding (with rule and actor); hashed like a detector's value. */
  subject: string;
  evidence: Evidence;
}

/**
 * A finding about a thing rather than a caller (an MCP tool): one finding per rule and subject whoever
 * saw it, reported off the request path like a detector hit. The actor is whose request showed it first.
 */
export interface RiskReport {
  kind: FindingKind;
  rule: string;
  severity: Severity;
  actor: RiskActor;
  subject: string;
  evidence: Evidence;
  /** As a detector hit's: the caller's tool (claude-code, …), when known. */
  tool?: string | null;
  time?: number;
  /** The request that showed it (the activity's request_id), linked to the finding. */
  requestId?: string | null;
}

/** A finding as the API serves it. */
export interface RiskFinding {
  id: string;
  kind: FindingKind;
  severity: Severity;
  rule: string;
  detector: DetectorId | null;
  actor: RiskActor;
  provider: string | null;
  model: string | null;
  tool: string | null;
  first_seen: string;
  last_seen: string;
  count: number;
  status: FindingStatus;
  resolved_at: string | null;
  resolved_by: { type: string; id: string | null; name: string | null } | null;
  resolution_note: string | null;
  /** The last sighting's. */
  evidence: Evidence;
  /** The latest requests (activity request_id) that raised or repeated it, latest first, at most 20. */
  request_ids: string[];
  /** How many distinct requests raised or repeated it (request_ids and the activity keep only some). */
  requests_count: number;
}
