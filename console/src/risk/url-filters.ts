// The findings page keeps its filters and the open finding in the URL (?status=open&severity=high&
// finding=rf_…), so that a view can be linked, reloaded and reached with Back. A value the API would
// refuse (an unknown severity typed into the address) is read as no filter.
import type { RiskFilters } from './risk-queries';
import { SEVERITY_ORDER } from '../policy/format';
import { FINDING_KINDS, FINDING_STATUSES } from './format';

/** Each filter and its query parameter, named as the API names it. */
const PARAM: Record<keyof RiskFilters, string> = {
  status: 'status',
  severity: 'severity',
  kind: 'kind',
  rule: 'rule',
  actorId: 'actor_id',
  since: 'since',
  until: 'until',
};

const oneOf = <T extends string>(allowed: readonly T[], v: string | null): T | '' =>
  allowed.includes(v as T) ? (v as T) : '';

export function readFilters(params: URLSearchParams): RiskFilters {
  const text = (key: keyof RiskFilters) => params.get(PARAM[key])?.slice(0, 100) ?? '';
  return {
    status: oneOf(FINDING_STATUSES, params.get('status')),
    severity: oneOf(SEVERITY_ORDER, params.get('severity')),
    kind: oneOf(FINDING_KINDS, params.get('kind')),
    rule: text('rule'),
    actorId: text('actorId'),
    since: text('since'),
    until: text('until'),
  };
}

/** The URL's query for these filters (and the finding shown, if any); empty filters are left out. */
export function writeFilters(filters: RiskFilters, finding?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(PARAM)) {
    const value = filters[key as keyof RiskFilters];
    if (value) params.set(name, value);
  }
  if (finding) params.set('finding', finding);
  return params;
}
