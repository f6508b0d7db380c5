// The cells of the Gateway report: one target's figures in one scenario, or why there are none.
import { int, ms, plusMs } from './format.ts';
import type { GatewayResult, GatewayRun } from './gateway-suite.ts';
import type { GatewayScenarioId, TargetId } from './gateway-scenarios.ts';
import type { LoadResult } from './load.ts';
import { heldRate, serverCpuPerRequest } from './measure.ts';

export type Percentile = 'p50' | 'p99';

export const find = (run: GatewayRun, scenario: GatewayScenarioId, target: TargetId) =>
  run.results.find((r) => r.scenario === scenario && r.target === target);

/** Why a target is not measured on a request kind it was never set up for (gateway-suite.ts). */
export const NOT_SET_UP = 'not set up for this API shape in the bench (compared on the OpenAI shapes)';

/** The reason a target was not measured, short enough for a table cell. */
export function notAnswering(why: string): string {
  if (why === NOT_SET_UP) return 'not set up for this shape';
  const status = /HTTP \d{3}/.exec(why)?.[0];
  return `**not answering 200**${status ? ` (${status})` : ''}`;
}

/** A measured load or why there is none. */
export function loadOf(r: GatewayResult | undefined): LoadResult | string {
  if (!r) return 'not run';
  if (r.skipped || !r.load) return notAnswering(r.skipped ?? 'not measured');
  return r.load;
}

/** A caveat for figures taken when the open loop's rate was not held (errors, or a backlog). */
export const heldNote = (load: LoadResult) =>
  load.mode === 'open' && !heldRate(load)
    ? ` ⚠ rate not held (${int(load.achievedRate)}/s, ${int(load.errors)} errors)`
    : load.errors
      ? ` ⚠ ${int(load.errors)} errors`
      : '';

export function latencyCell(r: GatewayResult | undefined): string {
  const l = loadOf(r);
  if (typeof l === 'string') return l;
  return `${ms(l.latency.p50)} / ${ms(l.latency.p99)}${heldNote(l)}`;
}

/** Target minus direct at a percentile, in µs, when both were measured. */
export function added(
  run: GatewayRun,
  scenario: GatewayScenarioId,
  target: TargetId,
  p: Percentile,
): number | null {
  const t = loadOf(find(run, scenario, target));
  const d = loadOf(find(run, scenario, 'direct'));
  if (typeof t === 'string' || typeof d === 'string') return null;
  return t.latency[p] - d.latency[p];
}

export function addedCell(run: GatewayRun, scenario: GatewayScenarioId, target: TargetId): string {
  if (target === 'direct') return '(reference)';
  const l = loadOf(find(run, scenario, target));
  if (typeof l === 'string') return l;
  const a50 = added(run, scenario, target, 'p50');
  const a99 = added(run, scenario, target, 'p99');
  if (a50 === null || a99 === null) return 'no direct figure';
  return `${plusMs(a50)} / ${plusMs(a99)}`;
}

export function saturation(run: GatewayRun, target: TargetId): LoadResult | string {
  return loadOf(find(run, 'chat-saturation', target));
}

export function saturationCell(run: GatewayRun, target: TargetId): string {
  const l = saturation(run, target);
  if (typeof l === 'string') return l;
  return `${int(l.achievedRate)}/s (${ms(l.latency.p50)} / ${ms(l.latency.p99)})${heldNote(l)}`;
}

export function cpuCell(r: GatewayResult | undefined): string {
  if (!r?.load || !r.cpu) return r?.skipped ? notAnswering(r.skipped) : 'not run';
  const us = serverCpuPerRequest({ load: r.load, cpu: r.cpu });
  return us === null ? 'n/a' : int(us);
}
