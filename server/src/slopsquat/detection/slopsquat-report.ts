// What a verdict leaves behind: the activity's signal (`slopsquat:<reason>`), a risk finding of kind
// slopsquat naming the package, why, the model and the tool, and a sighting for the observatory (whose
// public feed counts the `missing` ones; its management view shows every reason and the installs
// stopped). And what the agent reads when its install is stopped. None of it waits or throws.
import { createHmac } from 'node:crypto';
import type { ActivityActor } from '../../activity/activity-types.ts';
import type { Severity } from '../../policy/detectors/detector-types.ts';
import type { RiskSink } from '../../gateway/gateway-policy.ts';
import type { SlopsquatEvidence } from '../../risk/risk-types.ts';
import type { Ecosystem, ObservatoryRecorder, SlopsquatReason, Verdict } from '../slopsquat-contract.ts';

/** Where a verdict was reached: who asked, through what, and where in the answer or call. */
export interface CheckContext {
  actor: ActivityActor | null;
  provider: string | null;
  model: string | null;
  /** The caller's tool (claude-code, codex, …), as the activity names it. */
  tool: string | null;
  where: 'request' | 'response';
  /** Prefixed to the location (such as `mcp github tools/call run`). */
  context?: string;
  /** The request it was read in (the activity's request_id), linked to its finding. */
  requestId?: string;
}

/** Which agent tool carried the name, and where in the answer. */
export interface Origin {
  /** The tool call's tool (Bash, shell, run_shell_command), absent for prose. */
  toolCall?: string;
  location: string;
}

export interface SlopsquatReporter {
  /** Records a verdict (signal, finding, sighting) and returns its signal, or null when nothing is suspect. */
  report(verdict: Verdict, ctx: CheckContext, origin: Origin, blocked: boolean): string | null;
}

const SEVERITY: Record<SlopsquatReason, Severity> = {
  placeholder: 'critical',
  missing: 'high',
  young: 'high',
  known_hallucination: 'high',
  near_popular: 'medium',
  deprecated_for: 'low',
  unreachable: 'low',
};

export const signalOf = (reason: SlopsquatReason) => `slopsquat:${reason}`;

export function createSlopsquatReporter(deps: {
  risk: RiskSink;
  observatory: ObservatoryRecorder | null;
  /** Keys the developer's hash handed to the observatory (derived from the master key for it alone). */
  developerKey: Buffer;
}): SlopsquatReporter {
  const { risk, observatory, developerKey } = deps;
  return {
    report(verdict, ctx, origin, blocked) {
      const { reason, ref } = verdict;
      if (reason === null) return null;
      const signal = signalOf(reason);
      // An unreachable registry is the activity's signal only: a finding per outage would bury the rest.
      if (reason === 'unreachable' || !ctx.actor) return signal;
      const location = (ctx.context ? `${ctx.context} ${origin.location}` : origin.location).slice(0, 300);
      const evidence: SlopsquatEvidence = {
        kind: 'slopsquat',
        ecosystem: ref.ecosystem,
        package: ref.name.slice(0, 214),
        ...(ref.version !== undefined ? { version: ref.version.slice(0, 100) } : {}),
        reason,
        ...(verdict.firstPublished !== undefined ? { first_published: verdict.firstPublished } : {}),
        ...(verdict.nearName !== undefined ? { near: verdict.nearName.slice(0, 214) } : {}),
        score: Math.max(0, Math.min(100, Math.round(verdict.score))),
        weak: verdict.weak.slice(0, 8),
        source: ref.source,
        ...(origin.toolCall !== undefined ? { tool_call: origin.toolCall.slice(0, 64) } : {}),
        action: blocked ? 'blocked' : 'alerted',
        where: ctx.where,
        location,
      };
      const { actor } = ctx;
      risk.observe({
        rule: signal,
        detector: 'slopsquat',
        severity: SEVERITY[reason],
        label: reason,
        value: `${ref.ecosystem}:${ref.name}`,
        actor: { type: actor.type, id: actor.id, name: actor.name },
        provider: ctx.provider,
        model: ctx.model,
        tool: ctx.tool,
        where: ctx.where,
        location,
        evidence,
        action: blocked ? 'block' : 'alert',
        requestId: ctx.requestId ?? null,
      });
      if (observatory) {
        try {
          observatory.record({
            ecosystem: ref.ecosystem,
            name: ref.name,
            developerKey: createHmac('sha256', developerKey)
              .update(`${actor.type}:${actor.id}`)
              .digest('base64url'),
            modelFamily: modelFamily(ctx.model),
            at: Date.now(),
            ...(reason !== 'missing' ? { reason } : {}),
            blocked,
            ...(verdict.firstPublished !== undefined ? { firstPublished: verdict.firstPublished } : {}),
          });
        } catch {
          // record() never throws by contract; the finding above stands either way.
        }
      }
      return signal;
    },
  };
}

/** `claude-sonnet-4-5` → claude, `gpt-4o-mini` → gpt, `o3-mini` → o3, `models/gemini-2.5` → gemini. */
export function modelFamily(model: string | null): string | null {
  if (!model) return null;
  const m = /^(?:[\w.-]+\/)*(o\d+|[a-z]+)/.exec(model.toLowerCase());
  return m ? m[1]! : null;
}

const PACKAGE: Record<Ecosystem, { what: string; registry: string }> = {
  npm: { what: 'npm package', registry: 'the npm registry' },
  pypi: { what: 'PyPI package', registry: 'PyPI' },
  crates: { what: 'crate', registry: 'crates.io' },
  go: { what: 'Go module', registry: 'the Go module proxy' },
  rubygems: { what: 'gem', registry: 'RubyGems' },
  packagist: { what: 'Composer package', registry: 'Packagist' },
};

/** Why a verdict blocks, in the words the agent shows its developer. */
function why(v: Verdict): string {
  const { registry } = PACKAGE[v.ref.ecosystem];
  switch (v.reason) {
    case 'missing':
      return `it does not exist in ${registry} (a name models invent, which attackers register)`;
    case 'young':
      return `it was first published ${v.firstPublished ? `on ${v.firstPublished}` : 'only days ago'}, too recently to trust (a name models invent may have been registered since by an attacker)`;
    case 'placeholder':
      return `${registry} holds only a security placeholder for it (the package was taken down as malicious)`;
    case 'known_hallucination':
      return 'other Gatehouse deployments report it as a name models invent';
    default:
      return 'Gatehouse judged it unsafe to install';
  }
}

/** The message of a stopped install: which package, why, and what to do. */
export function blockedInstallMessage(blocking: readonly Verdict[]): string {
  const first = blocking[0]!;
  const { what } = PACKAGE[first.ref.ecosystem];
  const more =
    blocking.length > 1
      ? ` (and ${blocking.length - 1} more suspect package${blocking.length > 2 ? 's' : ''})`
      : '';
  return (
    `Gatehouse blocked installing ${what} ${first.ref.name}${more}: ${why(first)} (rule ${signalOf(first.reason!)}). ` +
    'Check the name before installing it; if it is right, ask your Gatehouse admin to allowlist it ' +
    '(detectors.slopsquat.allowlist).'
  );
}
