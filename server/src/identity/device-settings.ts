// The organisation's device settings: how long a device's session lasts (default 30 days, 1–365). Kept
// in server_settings and in memory, kept true by the `setting` change topic. A change applies to
// sessions from their next refresh; tokens already issued keep their expiry (device-sign-in.md).
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';

const SETTING = 'device_session_lifetime_days';
export const DEFAULT_SESSION_LIFETIME_DAYS = 30;
export const MAX_SESSION_LIFETIME_DAYS = 365;

export interface DeviceSettings {
  load(): Promise<void>;
  sessionLifetimeDays(): number;
  sessionLifetimeMs(): number;
  setSessionLifetimeDays(days: number, origin: RequestOrigin): Promise<void>;
}

export function createDeviceSettings(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
}): DeviceSettings {
  const { store, changes, audit } = deps;
  let days = DEFAULT_SESSION_LIFETIME_DAYS;

  async function load() {
    const row = await store.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', SETTING)
      .executeTakeFirst();
    days = row ? Number(JSON.parse(row.value)) : DEFAULT_SESSION_LIFETIME_DAYS;
  }
  changes.subscribe('setting', (name) => (name === SETTING ? load() : undefined));
  changes.onResync(load);

  return {
    load,
    sessionLifetimeDays: () => days,
    sessionLifetimeMs: () => days * 86_400_000,
    async setSessionLifetimeDays(next, origin) {
      await store.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('server_settings')
          .select('value')
          .where('key', '=', SETTING)
          .executeTakeFirst();
        const previous = row ? Number(JSON.parse(row.value)) : DEFAULT_SESSION_LIFETIME_DAYS;
        await trx.deleteFrom('server_settings').where('key', '=', SETTING).execute();
        await trx
          .insertInto('server_settings')
          .values({ key: SETTING, value: JSON.stringify(next) })
          .execute();
        await audit.inTransaction(
          trx,
          changeEvent(
            'settings.devices_changed',
            { type: 'setting', id: SETTING, name: 'Device sessions' },
            origin,
            {
              session_lifetime_days: { from: previous, to: next },
            },
          ),
        );
      });
      await changes.publish('setting', SETTING);
    },
  };
}
