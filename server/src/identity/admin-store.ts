// Database access for managing admins: rows in, AdminRecords out, and the lock that keeps the last
// owner. Sign-in and sessions stay in admin-service.ts.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Dialect } from '../store/database.ts';
import type { AdminRecord, AdminRole } from './admin-types.ts';

type Db = Kysely<Database> | Transaction<Database>;

// "ownr": one lock for every change that could leave no owner. On PostgreSQL two owners demoting each
// other at once would each see the other still an owner (write skew); SQLite writes one at a time.
const OWNERS_LOCK = 0x6f77_6e72;

function selectAdmins(db: Db) {
  return db
    .selectFrom('admins')
    .leftJoin('invitations', (j) =>
      j.onRef('invitations.subject_id', '=', 'admins.id').on('invitations.used_at', 'is', null),
    )
    .select([
      'admins.id',
      'admins.email',
      'admins.role',
      'admins.status',
      'admins.created_at',
      'invitations.expires_at as invitation_expires_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectAdmins>['executeTakeFirstOrThrow']>>;

const fromRow = (r: Row): AdminRecord => ({
  id: r.id,
  email: r.email,
  role: r.role,
  status: r.status,
  createdAt: r.created_at,
  invitationExpiresAt: r.status === 'invited' ? (r.invitation_expires_at ?? null) : null,
});

export async function listAdmins(db: Db): Promise<AdminRecord[]> {
  const rows = await selectAdmins(db).orderBy('admins.created_at').orderBy('admins.id').execute();
  return rows.map(fromRow);
}

export async function findAdmin(db: Db, id: string): Promise<AdminRecord | undefined> {
  const row = await selectAdmins(db).where('admins.id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

export async function findAdminByEmail(db: Db, email: string): Promise<AdminRecord | undefined> {
  const row = await selectAdmins(db).where('admins.email', '=', email).executeTakeFirst();
  return row && fromRow(row);
}

/** An invited admin: no usable password (an empty hash matches none) until the invitation is accepted. */
export async function insertInvitedAdmin(
  trx: Transaction<Database>,
  a: { id: string; email: string; role: AdminRole },
  now: number,
): Promise<void> {
  await trx
    .insertInto('admins')
    .values({ ...a, password_hash: '', status: 'invited', created_at: now, updated_at: now })
    .execute();
}

export async function setAdminRole(db: Db, id: string, role: AdminRole, now: number): Promise<void> {
  await db.updateTable('admins').set({ role, updated_at: now }).where('id', '=', id).execute();
}

/** Removes the admin; their console sessions go with them (the foreign key cascades). */
export async function deleteAdmin(db: Db, id: string): Promise<void> {
  await db.deleteFrom('admins').where('id', '=', id).execute();
}

/** invited → active with the chosen password; false when the admin is not invited (any more). */
export async function activateAdmin(
  trx: Transaction<Database>,
  id: string,
  passwordHash: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('admins')
    .set({ status: 'active', password_hash: passwordHash, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function lockOwners(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${OWNERS_LOCK})`.execute(trx);
}

/** Active owners other than `id`: an invited owner cannot sign in, so it keeps nobody in charge. */
export async function otherActiveOwners(trx: Transaction<Database>, id: string): Promise<number> {
  const row = await trx
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .where('id', '!=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
