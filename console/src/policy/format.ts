// How the policy page names enforcement levels, actions, severities and detectors, and what it says
// each one does: the same words in the controls, the confirmation and the version history. Detectors'
// names come from the server's registry (GET /api/v1/detectors), not from here.
import type { Action, ActionDetector, Enforcement, PolicyDocument, Severity } from '../api/client';
import {
  ACTIONS,
  ENFORCEMENTS,
  ENFORCEMENT_RANK,
  SEVERITIES,
  SLOPSQUAT_ACTIONS,
} from '../../../shared/policy-terms.ts';

export { ACTIONS, ENFORCEMENTS };
/** Most severe first: the order of the findings table and of the severity choices. */
export const SEVERITY_ORDER: readonly Severity[] = [...SEVERITIES].reverse();

export const ENFORCEMENT_LABEL: Record<Enforcement, string> = {
  enforce: 'Enforce',
  monitor: 'Monitor',
  off: 'Off',
};

export const ENFORCEMENT_MEANING: Record<Enforcement, string> = {
  enforce:
    'The detectors’ actions apply: matches set to block stop the request, matches set to redact are replaced.',
  monitor: 'Detect and record only: nothing is blocked or redacted; what would have been is recorded.',
  off: 'Nothing is scanned and nothing is recorded.',
};

/** Moving to `to` from `from` lowers enforcement (audited as such, and a risk finding). */
export const lowers = (from: Enforcement, to: Enforcement) => ENFORCEMENT_RANK[to] < ENFORCEMENT_RANK[from];

export const ACTION_LABEL: Record<Action, string> = {
  block: 'Block',
  redact: 'Redact',
  alert: 'Alert',
  off: 'Off',
};

export const ACTION_MEANING: Record<Action, string> = {
  block: 'refuse the request; nothing reaches the provider',
  redact: 'replace the match with [REDACTED:<kind>] before it is sent',
  alert: 'let it through unchanged and record it',
  off: 'ignore it',
};

export const ACTION_OPTIONS = ACTIONS.map((a) => ({
  value: a,
  label: `${ACTION_LABEL[a]}: ${ACTION_MEANING[a]}`,
}));

export const SEVERITY_COLOR: Record<Severity, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

/** A detector's name from its id, as GET /api/v1/detectors gives it (useDetectorLabel). */
export type DetectorLabel = (id: string) => string;

/** The detectors with an action and an allowlist, in the document's (the registry's) order. */
export const actionDetectors = (doc: PolicyDocument): ActionDetector[] =>
  (Object.keys(doc.detectors) as Array<keyof PolicyDocument['detectors']>).filter(
    (k): k is ActionDetector => !Array.isArray(doc.detectors[k]) && k !== 'slopsquat',
  );

/** The slopsquat detector's actions and what each does: it reads package names, never redacts them. */
export const SLOPSQUAT_ACTION_OPTIONS = SLOPSQUAT_ACTIONS.map((a) => ({
  value: a,
  label: `${ACTION_LABEL[a]}: ${
    {
      block: 'stop a tool call that would install a missing, days-old or placeholder package',
      alert: 'let it through and record it',
      off: 'look nothing up',
    }[a]
  }`,
}));

/** Who made a version or resolved a finding: a name where there is one, with what kind of party it is. */
export const party = (p: { type: string; id: string | null; name: string | null }) =>
  `${p.name ?? p.id ?? 'unknown'} (${p.type})`;
