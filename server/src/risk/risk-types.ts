// Risk findings: what the security team sees of what the detectors caught and of policy changes that
// lowered enforcement. One finding per fingerprint (rule, who, and the matched value): repeats raise its
// count and last_seen instead of adding rows. A finding never holds the matched value: its evidence
// says what kind of value it was, a keyed hash of it, and where it was. Renaming a field of the served
// finding is a breaking change for whoever pulls them.
import type { DetectorId, Severity } from '../policy/detectors/detector-types.ts';
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

export type Evidence = DetectionEvidence | PolicyChangeEvidence;

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
}
