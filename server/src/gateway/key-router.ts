// Routing: the requested model picks the provider key among the keys of the request's family. Exactly
// one key enables it → that key; more than one → 409 naming them; none → 424. Decisions are memoised per
// family and model until a provider key changes, so the hot path is one Map lookup.
import type { ProviderKeyService } from '../provider-keys/provider-key-service.ts';
import type { ProviderFamily, ProviderKey } from '../provider-keys/provider-key-types.ts';
import { GatewayError } from './gateway-errors.ts';

const MEMO_LIMIT = 10_000;

export interface KeyRouter {
  /** The key for this model, or a GatewayError (409, 424) to answer with. */
  choose(family: ProviderFamily, model: string): ProviderKey | GatewayError;
}

const FAMILY_NAMES: Record<ProviderFamily, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  azure: 'Azure OpenAI',
  gemini: 'Gemini',
};

export function createKeyRouter(providerKeys: ProviderKeyService): KeyRouter {
  let memo = new Map<string, ProviderKey | GatewayError>();
  let version = providerKeys.version;

  function decide(family: ProviderFamily, model: string): ProviderKey | GatewayError {
    const matches = providerKeys.ofFamily(family).filter((k) => k.enables(model));
    if (matches.length === 1) return matches[0]!;
    const what = family === 'azure' ? `deployment "${model}"` : `model "${model}"`;
    if (matches.length === 0) {
      return new GatewayError(
        'no_provider_key',
        `No ${FAMILY_NAMES[family]} provider key enables ${what}. An admin can add one, or add the model to a key's enabled models, in the Gatehouse console (Provider keys).`,
      );
    }
    return new GatewayError(
      'model_conflict',
      `The ${what} is enabled in more than one ${FAMILY_NAMES[family]} provider key (${matches
        .map((k) => `"${k.name}"`)
        .join(', ')}), so Gatehouse cannot choose. An admin must make their enabled models disjoint.`,
    );
  }

  return {
    choose(family, model) {
      if (version !== providerKeys.version) {
        memo = new Map();
        version = providerKeys.version;
      }
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
  };
}
