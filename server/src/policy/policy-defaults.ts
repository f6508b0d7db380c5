// What a document does not say: a fresh install's policy, and the settings of a detector that a
// document leaves out, which are that detector's own defaults (its module declares them). A document
// kept in git before a detector existed therefore stays valid and means what it meant, plus the new
// detector at its default (docs/decisions/detector-defaults.md).
import type { DetectorInfo } from './detectors/detector-types.ts';
import { DETECTORS } from './detectors/index.ts';
import type { PolicyDocument } from './policy-types.ts';

/**
 * Each detector's settings from `sent`, in the registry's order, a missing one replaced by a copy of
 * its default. Unknown keys are not looked at here: the schema and validatePolicy refuse them.
 */
export function detectorsWithDefaults(
  sent: Readonly<Record<string, unknown>>,
  detectors: readonly DetectorInfo[] = DETECTORS,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const d of detectors) out[d.id] = sent[d.id] ?? structuredClone(d.settings.defaults);
  return out;
}

/** What a fresh install enforces: every detector at its default, enforced. */
export function defaultPolicy(detectors: readonly DetectorInfo[] = DETECTORS): PolicyDocument {
  return {
    enforcement: 'enforce',
    detectors: detectorsWithDefaults({}, detectors) as PolicyDocument['detectors'],
    tools: [],
  };
}

/**
 * The default policy. Secrets are redacted rather than blocked: a coding agent that read a .env file
 * carries it in every later turn of its conversation, and a block would stop the whole session, where a
 * redaction keeps it working and the secret still never leaves. PII is recorded.
 */
export const DEFAULT_POLICY: PolicyDocument = defaultPolicy();

/**
 * A stored version read back whole: a section added since it was written (`tools` came with devices)
 * is empty, and a detector registered since has its default. The mcp section stays as stored: absent
 * means its defaults (mcp-policy.ts), so a document kept in git before it existed reads back unchanged.
 */
export function withDefaults(
  doc: PolicyDocument,
  detectors: readonly DetectorInfo[] = DETECTORS,
): PolicyDocument {
  return {
    enforcement: doc.enforcement,
    detectors: detectorsWithDefaults(doc.detectors ?? {}, detectors) as PolicyDocument['detectors'],
    tools: doc.tools ?? [],
    ...(doc.mcp ? { mcp: doc.mcp } : {}),
  };
}
