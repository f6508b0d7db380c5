// The registry: every detector, in one place. Adding a detector is one module and one line here.
import { customDetector } from './custom.ts';
import type { Detector, DetectorConfig, DetectorId, Match } from './detector-types.ts';
import { keepNonOverlapping } from './match-utils.ts';
import { piiDetector } from './pii.ts';
import { secretsDetector } from './secrets.ts';

export const DETECTORS = [secretsDetector, piiDetector, customDetector] as const;

/** The policy document's `detectors`: each registered detector's settings under its id. */
export type DetectorsSettings = {
  [D in (typeof DETECTORS)[number] as D['id']]: D extends Detector<string, infer S> ? S : never;
};

/** The detectors to run, each with its compiled settings; a detector left out is off. */
export type DetectorConfigs = Partial<Record<DetectorId, DetectorConfig>>;

/**
 * Runs every enabled detector over `text` and merges their matches: in order of start, no two
 * overlapping (where two detectors' matches overlap, the longer wins, then the earlier detector in
 * DETECTORS, which puts secrets before PII before custom rules).
 */
export function scanAll(text: string, configs: DetectorConfigs): Match[] {
  const all: Match[] = [];
  for (const detector of DETECTORS) {
    const config = configs[detector.id];
    if (config) for (const m of detector.scan(text, config)) all.push(m);
  }
  if (all.length < 2) return all;
  const order = (m: Match) => DETECTORS.findIndex((d) => d.id === m.detector);
  const ranked = [...all].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || order(a) - order(b) || a.start - b.start,
  );
  return keepNonOverlapping(ranked);
}

/** For a stream: the most any enabled detector needs to hold back (see Detector.holdback). */
export function holdbackAll(text: string, configs: DetectorConfigs): number {
  let hold = 0;
  for (const detector of DETECTORS) {
    const config = configs[detector.id];
    if (config) hold = Math.max(hold, detector.holdback(text, config));
  }
  return Math.min(hold, text.length);
}
