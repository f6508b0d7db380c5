// Devices: the list, and revoking one (its sessions with it), audited and announced with a `device`
// change notification so that the Gateway's caches refuse it at once.
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { LogPage } from '../store/event-log.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import type { Device } from './device-types.ts';
import { findDevice, queryDevices, revokeDevices, revokeSessions, type DeviceQuery } from './device-store.ts';

export interface DeviceService {
  list(q: DeviceQuery): Promise<LogPage>;
  /** Final: the machine signs in again as a new device. Revoking a revoked device changes nothing. */
  revoke(id: string, origin: RequestOrigin): Promise<Device>;
}

export function createDeviceService(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
}): DeviceService {
  const { store, changes, audit } = deps;

  async function mustGet(id: string): Promise<Device> {
    const d = await findDevice(store.db, id);
    if (!d) throw new ApiError('not_found', `No device has the id "${id.slice(0, 64)}".`);
    return d;
  }

  return {
    list: (q) => queryDevices(store.db, q),

    async revoke(id, origin) {
      const d = await mustGet(id);
      if (d.status === 'revoked') return d;
      const now = Date.now();
      const revoked = await store.db.transaction().execute(async (trx) => {
        // Zero when a concurrent revoke or offboarding got there first: theirs is the event.
        if ((await revokeDevices(trx, { deviceId: id }, 'revoked', now)) === 0) return false;
        const sessionsRevoked = await revokeSessions(trx, { deviceId: id }, now);
        await audit.inTransaction(
          trx,
          changeEvent('device.revoked', { type: 'device', id, name: d.name }, origin, {
            developer_id: d.developerId,
            developer_email: d.developerEmail,
            sessions_revoked: sessionsRevoked,
          }),
        );
        return true;
      });
      if (revoked) await changes.publish('device', id);
      return mustGet(id);
    },
  };
}
