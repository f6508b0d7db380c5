// Routing: the requested model picks the provider key among the keys of the request's family. Exactly
// one key enables it → that key; more than one → 409 naming them; none → 424. Decisions are memoised per
// family and model until a provider key changes, so the hot path is one Map lookup. A tool in
// subscription mode sends its own credential, so no key is chosen; only where to send it: the base URL
// of the organisation's key for that provider (the one that enables the model, else the first), else
// the provider's public API (docs/decisions/device-sign-in.md).
import type { ProviderKeyService } from '../provider-keys/provider-key-service.ts';
import {
  DEFAULT_BASE_URL,
  type ProviderFamily,
  type ProviderKey,
  type UpstreamTarget,
} from '../provider-keys/provider-key-types.ts';
import { FAMILIES } from '../provider-keys/families.ts';
import { GatewayError } from './gateway-errors.ts';

const MEMO_LIMIT = 10_000;

export interface KeyRouter {
  /** The key for this model, or a GatewayError (409, 424) to answer with. */
  choose(family: ProviderFamily, model: string): ProviderKey | GatewayError;
  /** Where a subscription-mode request for this model goes, or a GatewayError (424) to answer with. */
  subscriptionTarget(family: ProviderFamily, model: string): UpstreamTarget | GatewayError;
  /**
   * The key for a follow-up about an earlier answer (`answer`: its id): the key that served it when this
   * replica remembers it (`keyId`), else the family's only key; else a GatewayError (404) to answer with.
   */
  follow(family: ProviderFamily, keyId: string | undefined, answer: string): ProviderKey | GatewayError;
}

/** Where each provider's public API is, where it differs from DEFAULT_BASE_URL (configuration). */
export type ProviderApiUrls = Partial<Record<ProviderFamily, string>>;

export function createKeyRouter(providerKeys: ProviderKeyService, apiUrls: ProviderApiUrls = {}): KeyRouter {
  let memo = new Map<string, ProviderKey | GatewayError>();
  let targets = new Map<string, UpstreamTarget | GatewayError>();
  let version = providerKeys.version;

  function current() {
    if (version !== providerKeys.version) {
      memo = new Map();
      targets = new Map();
      version = providerKeys.version;
    }
  }

  function target(family: ProviderFamily, model: string): UpstreamTarget | GatewayError {
    const keys = providerKeys.ofFamily(family);
    const key = keys.find((k) => k.enables(model)) ?? keys[0];
    if (key) return { provider: family, baseUrl: key.baseUrl, azureApiVersion: key.azureApiVersion };
    const baseUrl = apiUrls[family] ?? DEFAULT_BASE_URL[family];
    if (baseUrl) return { provider: family, baseUrl, azureApiVersion: null };
    return new GatewayError(
      'no_provider_key',
      `Subscription mode sends this tool's own ${FAMILIES[family].name} credential, but Gatehouse does not know where the organisation's ${FAMILIES[family].name} resource is. An admin can add a ${FAMILIES[family].name} provider key with its base URL in the Gatehouse console (Provider keys).`,
    );
  }

  function decide(family: ProviderFamily, model: string): ProviderKey | GatewayError {
    const matches = providerKeys.ofFamily(family).filter((k) => k.enables(model));
    if (matches.length === 1) return matches[0]!;
    const what = `${FAMILIES[family].modelNoun} "${model}"`;
    if (matches.length === 0) {
      return new GatewayError(
        'no_provider_key',
        `No ${FAMILIES[family].name} provider key enables ${what}. An admin can add one, or add the model to a key's enabled models, in the Gatehouse console (Provider keys); or set this tool to subscription mode in the policy, so that it uses the developer's own ${FAMILIES[family].name} sign-in through their device.`,
      );
    }
    return new GatewayError(
      'model_conflict',
      `The ${what} is enabled in more than one ${FAMILIES[family].name} provider key (${matches
        .map((k) => `"${k.name}"`)
        .join(', ')}), so Gatehouse cannot choose. An admin must make their enabled models disjoint.`,
    );
  }

  return {
    choose(family, model) {
      current();
      const id = `${family}\u0000${model}`;
      let decision = memo.get(id);
      if (decision === undefined) {
        decision = decide(family, model);
        // Models are the caller's choice: bound the memo so that made-up names cannot grow it forever.
        if (memo.size >= MEMO_LIMIT) memo = new Map();
        memo.set(id, decision);
      }
      return decision;
    },
    follow(family, keyId, answer) {
      const keys = providerKeys.ofFamily(family);
      const served = keyId === undefined ? undefined : keys.find((k) => k.id === keyId);
      if (served) return served;
      if (keys.length === 1) return keys[0]!;
      return new GatewayError(
        'not_found',
        `Gatehouse does not know which ${FAMILIES[family].name} provider key served "${answer.slice(0, 100)}": it was not served through this Gatehouse, its key was removed, or the Gateway replica that served it has restarted since. With several ${FAMILIES[family].name} keys Gatehouse cannot guess; ask for a new response.`,
      );
    },
    subscriptionTarget(family, model) {
      current();
      const id = `${family}\u0000${model}`;
      let found = targets.get(id);
      if (found === undefined) {
        found = target(family, model);
        if (targets.size >= MEMO_LIMIT) targets = new Map();
        targets.set(id, found);
      }
      return found;
    },
  };
}
