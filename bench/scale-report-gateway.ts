// The scale report's Gateway tables (bench/RESULTS-issue-21-scale.md): the Gateway's added latency on
// the seeded store and on an empty one, and the Gateway while the retention job deletes a month, with
// what the deletion did to the store's size, explained.
import { int, mark, ms, plusMs, table } from './format.ts';
import { ADDED_P50_GOAL_MS, ADDED_P99_GOAL_MS } from './gateway-scenarios.ts';
import { heldRate, type Measured } from './measure.ts';
import type { EngineRun, ScaleRun } from './scale-suite.ts';
import { AFTER_S, SLICE_S, WARM_S } from './scale-gateway.ts';

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Added p50 and p99 against direct, and whether both goals are met (null when not measurable). */
function added(m: Measured, direct: Measured): { p50: number; p99: number; met: boolean } {
  const p50 = m.load.latency.p50 - direct.load.latency.p50;
  const p99 = m.load.latency.p99 - direct.load.latency.p99;
  const held = heldRate(m.load) && heldRate(direct.load);
  return { p50, p99, met: held && p50 / 1000 <= ADDED_P50_GOAL_MS && p99 / 1000 <= ADDED_P99_GOAL_MS };
}

export function gatewayTable(run: ScaleRun): string[] {
  const rows: string[][] = [];
  for (const e of run.engines) {
    for (const rate of run.settings.gatewayRates) {
      const of = (t: string) => e.gateway.find((g) => g.rate === rate && g.target === t)?.measured;
      const direct = of('direct');
      if (!direct) continue;
      for (const target of ['direct', 'empty', 'seeded'] as const) {
        const m = of(target);
        if (!m) continue;
        const l = m.load.latency;
        const a = target === 'direct' ? null : added(m, direct);
        rows.push([
          e.engine,
          `${int(rate)}/s`,
          target === 'direct' ? 'mock, directly' : `Gatehouse, ${target} store`,
          ms(l.p50),
          ms(l.p99),
          a ? plusMs(a.p50) : '',
          a ? plusMs(a.p99) : '',
          `${int(m.load.ok)} / ${int(m.load.errors)}${heldRate(m.load) ? '' : ' ⚠ rate not held'}`,
          a ? mark(a.met) : '',
        ]);
      }
    }
  }
  return [
    `The Gateway with the store at that size: the Gateway suite's chat completion (\`chat-1000\`), open loop at each rate, sent to the mock directly, to a Gatehouse on an empty store of the same engine and to the Gatehouse on the seeded store (recording its activity into it), the three taking turns over ${run.settings.rounds} rounds. The goals are the Gateway's own, on an empty database as here: added p50 ≤ ${ADDED_P50_GOAL_MS} ms and added p99 ≤ ${ADDED_P99_GOAL_MS} ms over direct.`,
    '',
    ...table(
      ['engine', 'rate', 'target', 'p50', 'p99', 'added p50', 'added p99', 'ok / errors', 'goal'],
      rows,
    ),
  ];
}

/** During p99 within the Gateway's own p99 budget of before's: the deletion's cost, read as noise. */
/** The Gateway's p99 without the job: the better of before and after (a slow side is noise, not a baseline). */
const steadyP99 = (r: NonNullable<EngineRun['retention']>) =>
  Math.min(r.before.load.latency.p99, r.after.load.latency.p99);

export const retentionMet = (r: NonNullable<EngineRun['retention']>): boolean | null =>
  r.during === null
    ? null
    : r.during.load.errors === 0 && r.during.load.latency.p99 - steadyP99(r) <= ADDED_P99_GOAL_MS * 1000;

export function retentionTable(run: ScaleRun, days: number): string[] {
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const e of run.engines) {
    const r = e.retention;
    if (!r) continue;
    const b = r.before.load.latency;
    const a = r.after.load.latency;
    const d = r.during?.load.latency;
    const dropped = r.dropped.map(
      (p) => `${p.name}: ${int(p.rows)} rows, ${mb(r.sizeBefore.partitions[p.name] ?? null)}`,
    );
    rows.push([
      e.engine,
      `${int(r.rate)}/s`,
      `${ms(b.p50)} / ${ms(b.p99)}`,
      d ? `${ms(d.p50)} / ${ms(d.p99)} (${r.duringS.toFixed(0)} s)` : 'n/a',
      `${ms(a.p50)} / ${ms(a.p99)}`,
      d ? plusMs(d.p99 - steadyP99(r)) : '',
      `${r.runS.toFixed(1)} s`,
      `${int(r.deleted)} in ${int(r.batches)} batches`,
      dropped.join('; ') || 'none',
      mark(retentionMet(r)),
    ]);
    const before = r.sizeBefore;
    const after = r.sizeAfter;
    // Rows after = before - deleted + what the Gateway recorded meanwhile (its load before and during).
    const added = after.rows - before.rows + r.deleted;
    const meanwhile = `the Gateway recorded ${int(added)} requests between the two readings`;
    if (e.engine === 'postgres') {
      const droppedRows = r.dropped.reduce((a, p) => a + p.rows, 0);
      const droppedBytes = r.dropped.reduce((a, p) => a + (before.partitions[p.name] ?? 0), 0);
      notes.push(
        `- postgres: the database ${mb(before.store)} → ${mb(after.store)} (${int(before.rows)} → ${int(after.rows)} activity records); the activity partitions (rows, indexes, TOAST) ${mb(before.activity)} → ${mb(after.activity)}. ` +
          `The ${r.dropped.length} partition(s) dropped held ${int(droppedRows)} rows (${mb(droppedBytes)}), given back to the file system at once; ` +
          `the other ${int(r.deleted - droppedRows)} rows were in the month the cutoff falls in and were deleted row by row, which frees no file space: ` +
          `after a plain VACUUM ${mb(after.reusable)} inside the activity partitions is free for new rows (the free space map) while the files keep their size. ` +
          `On top: ${meanwhile}, written into the current month's partition, not into the space freed in the cutoff's month.`,
      );
    } else {
      notes.push(
        `- sqlite: pages in use ${mb(before.store)} → ${mb(after.store)} (${int(before.rows)} → ${int(after.rows)} activity records; ${meanwhile}); the job gives freed pages back to the file system after a run (incremental vacuum): ${int(after.freePages ?? 0)} pages left on the free list.`,
      );
    }
  }
  return [
    `The retention job deleting a month of activity (the setting lowered from 90 to ${days} days through the management API, run by the server's own job at its first run after a restart) while the Gateway serves chat completions at the rate shown. Before: the Gateway in the same process before the job started (its first ${WARM_S} s left out, while its code compiles); during: the ${SLICE_S}-second slices that overlapped the run; after: ${AFTER_S} s of the same load once the run was over. Goal: p99 during within the Gateway's added-p99 budget (${ADDED_P99_GOAL_MS} ms) of the better p99 of before and after (the change column), no errors.`,
    '',
    ...table(
      [
        'engine',
        'Gateway rate',
        'before p50 / p99',
        'during p50 / p99',
        'after p50 / p99',
        'p99 change',
        'run',
        'deleted',
        'partitions dropped',
        'goal',
      ],
      rows,
    ),
    '',
    'The store on disk before and after the run:',
    '',
    ...notes,
  ];
}
