// The provider families as the forms describe them: a label and what its enabled models look like.
// Where requests go when a key names no base URL is the server's (GET /api/v1/providers); the labels
// are keyed by the API's own family type, so a family the API adds fails the build until it has them.
import type { ProviderFamily } from '../api/client';

export const FAMILY_LABEL: Record<ProviderFamily, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI (or compatible)',
  azure: 'Azure OpenAI',
  gemini: 'Google Gemini',
};

export const FAMILIES = Object.keys(FAMILY_LABEL) as ProviderFamily[];

/** For narrow table cells. */
export const FAMILY_SHORT: Record<ProviderFamily, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  azure: 'Azure OpenAI',
  gemini: 'Gemini',
};

/** What the base URL field says under itself for this family, given its default base URL. */
export function baseUrlHint(family: ProviderFamily | '', defaultBaseUrl: string | null | undefined): string {
  const empty = defaultBaseUrl ? ` Empty: ${defaultBaseUrl}.` : '';
  switch (family) {
    case 'azure':
      return 'Required: the resource endpoint, such as https://my-resource.openai.azure.com.';
    case 'openai':
      return `Optional: an OpenAI-compatible endpoint including /v1, such as https://llm.example.com/v1.${empty}`;
    case 'anthropic':
      return `Optional: a compatible endpoint without /v1, such as https://llm.example.com.${empty}`;
    case 'gemini':
      return `Optional: a compatible endpoint without /v1beta, such as https://llm.example.com.${empty}`;
    default:
      return "Optional for most providers: a self-hosted or compatible endpoint. Empty: the provider's own API.";
  }
}

export const MODEL_PLACEHOLDER: Record<ProviderFamily, string> = {
  anthropic: 'claude-sonnet-4-5\nclaude-haiku-*',
  openai: 'gpt-4o\ngpt-4.1-*',
  azure: 'my-gpt-4o-deployment',
  gemini: 'gemini-2.5-pro\ngemini-2.5-flash*',
};
