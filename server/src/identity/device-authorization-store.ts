// Database access for device authorizations (RFC 8628 requests): looked up by the hash of either code,
// and moved between states only by conditional updates, so that of two racing requests one wins.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, DeviceAuthorizationsTable } from '../store/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type AuthorizationRow = Selectable<DeviceAuthorizationsTable>;

/** Rows stay a day past their expiry, so that a late poll hears expired_token, not an unknown code. */
const KEEP_AFTER_EXPIRY_MS = 24 * 3600_000;

export async function insertAuthorization(db: Db, row: AuthorizationRow): Promise<void> {
  await db.insertInto('device_authorizations').values(row).execute();
}

export async function sweepAuthorizations(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('device_authorizations')
    .where('expires_at', '<', now - KEEP_AFTER_EXPIRY_MS)
    .execute();
}

export function findByDeviceCode(db: Db, hash: string): Promise<AuthorizationRow | undefined> {
  return db
    .selectFrom('device_authorizations')
    .selectAll()
    .where('device_code_hash', '=', hash)
    .executeTakeFirst();
}

export function findByUserCode(db: Db, hash: string): Promise<AuthorizationRow | undefined> {
  return db
    .selectFrom('device_authorizations')
    .selectAll()
    .where('user_code_hash', '=', hash)
    .executeTakeFirst();
}

/** Records a poll; false when another poll of the same code got in between. */
export async function recordPoll(
  db: Db,
  row: AuthorizationRow,
  now: number,
  intervalSeconds: number,
): Promise<boolean> {
  const result = await db
    .updateTable('device_authorizations')
    .set({ last_polled_at: now, interval_seconds: intervalSeconds })
    .where('id', '=', row.id)
    .$call((q) =>
      row.last_polled_at === null
        ? q.where('last_polled_at', 'is', null)
        : q.where('last_polled_at', '=', row.last_polled_at),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Approves or denies a pending, unexpired authorization; false when it is neither any more. */
export async function decideAuthorization(
  db: Db,
  id: string,
  developerId: string,
  status: 'approved' | 'denied',
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('device_authorizations')
    .set({ status, developer_id: developerId, decided_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an approved authorization exchanged for the device it made; false when it was already. */
export async function markExchanged(db: Db, id: string, deviceId: string): Promise<boolean> {
  const result = await db
    .updateTable('device_authorizations')
    .set({ status: 'exchanged', device_id: deviceId })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
