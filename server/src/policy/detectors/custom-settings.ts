// The custom detector's settings: the admin's own rules, each a pattern or a list of keywords with its
// own action and severity. Its schema, the checks a schema cannot make, and the compiling.
import { Type } from 'typebox';
import { SEVERITIES, type Action } from '../../../../shared/policy-terms.ts';
import type { CustomRule } from '../policy-types.ts';
import { ActionSchema, invalidField, LIMITS, PatternSchema } from '../schema-parts.ts';
import { compileDetectorConfig, patternProblem } from './config.ts';
import type { DetectorSettingsSpec, TakenAction } from './detector-types.ts';
import { EXPECTS } from '../../http/validation-messages.ts';

const CustomRuleSchema = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[a-z0-9][a-z0-9-]*$',
      [EXPECTS]:
        'lower-case letters, digits and hyphens, starting with a letter or digit, such as acme-token',
      description: 'Unique; shown in the activity’s signals as custom:<id>.',
    }),
    description: Type.Optional(Type.String({ maxLength: LIMITS.noteLength })),
    pattern: Type.Optional(PatternSchema),
    keywords: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.keywordLength, pattern: '\\S' }), {
        minItems: 1,
        maxItems: LIMITS.keywords,
        description: 'Whole words or phrases.',
      }),
    ),
    case_sensitive: Type.Optional(
      Type.Boolean({ description: 'Keywords and the pattern ignore case unless this is true.' }),
    ),
    action: ActionSchema,
    severity: Type.Enum([...SEVERITIES]),
  },
  { additionalProperties: false, description: 'Exactly one of pattern and keywords.' },
);

function customRule(r: CustomRule, list: string, seen: Map<string, number>, i: number): CustomRule {
  const path = `${list}[${i}]`;
  const first = seen.get(r.id);
  if (first !== undefined)
    throw invalidField(
      `${path}.id`,
      `"${r.id}" is the id of ${list}[${first}] already; rule ids must be unique.`,
    );
  seen.set(r.id, i);
  const hasPattern = r.pattern !== undefined;
  const hasKeywords = r.keywords !== undefined;
  if (hasPattern === hasKeywords) throw invalidField(path, 'give either pattern or keywords (exactly one).');
  const caseSensitive = r.case_sensitive === true;
  if (hasPattern) {
    const problem = patternProblem(r.pattern!, caseSensitive);
    if (problem) throw invalidField(`${path}.pattern`, problem);
  }
  return {
    id: r.id,
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(hasPattern ? { pattern: r.pattern } : { keywords: [...new Set(r.keywords)] }),
    ...(r.case_sensitive !== undefined ? { case_sensitive: r.case_sensitive } : {}),
    action: r.action,
    severity: r.severity,
  };
}

export const customSettings: DetectorSettingsSpec<CustomRule[]> = {
  schema: Type.Array(CustomRuleSchema, { maxItems: LIMITS.customRules }),
  defaults: [],
  validate(rules, path) {
    const seen = new Map<string, number>();
    return rules.map((r, i) => customRule(r, path, seen, i));
  },
  arm(rules, taken: (a: Action) => TakenAction | null) {
    const actions = new Map<string, TakenAction>();
    for (const rule of rules) {
      const a = taken(rule.action);
      if (a) actions.set(`custom:${rule.id}`, a);
    }
    if (actions.size === 0) return null;
    const on = rules.filter((r) => actions.has(`custom:${r.id}`));
    return {
      config: compileDetectorConfig({ allowlist: [] }, on),
      action: actions,
      alters: [...actions.values()].some((a) => a === 'block' || a === 'redact'),
    };
  },
};
