// One replica at a time sends a destination's batches: the one holding its lease row (lease_owner,
// lease_until), taken by compare-and-set on expiry and renewed while it sends. A replica that dies
// holds it until it expires; nothing it was sending is lost, since its cursor moved only after the
// receiver acknowledged. On SQLite (one process) the same statements, always won.
import { sql } from 'kysely';
import type { Store } from '../store/database.ts';

export interface LeaseKeeper {
  readonly owner: string;
  /** Takes or renews the lease; true when this process holds it until now + ms. */
  hold(id: string, ms: number): Promise<boolean>;
  /** Lets go of the lease, if held. */
  release(id: string): Promise<void>;
  /**
   * Moves a cursor forward, only while this process holds the destination's lease (another holder
   * would otherwise race it) and only forward.
   */
  advance(id: string, stream: string, seq: number): Promise<boolean>;
}

export function createLeaseKeeper(store: Store, owner: string): LeaseKeeper {
  const { db } = store;
  return {
    owner,
    async hold(id, ms) {
      const now = Date.now();
      const r = await db
        .updateTable('siem_destinations')
        .set({ lease_owner: owner, lease_until: now + ms })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_until', '<', now)]),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async release(id) {
      await db
        .updateTable('siem_destinations')
        .set({ lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },
    async advance(id, stream, seq) {
      const r = await db
        .updateTable('siem_cursors')
        .set({ seq })
        .where('destination_id', '=', id)
        .where('stream', '=', stream as 'audit')
        .where('seq', '<', seq)
        .where(
          sql<boolean>`EXISTS (SELECT 1 FROM siem_destinations WHERE id = ${id} AND lease_owner = ${owner})`,
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
