// Database access for developers: rows in, Developer records out, and the list by cursor.
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, DevelopersTable } from '../store/schema.ts';
import type { LogPage } from '../store/event-log.ts';
import { pageBySeq, type SeqPageQuery } from '../store/seq-pages.ts';
import { containsText } from '../store/text-search.ts';
import { developerView, type Developer, type DeveloperStatus } from './developer-types.ts';

type Db = Kysely<Database> | Transaction<Database>;

function selectDevelopers(db: Db) {
  return db
    .selectFrom('developers')
    .leftJoin('invitations', (j) =>
      j.onRef('invitations.subject_id', '=', 'developers.id').on('invitations.used_at', 'is', null),
    )
    .selectAll('developers')
    .select('invitations.expires_at as invitation_expires_at');
}

type Row = Awaited<ReturnType<ReturnType<typeof selectDevelopers>['executeTakeFirstOrThrow']>>;

const fromRow = (r: Row): Developer => ({
  id: r.id,
  email: r.email,
  name: r.name,
  status: r.status,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  activatedAt: r.activated_at,
  offboardedAt: r.offboarded_at,
  invitationExpiresAt: r.status === 'invited' ? (r.invitation_expires_at ?? null) : null,
});

export async function findDeveloper(db: Db, id: string): Promise<Developer | undefined> {
  const row = await selectDevelopers(db).where('developers.id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

export async function findDeveloperByEmail(db: Db, email: string): Promise<Developer | undefined> {
  const row = await selectDevelopers(db).where('developers.email', '=', email).executeTakeFirst();
  return row && fromRow(row);
}

export interface DeveloperQuery extends SeqPageQuery {
  status?: DeveloperStatus | undefined;
  email?: string | undefined;
  /** Part of the name or e-mail address, any case, or the exact id. */
  text?: string | undefined;
}

/** A page of developers in order of creation, as served. */
export async function queryDevelopers(db: Db, q: DeveloperQuery): Promise<LogPage> {
  let query = selectDevelopers(db);
  if (q.status !== undefined) query = query.where('developers.status', '=', q.status);
  if (q.email !== undefined) query = query.where('developers.email', '=', q.email);
  if (q.text !== undefined)
    query = query.where(containsText(['developers.name', 'developers.email'], 'developers.id', q.text));
  return pageBySeq(query, 'developers', q, (r) => developerView(fromRow(r)));
}

export async function insertDeveloper(
  db: Db,
  d: { id: string; email: string; name: string | null; status: DeveloperStatus; passwordHash: string | null },
  now: number,
): Promise<void> {
  await db
    .insertInto('developers')
    .values({
      id: d.id,
      email: d.email,
      name: d.name,
      status: d.status,
      password_hash: d.passwordHash,
      created_at: now,
      updated_at: now,
      activated_at: null,
      offboarded_at: null,
    })
    .execute();
}

/**
 * Moves a developer from one of `from` to another state; false when it is in none of them any more
 * (another request changed it first), so that two racing changes cannot both apply.
 */
export async function moveDeveloper(
  db: Db,
  id: string,
  from: readonly DeveloperStatus[],
  set: Updateable<DevelopersTable> & { status: DeveloperStatus; updated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('developers')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
