// The provider families: what the organisation holds keys for, in one leaf table that imports nothing
// from the rest of the server. The key types, the configuration, the store, the key router, the
// Gateway's messages and the management API (GET /api/v1/providers, which the console reads) all
// derive from it, so that a new family is one entry here plus its API shapes (gateway/providers/).
import { Type, type TObject } from 'typebox';
import { EXPECTS } from '../http/validation-messages.ts';

export interface FamilyInfo {
  readonly id: string;
  /** How the console and the Gateway's messages name it. */
  readonly name: string;
  /** Whose sign-in a tool in subscription mode uses (the vendor, where it differs from the name). */
  readonly vendor: string;
  /**
   * Where its API lives when a key names no base URL, in the form its own SDK takes as a base URL
   * (OpenAI's includes /v1; Anthropic's and Gemini's do not, their paths carry the version). Null: every
   * key must name its endpoint (Azure's is the organisation's own resource).
   */
  readonly defaultBaseUrl: string | null;
  /** How its routing errors name what the caller asked for. */
  readonly modelNoun: 'model' | 'deployment';
  /** The family's own settings of a key, stored as one JSON object (provider_keys.options). */
  readonly options: TObject;
}

const NO_OPTIONS = Type.Object({}, { additionalProperties: false });

/** Azure's api-version: the one sent when the caller sends none. */
export const AZURE_API_VERSION = Type.String({
  maxLength: 40,
  pattern: '^[0-9A-Za-z.-]+$',
  [EXPECTS]: 'an api-version such as 2024-10-21',
  description: 'Azure OpenAI only: the api-version sent when the caller sends none, such as 2024-10-21.',
});

export const FAMILY_TABLE = [
  {
    id: 'anthropic',
    name: 'Anthropic',
    vendor: 'Anthropic',
    defaultBaseUrl: 'https://api.anthropic.com',
    modelNoun: 'model',
    options: NO_OPTIONS,
  },
  {
    id: 'openai',
    name: 'OpenAI',
    vendor: 'OpenAI',
    defaultBaseUrl: 'https://api.openai.com/v1',
    modelNoun: 'model',
    options: NO_OPTIONS,
  },
  {
    id: 'azure',
    name: 'Azure OpenAI',
    vendor: 'Azure OpenAI',
    defaultBaseUrl: null,
    modelNoun: 'deployment',
    options: Type.Object({ api_version: Type.Optional(AZURE_API_VERSION) }, { additionalProperties: false }),
  },
  {
    id: 'gemini',
    name: 'Gemini',
    vendor: 'Google',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com',
    modelNoun: 'model',
    options: NO_OPTIONS,
  },
] as const satisfies readonly FamilyInfo[];

export type ProviderFamily = (typeof FAMILY_TABLE)[number]['id'];

export const PROVIDER_FAMILIES = FAMILY_TABLE.map((f) => f.id) as readonly ProviderFamily[] as readonly [
  ProviderFamily,
  ...ProviderFamily[],
];

export const FAMILIES = Object.fromEntries(FAMILY_TABLE.map((f) => [f.id, f])) as Record<
  ProviderFamily,
  FamilyInfo
>;

export const isProviderFamily = (s: string): s is ProviderFamily => Object.hasOwn(FAMILIES, s);
