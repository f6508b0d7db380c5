// The activity summary (GET /api/v1/activity/summary): a window's requests by outcome over time, the
// busiest actors, tools, models and providers, findings raised and open, and devices signed in. Read
// from the rollups the activity writer keeps (activity-rollups.ts) and small indexed counts, never from
// the activity itself: its cost follows the window's hours and keys, not the number of requests.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { SEVERITIES, type Severity } from '../../../shared/policy-terms.ts';
import { BUSIEST_DIMS, DAY_MS, HOUR_MS, type BusiestDim } from './activity-rollups.ts';

/** Each window and the width of its series' buckets, aligned to UTC hours, 6-hour blocks and days. */
export const SUMMARY_WINDOWS = {
  '24h': { ms: DAY_MS, bucket: HOUR_MS },
  '7d': { ms: 7 * DAY_MS, bucket: 6 * HOUR_MS },
  '30d': { ms: 30 * DAY_MS, bucket: DAY_MS },
} as const;
export type SummaryWindow = keyof typeof SUMMARY_WINDOWS;
export const SUMMARY_WINDOW_NAMES = Object.keys(SUMMARY_WINDOWS) as SummaryWindow[];

/** How many entries each busiest list has at most. */
export const TOP_N = 5;

export interface SummaryCounts {
  requests: number;
  allowed: number;
  redacted: number;
  blocked: number;
  upstream_errors: number;
  gateway_errors: number;
  findings: number;
  tokens_in: number;
  tokens_out: number;
}

export interface BusiestEntry {
  name: string;
  requests: number;
  blocked: number;
}

export interface ActivitySummary {
  window: SummaryWindow;
  from: string;
  until: string;
  bucket_seconds: number;
  totals: SummaryCounts;
  series: Array<{ start: string } & SummaryCounts>;
  top: {
    developers: Array<{ id: string } & BusiestEntry>;
    tools: BusiestEntry[];
    models: BusiestEntry[];
    providers: BusiestEntry[];
  };
  findings_open: Record<Severity, number>;
  devices_signed_in: number;
}

/** The totals' key for each outcome of the rollups. */
const COUNT_OF_OUTCOME: Record<string, keyof SummaryCounts> = {
  allowed: 'allowed',
  redacted: 'redacted',
  blocked: 'blocked',
  upstream_error: 'upstream_errors',
  gateway_error: 'gateway_errors',
};

const zero = (): SummaryCounts => ({
  requests: 0,
  allowed: 0,
  redacted: 0,
  blocked: 0,
  upstream_errors: 0,
  gateway_errors: 0,
  findings: 0,
  tokens_in: 0,
  tokens_out: 0,
});

const floor = (t: number, span: number) => Math.floor(t / span) * span;
// better-sqlite3 binds a JavaScript number as REAL: integer arithmetic on a parameter needs the cast.
const int = (n: number) => sql`CAST(${n} AS BIGINT)`;

export async function summarise(
  db: Kysely<Database>,
  window: SummaryWindow,
  now: number,
): Promise<ActivitySummary> {
  const { ms, bucket } = SUMMARY_WINDOWS[window];
  const from = now - ms;
  // The rollups count whole hours: the window takes in the hour `from` falls in.
  const firstHour = floor(from, HOUR_MS);
  const seriesStart = floor(from, bucket);
  const buckets = (floor(now, bucket) - seriesStart) / bucket + 1;
  const series = Array.from({ length: buckets }, () => zero());

  const [hours, findings, busiest, open, devices] = await Promise.all([
    // Summed into the series' buckets by the database: 31 rows for 30 days instead of 3,600 hours.
    sql<{ b: number; outcome: string; requests: number; tokens_in: number; tokens_out: number }>`
      SELECT (hour - ${int(seriesStart)}) / ${int(bucket)} AS b, outcome,
             CAST(SUM(requests) AS BIGINT) AS requests, CAST(SUM(tokens_in) AS BIGINT) AS tokens_in,
             CAST(SUM(tokens_out) AS BIGINT) AS tokens_out
      FROM activity_hourly WHERE hour >= ${int(firstHour)} AND hour <= ${int(now)} GROUP BY 1, 2`.execute(db),
    sql<{ b: number; n: number }>`
      SELECT (first_seen - ${int(seriesStart)}) / ${int(bucket)} AS b, COUNT(*) AS n FROM risk_findings
      WHERE first_seen >= ${firstHour} AND first_seen <= ${now} GROUP BY 1`.execute(db),
    readBusiest(db, firstHour, now),
    db
      .selectFrom('risk_findings')
      .select(['severity', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'open')
      .groupBy('severity')
      .execute(),
    db
      .selectFrom('developer_sessions as s')
      .innerJoin('devices as d', 'd.id', 's.device_id')
      .select((eb) => eb.fn.count<number>('s.device_id').distinct().as('n'))
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('d.status', '=', 'active')
      .executeTakeFirst(),
  ]);

  for (const h of hours.rows) {
    const c = series[Number(h.b)];
    const key = COUNT_OF_OUTCOME[h.outcome];
    if (!c || !key) continue;
    c[key] += Number(h.requests);
    c.requests += Number(h.requests);
    c.tokens_in += Number(h.tokens_in);
    c.tokens_out += Number(h.tokens_out);
  }
  for (const f of findings.rows) {
    const c = series[Number(f.b)];
    if (c) c.findings += Number(f.n);
  }
  const totals = zero();
  for (const c of series)
    for (const k of Object.keys(totals) as Array<keyof SummaryCounts>) totals[k] += c[k];

  const findingsOpen = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  for (const o of open)
    if (Object.hasOwn(findingsOpen, o.severity)) findingsOpen[o.severity as Severity] = Number(o.n);

  return {
    window,
    from: new Date(from).toISOString(),
    until: new Date(now).toISOString(),
    bucket_seconds: bucket / 1000,
    totals,
    series: series.map((c, i) => ({ start: new Date(seriesStart + i * bucket).toISOString(), ...c })),
    top: {
      developers: await named(db, busiest.actor),
      tools: busiest.tool,
      models: busiest.model,
      providers: busiest.provider,
    },
    findings_open: findingsOpen,
    devices_signed_in: Number(devices?.n ?? 0),
  };
}

/**
 * The busiest keys of each dimension over the hours [firstHour, until]: the first, partial UTC day from
 * the hourly rows, every day after it from the daily rows (today's daily row holds today up to now), so
 * that 30 days read about 30 rows per key, and at most 23 hourly ones.
 */
async function readBusiest(
  db: Kysely<Database>,
  firstHour: number,
  until: number,
): Promise<Record<BusiestDim, BusiestEntry[]>> {
  // Every window is at least a day long, so that the first whole day starts at `until` or before it.
  const firstDay = Math.ceil(firstHour / DAY_MS) * DAY_MS;
  const part = (span: number, a: number, b: number) =>
    sql`SELECT dim, key, requests, blocked FROM activity_busiest
        WHERE span = ${int(span)} AND start >= ${int(a)} AND start < ${int(b)}`;
  const { rows } = await sql<{ dim: BusiestDim; key: string; requests: number; blocked: number }>`
    SELECT dim, key, CAST(SUM(requests) AS BIGINT) AS requests, CAST(SUM(blocked) AS BIGINT) AS blocked
    FROM (${part(HOUR_MS, firstHour, firstDay)} UNION ALL ${part(DAY_MS, firstDay, until + 1)}) r
    GROUP BY dim, key`.execute(db);
  const out = Object.fromEntries(BUSIEST_DIMS.map((d) => [d, [] as BusiestEntry[]])) as Record<
    BusiestDim,
    BusiestEntry[]
  >;
  for (const r of rows)
    out[r.dim]?.push({ name: r.key, requests: Number(r.requests), blocked: Number(r.blocked) });
  for (const d of BUSIEST_DIMS)
    out[d] = out[d]
      // Busiest first; among equals the most blocked, then by name, so that the order is stable.
      .sort((a, b) => b.requests - a.requests || b.blocked - a.blocked || (a.name < b.name ? -1 : 1))
      .slice(0, TOP_N);
  return out;
}

/** The busiest actors with their display names as they are now (a developer's name or e-mail, a credential's name). */
async function named(
  db: Kysely<Database>,
  actors: BusiestEntry[],
): Promise<ActivitySummary['top']['developers']> {
  if (actors.length === 0) return [];
  const ids = actors.map((a) => a.name);
  const [developers, credentials] = await Promise.all([
    db.selectFrom('developers').select(['id', 'name', 'email']).where('id', 'in', ids).execute(),
    db.selectFrom('api_credentials').select(['id', 'name']).where('id', 'in', ids).execute(),
  ]);
  const names = new Map<string, string>();
  for (const d of developers) names.set(d.id, d.name ?? d.email);
  for (const c of credentials) names.set(c.id, c.name);
  return actors.map((a) => ({
    id: a.name,
    name: names.get(a.name) ?? a.name,
    requests: a.requests,
    blocked: a.blocked,
  }));
}
