// The policy document's JSON schema: what PUT /api/v1/policy validates before the service sees it, and
// what the OpenAPI document shows. `detectors` is built from the registry: each detector's settings
// schema under its id, optional, with its default. Every string and list is bounded. What a schema
// cannot say (unique rule ids, a pattern that compiles, exactly one of pattern and keywords) the
// detectors' own checks and policy-validation.ts check.
import { Type, type Static, type TSchema } from 'typebox';
import { ENFORCEMENTS, TOOL_MODES } from './policy-types.ts';
import { McpPolicySchema } from './mcp-policy.ts';
import type { DetectorInfo } from './detectors/detector-types.ts';
import { DETECTORS } from './detectors/index.ts';
import { LIMITS, PatternSchema } from './schema-parts.ts';
import { EXPECTS } from '../http/validation-messages.ts';

export { LIMITS } from './schema-parts.ts';

const ToolSetting = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[a-z0-9][a-z0-9-]*$',
      [EXPECTS]:
        'lower-case letters, digits and hyphens, starting with a letter or digit, such as acme-token',
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
      ...PatternSchema,
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

/** `detectors`: one optional key per detector, its settings, defaulting to the detector's own. */
function detectorsSchema(detectors: readonly DetectorInfo[]) {
  const properties: Record<string, TSchema> = {};
  for (const d of detectors)
    properties[d.id] = Type.Optional({
      ...d.settings.schema,
      default: d.settings.defaults,
      description: `${d.label}: ${d.description}`,
    });
  return Type.Object(properties, {
    additionalProperties: false,
    description:
      'Each detector’s settings under its id (GET /api/v1/detectors lists them); a detector left out ' +
      'has its default, which is what GET returns for it.',
  });
}

/** The document's schema for a registry of detectors (the server's own, or a test's). */
export function policyDocumentSchema(detectors: readonly DetectorInfo[]) {
  return Type.Object(
    {
      enforcement: Type.Enum([...ENFORCEMENTS], {
        description:
          'enforce: act on the actions; monitor: detect and record, never block or redact; off: scan nothing.',
      }),
      detectors: detectorsSchema(detectors),
      tools: Type.Optional(
        Type.Array(ToolSetting, {
          maxItems: LIMITS.tools,
          description:
            'Tools with settings of their own (absent: none); a tool not listed is in provider_key mode.',
        }),
      ),
      mcp: Type.Optional(McpPolicySchema),
    },
    { $id: 'PolicyDocument', additionalProperties: false },
  );
}

export const PolicyDocumentSchema = policyDocumentSchema(DETECTORS);

/**
 * A document as PUT sends it, once the schema has passed it: policy-validation.ts makes it a
 * PolicyDocument. Each detector's settings are its own module's to check.
 */
export type PolicyInput = Omit<Static<typeof PolicyDocumentSchema>, 'detectors'> & {
  detectors: Record<string, unknown>;
};
