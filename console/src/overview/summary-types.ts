// The shapes the overview reads, as the API serves them (console/src/api/schema.d.ts, generated):
// GET /api/v1/activity/summary and GET /api/v1/gateway/status, with names for the parts the page's
// pieces take.
import type { components } from '../api/schema.d.ts';

export const WINDOWS = ['24h', '7d', '30d'] as const;
export type SummaryWindow = (typeof WINDOWS)[number];

export type ActivitySummary = components['schemas']['ActivitySummary'];
/** One bucket of the series; oldest first, empty buckets included as zeros. */
export type SummaryBucket = ActivitySummary['series'][number];
export type SummaryCounts = ActivitySummary['totals'];
/** A developer (or, for a machine's traffic, the caller) by id, with the name the activity gave it. */
export type TopDeveloper = ActivitySummary['top']['developers'][number];
export type TopEntry = ActivitySummary['top']['tools'][number];

export type GatewayStatus = components['schemas']['GatewayStatus'];
export type ProviderHealth = GatewayStatus['providers'][number];
export type HealthStatus = ProviderHealth['status'];
