// How the risk findings page names kinds and statuses, writes who and where, and orders findings: most
// severe first, then the most recently seen.
import type { FindingKind, FindingStatus, ProviderFamily, RiskFinding } from '../api/client';
import { FAMILY_SHORT } from '../provider-keys/provider-families';
import { SEVERITY_ORDER } from '../policy/format';
import { FINDING_KINDS, FINDING_STATUSES } from '../../../shared/policy-terms.ts';

export { FINDING_KINDS, FINDING_STATUSES };

export const KIND_LABEL: Record<FindingKind, string> = {
  secret: 'Secret',
  pii: 'Personal data',
  custom: 'Custom rule',
  policy_change: 'Policy change',
};

export const STATUS_COLOR: Record<FindingStatus, string> = { open: 'red', resolved: 'green' };

type Evidence = RiskFinding['evidence'];
/** The evidence of a lowered enforcement; the other kind (a detector's catch) names the value's kind. */
export type EnforcementEvidence = Extract<Evidence, { from: unknown }>;
export const isEnforcement = (e: Evidence): e is EnforcementEvidence =>
  e.kind === 'enforcement' && 'from' in e;

export const who = (f: RiskFinding) => f.actor.name ?? f.actor.id;

/** Provider, model and tool of the last sighting; a policy change happened in the policy. */
export function where(f: RiskFinding): string {
  if (isEnforcement(f.evidence)) return `Policy version ${f.evidence.version}`;
  const provider = f.provider ? (FAMILY_SHORT[f.provider as ProviderFamily] ?? f.provider) : null;
  const parts = [provider, f.model, f.tool].filter((p) => p !== null && p !== '');
  return parts.length ? parts.join(' · ') : '—';
}

const rank = (f: RiskFinding) => SEVERITY_ORDER.indexOf(f.severity);

/** Most severe first, then the most recently seen; a finding read twice (its severity changed) once. */
export function ordered(findings: RiskFinding[]): RiskFinding[] {
  const seen = new Set<string>();
  return findings
    .filter((f) => !seen.has(f.id) && seen.add(f.id))
    .sort((a, b) => rank(a) - rank(b) || b.last_seen.localeCompare(a.last_seen));
}
