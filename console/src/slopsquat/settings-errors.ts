// The settings API refuses a change with one message that may name several fields, in two shapes: the
// JSON schema's (`body.private_scopes[2] must match pattern …`, `body.k must be >= 2`) and the
// observatory's own checks, one sentence per problem (`k must be a whole number from 2 to 1000.
// subscriptions: "ftp://x" must be an http or https address.`). The form reads each problem back out of
// the message and shows it under its field: an entry of a list by its position or, when the sentence
// quotes it instead, by its value.
import { ApiError, type ObservatorySettings } from '../api/client';

export type SettingsField = keyof ObservatorySettings;
const FIELDS: readonly SettingsField[] = [
  'feed_enabled',
  'k',
  'private_scopes',
  'private_registries',
  'subscriptions',
  'registries',
];

/** Where a problem belongs: a field, and in a list its entry or in a map its ecosystem. */
export interface SettingsProblem {
  field: SettingsField | null;
  /** A list's entry (private_scopes, subscriptions). */
  index?: number;
  /** A map's key (private_registries, registries): an ecosystem. */
  key?: string;
  problem: string;
}

// A field's name where a sentence begins, with its entry or key: `body.private_scopes[2]`, `registries.npm:`.
const START = new RegExp(
  `(?:^|(?<=[.!?])\\s+)(?:body\\.)?(${FIELDS.join('|')})(?:\\[(\\d+)\\]|\\.([a-z_]+))?(?=[\\s:])`,
  'g',
);
const QUOTED = /"([^"]*)"/;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Each problem the API named, placed; a message that names no field is one problem with no field. */
export function settingsProblems(error: unknown, sent: ObservatorySettings): SettingsProblem[] {
  if (!(error instanceof ApiError)) return [];
  const message = error.message;
  const starts = [...message.matchAll(START)];
  if (error.code !== 'invalid_request' || starts.length === 0) return [{ field: null, problem: message }];
  return starts.map((m, i) => {
    const field = m[1] as SettingsField;
    const end = i + 1 < starts.length ? starts[i + 1]!.index : message.length;
    const problem = capitalise(
      message
        .slice(m.index + m[0].length, end)
        .replace(/^[\s:]+/, '')
        .trim(),
    );
    const placed: SettingsProblem = { field, problem };
    if (m[2] !== undefined) placed.index = Number(m[2]);
    else if (m[3] !== undefined) placed.key = m[3];
    else if (field === 'private_scopes' || field === 'subscriptions') {
      // The observatory's checks quote the entry (its first 80 characters) rather than number it.
      const quoted = QUOTED.exec(problem)?.[1];
      const at = quoted === undefined ? -1 : sent[field].findIndex((v) => v.slice(0, 80) === quoted);
      if (at >= 0) placed.index = at;
    }
    return placed;
  });
}

/** The problem of one field, or of one entry or key of it. */
export function problemOf(
  problems: readonly SettingsProblem[],
  field: SettingsField,
  at?: { index?: number; key?: string },
): string | undefined {
  const found = problems.filter((p) => p.field === field && p.index === at?.index && p.key === at?.key);
  return found.length ? found.map((p) => p.problem).join(' ') : undefined;
}
