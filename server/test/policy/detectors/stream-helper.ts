// A stream as the Gateway scans one: each piece is appended to what was held back, the buffer is
// scanned, and all but the detector's holdback is forwarded (its matches final). What the stream
// reports must be exactly what a scan of the whole text reports, and no match may straddle the point
// up to which text was forwarded (part of it would have left unredacted).
import type { Detector, DetectorConfig, Match } from '../../../src/policy/detectors/detector-types.ts';

export interface StreamResult {
  matches: Match[];
  /** Matches that began in forwarded text and ended in held text. */
  straddling: Match[];
  /** Most characters held back at once. */
  maxHeld: number;
}

export function scanAsStream(
  detector: Detector,
  config: DetectorConfig,
  pieces: readonly string[],
): StreamResult {
  const matches: Match[] = [];
  const straddling: Match[] = [];
  let held = '';
  let offset = 0;
  let maxHeld = 0;
  pieces.forEach((piece, i) => {
    const buffer = held + piece;
    const last = i === pieces.length - 1;
    const found = detector.scan(buffer, config);
    const hold = last ? 0 : Math.min(buffer.length, detector.holdback(buffer, config));
    const cut = buffer.length - hold;
    for (const m of found) {
      const shifted = { ...m, start: m.start + offset, end: m.end + offset };
      if (m.end <= cut) matches.push(shifted);
      else if (m.start < cut) straddling.push(shifted);
    }
    held = buffer.slice(cut);
    offset += cut;
    maxHeld = Math.max(maxHeld, hold);
  });
  return { matches, straddling, maxHeld };
}

export const describeMatches = (text: string, ms: readonly Match[]) =>
  ms
    .map((m) => `${m.rule}@${m.start}-${m.end}:${JSON.stringify(text.slice(m.start, m.end)).slice(0, 60)}`)
    .join(', ');
