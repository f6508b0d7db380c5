// Which provider key served an answer the caller may come back to by id (a Responses API response:
// GET/DELETE /v1/responses/{id}, its cancel and input_items), so that the follow-up goes to the same
// key: the provider keeps the response under that key's project. Kept in memory per replica, bounded
// (oldest forgotten first); docs/decisions/api-shapes.md says why not in the database and how a
// follow-up that reaches another replica degrades.
import type { ProviderFamily, ProviderKey } from '../provider-keys/provider-key-types.ts';

/** Enough for the responses of a busy day on one replica; an entry is about 200 bytes. */
export const ANSWER_KEYS_LIMIT = 200_000;

export interface AnswerKeys {
  remember(answerId: string, key: ProviderKey, model: string | null): void;
  /** The key and model that served this answer here, or undefined. */
  lookup(answerId: string): { keyId: string; family: ProviderFamily; model: string | null } | undefined;
}

export function createAnswerKeys(limit = ANSWER_KEYS_LIMIT): AnswerKeys {
  const served = new Map<string, { keyId: string; family: ProviderFamily; model: string | null }>();
  return {
    remember(answerId, key, model) {
      if (answerId.length > 200) return; // not an id a provider makes
      served.delete(answerId);
      served.set(answerId, { keyId: key.id, family: key.provider, model });
      // A Map iterates in insertion order: its first entry is the oldest.
      if (served.size > limit) served.delete(served.keys().next().value!);
    },
    lookup: (answerId) => served.get(answerId),
  };
}
