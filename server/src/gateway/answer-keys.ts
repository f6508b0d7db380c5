// Which provider key served an answer the caller may come back to by id (a Responses API response:
// GET/DELETE /v1/responses/{id}, its cancel and input_items), so that the follow-up goes to the same
// key (the provider keeps the response under that key's project), and who was answered, so that no
// other caller reaches it through the organisation's key. Kept in the store so that every replica finds
// it: written in batches off the hot path (the answer never waits on the database), read from a bounded
// in-memory cache first and from the store on a miss, forgotten after ANSWER_RETENTION_MS
// (docs/decisions/api-shapes.md).
import type { Logger } from 'pino';
import { createBatchWriter } from '../store/batch-writer.ts';
import type { Store } from '../store/database.ts';
import { appendAlone } from '../store/event-log.ts';
import type { ProviderFamily, ProviderKey } from '../provider-keys/provider-key-types.ts';
import { answerKeyRows, type AnswerKeyRow } from './answer-key-rows.ts';

/** Enough for the responses of a busy day on one replica; an entry is about 250 bytes. */
export const ANSWER_KEYS_LIMIT = 200_000;
/** OpenAI keeps a stored response for 30 days; after that a follow-up has nothing to reach. */
export const ANSWER_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/**
 * An id the provider made (resp_ and 48 hex digits today): the answer is the provider's and untrusted,
 * so anything longer or with other characters is neither kept nor looked up.
 */
const ANSWER_ID = /^[A-Za-z0-9_-]{1,200}$/;

export interface ServedAnswer {
  keyId: string;
  family: ProviderFamily;
  /** The credential, or the developer of a device token, that was answered. */
  actorId: string;
  model: string | null;
  /** When it was served (epoch ms). */
  at: number;
}

export interface AnswerKeys {
  /** Notes that `key` answered `actorId` with `answerId`; never waits and never throws. */
  remember(answerId: string, key: ProviderKey, actorId: string, model: string | null): void;
  /** Who and which key an answer served, from this replica's memory or the store; undefined if unknown. */
  lookup(answerId: string): Promise<ServedAnswer | undefined>;
  /** Forgets answers past the retention, here and in the store (hourly, on every replica). */
  prune(): Promise<void>;
  /** Writes what is pending (graceful stop) and stops pruning. */
  close(): Promise<void>;
}

export interface AnswerKeysOptions {
  limit?: number;
  retentionMs?: number;
  /** How long a row may wait for company before it is written. */
  maxDelayMs?: number;
}

export function createAnswerKeys(store: Store, log: Logger, options: AnswerKeysOptions = {}): AnswerKeys {
  const limit = options.limit ?? ANSWER_KEYS_LIMIT;
  const retentionMs = options.retentionMs ?? ANSWER_RETENTION_MS;
  const served = new Map<string, ServedAnswer>();
  const writer = createBatchWriter<AnswerKeyRow>({
    name: 'answer keys',
    log,
    // A follow-up may reach another replica as soon as the caller has the id: written soon, not late.
    maxDelayMs: options.maxDelayMs ?? 10,
    write: (rows) => appendAlone(store, answerKeyRows, rows),
  });

  function cache(answerId: string, entry: ServedAnswer) {
    served.delete(answerId);
    served.set(answerId, entry);
    // A Map iterates in insertion order: its first entry is the oldest.
    if (served.size > limit) served.delete(served.keys().next().value!);
  }

  async function prune() {
    const before = Date.now() - retentionMs;
    for (const [id, entry] of served) {
      // Cached in the order served, so the first young entry ends the sweep; one read back from the
      // store may be older and waits for eviction, but lookup() checks every entry's age anyway.
      if (entry.at >= before) break;
      served.delete(id);
    }
    await store.db.deleteFrom('answer_keys').where('created_at', '<', before).execute();
  }
  const timer = setInterval(() => {
    prune().catch((err: unknown) => log.error({ err }, 'pruning answer keys failed'));
  }, PRUNE_EVERY_MS);
  timer.unref();

  return {
    remember(answerId, key, actorId, model) {
      if (!ANSWER_ID.test(answerId)) return;
      const known = served.get(answerId);
      // A follow-up's answer names the response again: nothing new to write.
      if (known && known.keyId === key.id && known.actorId === actorId) return;
      const entry: ServedAnswer = { keyId: key.id, family: key.provider, actorId, model, at: Date.now() };
      cache(answerId, entry);
      writer.push({
        answer_id: answerId,
        family: entry.family,
        provider_key_id: entry.keyId,
        actor_id: actorId,
        model: model === null ? null : model.slice(0, 200),
        created_at: entry.at,
      });
    },
    async lookup(answerId) {
      if (!ANSWER_ID.test(answerId)) return undefined;
      const since = Date.now() - retentionMs;
      const known = served.get(answerId);
      if (known) return known.at >= since ? known : undefined;
      // Not cached: served by another replica, or before this one started. A miss is not remembered:
      // the row of an answer just served elsewhere may be a batch away from the store.
      const row = await store.db
        .selectFrom('answer_keys')
        .selectAll()
        .where('answer_id', '=', answerId)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      if (!row) return undefined;
      const entry: ServedAnswer = {
        keyId: row.provider_key_id,
        family: row.family as ProviderFamily,
        actorId: row.actor_id,
        model: row.model,
        at: row.created_at,
      };
      cache(answerId, entry);
      return entry;
    },
    prune,
    async close() {
      clearInterval(timer);
      await writer.drain();
    },
  };
}
