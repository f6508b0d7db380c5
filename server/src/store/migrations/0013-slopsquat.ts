// The slopsquat observatory (issue 18, docs/decisions/slopsquat-observatory.md): what is kept of the
// package names models invented, the facts learnt about each name since, and the names other
// deployments' feeds report. Nothing here names a developer, device, credential, prompt or answer.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // One row per name, developer, model family and reason, counted: additive upserts, so that replicas
  // writing the same row at once agree (the counts add up, the days widen). `developer` is a keyed hash
  // of the developer and the name together, so distinct developers of one name can be counted but
  // nobody's names can be linked across rows.
  await db.schema
    .createTable('slopsquat_sightings')
    .addColumn('ecosystem', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('developer', 'text', (c) => c.notNull())
    // '' when the model family is unknown: a primary key column cannot be null.
    .addColumn('model_family', 'text', (c) => c.notNull())
    // missing, young, placeholder, known_hallucination, … (slopsquat-contract.ts SLOPSQUAT_REASONS).
    .addColumn('reason', 'text', (c) => c.notNull())
    // UTC days (epoch ms of the day's start): no finer time is kept.
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    // Sightings whose install the Gateway stopped.
    .addColumn('blocked', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('slopsquat_sightings_pk', [
      'ecosystem',
      'name',
      'developer',
      'model_family',
      'reason',
    ])
    .execute();

  // What was learnt about a name after it was invented: that it has since been registered (a squat),
  // and what the organisation's private registry says of it (asked before it is ever published).
  await db.schema
    .createTable('slopsquat_names')
    .addColumn('ecosystem', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('registered_since', 'bigint')
    // exists or missing: the private registry's last answer (null before it was asked), which registry
    // gave it (an answer from a registry no longer configured counts for nothing) and when.
    .addColumn('private_status', 'text')
    .addColumn('private_registry', 'text')
    .addColumn('private_checked_at', 'bigint')
    .addPrimaryKeyConstraint('slopsquat_names_pk', ['ecosystem', 'name'])
    .execute();

  // Names that subscribed feeds report (known hallucinations), per feed address, so that a restarted
  // replica knows them before its first poll.
  await db.schema
    .createTable('slopsquat_feed_names')
    .addColumn('feed', 'text', (c) => c.notNull())
    .addColumn('ecosystem', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('learned_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('slopsquat_feed_names_pk', ['feed', 'ecosystem', 'name'])
    .execute();
}
