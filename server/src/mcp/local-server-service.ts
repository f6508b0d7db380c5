// Local MCP servers: the stdio servers a developer's tools run, as the endpoint client's shim reports
// them (POST /mcp/observations, /mcp/decide). One per owner (the device, or the credential that called)
// and identity (name, command, SHA-256 of its arguments), held in memory so that a decision never waits
// on the database; new servers and what changes are written in batches (a new server's first
// observation waits for its row, so that its tools' pins and first inventory always have one).
//
// A server's id is derived from its owner and identity: every replica that sees it first names it
// alike, with no coordination, and its tools' pins (mcp_local_tools, mcp/tool-governor.ts with
// LOCAL_PINS) are shared through their table and the `mcp_local_tool` notification.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { McpLocalServersTable } from '../store/schema.ts';
import { createBatchWriter } from '../store/batch-writer.ts';
import type { Caller } from '../gateway/caller-auth.ts';
import type { McpRoute } from './mcp-contract.ts';
import { listLocalServerRows, upsertLocalServer, type LocalServerRow } from './local-server-store.ts';

/** A local server as the shim names it (docs/decisions/mcp-shim-protocol.md). */
export interface LocalServerIdentity {
  name: string;
  command: string;
  args_sha256: string;
}

/** What the shim reports after `initialize`. */
export interface LocalServerReport {
  server_info?: object;
  protocol_version?: string;
}

export interface LocalServer {
  id: string;
  owner: string;
  developerId: string | null;
  deviceId: string | null;
  credentialId: string | null;
  name: string;
  command: string;
  argsSha256: string;
  serverInfo: string | null;
  protocolVersion: string | null;
  firstSeen: number;
  lastSeen: number;
  /** The identity the tool governor and its findings know it by: its name as alias, its command. */
  route: McpRoute;
  /** Whether its row is known to be in the store (loaded, or committed by this replica). */
  stored: boolean;
  /** When last_seen was last sent to the store (once a minute at most). */
  seenWritten: number;
}

export interface LocalServerService {
  load(): Promise<void>;
  /**
   * The caller's server of this identity, made in memory on first sight (written in the background).
   * Never waits.
   */
  resolve(caller: Caller, identity: LocalServerIdentity): LocalServer;
  /**
   * As resolve, noting what the shim reported; a promise only for a server whose row is not stored yet
   * (its first observation), which resolves once it is.
   */
  observe(
    caller: Caller,
    identity: LocalServerIdentity,
    report: LocalServerReport,
  ): LocalServer | Promise<LocalServer>;
  /** The servers in memory of one developer (the console, and tests). */
  ofDeveloper(developerId: string): LocalServer[];
  drain(): Promise<void>;
}

const SEEN_EVERY_MS = 60_000;

/** Whose machine runs the server: the device of a device token, or the credential of an access token. */
export function ownerOf(
  caller: Caller,
): Pick<LocalServer, 'owner' | 'developerId' | 'deviceId' | 'credentialId'> {
  if (caller.type === 'credential')
    return {
      owner: `credential:${caller.credential.id}`,
      developerId: null,
      deviceId: null,
      credentialId: caller.credential.id,
    };
  const deviceId = caller.device?.id ?? null;
  return {
    owner: deviceId ? `device:${deviceId}` : `developer:${caller.developer.id}`,
    developerId: caller.developer.id,
    deviceId,
    credentialId: null,
  };
}

export function localServerId(owner: string, identity: LocalServerIdentity): string {
  const h = createHash('sha256')
    .update([owner, identity.name, identity.command, identity.args_sha256].join('\0'))
    .digest('hex');
  return `mls_${h.slice(0, 32)}`;
}

const routeOf = (id: string, name: string, command: string): McpRoute => ({
  id,
  alias: name,
  url: '',
  headers: {},
  enabled: true,
  command,
});

function fromRow(r: LocalServerRow): LocalServer {
  return {
    id: r.id,
    owner: r.owner,
    developerId: r.developer_id,
    deviceId: r.device_id,
    credentialId: r.credential_id,
    name: r.name,
    command: r.command,
    argsSha256: r.args_sha256,
    serverInfo: r.server_info,
    protocolVersion: r.protocol_version,
    firstSeen: r.first_seen,
    lastSeen: r.last_seen,
    route: routeOf(r.id, r.name, r.command),
    stored: true,
    seenWritten: r.last_seen,
  };
}

const rowOf = (s: LocalServer): McpLocalServersTable => ({
  id: s.id,
  owner: s.owner,
  developer_id: s.developerId,
  device_id: s.deviceId,
  credential_id: s.credentialId,
  name: s.name,
  command: s.command,
  args_sha256: s.argsSha256,
  server_info: s.serverInfo,
  protocol_version: s.protocolVersion,
  inventoried_at: null,
  first_seen: s.firstSeen,
  last_seen: s.lastSeen,
});

export function createLocalServerService(deps: { store: Store; log: Logger }): LocalServerService {
  const servers = new Map<string, LocalServer>();
  const writer = createBatchWriter<McpLocalServersTable>({
    name: 'mcp local servers',
    log: deps.log,
    maxDelayMs: 250,
    maxPending: 100_000,
    async write(rows) {
      // One row per server per batch: the last of its writes holds everything the earlier ones did.
      const last = new Map(rows.map((r) => [r.id, r]));
      await deps.store.db.transaction().execute(async (trx) => {
        for (const row of last.values()) await upsertLocalServer(trx, row);
      });
    },
  });

  function resolve(caller: Caller, identity: LocalServerIdentity): LocalServer {
    const owner = ownerOf(caller);
    const id = localServerId(owner.owner, identity);
    const known = servers.get(id);
    const now = Date.now();
    if (known) {
      known.lastSeen = now;
      if (now - known.seenWritten >= SEEN_EVERY_MS) {
        known.seenWritten = now;
        writer.push(rowOf(known));
      }
      return known;
    }
    const server: LocalServer = {
      id,
      ...owner,
      name: identity.name,
      command: identity.command,
      argsSha256: identity.args_sha256,
      serverInfo: null,
      protocolVersion: null,
      firstSeen: now,
      lastSeen: now,
      route: routeOf(id, identity.name, identity.command),
      stored: false,
      seenWritten: now,
    };
    servers.set(id, server);
    writer.push(rowOf(server));
    return server;
  }

  return {
    async load() {
      servers.clear();
      for (const r of await listLocalServerRows(deps.store.db)) servers.set(r.id, fromRow(r));
    },
    resolve,
    observe(caller, identity, report) {
      const server = resolve(caller, identity);
      let changed = false;
      if (report.server_info !== undefined) {
        const info = JSON.stringify(report.server_info);
        if (info !== server.serverInfo) {
          server.serverInfo = info;
          changed = true;
        }
      }
      if (report.protocol_version !== undefined && report.protocol_version !== server.protocolVersion) {
        server.protocolVersion = report.protocol_version;
        changed = true;
      }
      if (server.stored) {
        if (changed) writer.push(rowOf(server));
        return server;
      }
      return writer.commit(rowOf(server)).then(
        () => {
          server.stored = true;
          return server;
        },
        (err: unknown) => {
          // Its pins are kept in memory and written anyway (their table has no foreign key); the row is
          // written with the next observation.
          deps.log.error({ err }, 'a local MCP server could not be recorded');
          return server;
        },
      );
    },
    ofDeveloper: (developerId) => [...servers.values()].filter((s) => s.developerId === developerId),
    drain: () => writer.drain(),
  };
}
