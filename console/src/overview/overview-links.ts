// Where each number of the overview leads: the page that lists those records, filtered to what was
// counted (the summary's window, from its `from` to its `until`, and the outcome, caller, tool, model or
// provider), so that following a number shows the same number of rows.
import type { Severity } from '../api/client';
import { activityHref } from '../activity/url-filters';
import { riskHref } from '../activity/request-links';
import type { ActivityFilters } from '../activity/activity-feed';
import type { ActivityOutcome } from '../activity/format';
import type { ActivitySummary, SummaryCounts, TopDeveloper, TopEntry } from './summary-types';
import { bucketRange } from './buckets';

/** The counts that are requests of one outcome, and that outcome. */
export const OUTCOME_OF: Partial<Record<keyof SummaryCounts, ActivityOutcome>> = {
  allowed: 'allowed',
  redacted: 'redacted',
  blocked: 'blocked',
  upstream_errors: 'upstream_error',
  gateway_errors: 'gateway_error',
};

type Window = Pick<ActivitySummary, 'from' | 'until'>;

const HOUR_MS = 3_600_000;

/**
 * The window as the summary counted it: by whole hours, so from the start of the hour `from` falls in
 * (the API counts that hour whole), to `until`.
 */
const inWindow = (s: Window) => ({
  since: new Date(Math.floor(Date.parse(s.from) / HOUR_MS) * HOUR_MS).toISOString(),
  until: s.until,
});

/** A total of the window: its requests (of an outcome), or its findings. */
export function totalHref(key: keyof SummaryCounts, s: Window): string {
  if (key === 'findings') return riskHref(inWindow(s));
  const outcome = OUTCOME_OF[key];
  return activityHref({ ...inWindow(s), ...(outcome ? { outcome } : {}) });
}

/** One bucket of the series: its requests (of an outcome), or the findings seen in it. */
export function bucketHref(key: keyof SummaryCounts, start: string, bucketSeconds: number): string {
  const range = bucketRange(start, bucketSeconds);
  if (key === 'findings') return riskHref(range);
  const outcome = OUTCOME_OF[key];
  return activityHref({ ...range, ...(outcome ? { outcome } : {}) });
}

export type TopKind = keyof ActivitySummary['top'];

/** The filter that shows one entry of a "busiest" list. */
function topFilter(kind: TopKind, entry: TopEntry | TopDeveloper): Partial<ActivityFilters> {
  switch (kind) {
    case 'developers':
      return { actorId: (entry as TopDeveloper).id };
    case 'tools':
      return { tool: entry.name };
    case 'models':
      return { model: entry.name };
    case 'providers':
      return { provider: entry.name as ActivityFilters['provider'] };
  }
}

/** An entry's requests in the window, or (blocked) those of them the policy stopped. */
export function topHref(kind: TopKind, entry: TopEntry | TopDeveloper, s: Window, blocked = false): string {
  return activityHref({
    ...inWindow(s),
    ...topFilter(kind, entry),
    ...(blocked ? { outcome: 'blocked' } : {}),
  });
}

/** Open findings of a severity, whenever they were seen: what is left to triage. */
export const openFindingsHref = (severity: Severity) => riskHref({ status: 'open', severity });

export const DEVICES_SIGNED_IN_HREF = '/devices?status=active';
