// Database access for devices and developer sessions: the list by cursor, and revocation, of one
// device or of everything a developer has, in the caller's transaction.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { LogPage } from '../store/event-log.ts';
import { pageBySeq, type SeqPageQuery } from '../store/seq-pages.ts';
import { containsText } from '../store/text-search.ts';
import { deviceView, type Device, type DeviceRevokedReason, type DeviceStatus } from './device-types.ts';

type Db = Kysely<Database> | Transaction<Database>;

function selectDevices(db: Db) {
  return db
    .selectFrom('devices')
    .innerJoin('developers', 'developers.id', 'devices.developer_id')
    .selectAll('devices')
    .select('developers.email as developer_email');
}

type Row = Awaited<ReturnType<ReturnType<typeof selectDevices>['executeTakeFirstOrThrow']>>;

const fromRow = (r: Row): Device => ({
  id: r.id,
  developerId: r.developer_id,
  developerEmail: r.developer_email,
  name: r.name,
  platform: r.platform,
  clientVersion: r.client_version,
  status: r.status,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  revokedAt: r.revoked_at,
  revokedReason: r.revoked_reason,
});

export async function findDevice(db: Db, id: string): Promise<Device | undefined> {
  const row = await selectDevices(db).where('devices.id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

export interface DeviceQuery extends SeqPageQuery {
  developerId?: string | undefined;
  status?: DeviceStatus | undefined;
  /** Part of the device's name or its developer's e-mail address, any case, or the exact id. */
  text?: string | undefined;
}

/** A page of devices in order of sign-in, as served. */
export async function queryDevices(db: Db, q: DeviceQuery): Promise<LogPage> {
  let query = selectDevices(db);
  if (q.developerId !== undefined) query = query.where('devices.developer_id', '=', q.developerId);
  if (q.status !== undefined) query = query.where('devices.status', '=', q.status);
  if (q.text !== undefined)
    query = query.where(containsText(['devices.name', 'developers.email'], 'devices.id', q.text));
  return pageBySeq(query, 'devices', q, (r) => deviceView(fromRow(r)));
}

/** Revokes active devices (one, or all of a developer's); returns how many it revoked. */
export async function revokeDevices(
  db: Db,
  which: { deviceId: string } | { developerId: string },
  reason: DeviceRevokedReason,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('devices')
    .set({ status: 'revoked', revoked_at: now, revoked_reason: reason })
    .$call((q) =>
      'deviceId' in which
        ? q.where('id', '=', which.deviceId)
        : q.where('developer_id', '=', which.developerId),
    )
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes live sessions (one device's, or all of a developer's); returns how many it revoked. */
export async function revokeSessions(
  db: Db,
  which: { deviceId: string } | { developerId: string },
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('developer_sessions')
    .set({ revoked_at: now })
    .$call((q) =>
      'deviceId' in which
        ? q.where('device_id', '=', which.deviceId)
        : q.where('developer_id', '=', which.developerId),
    )
    .where('revoked_at', 'is', null)
    // An expired session is over already; it keeps its own ending in the record.
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
