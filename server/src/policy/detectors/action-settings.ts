// The settings most detectors have: one action for every match and an allowlist of values that never
// fire. A detector declares its default action; the schema, the checks and the compiling are here.
import { Type } from 'typebox';
import type { Action } from '../../../../shared/policy-terms.ts';
import type { AllowEntry, DetectorSettings } from '../policy-types.ts';
import { ActionSchema, invalidField, LIMITS, NoteSchema, PatternSchema } from '../schema-parts.ts';
import { compileDetectorConfig, patternProblem } from './config.ts';
import type { DetectorSettingsSpec } from './detector-types.ts';

const AllowEntrySchema = Type.Object(
  {
    value: Type.Optional(
      Type.String({ minLength: 1, maxLength: LIMITS.allowValueLength, description: 'An exact value.' }),
    ),
    pattern: Type.Optional({ ...PatternSchema, description: 'A regular expression a value may match.' }),
    note: Type.Optional(NoteSchema),
  },
  {
    additionalProperties: false,
    description: 'A value that never fires: exactly one of value and pattern.',
  },
);

/** An allowlist: values and patterns that never fire (shared by every detector that has one). */
export const AllowlistSchema = Type.Array(AllowEntrySchema, { maxItems: LIMITS.allowlist });

const ActionSettingsSchema = Type.Object(
  {
    action: ActionSchema,
    allowlist: AllowlistSchema,
  },
  { additionalProperties: false },
);

type SentEntry = { value?: string; pattern?: string; note?: string };

/** The schema lets both value and pattern through: exactly one is checked here. */
export function allowEntry(e: SentEntry, path: string): AllowEntry {
  const note = e.note === undefined ? {} : { note: e.note };
  if (e.value !== undefined && e.pattern === undefined) return { value: e.value, ...note };
  if (e.pattern === undefined || e.value !== undefined)
    throw invalidField(path, 'give either value or pattern (exactly one).');
  const problem = patternProblem(e.pattern, true);
  if (problem) throw invalidField(`${path}.pattern`, problem);
  return { pattern: e.pattern, ...note };
}

/** Settings of one action and an allowlist, `defaultAction` when the document does not name them. */
export function actionSettings(defaultAction: Action): DetectorSettingsSpec<DetectorSettings> {
  return {
    schema: ActionSettingsSchema,
    defaults: { action: defaultAction, allowlist: [] },
    validate: (s, path) => ({
      action: s.action,
      allowlist: s.allowlist.map((e, i) => allowEntry(e, `${path}.allowlist[${i}]`)),
    }),
    arm(settings, taken) {
      const action = taken(settings.action);
      if (!action) return null;
      return {
        config: compileDetectorConfig(settings, []),
        action,
        alters: action === 'block' || action === 'redact',
      };
    },
  };
}
