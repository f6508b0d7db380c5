// The one signature every detector has. A detector is one module (secrets.ts, pii.ts, custom.ts, …)
// exporting a Detector, registered in detectors/index.ts: adding one is one file and one line.
//
// A detector is given text and its compiled settings and returns what it found, with offsets, so that
// the caller can block, redact (replace [start, end) with `[REDACTED:<label>]`) or record. It never
// returns the matched value itself beyond the offsets: the caller decides what leaves the process.
import type { CustomRule } from '../policy-types.ts';

import type { Severity } from '../../../../shared/policy-terms.ts';

export { SEVERITIES, type Severity } from '../../../../shared/policy-terms.ts';

export type DetectorId = 'secrets' | 'pii' | 'custom';

export interface Match {
  detector: DetectorId;
  /**
   * The rule that fired, stable and lower-case: `aws-access-key`, `github-token`, `email`,
   * `payment-card`, `custom:<id>`. It is what the activity's signals and the risk findings name.
   */
  rule: string;
  /** The placeholder's type in `[REDACTED:<label>]`: the rule without `custom:`. */
  label: string;
  severity: Severity;
  /** UTF-16 offsets into the scanned text: text.slice(start, end) is the matched value. */
  start: number;
  end: number;
}

/** Settings compiled once per policy version (allowlist patterns and custom rules turned into RegExps). */
export interface DetectorConfig {
  /** Exact values that never fire. */
  allowValues: ReadonlySet<string>;
  /** Patterns that never fire: a match whose value one of these matches (anchored or not) is dropped. */
  allowPatterns: readonly RegExp[];
  /** The custom detector's rules (empty for the others). */
  customRules: readonly CustomRule[];
}

export interface Detector {
  id: DetectorId;
  /** How the console and the API name it. */
  label: string;
  /** What it finds, in a sentence an admin reads when choosing its action. */
  description: string;
  /**
   * Every match in `text`, in order of `start`, not overlapping (when two rules overlap the longer,
   * or else the more specific, wins). Pure: no I/O, no state kept between calls. Throws only on a bug;
   * the caller fails closed when it does.
   */
  scan(text: string, config: DetectorConfig): Match[];
  /**
   * For a stream scanned as it arrives: how many characters at the end of `text` could be the start of
   * a match that later text would complete (a token still being written, an unterminated PEM block, a
   * card number cut after its eighth digit). The caller holds those back and forwards the rest. As
   * small as correctness allows: it is latency the caller sees. 0 when the end of `text` cannot begin
   * a match.
   */
  holdback(text: string, config: DetectorConfig): number;
}
