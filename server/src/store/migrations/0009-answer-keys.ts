// Which provider key served a response a caller may come back to by id (the OpenAI Responses API's
// GET/DELETE /v1/responses/{id}, cancel, input_items), kept in the store so that a follow-up reaching
// any replica goes to the same key (gateway/answer-keys.ts). Written in batches off the hot path, read
// on a replica's cache miss, pruned by `created_at` (docs/decisions/api-shapes.md).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('answer_keys')
    // The provider's id of the answer (resp_…), checked for length and characters before it is kept.
    .addColumn('answer_id', 'text', (c) => c.primaryKey())
    .addColumn('family', 'text', (c) => c.notNull())
    // No foreign key: a removed key leaves its rows to expire, and a follow-up then gets the 404 that
    // says so; the activity keeps provider_key_id the same way.
    .addColumn('provider_key_id', 'text', (c) => c.notNull())
    // Who was answered (a credential, or the developer of a device token): only they may follow up.
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('answer_keys_created').on('answer_keys').column('created_at').execute();
}
