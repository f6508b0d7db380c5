// The registry: every detector, in one place. Adding a detector is one module and one line here.
import { customDetector } from './custom.ts';
import type { DetectorConfig, DetectorId, DetectorInfo, Match } from './detector-types.ts';
import { keepNonOverlapping } from './match-utils.ts';
import { piiDetector } from './pii.ts';
import { secretsDetector } from './secrets.ts';
import { slopsquatDetector } from './slopsquat.ts';

/** The detectors that scan text, in the order that breaks ties between their overlapping matches. */
export const TEXT_DETECTORS = [secretsDetector, piiDetector, customDetector] as const;

/**
 * Every detector the policy document has settings for, the API lists and the findings name: the text
 * detectors, then slopsquat, whose check is a stage of the answer paths (slopsquat/detection/).
 */
export const DETECTORS = [...TEXT_DETECTORS, slopsquatDetector] as const;

/** The policy document's `detectors`: each registered detector's settings under its id. */
export type DetectorsSettings = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any armed shape
  [D in (typeof DETECTORS)[number] as D['id']]: D extends DetectorInfo<string, infer S, any> ? S : never;
};

/** The detectors to run, each with its compiled settings; a detector left out is off. */
export type DetectorConfigs = Partial<Record<DetectorId, DetectorConfig>>;

/**
 * Runs every enabled detector over `text` and merges their matches: in order of start, no two
 * overlapping (where two detectors' matches overlap, the longer wins, then the earlier detector in
 * TEXT_DETECTORS, which puts secrets before PII before custom rules).
 */
export function scanAll(text: string, configs: DetectorConfigs): Match[] {
  const all: Match[] = [];
  for (const detector of TEXT_DETECTORS) {
    const config = configs[detector.id];
    if (config) for (const m of detector.scan(text, config)) all.push(m);
  }
  if (all.length < 2) return all;
  const order = (m: Match) => TEXT_DETECTORS.findIndex((d) => d.id === m.detector);
  const ranked = [...all].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || order(a) - order(b) || a.start - b.start,
  );
  return keepNonOverlapping(ranked);
}

/** For a stream: the most any enabled detector needs to hold back (see Detector.holdback). */
export function holdbackAll(text: string, configs: DetectorConfigs): number {
  let hold = 0;
  for (const detector of TEXT_DETECTORS) {
    const config = configs[detector.id];
    if (config) hold = Math.max(hold, detector.holdback(text, config));
  }
  return Math.min(hold, text.length);
}
