// The activity's rollups (docs/decisions/activity-summary.md), added up by the activity writer in the
// transaction of the rows they count: a batch is first summed here (a batch of requests from a few
// callers is a few rows), then each sum is one additive upsert, so that replicas writing the same hour
// at once agree and a failed transaction leaves the counts as they were.
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { Dialect } from '../store/database.ts';
import type { WriteStep } from '../store/event-log.ts';
import type { ActivityBusiestTable, ActivityHourlyTable, ActivityTable, Database } from '../store/schema.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** The spans the busiest lists are kept at: a 30-day window reads days, not 720 hours of every key. */
export const BUSIEST_SPANS = [HOUR_MS, DAY_MS] as const;
export const BUSIEST_DIMS = ['actor', 'tool', 'model', 'provider'] as const;
export type BusiestDim = (typeof BUSIEST_DIMS)[number];

type Counted = Pick<
  ActivityTable,
  'time' | 'outcome' | 'actor_id' | 'tool' | 'model' | 'provider' | 'input_tokens' | 'output_tokens'
>;

export interface Rollups {
  hourly: ActivityHourlyTable[];
  busiest: ActivityBusiestTable[];
}

const floor = (t: number, span: number) => Math.floor(t / span) * span;

/** A batch's rows summed by hour and outcome, and by span, dimension and key. */
export function sumRollups(rows: readonly Counted[]): Rollups {
  const hourly = new Map<string, ActivityHourlyTable>();
  const busiest = new Map<string, ActivityBusiestTable>();
  for (const r of rows) {
    const hour = floor(r.time, HOUR_MS);
    const hk = `${hour}\0${r.outcome}`;
    let h = hourly.get(hk);
    if (!h) hourly.set(hk, (h = { hour, outcome: r.outcome, requests: 0, tokens_in: 0, tokens_out: 0 }));
    h.requests++;
    h.tokens_in += r.input_tokens ?? 0;
    h.tokens_out += r.output_tokens ?? 0;
    const blocked = r.outcome === 'blocked' ? 1 : 0;
    for (const span of BUSIEST_SPANS) {
      const start = floor(r.time, span);
      for (const dim of BUSIEST_DIMS) {
        const key = dim === 'actor' ? r.actor_id : r[dim];
        if (key === null) continue;
        const bk = `${span}\0${start}\0${dim}\0${key}`;
        let b = busiest.get(bk);
        if (!b) busiest.set(bk, (b = { span, start, dim, key, requests: 0, blocked: 0 }));
        b.requests++;
        b.blocked += blocked;
      }
    }
  }
  return { hourly: [...hourly.values()], busiest: [...busiest.values()] };
}

// The same upserts on both engines (SQLite 3.24 on, PostgreSQL 9.5 on); the target's columns are
// named with the table, which both read as the row already stored.
const UPSERT_HOURLY =
  'INSERT INTO activity_hourly (hour, outcome, requests, tokens_in, tokens_out) VALUES (?, ?, ?, ?, ?) ' +
  'ON CONFLICT (hour, outcome) DO UPDATE SET requests = activity_hourly.requests + excluded.requests, ' +
  'tokens_in = activity_hourly.tokens_in + excluded.tokens_in, tokens_out = activity_hourly.tokens_out + excluded.tokens_out';
const UPSERT_BUSIEST =
  'INSERT INTO activity_busiest (span, start, dim, key, requests, blocked) VALUES (?, ?, ?, ?, ?, ?) ' +
  'ON CONFLICT (span, start, dim, key) DO UPDATE SET requests = activity_busiest.requests + excluded.requests, ' +
  'blocked = activity_busiest.blocked + excluded.blocked';

const hourlyValues = (h: ActivityHourlyTable) => [h.hour, h.outcome, h.requests, h.tokens_in, h.tokens_out];
const busiestValues = (b: ActivityBusiestTable) => [b.span, b.start, b.dim, b.key, b.requests, b.blocked];

/** The rollup upserts of a batch, as the SQLite writer thread runs them after the batch's rows. */
export function rollupSteps(rows: readonly Counted[]): WriteStep[] {
  const { hourly, busiest } = sumRollups(rows);
  return [
    { sql: UPSERT_HOURLY, rows: hourly.map(hourlyValues) },
    { sql: UPSERT_BUSIEST, rows: busiest.map(busiestValues) },
  ];
}

/** The same in the caller's transaction: one prepared statement per sum on SQLite, multi-row on PostgreSQL. */
export async function upsertRollups(
  trx: Transaction<Database>,
  dialect: Dialect,
  rows: readonly Counted[],
): Promise<void> {
  if (rows.length === 0) return;
  if (dialect === 'sqlite') {
    for (const step of rollupSteps(rows))
      for (const params of step.rows) await trx.executeQuery(CompiledQuery.raw(step.sql, params));
    return;
  }
  const { hourly, busiest } = sumRollups(rows);
  // Sorted, so that two writers (the append lock aside) take row locks in one order.
  hourly.sort((a, b) => a.hour - b.hour || (a.outcome < b.outcome ? -1 : 1));
  busiest.sort((a, b) => a.span - b.span || a.start - b.start || cmp(a.dim, b.dim) || cmp(a.key, b.key));
  for (let i = 0; i < hourly.length; i += 1000)
    await trx
      .insertInto('activity_hourly')
      .values(hourly.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(['hour', 'outcome']).doUpdateSet({
          requests: sql`activity_hourly.requests + excluded.requests`,
          tokens_in: sql`activity_hourly.tokens_in + excluded.tokens_in`,
          tokens_out: sql`activity_hourly.tokens_out + excluded.tokens_out`,
        }),
      )
      .execute();
  for (let i = 0; i < busiest.length; i += 1000)
    await trx
      .insertInto('activity_busiest')
      .values(busiest.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(['span', 'start', 'dim', 'key']).doUpdateSet({
          requests: sql`activity_busiest.requests + excluded.requests`,
          blocked: sql`activity_busiest.blocked + excluded.blocked`,
        }),
      )
      .execute();
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
