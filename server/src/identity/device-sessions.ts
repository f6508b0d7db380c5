// A signed-in device's session: made when a device code is exchanged, refreshed (the refresh token
// rotated, the expiry slid forward by the organisation's lifetime), ended by signing out or by a
// replayed refresh token (RFC 9700 §4.14.2). Each change is one transaction with its audit event, then
// a `device` change notification, so that every replica's Gateway cache hears of it.
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AuditEventInput } from '../audit/audit-types.ts';
import { SECRET_PREFIX, newId, newSecret, sha256Hex } from '../crypto/tokens.ts';
import type { Database } from '../store/schema.ts';
import type { Transaction } from 'kysely';
import type { Origin } from './admin-service.ts';
import type { DeviceTokenCodec } from './device-token.ts';
import type { DeviceSettings } from './device-settings.ts';
import { markExchanged, type AuthorizationRow } from './device-authorization-store.ts';
import { revokeDevices, revokeSessions } from './device-store.ts';
import { expiredToken, accessDenied, invalidGrant } from './oauth/oauth-errors.ts';
import type { ActionOf } from '../audit/audit-actions.ts';

export const DEVICE_SCOPE = 'gateway:invoke';

/** The token response of a device sign-in or refresh (device-sign-in.md). */
export interface DeviceTokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
  device_id: string;
  developer: { id: string; email: string };
  gateway_url: string;
}

export interface DeviceSessions {
  /** Exchanges an approved authorization: the device and its session, in one transaction. */
  signIn(
    authorization: AuthorizationRow,
    developerId: string,
    origin: Origin,
    gatewayUrl: string,
  ): Promise<DeviceTokenSet>;
  refresh(refreshToken: string, origin: Origin, gatewayUrl: string): Promise<DeviceTokenSet>;
  /** RFC 7009: ends the session a refresh or device token belongs to, and its device; unknown tokens are no-ops. */
  signOut(token: string, origin: Origin): Promise<void>;
}

type Trx = Transaction<Database>;

const TRY_AGAIN = 'sign this machine in again with "gatehouse-client login"';
const OFFBOARDED = 'The account was offboarded; ask an admin to invite you again.';

export function createDeviceSessions(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  deviceTokens: DeviceTokenCodec;
  settings: DeviceSettings;
}): DeviceSessions {
  const { store, changes, audit, deviceTokens, settings } = deps;

  /** Locks the developer's row until the transaction ends (PostgreSQL), so that an offboarding racing
   * this sign-in either sees the new device and revokes it, or is seen here; SQLite writes one
   * transaction at a time anyway. */
  async function developerIn(trx: Trx, id: string) {
    return trx
      .selectFrom('developers')
      .select(['id', 'email', 'status'])
      .where('id', '=', id)
      .$call((q) => (store.dialect === 'postgres' ? q.forUpdate() : q))
      .executeTakeFirst();
  }

  function tokens(
    session: { id: string; expiresAt: number; refreshToken: string; deviceId: string },
    developer: { id: string; email: string },
    gatewayUrl: string,
  ): DeviceTokenSet {
    const expiresAt = Math.floor(session.expiresAt / 1000);
    return {
      access_token: deviceTokens.issue({ sessionId: session.id, expiresAt }),
      token_type: 'Bearer',
      expires_in: Math.max(0, expiresAt - Math.floor(Date.now() / 1000)),
      refresh_token: session.refreshToken,
      scope: DEVICE_SCOPE,
      device_id: session.deviceId,
      developer: { id: developer.id, email: developer.email },
      gateway_url: gatewayUrl,
    };
  }

  const event = (
    action: ActionOf<'device'>,
    developer: { id: string; email: string },
    device: { id: string; name: string | null },
    origin: Origin,
    details: Record<string, unknown>,
    outcome: 'success' | 'failure' = 'success',
  ): AuditEventInput => ({
    action,
    actor: { type: 'developer', id: developer.id, name: developer.email },
    target: { type: 'device', id: device.id, name: device.name },
    ip: origin.ip,
    userAgent: origin.userAgent,
    requestId: origin.requestId,
    outcome,
    details,
  });

  /** The session a refresh token (current or rotated away) belongs to, with its device and developer. */
  function sessionBy(db: Store['db'] | Trx, column: 'token_hash' | 'id', value: string) {
    return db
      .selectFrom('developer_sessions')
      .innerJoin('devices', 'devices.id', 'developer_sessions.device_id')
      .innerJoin('developers', 'developers.id', 'developer_sessions.developer_id')
      .select([
        'developer_sessions.id',
        'developer_sessions.expires_at',
        'developer_sessions.revoked_at',
        'developer_sessions.token_hash',
        'devices.id as device_id',
        'devices.name as device_name',
        'devices.status as device_status',
        'devices.revoked_reason',
        'developers.id as developer_id',
        'developers.email as developer_email',
        'developers.status as developer_status',
      ])
      .where(`developer_sessions.${column}`, '=', value)
      .executeTakeFirst();
  }
  type SessionRow = NonNullable<Awaited<ReturnType<typeof sessionBy>>>;

  async function retiredSession(hash: string): Promise<SessionRow | undefined> {
    const retired = await store.db
      .selectFrom('retired_refresh_tokens')
      .select('session_id')
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    return retired && sessionBy(store.db, 'id', retired.session_id);
  }

  /**
   * Ends a session and its device, with its audit event, in one transaction, then announces it; nothing
   * when both had ended already (a second sign-out, a racing revoke).
   */
  async function end(s: SessionRow, reason: 'signed_out' | 'refresh_reused', origin: Origin) {
    const now = Date.now();
    const ended = await store.db.transaction().execute(async (trx) => {
      const sessions = await revokeSessions(trx, { deviceId: s.device_id }, now);
      const devices = await revokeDevices(trx, { deviceId: s.device_id }, reason, now);
      if (sessions + devices === 0) return false;
      await audit.inTransaction(
        trx,
        event(
          reason === 'signed_out' ? 'device.signed_out' : 'device.refresh_reused',
          { id: s.developer_id, email: s.developer_email },
          { id: s.device_id, name: s.device_name },
          origin,
          { session_id: s.id },
          reason === 'signed_out' ? 'success' : 'failure',
        ),
      );
      return true;
    });
    if (ended) await changes.publish('device', s.device_id);
  }

  /** Why a known session cannot be refreshed, as a person can act on it; null when it can. */
  function refusal(s: SessionRow, now: number): string | null {
    if (s.developer_status === 'offboarded' || s.revoked_reason === 'offboarded') return OFFBOARDED;
    if (s.device_status === 'revoked') {
      if (s.revoked_reason === 'signed_out') return `This device was signed out; ${TRY_AGAIN}.`;
      if (s.revoked_reason === 'refresh_reused')
        return `The session was ended because a refresh token was used twice; ${TRY_AGAIN}.`;
      return `The device was revoked by an admin; ${TRY_AGAIN}.`;
    }
    if (s.developer_status !== 'active')
      return `The account is ${s.developer_status}; ask an admin about it.`;
    if (s.revoked_at !== null) return `The session was ended; ${TRY_AGAIN}.`;
    if (s.expires_at <= now) return `The session expired; ${TRY_AGAIN}.`;
    return null;
  }

  return {
    async signIn(authorization, developerId, origin, gatewayUrl) {
      const now = Date.now();
      const deviceId = newId('dvc');
      const sessionId = newId('dss');
      const refreshToken = newSecret(SECRET_PREFIX.deviceRefresh);
      const expiresAt = now + settings.sessionLifetimeMs();
      const name = authorization.device_name ?? 'unnamed device';
      const developer = await store.db.transaction().execute(async (trx) => {
        const d = await developerIn(trx, developerId);
        if (!d || d.status === 'offboarded') throw accessDenied(OFFBOARDED);
        await trx
          .insertInto('devices')
          .values({
            id: deviceId,
            developer_id: developerId,
            name,
            platform: authorization.platform,
            client_version: authorization.client_version,
            status: 'active',
            created_at: now,
            last_seen_at: now,
            revoked_at: null,
            revoked_reason: null,
          })
          .execute();
        // Of two polls racing with one device code, one gets the tokens; the other's device goes.
        if (!(await markExchanged(trx, authorization.id, deviceId)))
          throw expiredToken('This device code has been exchanged already; start the sign-in again.');
        await trx
          .insertInto('developer_sessions')
          .values({
            id: sessionId,
            developer_id: developerId,
            device_id: deviceId,
            token_hash: sha256Hex(refreshToken),
            created_at: now,
            expires_at: expiresAt,
            last_used_at: now,
            revoked_at: null,
          })
          .execute();
        await audit.inTransaction(
          trx,
          event('device.signed_in', d, { id: deviceId, name }, origin, {
            platform: authorization.platform,
            client_version: authorization.client_version,
            session_expires_at: new Date(expiresAt).toISOString(),
          }),
        );
        return d;
      });
      await changes.publish('device', deviceId);
      return tokens({ id: sessionId, expiresAt, refreshToken, deviceId }, developer, gatewayUrl);
    },

    async refresh(refreshToken, origin, gatewayUrl) {
      if (!refreshToken.startsWith(SECRET_PREFIX.deviceRefresh) || refreshToken.length > 128)
        throw invalidGrant(`This is not a Gatehouse refresh token; ${TRY_AGAIN}.`);
      const hash = sha256Hex(refreshToken);
      const now = Date.now();
      const current = await sessionBy(store.db, 'token_hash', hash);
      const why = current && refusal(current, now);
      if (current && why) throw invalidGrant(why);
      const next = newSecret(SECRET_PREFIX.deviceRefresh);
      const expiresAt = now + settings.sessionLifetimeMs();
      const rotated =
        current &&
        (await store.db.transaction().execute(async (trx) => {
          const d = await developerIn(trx, current.developer_id);
          if (d?.status !== 'active') throw invalidGrant(OFFBOARDED);
          const moved = await trx
            .updateTable('developer_sessions')
            .set({ token_hash: sha256Hex(next), expires_at: expiresAt, last_used_at: now })
            .where('id', '=', current.id)
            .where('token_hash', '=', hash)
            .where('revoked_at', 'is', null)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) return false;
          await trx
            .insertInto('retired_refresh_tokens')
            .values({ token_hash: hash, session_id: current.id, retired_at: now })
            .execute();
          await audit.inTransaction(
            trx,
            event('device.refreshed', d, { id: current.device_id, name: current.device_name }, origin, {
              session_expires_at: new Date(expiresAt).toISOString(),
            }),
          );
          return true;
        }));
      if (current && rotated) {
        await changes.publish('device', current.device_id);
        return tokens(
          { id: current.id, expiresAt, refreshToken: next, deviceId: current.device_id },
          { id: current.developer_id, email: current.developer_email },
          gatewayUrl,
        );
      }
      // Not the session's current token: one it rotated away from (or a racing request rotated it a
      // moment ago) is a replay, and whoever holds the tokens now cannot be told from a thief.
      const replayed = current ?? (await retiredSession(hash));
      if (!replayed) throw invalidGrant(`This refresh token is not known; ${TRY_AGAIN}.`);
      await end(replayed, 'refresh_reused', origin);
      throw invalidGrant(
        `This refresh token was used before, so the session has been ended in case it was stolen; ${TRY_AGAIN}.`,
      );
    },

    async signOut(token, origin) {
      let session: SessionRow | undefined;
      if (token.startsWith(SECRET_PREFIX.deviceToken)) {
        const claims = deviceTokens.read(token);
        if (claims) session = await sessionBy(store.db, 'id', claims.sessionId);
      } else if (token.startsWith(SECRET_PREFIX.deviceRefresh) && token.length <= 128) {
        const hash = sha256Hex(token);
        session = (await sessionBy(store.db, 'token_hash', hash)) ?? (await retiredSession(hash));
      }
      if (session) await end(session, 'signed_out', origin);
    },
  };
}
