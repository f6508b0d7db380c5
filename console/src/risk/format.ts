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
  slopsquat: 'Suspect package',
  policy_change: 'Policy change',
  mcp_tool: 'MCP tool',
};

export const STATUS_COLOR: Record<FindingStatus, string> = { open: 'red', resolved: 'green' };

type Evidence = RiskFinding['evidence'];
/** The evidence of a lowered enforcement; the other kind (a detector's catch) names the value's kind. */
export type EnforcementEvidence = Extract<Evidence, { from: unknown }>;
export const isEnforcement = (e: Evidence): e is EnforcementEvidence =>
  e.kind === 'enforcement' && 'from' in e;

/** The evidence of an MCP tool's finding: which server and tool, its pins, what changed. */
export type McpToolEvidence = Extract<Evidence, { server_id: unknown }>;
export const isMcpTool = (e: Evidence): e is McpToolEvidence => 'server_id' in e;

/** The evidence of a slopsquat finding: the package a model named and why it is suspect. */
export type SlopsquatEvidence = Extract<Evidence, { kind: 'slopsquat' }>;
export const isSlopsquat = (e: Evidence): e is SlopsquatEvidence => e.kind === 'slopsquat' && 'package' in e;

/** Why a package is suspect, in a sentence (its day, or the name it is near, when known). */
export function suspectBecause(e: SlopsquatEvidence): string {
  switch (e.reason) {
    case 'missing':
      return 'it does not exist in its registry (a name models invent)';
    case 'young':
      return `it was first published ${e.first_published ? `on ${e.first_published}` : 'recently'}`;
    case 'placeholder':
      return 'its registry holds only a security placeholder for it';
    case 'known_hallucination':
      return 'other deployments report it as a name models invent';
    case 'near_popular':
      return `it is one edit away from the popular ${e.near ?? 'package'}`;
    case 'deprecated_for':
      return `it is deprecated in favour of ${e.near ?? 'another package'}`;
  }
}

export const who = (f: RiskFinding) => f.actor.name ?? f.actor.id;

/** Provider, model and tool of the last sighting; a policy change happened in the policy. */
export function where(f: RiskFinding): string {
  if (isEnforcement(f.evidence)) return `Policy version ${f.evidence.version}`;
  if (isMcpTool(f.evidence)) return `MCP server ${f.evidence.server} · ${f.evidence.tool}`;
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
