// Request metrics derived from the one place every Gateway request ends: its activity record
// (ActivityLog.observe), so that the Gateway's code carries no counters of its own. Runs on the hot
// path, synchronously: label values are looked up, never built from more than the record holds.
import type { ActivityInput } from '../activity/activity-types.ts';
import type { RiskObservation } from '../risk/risk-types.ts';
import { LabelCap, statusClass } from './label-cap.ts';
import type { MetricSet } from './metric-set.ts';

/** Distinct values kept per label before the rest count as `other` (label-cap.ts). */
export interface LabelLimits {
  models: number;
  operations: number;
  rules: number;
}

export const LABEL_LIMITS: LabelLimits = { models: 100, operations: 64, rules: 200 };

export function activityObserver(m: MetricSet, limits: LabelLimits = LABEL_LIMITS) {
  const models = new LabelCap(limits.models);
  // An unserved path is recorded with its method and path as the operation (gateway/unserved.ts),
  // which the caller chooses: capped like the models.
  const operations = new LabelCap(limits.operations);
  const rules = new LabelCap(limits.rules);
  return (e: ActivityInput): void => {
    const listener = e.mcp ? 'mcp' : 'gateway';
    const provider = e.provider ?? 'none';
    const seconds = e.latencyUs / 1e6;
    m.gatewayRequests.inc({
      listener,
      provider,
      operation: operations.value(e.operation),
      status_class: statusClass(e.status),
      outcome: e.outcome,
    });
    m.gatewayDuration.observe({ listener, provider, outcome: e.outcome }, seconds);
    for (const rule of e.signals)
      m.policySignals.inc({ listener, rule: rules.value(rule), outcome: e.outcome });
    // What follows is about model traffic: an MCP call has no provider, tokens or model.
    if (e.provider === null) return;
    if (e.ttfbUs !== null) m.timeToFirstByte.observe({ provider, stream: String(e.stream) }, e.ttfbUs / 1e6);
    if (e.upstreamUs != null) {
      m.upstreamDuration.observe({ provider }, e.upstreamUs / 1e6);
      m.addedLatency.observe({ provider }, Math.max(0, e.latencyUs - e.upstreamUs) / 1e6);
    }
    if (e.outcome === 'upstream_error') {
      const code = e.errorCode ?? (e.status === 429 ? 'http_429' : `http_${statusClass(e.status)}`);
      m.upstreamErrors.inc({ provider, code });
    }
    if (e.inputTokens || e.outputTokens) {
      const model = models.value(e.model ?? 'unknown');
      if (e.inputTokens) m.tokens.inc({ provider, model, type: 'input' }, e.inputTokens);
      if (e.outputTokens) m.tokens.inc({ provider, model, type: 'output' }, e.outputTokens);
    }
  };
}

/** Detector hits as the risk findings receive them, with the action the Gateway took. */
export function detectionObserver(m: MetricSet, limits: LabelLimits = LABEL_LIMITS) {
  const rules = new LabelCap(limits.rules);
  return (hit: RiskObservation): void => {
    m.policyDetections.inc({
      detector: hit.detector,
      rule: rules.value(hit.rule),
      action: hit.action ?? 'none',
      where: hit.where,
    });
  };
}
