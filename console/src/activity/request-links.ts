// Links between a Gateway request and the records around it, exact both ways: a finding keeps the ids
// of the requests that raised or repeated it (request_ids, and the activity's finding_id filter), and a
// request's record lists its findings (finding_ids).
import { writeFilters } from '../risk/url-filters';
import type { RiskFilters } from '../risk/risk-queries';
import { activityHref } from './url-filters';

const NO_RISK_FILTERS: RiskFilters = {
  status: '',
  severity: '',
  kind: '',
  rule: '',
  actorId: '',
  since: '',
  until: '',
};

/** A link to the risk findings page with these filters. */
export function riskHref(filters: Partial<RiskFilters>): string {
  const query = writeFilters({ ...NO_RISK_FILTERS, ...filters }).toString();
  return query ? `/risk?${query}` : '/risk';
}

/** One finding, open in the findings page's drawer. */
export const findingHref = (findingId: string) =>
  `/risk?${writeFilters(NO_RISK_FILTERS, findingId).toString()}`;

/** The requests that raised or repeated a finding, exactly (the ones it keeps). */
export const requestsOfFinding = (findingId: string) => activityHref({ findingId });

/** One request, open in the activity page's drawer. */
export const requestHref = (requestId: string) => activityHref({ requestId });

/** A device's own entry on the devices page: the devices of its developer. */
export const devicesOfDeveloper = (developerId: string) =>
  `/devices?${new URLSearchParams({ developer: developerId }).toString()}`;

/** One device on the devices page, with its developer. */
export const deviceHref = (device: { id: string; developerId: string }) =>
  `/devices?${new URLSearchParams({ developer: device.developerId, device: device.id }).toString()}`;
