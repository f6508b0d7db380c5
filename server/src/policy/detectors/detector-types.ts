// The one signature every detector has. A detector is one module (secrets.ts, pii.ts, custom.ts, …)
// exporting a Detector, registered in detectors/index.ts: adding one is one file and one line.
//
// A detector is given text and its compiled settings and returns what it found, with offsets, so that
// the caller can block, redact (replace [start, end) with `[REDACTED:<label>]`) or record. It never
// returns the matched value itself beyond the offsets: the caller decides what leaves the process.
import type { TSchema } from 'typebox';
import type { CustomRule } from '../policy-types.ts';

import type { Action, FindingKind, Severity } from '../../../../shared/policy-terms.ts';

export { SEVERITIES, type Severity } from '../../../../shared/policy-terms.ts';

/** A registered detector's id (detectors/index.ts): its key in the policy document's `detectors`. */
export type DetectorId = string;

/** What the Gateway does about a match: an action other than off (under monitor, always alert). */
export type TakenAction = Exclude<Action, 'off'>;

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

/** A detector's settings made ready for one policy version: what to run it with, and what each match does. */
export interface ArmedSettings {
  config: DetectorConfig;
  /** The action for every match, or each rule's own (keyed by Match.rule: the custom detector). */
  action: TakenAction | ReadonlyMap<string, TakenAction>;
  /** Whether some match of it blocks or redacts (a stream holds back only for those). */
  alters: boolean;
}

/**
 * A detector's settings in the policy document, under `detectors.<id>`: owned by its module, so that
 * the document's schema, its defaults and its checks are built from the registry. `A` is what arming
 * makes of them: a text detector's ArmedSettings, or a check of another kind's own (slopsquat.ts).
 */
export interface DetectorSettingsSpec<S, A = ArmedSettings> {
  /** The JSON schema of its value (TypeBox), for PUT's validation and the OpenAPI document. */
  schema: TSchema;
  /**
   * What a document without its key gets: a fresh install's settings, and those of a document written
   * before the detector existed (docs/decisions/detector-defaults.md).
   */
  defaults: S;
  /** What the schema cannot check, rebuilt in a fixed key order; throws invalid_request naming `path`. */
  validate(sent: S, path: string): S;
  /** Compiled for a policy version; null when it is off. `taken` maps an action under the enforcement. */
  arm(settings: S, taken: (a: Action) => TakenAction | null): A | null;
}

/**
 * What every registered detector declares, whatever it reads: how the policy document, the API, the
 * console and the risk findings know it. Most detectors read text (Detector, below); one that needs
 * more than a pure scan (slopsquat, whose verdicts come from package registries) is registered with the
 * same declaration, and its check is a stage of its own that the answer paths call.
 */
export interface DetectorInfo<Id extends string = string, S = unknown, A = unknown> {
  id: Id;
  /** How the console and the API name it. */
  label: string;
  /** What it finds, in a sentence an admin reads when choosing its action. */
  description: string;
  /** The kind of risk finding its matches raise. */
  findingKind: FindingKind;
  settings: DetectorSettingsSpec<S, A>;
}

/** A text detector: a pure scan of text, run by the compiled policy (evaluation.ts) on every text. */
export interface Detector<Id extends string = string, S = unknown> extends DetectorInfo<
  Id,
  S,
  ArmedSettings
> {
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

/** A detector with its id's and settings' types kept, so that the registry can type the document. */
export const defineDetector = <Id extends string, S>(d: Detector<Id, S>): Detector<Id, S> => d;

/** Whether a registered detector reads text (has a scan), rather than running a stage of its own. */
export const isTextDetector = (d: DetectorInfo): d is Detector =>
  typeof (d as Partial<Detector>).scan === 'function';
