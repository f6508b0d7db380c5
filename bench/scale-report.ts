// The scale suite's report (bench/RESULTS-issue-21-scale.md): each list's latency against the goal, the
// seeding's rate and bytes per record on disk, the Gateway on the seeded store beside an empty one, and
// the retention run under Gateway load with the store's size before and after (scale-report-gateway.ts).
import { int, ms, table } from './format.ts';
import { RETENTION_DAYS, SPAN_DAYS, type ScaleRun } from './scale-suite.ts';
import { gatewayTable, retentionTable } from './scale-report-gateway.ts';

export const SCALE_GOAL_P99_MS = 50;

export function renderScaleResults(run: ScaleRun): string[] {
  const s = run.settings;
  const rows: string[][] = [];
  for (const e of run.engines) {
    if (e.error) rows.push([e.engine, '', '', '', '', '', `failed: ${e.error}`]);
    for (const r of e.results) {
      const l = r.load.latency;
      const met = l.p99 / 1000 <= SCALE_GOAL_P99_MS && r.load.errors === 0;
      rows.push([
        e.engine,
        r.name,
        ms(l.p50),
        ms(l.p99),
        ms(l.max),
        `${int(r.load.ok)} / ${int(r.load.errors)}`,
        met ? '✅ met' : '❌ missed',
      ]);
    }
  }
  const seeding = run.engines.map((e) => [
    e.engine,
    `${e.seedSeconds.toFixed(0)} s`,
    e.seed ? `${int(e.seed.activityPerS)}/s` : '',
    e.seed ? `${int(e.seed.auditPerS)}/s` : '',
    e.seed ? `${e.seed.rollupS.toFixed(1)} s` : '',
    e.seed ? int(e.seed.bytesPerActivity) : '',
    e.seed ? int(e.seed.bytesPerAudit) : '',
    e.pageThrough
      ? `${int(e.pageThrough.events)} events, ${int(e.pageThrough.pages)} pages in ${e.pageThrough.seconds.toFixed(1)} s`
      : '',
  ]);
  return [
    '# Issue 21: the lists and the Gateway at scale, measured',
    '',
    `\`${run.command}\``,
    '',
    `${run.startedAt.toISOString()} to ${run.finishedAt.toISOString()}. Each engine's store holds ${int(s.activity)} activity records, ${int(s.audit)} audit events and ${int(s.findings)} risk findings over the last ${SPAN_DAYS} days, seeded in bulk (bench/scale-seed.ts: the logs' own rows through one prepared statement per big transaction on SQLite, COPY FROM STDIN on PostgreSQL, indexes built after, the rollups rebuilt in SQL). Each list asked with an audit:read + risk:read token, open loop at ${s.rate}/s, ${s.warmupS} s warm-up and ${s.durationS} s measured.`,
    '',
    ...table(
      ['engine', 'list', 'p50', 'p99', 'max', 'ok / errors', `goal p99 ≤ ${SCALE_GOAL_P99_MS} ms`],
      rows,
    ),
    '',
    ...gatewayTable(run),
    '',
    ...retentionTable(run, RETENTION_DAYS),
    '',
    "Seeding (rates include building each log's indexes), bytes per record on disk (SQLite: pages in use; PostgreSQL: the database, indexes included), and the SIEM pull paged through from the start, 1,000 events a page:",
    '',
    ...table(
      [
        'engine',
        'seeding',
        'activity',
        'audit',
        'rollups',
        'bytes / activity record',
        'bytes / audit event',
        'SIEM pull, start to end',
      ],
      seeding,
    ),
  ];
}
