// Change notifications that keep every replica's in-memory caches true. In this process a publish
// runs the handlers at once (and waits for them, so the change is in effect before the caller answers);
// other replicas hear it through PostgreSQL LISTEN/NOTIFY. On SQLite there is one process, so the
// in-process part is all there is.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Store } from './database.ts';

// developer: the developer's status changed, or all their devices and sessions were revoked at once
// (offboarding): reload the developer and everything that hangs off them. device: one device (and its
// sessions) changed. mcp_server: a registered MCP server (its id); mcp_tool: the tools of one MCP server
// (the server's id) were pinned, changed, approved or blocked; mcp_local_tool: the same of a local
// server (the endpoint client's, 0012). slopsquat: the observatory's sightings or facts were written
// (its snapshot is rebuilt).
export type ChangeTopic =
  | 'credential'
  | 'admin'
  | 'provider_key'
  | 'setting'
  | 'policy'
  | 'developer'
  | 'device'
  | 'mcp_server'
  | 'mcp_tool'
  | 'mcp_local_tool'
  | 'slopsquat';
type Handler = (id: string) => Promise<void> | void;

export interface ChangeBus {
  publish(topic: ChangeTopic, id: string): Promise<void>;
  subscribe(topic: ChangeTopic, handler: Handler): void;
  /** Called after the listener reconnects: notifications may have been missed, reload everything. */
  onResync(handler: () => Promise<void> | void): void;
  close(): Promise<void>;
}

const CHANNEL = 'gatehouse_changes';

export function createChangeBus(store: Store, log: Logger): ChangeBus {
  const origin = randomUUID();
  const handlers = new Map<ChangeTopic, Handler[]>();
  const resyncs: Array<() => Promise<void> | void> = [];
  let closed = false;
  let client: pg.Client | undefined;
  // Deployments (and test runs) in other schemas of the same database share the channel: each
  // notification names its schema, and only those of this store's are heard.
  let schema: Promise<string> | undefined;
  const storeSchema = () =>
    (schema ??= sql<{ s: string }>`SELECT current_schema() AS s`
      .execute(store.db)
      .then((r) => r.rows[0]?.s ?? 'public')
      .catch((err: unknown) => {
        schema = undefined; // asked again next time
        throw err;
      }));

  async function dispatch(topic: ChangeTopic, id: string): Promise<void> {
    for (const h of handlers.get(topic) ?? []) await h(id);
  }

  async function listen(attempt = 0): Promise<void> {
    if (closed || !store.pgConfig) return;
    const mine = await storeSchema().catch(() => undefined);
    const c = new pg.Client(store.pgConfig);
    c.on('notification', (msg) => {
      try {
        const { o, s, t, i } = JSON.parse(msg.payload ?? '{}') as {
          o: string;
          s?: string;
          t: ChangeTopic;
          i: string;
        };
        if (o !== origin && s === mine)
          void Promise.resolve(dispatch(t, i)).catch((err) => log.error({ err }, 'change handler failed'));
      } catch (err) {
        log.warn({ err }, 'ignored a malformed change notification');
      }
    });
    const reconnect = () => {
      if (closed || client !== c) return;
      client = undefined;
      c.removeAllListeners();
      void c.end().catch(() => {});
      const delay = Math.min(30_000, 250 * 2 ** attempt);
      log.warn({ delay }, 'change listener lost its connection; reconnecting');
      setTimeout(() => void listen(attempt + 1), delay).unref();
    };
    c.on('error', reconnect);
    c.on('end', reconnect);
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
      if (attempt > 0) for (const r of resyncs) await r();
    } catch (err) {
      log.warn({ err }, 'change listener could not connect');
      client = c;
      reconnect();
    }
  }

  const ready = store.dialect === 'postgres' ? listen() : Promise.resolve();

  return {
    async publish(topic, id) {
      await dispatch(topic, id);
      if (store.dialect === 'postgres') {
        const payload = JSON.stringify({ o: origin, s: await storeSchema(), t: topic, i: id });
        await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(store.db);
      }
    },
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    onResync(handler) {
      resyncs.push(handler);
    },
    async close() {
      await ready;
      closed = true;
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
