// Invitations, one mechanism for admins and developers: a random ghiv_ token, stored only as its
// SHA-256 (a 256-bit random value needs no slow hash, and a lookup by hash compares nothing in the
// open), good for one use until it expires. Issuing a new one for a person withdraws their earlier
// unused ones, so that only the latest link sent works.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, InvitationsTable } from '../store/schema.ts';
import { SECRET_PREFIX, newId, newSecret, sha256Hex } from '../crypto/tokens.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A week: long enough for someone back from a few days away, short enough that a forgotten link dies. */
export const INVITATION_TTL_MS = 7 * 86_400_000;

export type InvitationKind = InvitationsTable['kind'];
export type InvitationRow = Selectable<InvitationsTable>;

/** Why a token was refused: unknown (never issued, or withdrawn by a newer one), used, or expired. */
export type InvitationRefusal = 'unknown' | 'used' | 'expired';

export interface IssuedInvitation {
  token: string;
  expiresAt: number;
}

export async function issueInvitation(
  trx: Transaction<Database>,
  subject: { kind: InvitationKind; id: string; email: string },
  now: number,
): Promise<IssuedInvitation> {
  await withdrawInvitations(trx, subject.id);
  const token = newSecret(SECRET_PREFIX.invitation);
  const expiresAt = now + INVITATION_TTL_MS;
  await trx
    .insertInto('invitations')
    .values({
      id: newId('inv'),
      token_hash: sha256Hex(token),
      kind: subject.kind,
      subject_id: subject.id,
      email: subject.email,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** The person's unused invitations stop working (a newer one, removal, offboarding). */
export async function withdrawInvitations(db: Db, subjectId: string): Promise<void> {
  await db
    .deleteFrom('invitations')
    .where('subject_id', '=', subjectId)
    .where('used_at', 'is', null)
    .execute();
}

/** The invitation a token names, whatever its state; undefined when it names none. */
export async function findInvitation(db: Db, token: string): Promise<InvitationRow | undefined> {
  if (!token.startsWith(SECRET_PREFIX.invitation) || token.length > 128) return undefined;
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
}

export function refusalOf(row: InvitationRow | undefined, now: number): InvitationRefusal | null {
  if (!row) return 'unknown';
  if (row.used_at !== null) return 'used';
  if (row.expires_at <= now) return 'expired';
  return null;
}

/** Marks it used; false when another request used it first (the loser of two accepts at once). */
export async function markUsed(trx: Transaction<Database>, id: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('invitations')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
