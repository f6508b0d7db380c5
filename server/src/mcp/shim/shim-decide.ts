// POST /mcp/decide: the shim asks before a local server's tools/call (phase call, with its arguments)
// and on its result (phase result). Decided from memory: the policy on the server as a whole (its
// name, its command), the tool's rules and its pin state (the tool governor, as for routed servers),
// then the detectors on the arguments or the result (json-guard.ts, as the routed proxy runs them),
// which block or redact, and the slopsquat detector on the packages the arguments would install. `cacheable` is true only when the answer rests on the policy's names alone:
// no detector could run in this phase, and no pin state (which the next tools/list may change) decided.
import type { FastifyRequest } from 'fastify';
import { blockMessage, detectedKind, guardJson } from '../../gateway/json-guard.ts';
import { mcpRuleFor } from '../../policy/mcp-policy.ts';
import type { Caller } from '../../gateway/caller-auth.ts';
import type { Outcome } from '../../activity/activity-types.ts';
import { noteSignal, type SignalActions } from '../../activity/signal-actions.ts';
import type { DecideAnswer, DecideRequest } from './shim-schemas.ts';
import { noteSpotted, serverVerdict, type ShimDeps } from './shim-context.ts';
import { actorOf } from '../../gateway/exchange.ts';
import { checkMcpToolCall } from '../../slopsquat/detection/package-watch.ts';
import { aKind } from '../../../../shared/detector-words.ts';

export interface Decided {
  answer: DecideAnswer;
  outcome: Outcome;
  signals: string[];
  signalActions: SignalActions;
}

export class ShimInputError extends Error {}

export async function decide(
  deps: ShimDeps,
  request: FastifyRequest,
  caller: Caller,
  body: DecideRequest,
): Promise<Decided> {
  if (body.phase === 'result' && body.result === undefined)
    throw new ShimInputError('request.result is required when phase is "result": send the tool’s result.');
  const compiled = deps.policy();
  const section = deps.mcpPolicy();
  const version = compiled.version;
  const server = deps.servers.resolve(caller, body.server);
  const { tool } = body;
  const scanOn = compiled.active && (body.phase === 'call' ? section.scan_arguments : section.scan_results);
  const packages = body.phase === 'call' && section.scan_arguments ? compiled.slopsquat : null;
  // What fired, and what was done about each, as the decision is reached.
  const signals: string[] = [];
  const signalActions: SignalActions = {};
  const noted = { signals, signalActions };
  const block = (rule: string, message: string, cacheable: boolean): Decided => {
    noteSignal(signals, signalActions, rule, 'block');
    return {
      answer: { decision: 'block', rule, message, policy_version: version, cacheable },
      outcome: 'blocked',
      signals,
      signalActions,
    };
  };
  const allow: Decided = {
    answer: { decision: 'allow', policy_version: version, cacheable: false },
    outcome: 'allowed',
    signals,
    signalActions,
  };

  const whole = serverVerdict(section, server);
  if (whole.decision === 'block') return block(whole.rule, whole.message, true);
  if (body.phase === 'result') deps.governor.recordCall(server.route, tool, isError(body.result));
  const check = deps.governor.checkCall(server.route, tool);
  if (check.decision === 'block') {
    // A rule of the policy is names alone; an admin's block or a pin state may change at any time.
    const byRule = mcpRuleFor(section, server.name, tool, server.command).action === 'block';
    return block(check.rule, check.message, byRule);
  }
  if (!scanOn && !packages)
    return {
      ...allow,
      answer: { decision: 'allow', policy_version: version, cacheable: section.pinning !== 'enforce' },
    };

  const toolId = deps.tools.recognise(request.headers['user-agent']).id;
  const context = `mcp local ${server.name.slice(0, 64)} tools/call ${tool.slice(0, 64)}`;
  if (body.phase === 'call') {
    if (body.arguments === undefined) return allow;
    // The packages the call would install: waited for (at most the lookups' deadline), blocking first.
    if (packages && deps.slopsquat) {
      const ctx = {
        actor: actorOf(caller),
        provider: null,
        model: null,
        tool: toolId,
        where: 'request' as const,
        context,
        requestId: request.id,
      };
      const checked = await checkMcpToolCall(
        deps.slopsquat.checker,
        deps.slopsquat.reporter,
        packages,
        ctx,
        tool,
        body.arguments,
      );
      for (const s of checked.signals) noteSignal(signals, signalActions, s, checked.actions[s]!);
      if (checked.refusal) return block(checked.refusal.rule, checked.refusal.message, false);
    }
    if (!scanOn) return allow;
    const found = guardJson(compiled, body.arguments, 'request');
    if (found.spotted.length === 0) return allow;
    noteSpotted(deps, caller, found.spotted, 'request', `${context} arguments`, toolId, noted, request.id);
    if (found.blocked)
      return block(found.blocked.hit.match.rule, blockMessage(found.blocked, 'request'), false);
    if (found.redacted)
      return {
        answer: {
          decision: 'redact',
          arguments: body.arguments,
          signals,
          policy_version: version,
          cacheable: false,
        },
        outcome: 'allowed',
        signals,
        signalActions,
      };
    return allow;
  }
  const found = guardJson(compiled, body.result, 'answer');
  if (found.spotted.length === 0) return allow;
  noteSpotted(deps, caller, found.spotted, 'response', `${context} result`, toolId, noted, request.id);
  if (found.blocked) {
    const { match } = found.blocked.hit;
    return block(
      match.rule,
      `Gatehouse policy stopped the MCP server's answer: it contained ${aKind(detectedKind(match.rule, match.label))} (rule ${match.rule}). Ask your Gatehouse admin if you need it.`,
      false,
    );
  }
  if (found.redacted)
    return {
      answer: { decision: 'redact', result: body.result, signals, policy_version: version, cacheable: false },
      outcome: 'allowed',
      signals,
      signalActions,
    };
  return allow;
}

/** Whether a tools/call result reports a failure (counted against the tool). */
function isError(result: unknown): boolean {
  return result !== null && typeof result === 'object' && (result as { isError?: unknown }).isError === true;
}
