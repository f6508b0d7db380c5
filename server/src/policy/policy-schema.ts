// The policy document's JSON schema: what PUT /api/v1/policy validates before the service sees it, and
// what the OpenAPI document shows. Every string and list is bounded. What a schema cannot say (unique
// rule ids, a pattern that compiles, exactly one of pattern and keywords) policy-validation.ts checks.
import { Type, type Static } from 'typebox';
import { ACTIONS, ENFORCEMENTS, TOOL_MODES } from './policy-types.ts';
import { SEVERITIES } from './detectors/detector-types.ts';
import { MAX_PATTERN_LENGTH } from './detectors/regex-safety.ts';

export const LIMITS = {
  customRules: 200,
  keywords: 200,
  keywordLength: 200,
  patternLength: MAX_PATTERN_LENGTH,
  allowlist: 1000,
  allowValueLength: 4096,
  noteLength: 500,
  tools: 100,
  toolNameLength: 100,
} as const;

const Action = Type.Enum([...ACTIONS], {
  description: 'block: refuse the request; redact: replace the match; alert: record only; off: ignore.',
});

const Pattern = Type.String({
  minLength: 1,
  maxLength: LIMITS.patternLength,
  description: 'A regular expression in JavaScript syntax, without slashes or flags.',
});

const Note = Type.String({ maxLength: LIMITS.noteLength });

const AllowEntry = Type.Object(
  {
    value: Type.Optional(
      Type.String({ minLength: 1, maxLength: LIMITS.allowValueLength, description: 'An exact value.' }),
    ),
    pattern: Type.Optional({ ...Pattern, description: 'A regular expression a value may match.' }),
    note: Type.Optional(Note),
  },
  {
    additionalProperties: false,
    description: 'A value that never fires: exactly one of value and pattern.',
  },
);

const DetectorSettings = Type.Object(
  {
    action: Action,
    allowlist: Type.Array(AllowEntry, { maxItems: LIMITS.allowlist }),
  },
  { additionalProperties: false },
);

const CustomRule = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[a-z0-9][a-z0-9-]*$',
      description: 'Unique; shown in the activity’s signals as custom:<id>.',
    }),
    description: Type.Optional(Type.String({ maxLength: LIMITS.noteLength })),
    pattern: Type.Optional(Pattern),
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
    action: Action,
    severity: Type.Enum([...SEVERITIES]),
  },
  { additionalProperties: false, description: 'Exactly one of pattern and keywords.' },
);

const ToolSetting = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[a-z0-9][a-z0-9-]*$',
      description:
        'A built-in tool (claude-code, codex, gemini-cli, cursor, anthropic-sdk, openai-sdk, google-genai-sdk, curl) ' +
        'or an admin-defined one; shown in the activity as its tool.',
    }),
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: LIMITS.toolNameLength,
        description: 'Required for an admin-defined tool; not given for a built-in one.',
      }),
    ),
    user_agent: Type.Optional({
      ...Pattern,
      description:
        'A regular expression (JavaScript syntax, no slashes or flags, case-insensitive) that the User-Agent ' +
        'of the tool’s requests matches. Required for an admin-defined tool; not given for a built-in one.',
    }),
    mode: Type.Enum([...TOOL_MODES], {
      description:
        'provider_key: the Gateway sends the organisation’s provider key. subscription: the tool sends its ' +
        'own provider sign-in, with the device token in the path (/d/<device token>/…).',
    }),
  },
  { additionalProperties: false },
);

export const PolicyDocumentSchema = Type.Object(
  {
    enforcement: Type.Enum([...ENFORCEMENTS], {
      description:
        'enforce: act on the actions; monitor: detect and record, never block or redact; off: scan nothing.',
    }),
    detectors: Type.Object(
      {
        secrets: DetectorSettings,
        pii: DetectorSettings,
        custom: Type.Array(CustomRule, { maxItems: LIMITS.customRules }),
      },
      { additionalProperties: false },
    ),
    tools: Type.Optional(
      Type.Array(ToolSetting, {
        maxItems: LIMITS.tools,
        description:
          'Tools with settings of their own (absent: none); a tool not listed is in provider_key mode.',
      }),
    ),
  },
  { $id: 'PolicyDocument', additionalProperties: false },
);

/** A document as PUT sends it, once the schema has passed it: policy-validation.ts makes it a PolicyDocument. */
export type PolicyInput = Static<typeof PolicyDocumentSchema>;
