// Database access for the observatory (0013). Every write is an additive or widening upsert, so that
// replicas writing the same row at once agree; rows are written in key order, so that two replicas'
// transactions take their row locks in one order and never deadlock on PostgreSQL.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SlopsquatSightingsTable } from '../../store/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type SightingRow = SlopsquatSightingsTable;

export const sightingKey = (r: SightingRow) =>
  `${r.ecosystem}\0${r.name}\0${r.developer}\0${r.model_family}\0${r.reason}`;

export async function upsertSightings(trx: Db, rows: SightingRow[]): Promise<void> {
  for (const row of rows) {
    await trx
      .insertInto('slopsquat_sightings')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['ecosystem', 'name', 'developer', 'model_family', 'reason']).doUpdateSet({
          count: sql<number>`slopsquat_sightings.count + excluded.count`,
          blocked: sql<number>`slopsquat_sightings.blocked + excluded.blocked`,
          first_seen: sql<number>`CASE WHEN excluded.first_seen < slopsquat_sightings.first_seen THEN excluded.first_seen ELSE slopsquat_sightings.first_seen END`,
          last_seen: sql<number>`CASE WHEN excluded.last_seen > slopsquat_sightings.last_seen THEN excluded.last_seen ELSE slopsquat_sightings.last_seen END`,
        }),
      )
      .execute();
  }
}

/** The name has been registered since it was invented: the earliest day any replica was told stands. */
export async function noteRegistered(trx: Db, ecosystem: string, name: string, day: number): Promise<void> {
  await trx
    .insertInto('slopsquat_names')
    .values({
      ecosystem,
      name,
      registered_since: day,
      private_status: null,
      private_registry: null,
      private_checked_at: null,
      public_checked_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['ecosystem', 'name']).doUpdateSet({
        registered_since: sql<number>`CASE WHEN slopsquat_names.registered_since IS NULL OR excluded.registered_since < slopsquat_names.registered_since THEN excluded.registered_since ELSE slopsquat_names.registered_since END`,
      }),
    )
    .execute();
}

/** What a private registry said of a name (the latest answer stands). */
export async function notePrivateStatus(
  db: Db,
  answer: { ecosystem: string; name: string; status: 'exists' | 'missing'; registry: string; at: number },
): Promise<void> {
  await db
    .insertInto('slopsquat_names')
    .values({
      ecosystem: answer.ecosystem,
      name: answer.name,
      registered_since: null,
      private_status: answer.status,
      private_registry: answer.registry,
      private_checked_at: answer.at,
      public_checked_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['ecosystem', 'name']).doUpdateSet({
        private_status: sql<'exists' | 'missing'>`excluded.private_status`,
        private_registry: sql<string>`excluded.private_registry`,
        private_checked_at: sql<number>`excluded.private_checked_at`,
      }),
    )
    .execute();
}

/**
 * The public registry was asked about an invented name at `at`: the latest asking stands, and when it now
 * exists, the day it was first published (or `at`'s day when the registry does not say) widens
 * `registered_since` as noteRegistered does.
 */
export async function notePublicCheck(
  db: Db,
  answer: { ecosystem: string; name: string; at: number; registeredDay: number | null },
): Promise<void> {
  await db
    .insertInto('slopsquat_names')
    .values({
      ecosystem: answer.ecosystem,
      name: answer.name,
      registered_since: answer.registeredDay,
      private_status: null,
      private_registry: null,
      private_checked_at: null,
      public_checked_at: answer.at,
    })
    .onConflict((oc) =>
      oc.columns(['ecosystem', 'name']).doUpdateSet({
        public_checked_at: sql<number>`CASE WHEN slopsquat_names.public_checked_at IS NULL OR excluded.public_checked_at > slopsquat_names.public_checked_at THEN excluded.public_checked_at ELSE slopsquat_names.public_checked_at END`,
        registered_since: sql<number>`CASE WHEN slopsquat_names.registered_since IS NULL OR excluded.registered_since < slopsquat_names.registered_since THEN excluded.registered_since ELSE slopsquat_names.registered_since END`,
      }),
    )
    .execute();
}

/** Per name and reason: the tallies the snapshot is built from. */
export async function tallies(db: Db) {
  return db
    .selectFrom('slopsquat_sightings')
    .select((eb) => [
      'ecosystem',
      'name',
      'reason',
      eb.fn.min<number>('first_seen').as('first_seen'),
      eb.fn.max<number>('last_seen').as('last_seen'),
      eb.fn.sum<number | string>('count').as('count'),
      eb.fn.sum<number | string>('blocked').as('blocked'),
      eb.fn.count<number | string>('developer').distinct().as('developers'),
    ])
    .groupBy(['ecosystem', 'name', 'reason'])
    .execute();
}

/** The model families each name was invented by, per reason. */
export async function families(db: Db) {
  return db
    .selectFrom('slopsquat_sightings')
    .select(['ecosystem', 'name', 'reason', 'model_family'])
    .where('model_family', '!=', '')
    .groupBy(['ecosystem', 'name', 'reason', 'model_family'])
    .execute();
}

export async function nameFacts(db: Db) {
  return db.selectFrom('slopsquat_names').selectAll().execute();
}

export async function feedNames(db: Db) {
  return db.selectFrom('slopsquat_feed_names').select(['feed', 'ecosystem', 'name']).execute();
}

/**
 * A feed's names after a poll: every name it showed is (re)stamped, then what it no longer shows (not
 * stamped by this poll) is let go. Two replicas polling at once both end with what the later saw.
 */
export async function replaceFeedNames(
  db: Kysely<Database>,
  feed: string,
  names: Array<{ ecosystem: string; name: string }>,
  at: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const sorted = [...names].sort((a, b) =>
      a.ecosystem === b.ecosystem ? (a.name < b.name ? -1 : 1) : a.ecosystem < b.ecosystem ? -1 : 1,
    );
    // A few hundred rows per statement: well under either engine's limit on bound parameters.
    for (let i = 0; i < sorted.length; i += 200) {
      await trx
        .insertInto('slopsquat_feed_names')
        .values(sorted.slice(i, i + 200).map((n) => ({ feed, ...n, learned_at: at })))
        .onConflict((oc) =>
          oc.columns(['feed', 'ecosystem', 'name']).doUpdateSet({
            learned_at: sql<number>`CASE WHEN excluded.learned_at > slopsquat_feed_names.learned_at THEN excluded.learned_at ELSE slopsquat_feed_names.learned_at END`,
          }),
        )
        .execute();
    }
    await trx
      .deleteFrom('slopsquat_feed_names')
      .where('feed', '=', feed)
      .where('learned_at', '<', at)
      .execute();
  });
}

/** A subscription removed: its names go with it. */
export async function forgetFeeds(db: Db, keep: string[]): Promise<void> {
  let q = db.deleteFrom('slopsquat_feed_names');
  if (keep.length > 0) q = q.where('feed', 'not in', keep);
  await q.execute();
}
