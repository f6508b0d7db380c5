// What is measured and what it is measured against (the goals). The open-loop rates are half of
// each goal rate: the latency goal is about a server with headroom, not one at its limit.
import type { Fixtures } from './fixtures.ts';
import type { RequestSpec } from './load.ts';

export type ScenarioId = 'token-saturation' | 'token-open' | 'audit-saturation' | 'audit-open' | 'baseline';

export interface Scenario {
  id: ScenarioId;
  title: string;
  request: (f: Fixtures) => RequestSpec;
  mode: 'closed' | 'open';
  /** Open loop: requests per second. */
  rate?: number;
}

export const TOKEN_GOAL_RATE = 3_000;
export const AUDIT_GOAL_RATE = 5_000;
export const P99_GOAL_MS = 10;
/** Ory Hydra's published client-credentials figure on 2 CPUs, the anchor for the token goal. */
export const HYDRA_TOKENS_PER_SECOND = 411;

export const SCENARIOS: Scenario[] = [
  {
    id: 'token-saturation',
    title: 'Token exchange, saturation (closed loop)',
    request: (f) => f.tokenExchange,
    mode: 'closed',
  },
  {
    id: 'token-open',
    title: `Token exchange at ${(TOKEN_GOAL_RATE / 2).toLocaleString('en-US')}/s (open loop)`,
    request: (f) => f.tokenExchange,
    mode: 'open',
    rate: TOKEN_GOAL_RATE / 2,
  },
  {
    id: 'audit-saturation',
    title: 'GET /api/v1/audit/events?limit=10 with a bearer token, saturation (closed loop)',
    request: (f) => f.auditRead,
    mode: 'closed',
  },
  {
    id: 'audit-open',
    title: `GET /api/v1/audit/events?limit=10 at ${(AUDIT_GOAL_RATE / 2).toLocaleString('en-US')}/s (open loop)`,
    request: (f) => f.auditRead,
    mode: 'open',
    rate: AUDIT_GOAL_RATE / 2,
  },
];

export interface Goal {
  label: string;
  scenario: ScenarioId;
  /** 'rate': good answers per second at least `target`; 'p99': p99 below `target` ms at the full rate, no errors. */
  kind: 'rate' | 'p99';
  target: number;
  note?: string;
}

export const GOALS: Goal[] = [
  {
    label: 'Token exchanges per second',
    scenario: 'token-saturation',
    kind: 'rate',
    target: TOKEN_GOAL_RATE,
    note: `Ory Hydra publishes ${HYDRA_TOKENS_PER_SECOND}/s for client credentials on 2 CPUs`,
  },
  {
    label: 'Authenticated calls per second',
    scenario: 'audit-saturation',
    kind: 'rate',
    target: AUDIT_GOAL_RATE,
  },
  {
    label: `p99 of the authenticated call at ${(AUDIT_GOAL_RATE / 2).toLocaleString('en-US')}/s`,
    scenario: 'audit-open',
    kind: 'p99',
    target: P99_GOAL_MS,
  },
];
