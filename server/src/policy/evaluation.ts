// The policy as the Gateway applies it: the document compiled once per version into the detectors to
// run, with their settings, and what each match makes the Gateway do. Under `monitor` every action is
// recorded and none is taken; under `off` nothing is scanned. A detector that throws fails closed under
// `enforce` (the request is blocked, naming the failure) and is reported, never silently skipped.
import type { Action, Enforcement, PolicyDocument } from './policy-types.ts';
import {
  isTextDetector,
  type ArmedSettings,
  type Detector,
  type DetectorId,
  type DetectorInfo,
  type Match,
  type TakenAction,
} from './detectors/detector-types.ts';
import { DETECTORS } from './detectors/index.ts';
import { slopsquatDetector, type ArmedSlopsquat, type SlopsquatSettings } from './detectors/slopsquat.ts';
import { detectorsWithDefaults } from './policy-defaults.ts';
import { normalizedScan, normalizeForScan, originalHoldback } from './detectors/normalize.ts';
import { createScanCache, type ScanCache } from './scan-cache.ts';

export type { TakenAction } from './detectors/detector-types.ts';

export interface Hit {
  match: Match;
  /** What the Gateway does about it: the configured action, or `alert` under monitor. */
  action: TakenAction;
}

export interface CompiledPolicy {
  readonly version: number;
  readonly enforcement: Enforcement;
  /** Whether any text is scanned at all (enforcement is not off and some text detector is on). */
  readonly active: boolean;
  /**
   * The slopsquat detector's settings when it is on (its check is a stage of the answer paths, not a
   * text scan: slopsquat/detection/), or null.
   */
  readonly slopsquat: ArmedSlopsquat | null;
  /** What the text holds, with what to do about each; remembered (scan-cache.ts). */
  scan(text: string): readonly Hit[];
  /**
   * The same for a text that will not come back as it is: the cache answers for a text it holds, and a
   * new text is scanned and not remembered. For an answer's texts, new by nature (ids, generated
   * text): remembering each would keep every answer alive until the cache turns over, long enough to
   * reach V8's old generation, whose collections then come often and stall the Gateway. An answer's
   * text that does come back, in the next turn's request, is remembered there.
   */
  peek(text: string): readonly Hit[];
  /** The same, never remembered nor looked up: for a stream's text, which is not seen twice. */
  scanOnce(text: string): readonly Hit[];
  /** How many characters at the end of a stream's text could still be the start of a match. */
  holdback(text: string): Holdback;
}

/** See Detector.holdback: over every armed detector, and over those whose hits change what passes. */
export interface Holdback {
  /** What no detector has finished judging yet. */
  all: number;
  /** What a detector that blocks or redacts may still need: a stream holds back only this. */
  altering: number;
}

/** Reports a detector that threw; the policy has already failed closed (or, under monitor, recorded it). */
export type DetectorFailure = (detector: DetectorId, err: unknown) => void;

interface Armed extends ArmedSettings {
  detector: Detector;
}

const NONE: readonly Hit[] = Object.freeze([]);

/** 32 M characters (64 MB) of text remembered per policy version: about sixty 1 MB agent conversations. */
const CACHE_CHARS = 32 * 1024 * 1024;

/**
 * Texts shorter than this (roles, types, tool names, ids, a new question) are remembered apart, in a
 * cache of SHORT_CACHE_CHARS: every request brings some that are new, and those must neither evict a
 * conversation's long texts nor hold more than a few megabytes however many requests pass.
 */
const SHORT_TEXT = 256;
const SHORT_CACHE_CHARS = 1024 * 1024;

export function compilePolicy(
  doc: PolicyDocument,
  version: number,
  onFailure: DetectorFailure,
  options: { detectors?: readonly DetectorInfo[]; cacheChars?: number } = {},
): CompiledPolicy {
  const { detectors = DETECTORS, cacheChars = CACHE_CHARS } = options;
  const monitor = doc.enforcement === 'monitor';
  const taken = (a: Action): TakenAction | null => (a === 'off' ? null : monitor ? 'alert' : a);
  const armed: Armed[] = [];
  let slopsquat: ArmedSlopsquat | null = null;
  if (doc.enforcement !== 'off') {
    // Each detector compiles its own settings; one the document leaves out runs with its default.
    const settings = detectorsWithDefaults(doc.detectors, detectors);
    for (const detector of detectors) {
      if (isTextDetector(detector)) {
        const a = detector.settings.arm(settings[detector.id], taken);
        if (a) armed.push({ detector, ...a });
      } else if (detector.id === slopsquatDetector.id) {
        slopsquat = slopsquatDetector.settings.arm(settings[detector.id] as SlopsquatSettings, taken);
      }
    }
  }
  const longCache: ScanCache<readonly Hit[]> = createScanCache(cacheChars);
  const shortCache: ScanCache<readonly Hit[]> = createScanCache(Math.min(cacheChars, SHORT_CACHE_CHARS));

  function fresh(original: string): readonly Hit[] {
    let hits: Hit[] | null = null;
    // The detectors read the text as a person reads it (detectors/normalize.ts); their offsets are
    // mapped back, so a redaction replaces the original characters.
    const scanNormalized = normalizedScan(original);
    for (const { detector, config, action } of armed) {
      let matches: Match[];
      try {
        matches = scanNormalized((text) => detector.scan(text, config));
      } catch (err) {
        onFailure(detector.id, err);
        const failed: Match = {
          detector: detector.id,
          rule: `detector-error:${detector.id}`,
          label: 'detector-error',
          severity: 'high',
          start: 0,
          end: 0,
        };
        (hits ??= []).push({ match: failed, action: monitor ? 'alert' : 'block' });
        continue;
      }
      for (const match of matches) {
        const a = typeof action === 'string' ? action : action.get(match.rule);
        if (a) (hits ??= []).push({ match, action: a });
      }
    }
    if (!hits) return NONE;
    // Detectors do not overlap themselves; across detectors the earlier, then the longer, match wins.
    hits.sort((x, y) => x.match.start - y.match.start || y.match.end - x.match.end);
    const kept: Hit[] = [];
    let end = -1;
    for (const h of hits) {
      if (h.match.start < end && h.match.end > h.match.start) continue;
      kept.push(h);
      end = Math.max(end, h.match.end);
    }
    return kept;
  }

  return {
    version,
    enforcement: doc.enforcement,
    active: armed.length > 0,
    slopsquat,
    scan(text) {
      if (armed.length === 0 || text.length === 0) return NONE;
      const cache = text.length < SHORT_TEXT ? shortCache : longCache;
      let hits = cache.get(text);
      if (hits === undefined) {
        hits = fresh(text);
        // A detector failure is not remembered: the next request tries again.
        if (!hits.some((h) => h.match.rule.startsWith('detector-error:'))) cache.set(text, hits);
      }
      return hits;
    },
    peek(text) {
      if (armed.length === 0 || text.length === 0) return NONE;
      return (text.length < SHORT_TEXT ? shortCache : longCache).get(text) ?? fresh(text);
    },
    scanOnce(text) {
      return armed.length === 0 || text.length === 0 ? NONE : fresh(text);
    },
    holdback(original) {
      const hold: Holdback = { all: 0, altering: 0 };
      const norm = normalizeForScan(original);
      const { text } = norm;
      for (const { detector, config, alters } of armed) {
        let n: number;
        try {
          n = originalHoldback(norm, original.length, Math.min(detector.holdback(text, config), text.length));
        } catch (err) {
          // Holding everything back is the closed way to fail here: the next piece is scanned whole.
          onFailure(detector.id, err);
          return { all: original.length, altering: original.length };
        }
        hold.all = Math.max(hold.all, n);
        if (alters) hold.altering = Math.max(hold.altering, n);
      }
      return hold;
    },
  };
}
