// What every detector does with its candidates: drop the allowlisted ones, then keep a set with no
// overlaps (the longer match wins, or else the more specific rule), in order of position.
import type { DetectorConfig, DetectorId, Match, Severity } from './detector-types.ts';

/** A match before overlaps are resolved; `priority` ranks rules on the same span (higher is more specific). */
export interface Candidate {
  rule: string;
  label: string;
  severity: Severity;
  start: number;
  end: number;
  priority: number;
}

export function isAllowed(value: string, config: DetectorConfig): boolean {
  if (config.allowValues.size > 0 && config.allowValues.has(value)) return true;
  for (const re of config.allowPatterns) {
    re.lastIndex = 0;
    if (re.test(value)) return true;
  }
  return false;
}

function outranks(a: Candidate, b: Candidate): number {
  const byLength = b.end - b.start - (a.end - a.start);
  if (byLength !== 0) return byLength;
  if (a.priority !== b.priority) return b.priority - a.priority;
  return a.start - b.start;
}

/**
 * From spans ranked best first, those that overlap no better one, sorted by start. The kept spans stay
 * sorted as they are chosen, so each candidate's neighbours are found by binary search.
 */
export function keepNonOverlapping<T extends { start: number; end: number }>(ranked: readonly T[]): T[] {
  const kept: T[] = [];
  for (const c of ranked) {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (kept[mid]!.start < c.start) lo = mid + 1;
      else hi = mid;
    }
    const before = kept[lo - 1];
    const after = kept[lo];
    if (before && before.end > c.start) continue;
    if (after && after.start < c.end) continue;
    kept.splice(lo, 0, c);
  }
  return kept;
}

/**
 * The detector's answer from its candidates: allowlisted values dropped, overlaps resolved (longest
 * first, then most specific, then earliest), sorted by start.
 */
export function finish(
  detector: DetectorId,
  text: string,
  candidates: Candidate[],
  config: DetectorConfig,
): Match[] {
  const allowed =
    config.allowValues.size === 0 && config.allowPatterns.length === 0
      ? candidates
      : candidates.filter((c) => !isAllowed(text.slice(c.start, c.end), config));
  if (allowed.length === 0) return [];
  const kept = allowed.length === 1 ? allowed : keepNonOverlapping([...allowed].sort(outranks));
  return kept.map((c) => ({
    detector,
    rule: c.rule,
    label: c.label,
    severity: c.severity,
    start: c.start,
    end: c.end,
  }));
}
