// Retention's SiemHold answered from the cursors: the lowest seq any enabled destination exporting the
// log has not yet acknowledged (its cursor + 1), so that the retention job deletes nothing a
// destination still has to send. A disabled destination holds nothing back (docs/decisions/siem-export.md).
import type { Store } from '../store/database.ts';
import type { SiemHold } from '../retention/siem-hold.ts';

export function createSiemHold(store: Store): SiemHold {
  return {
    async oldestNeededSeq(log) {
      const rows = await store.db
        .selectFrom('siem_cursors as c')
        .innerJoin('siem_destinations as d', 'd.id', 'c.destination_id')
        .select(['c.seq', 'd.streams'])
        .where('d.enabled', '=', 1)
        .where('c.stream', '=', log)
        .execute();
      let lowest: number | null = null;
      for (const r of rows) {
        if (!(JSON.parse(r.streams) as string[]).includes(log)) continue;
        const needed = Number(r.seq) + 1;
        if (lowest === null || needed < lowest) lowest = needed;
      }
      return lowest;
    },
  };
}
