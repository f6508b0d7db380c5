// The four provider families as the forms describe them: a label, where requests go when a key names no
// base URL (the server's own table), and what its enabled models look like.
import type { ProviderFamily } from '../api/client';
import { DEFAULT_BASE_URL, PROVIDER_FAMILIES } from '../../../server/src/provider-keys/provider-key-types.ts';

export const FAMILIES: readonly ProviderFamily[] = PROVIDER_FAMILIES;

export const FAMILY_LABEL: Record<ProviderFamily, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI (or compatible)',
  azure: 'Azure OpenAI',
  gemini: 'Google Gemini',
};

/** For narrow table cells. */
export const FAMILY_SHORT: Record<ProviderFamily, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  azure: 'Azure OpenAI',
  gemini: 'Gemini',
};

/** What the base URL field says under itself for this family. */
export function baseUrlHint(family: ProviderFamily | ''): string {
  switch (family) {
    case 'azure':
      return 'Required: the resource endpoint, such as https://my-resource.openai.azure.com.';
    case 'openai':
      return `Optional: an OpenAI-compatible endpoint including /v1, such as https://llm.example.com/v1. Empty: ${DEFAULT_BASE_URL.openai}.`;
    case 'anthropic':
      return `Optional: a compatible endpoint without /v1, such as https://llm.example.com. Empty: ${DEFAULT_BASE_URL.anthropic}.`;
    case 'gemini':
      return `Optional: a compatible endpoint without /v1beta, such as https://llm.example.com. Empty: ${DEFAULT_BASE_URL.gemini}.`;
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
