// The slopsquat detector's place in the policy: its settings under `detectors.slopsquat`, its label and
// description (served by GET /api/v1/detectors like the others'), and what arming makes of them. It is
// registered beside the text detectors but is not one: its verdicts need the package registries, which
// a pure scan cannot ask. The answer paths run its check as a stage of their own (slopsquat/detection/),
// on the package names an answer's tool calls would install and its prose recommends.
// docs/decisions/slopsquat-gateway.md says why each default is what it is.
import { Type } from 'typebox';
import { SLOPSQUAT_ACTIONS, type SlopsquatAction } from '../../../../shared/policy-terms.ts';
import type { AllowEntry } from '../policy-types.ts';
import { allowEntry, AllowlistSchema } from './action-settings.ts';
import { compileDetectorConfig } from './config.ts';
import type { DetectorConfig, DetectorInfo, TakenAction } from './detector-types.ts';
import { isAllowed } from './match-utils.ts';

export interface SlopsquatSettings {
  /** block: a tool call installing a package judged blocking is stopped; alert: recorded; off. */
  action: SlopsquatAction;
  /** A package first published fewer days ago than this is young (blocking). */
  young_days: number;
  /**
   * How long a tool call's end is held while its names are looked up, at most; absent: the registry
   * lookups' own deadline (2 s, slopsquat/registry/lookup.ts).
   */
  deadline_ms?: number;
  /** Package names (as the registry knows them) that are never judged: the organisation's own. */
  allowlist: AllowEntry[];
}

/** The settings of one policy version, ready for the answer paths. */
export interface ArmedSlopsquat {
  /** What a blocking verdict in a tool call does: under monitor, always alert. */
  action: Extract<TakenAction, 'block' | 'alert'>;
  youngDays: number;
  deadlineMs: number | undefined;
  /** Whether a name is allowlisted (then it is neither looked up nor reported). */
  allowed(name: string): boolean;
}

/** Bounds: a window past a year would make most packages "young"; a hold past 10 s stalls an agent. */
export const SLOPSQUAT_LIMITS = { youngDays: 365, deadlineMinMs: 50, deadlineMaxMs: 10_000 } as const;

const SlopsquatSettingsSchema = Type.Object(
  {
    action: Type.Enum([...SLOPSQUAT_ACTIONS], {
      description:
        'block: stop a tool call that would install a missing, young, placeholder or known-hallucinated ' +
        'package (prose only ever alerts); alert: record only; off: no lookups. redact is not offered: a ' +
        'package name cannot be redacted into something installable.',
    }),
    young_days: Type.Integer({
      minimum: 0,
      maximum: SLOPSQUAT_LIMITS.youngDays,
      description: 'A package first published within this many days is young (0: never).',
    }),
    deadline_ms: Type.Optional(
      Type.Integer({
        minimum: SLOPSQUAT_LIMITS.deadlineMinMs,
        maximum: SLOPSQUAT_LIMITS.deadlineMaxMs,
        description:
          'The longest a tool call is held while its package names are looked up; an unanswered lookup ' +
          'is then a signal, never a block. Absent: the lookups’ own deadline.',
      }),
    ),
    allowlist: AllowlistSchema,
  },
  { additionalProperties: false },
);

/** Arms one version's settings; null when off. */
function arm(
  s: SlopsquatSettings,
  taken: (a: 'block' | 'alert') => TakenAction | null,
): ArmedSlopsquat | null {
  if (s.action === 'off') return null;
  const action = taken(s.action) === 'block' ? 'block' : 'alert';
  const config: DetectorConfig = compileDetectorConfig({ allowlist: s.allowlist });
  const hasAllowlist = s.allowlist.length > 0;
  return {
    action,
    youngDays: s.young_days,
    deadlineMs: s.deadline_ms,
    allowed: (name) => hasAllowlist && isAllowed(name, config),
  };
}

export const slopsquatDetector: DetectorInfo<'slopsquat', SlopsquatSettings, ArmedSlopsquat> = {
  id: 'slopsquat',
  label: 'Slopsquatting',
  description:
    'Packages that a model tells an agent to install but that do not exist in their registry (names ' +
    'models invent, which attackers register), were first published only days ago, are a registry’s ' +
    'security placeholder, or sit one edit away from a popular package: checked against the npm, PyPI, ' +
    'crates.io, Go, RubyGems and Packagist registries.',
  findingKind: 'slopsquat',
  settings: {
    schema: SlopsquatSettingsSchema,
    // Block: only a tool call is ever stopped, and only for a package that is missing, days old, a
    // placeholder or a known hallucination, which an agent has no business installing unseen; an
    // unreachable registry never blocks.
    defaults: { action: 'block', young_days: 30, allowlist: [] },
    validate: (s, path) => ({
      action: s.action,
      young_days: s.young_days,
      ...(s.deadline_ms !== undefined ? { deadline_ms: s.deadline_ms } : {}),
      allowlist: s.allowlist.map((e, i) => allowEntry(e, `${path}.allowlist[${i}]`)),
    }),
    arm: (s, taken) => arm(s, taken),
  },
};
