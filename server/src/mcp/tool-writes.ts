// The governor's writes, off the request path: what a tools/list showed (a first pin, a changed
// definition, a tool gone) and the calls counted, gathered by the batching writer and written in one
// transaction every quarter second. Counts are added up per tool before they are written, so that 500
// calls a second cost one statement per tool. Each write is conditional (mcp-server-store.ts), so that
// an observation never undoes an admin's approval made meanwhile.
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import { createBatchWriter } from '../store/batch-writer.ts';
import {
  addCounts,
  findServerRow,
  insertToolIfAbsent,
  markBackToPin,
  markChanged,
  markInventoried,
  markRemoved,
  markSeen,
  type NewToolRow,
  type PinTables,
} from './mcp-server-store.ts';

export type ToolWrite =
  | { op: 'insert'; row: NewToolRow }
  | {
      op: 'changed';
      serverId: string;
      name: string;
      against: string | null;
      definition: string;
      sha256: string;
      signals: string;
      at: number;
    }
  | { op: 'back'; serverId: string; name: string; sha256: string; at: number }
  | { op: 'seen'; serverId: string; name: string; at: number }
  | { op: 'removed'; serverId: string; name: string; at: number }
  | { op: 'inventoried'; serverId: string; at: number }
  | { op: 'count'; serverId: string; name: string; calls: number; errors: number };

/** Ops that change what a replica's governor holds: the others are told to read the server again. */
const STATEFUL = new Set<ToolWrite['op']>(['insert', 'changed', 'back', 'removed', 'inventoried']);

export function createToolWriter(deps: {
  store: Store;
  log: Logger;
  /** Routed servers' tables, or local servers'. */
  tables: PinTables;
  /** After a batch commits: the servers whose tools' states it changed. */
  committed: (serverIds: string[]) => Promise<void>;
}) {
  return createBatchWriter<ToolWrite>({
    name: deps.tables.tools === 'mcp_tools' ? 'mcp tools' : 'mcp local tools',
    log: deps.log,
    maxDelayMs: 250,
    maxPending: 100_000,
    async write(batch) {
      const counts = new Map<string, { serverId: string; name: string; calls: number; errors: number }>();
      const seen = new Map<string, { serverId: string; names: Set<string>; at: number }>();
      const changedServers = new Set<string>();
      const { tools, servers, serverRequired } = deps.tables;
      await deps.store.db.transaction().execute(async (trx) => {
        for (const w of batch) {
          if (STATEFUL.has(w.op)) changedServers.add('row' in w ? w.row.server_id : w.serverId);
          switch (w.op) {
            case 'count': {
              const k = `${w.serverId}\0${w.name}`;
              const c = counts.get(k) ?? { serverId: w.serverId, name: w.name, calls: 0, errors: 0 };
              c.calls += w.calls;
              c.errors += w.errors;
              counts.set(k, c);
              break;
            }
            case 'seen': {
              const s = seen.get(w.serverId) ?? { serverId: w.serverId, names: new Set(), at: 0 };
              s.names.add(w.name);
              s.at = Math.max(s.at, w.at);
              seen.set(w.serverId, s);
              break;
            }
            case 'insert':
              // A server deleted meanwhile takes its tools with it: a late first pin is dropped, not
              // retried for ever against the foreign key.
              if (!serverRequired || (await findServerRow(trx, w.row.server_id)))
                await insertToolIfAbsent(trx, w.row, tools);
              break;
            case 'changed':
              await markChanged(trx, w.serverId, w.name, w.against, w, tools);
              break;
            case 'back':
              await markBackToPin(trx, w.serverId, w.name, w.sha256, w.at, tools);
              break;
            case 'removed':
              await markRemoved(trx, w.serverId, w.name, w.at, tools);
              break;
            case 'inventoried':
              await markInventoried(trx, w.serverId, w.at, servers);
              break;
          }
        }
        for (const s of seen.values()) await markSeen(trx, s.serverId, [...s.names], s.at, tools);
        for (const c of counts.values()) await addCounts(trx, c.serverId, c.name, c.calls, c.errors, tools);
      });
      // Written: a failure to notify must not make the batch write again (it would count calls twice).
      if (changedServers.size > 0)
        await deps
          .committed([...changedServers])
          .catch((err: unknown) =>
            deps.log.error({ err }, 'MCP tool changes were written but other replicas were not told'),
          );
    },
  });
}
