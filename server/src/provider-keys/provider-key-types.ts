// Provider keys: the organisation's credentials for the AI providers, which the Gateway sends upstream
// in place of the caller's Gateway token. The service holds them opened (in memory only, for the hot
// path); the management API shows them masked to their last four characters.
import { FAMILY_TABLE, type ProviderFamily } from './families.ts';
import { compileModelPatterns } from '../../../shared/model-patterns.ts';

export { PROVIDER_FAMILIES, type ProviderFamily } from './families.ts';

/** Where each family's API lives when a key names no base URL (families.ts). */
export const DEFAULT_BASE_URL: Record<ProviderFamily, string | null> = Object.fromEntries(
  FAMILY_TABLE.map((f) => [f.id, f.defaultBaseUrl]),
) as Record<ProviderFamily, string | null>;

export interface ProviderKey {
  id: string;
  name: string;
  provider: ProviderFamily;
  /** The provider's secret, opened. Never logged, never returned by the API. */
  secret: string;
  secretLast4: string;
  /** As configured (null: the family's default). */
  baseUrl: string | null;
  azureApiVersion: string | null;
  enabledModels: string[];
  /** True when the requested model is enabled on this key. */
  enables: (model: string) => boolean;
  createdAt: number;
  updatedAt: number;
  rotatedAt: number | null;
  createdBy: string | null;
}

export function makeProviderKey(k: Omit<ProviderKey, 'enables'>): ProviderKey {
  return { ...k, enables: compileModelPatterns(k.enabledModels) };
}

/** Where a request goes upstream: a provider key's, or (subscription mode) the target chosen for it. */
export type UpstreamTarget = Pick<ProviderKey, 'provider' | 'baseUrl' | 'azureApiVersion'>;

/** Where requests for this key go: its base URL, or its family's default, without a trailing slash. */
export function upstreamBase(k: Pick<ProviderKey, 'provider' | 'baseUrl'>): string {
  return (k.baseUrl ?? DEFAULT_BASE_URL[k.provider] ?? '').replace(/\/+$/, '');
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export function providerKeyView(k: ProviderKey) {
  return {
    id: k.id,
    name: k.name,
    provider: k.provider,
    secret_last4: k.secretLast4,
    base_url: k.baseUrl,
    effective_base_url: upstreamBase(k),
    azure_api_version: k.azureApiVersion,
    enabled_models: k.enabledModels,
    created_at: iso(k.createdAt)!,
    updated_at: iso(k.updatedAt)!,
    rotated_at: iso(k.rotatedAt),
  };
}
