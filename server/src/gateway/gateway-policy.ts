// The Gateway's link to the policy and the risk findings. The policy in force is compiled once per
// version (detectors armed, allowlists and custom rules turned into RegExps, a fresh scan cache) when
// the first request after a change asks for it; every other request gets the compiled one back. Each
// detector hit goes to the risk findings, which never make the request wait.
import type { Logger } from 'pino';
import { compilePolicy, type CompiledPolicy, type Hit } from '../policy/evaluation.ts';
import type { Enforcement, PolicyDocument } from '../policy/policy-types.ts';
import type { RiskObservation } from '../risk/risk-types.ts';
import type { ActivityActor } from '../activity/activity-types.ts';
import { actorOf, type PolicyDeps } from './exchange.ts';
import type { Spotted } from './json-guard.ts';

export interface PolicySource {
  current(): { version: number; document: PolicyDocument };
}

export interface RiskSink {
  observe(o: RiskObservation): void;
}

/** Where a detector hit was seen, beside who sent it: the model call or the MCP call it was in. */
export interface SpottedAt {
  provider: string | null;
  model: string | null;
  tool: string | null;
  where: 'request' | 'response';
  /** Prefixed to the hit's own location (such as `mcp github tools/call create_issue arguments`). */
  context?: string;
  /** The request it was seen in, linked to its finding. */
  requestId: string;
}

/** Hands one detector hit to the risk findings (model traffic, routed and local MCP calls alike). */
export function observeSpotted(risk: RiskSink, actor: ActivityActor, s: Spotted, at: SpottedAt): void {
  const { match } = s.hit;
  risk.observe({
    rule: match.rule,
    detector: match.detector,
    severity: match.severity,
    label: match.label,
    value: s.value,
    actor: { type: actor.type, id: actor.id, name: actor.name },
    provider: at.provider,
    model: at.model,
    tool: at.tool,
    where: at.where,
    location: at.context ? `${at.context} ${s.location}`.slice(0, 300) : s.location,
    action: s.hit.action,
    requestId: at.requestId,
  });
}

/** The policy in force when the document cannot be compiled: fail closed (or, under monitor, record). */
function refuseAll(version: number, enforcement: Enforcement): CompiledPolicy {
  const hit: Hit = {
    match: {
      detector: 'custom',
      rule: 'detector-error:policy',
      label: 'detector-error',
      severity: 'high',
      start: 0,
      end: 0,
    },
    action: enforcement === 'enforce' ? 'block' : 'alert',
  };
  const hits = enforcement === 'off' ? [] : [hit];
  return {
    version,
    enforcement,
    active: enforcement !== 'off',
    // Nothing is looked up: every answer is stopped (or marked) by the text stage already.
    slopsquat: null,
    scan: () => hits,
    peek: () => hits,
    scanOnce: () => hits,
    holdback: () => ({ all: 0, altering: 0 }),
  };
}

export function createGatewayPolicy(source: PolicySource, risk: RiskSink, log: Logger): PolicyDeps {
  let compiled: CompiledPolicy | null = null;
  return {
    current() {
      const { version, document } = source.current();
      if (compiled?.version !== version) {
        try {
          compiled = compilePolicy(document, version, (detector, err) =>
            // The request has already failed closed (or, under monitor, been marked); the admin must know.
            log.error({ err, detector, policyVersion: version }, 'a policy detector failed'),
          );
        } catch (err) {
          // Validation refuses what cannot compile, so this is a bug or a document from an older
          // version's rules: every request is stopped until the policy is fixed, never let through.
          log.error(
            { err, policyVersion: version },
            'the policy could not be compiled; stopping every request',
          );
          compiled = refuseAll(version, document.enforcement);
        }
      }
      return compiled;
    },
    spotted(x, s, where) {
      const actor = actorOf(x.caller);
      if (!actor) return; // only an authenticated request reaches the policy
      observeSpotted(risk, actor, s, {
        provider: x.lane.provider.family,
        model: x.model,
        tool: x.tool.id,
        where,
        requestId: x.request.id,
      });
    },
  };
}
