// Every metric Gatehouse exports, on a registry of its own (never prom-client's global one, so that
// several Gatehouses in one process, as in the tests, each count their own). Names follow Prometheus'
// conventions: a `gatehouse_` prefix, base units (seconds), `_total` on counters.
// docs/decisions/metrics.md says why each label is what it is.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** From a millisecond to a minute: a cached answer to a long completion, and the upstream timeouts. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** What the Gateway adds is meant to stay well under a few milliseconds: finer at the low end. */
const ADDED_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export function createMetricSet() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'gatehouse_http_requests_total',
      help: 'HTTP requests answered, per listener (gateway, mcp, console-api), route pattern, method and status class.',
      labelNames: ['listener', 'route', 'method', 'status_class'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'gatehouse_http_request_duration_seconds',
      help: 'Time from a request arriving to its response being sent, per listener and route pattern.',
      labelNames: ['listener', 'route', 'method', 'status_class'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    gatewayRequests: new Counter({
      name: 'gatehouse_gateway_requests_total',
      help: 'Gateway requests recorded in the activity, per listener (gateway, mcp), provider, operation, status class and outcome.',
      labelNames: ['listener', 'provider', 'operation', 'status_class', 'outcome'] as const,
      registers,
    }),
    gatewayDuration: new Histogram({
      name: 'gatehouse_gateway_request_duration_seconds',
      help: 'Whole Gateway requests, from arrival to the last byte sent (or the refusal), per listener, provider and outcome.',
      labelNames: ['listener', 'provider', 'outcome'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    addedLatency: new Histogram({
      name: 'gatehouse_gateway_added_latency_seconds',
      help: "What the Gateway added to a request that went upstream: its whole time less the upstream's own.",
      labelNames: ['provider'] as const,
      buckets: ADDED_BUCKETS,
      registers,
    }),
    timeToFirstByte: new Histogram({
      name: 'gatehouse_gateway_time_to_first_byte_seconds',
      help: "Time from a request arriving to the first byte of the provider's answer, per provider and whether it streamed.",
      labelNames: ['provider', 'stream'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: 'gatehouse_upstream_duration_seconds',
      help: "The provider's own time: from sending the request upstream to the end (or failure) of its answer.",
      labelNames: ['provider'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    upstreamErrors: new Counter({
      name: 'gatehouse_upstream_errors_total',
      help: 'Upstream failures per provider and code: upstream_unreachable, upstream_timeout, upstream_interrupted, http_429, http_5xx.',
      labelNames: ['provider', 'code'] as const,
      registers,
    }),
    tokens: new Counter({
      name: 'gatehouse_gateway_tokens_total',
      help: 'Tokens the providers reported, per provider, model and type (input, output).',
      labelNames: ['provider', 'model', 'type'] as const,
      registers,
    }),
    policySignals: new Counter({
      name: 'gatehouse_policy_signals_total',
      help: 'Requests in which a policy rule fired, per rule and the outcome of the request.',
      labelNames: ['listener', 'rule', 'outcome'] as const,
      registers,
    }),
    policyDetections: new Counter({
      name: 'gatehouse_policy_detections_total',
      help: 'Detector hits, per detector, rule, action taken (block, redact, alert) and where (request, response).',
      labelNames: ['detector', 'rule', 'action', 'where'] as const,
      registers,
    }),
    tokenRequests: new Counter({
      name: 'gatehouse_oauth_token_requests_total',
      help: 'Token endpoint answers by result: issued, or the RFC 6749 error (invalid_client, invalid_scope, …), rate_limited.',
      labelNames: ['result'] as const,
      registers,
    }),
  };
}

export type MetricSet = ReturnType<typeof createMetricSet>;
