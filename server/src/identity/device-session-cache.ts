// The Gateway's memory of developer sessions, their devices and their developers, so that checking a
// device token never waits on the database: loaded at start (the live sessions), kept true by the
// `developer` and `device` change topics (in this process before the API call that made the change
// returns; on other replicas through LISTEN/NOTIFY), and reloaded whole after the listener reconnects.
// A session issued a moment ago on another replica is read from the database once, then remembered,
// refused or not. Uses are noted in memory and written in batches (last_seen_at, last_used_at), as
// credentials' are (docs/decisions/device-sign-in.md).
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { DeviceTokenCodec } from './device-token.ts';

const LAST_SEEN_FLUSH_MS = 10_000;
/** Sessions the database did not know (a token of another store sealed with the same key), remembered. */
const UNKNOWN_LIMIT = 10_000;

type DeveloperRow = Pick<Database['developers'], 'id' | 'email' | 'name' | 'status'>;
type DeviceRow = Pick<Database['devices'], 'id' | 'developer_id' | 'name' | 'status' | 'revoked_reason'>;
type SessionRow = Pick<
  Database['developer_sessions'],
  'id' | 'developer_id' | 'device_id' | 'expires_at' | 'revoked_at'
>;

/** Who a device token speaks for: the activity's actor (the developer) and its device. */
export interface DeviceCaller {
  type: 'device';
  sessionId: string;
  developer: { id: string; email: string; name: string };
  /** Null for a session without a device (a browser sign-in), which no device token names today. */
  device: { id: string; name: string } | null;
}

export type DeviceRefusalCode =
  | 'unknown'
  | 'session_expired'
  | 'session_ended'
  | 'device_revoked'
  | 'developer_offboarded'
  | 'developer_inactive';

export interface DeviceRefusal {
  code: DeviceRefusalCode;
  /** A sentence a person can act on, ending with how to sign the machine in again. */
  message: string;
  /** Who the refused token named, when that is known, so that the refusal is attributed. */
  caller?: DeviceCaller;
}

export type DeviceCheck = { ok: true; caller: DeviceCaller } | { ok: false; refusal: DeviceRefusal };

export interface DeviceSessionCache {
  load(): Promise<void>;
  /** Synchronous when the session is in memory; a promise only for a session never seen before. */
  verify(token: string): DeviceCheck | Promise<DeviceCheck>;
  /** Notes a use; written to the store in the background. */
  touch(caller: DeviceCaller): void;
  /** Writes pending last-seen times (graceful shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const SIGN_IN_AGAIN = 'Run `gatehouse-client login` to sign this machine in again.';

const iso = (ms: number) => new Date(ms).toISOString();

function refuse(code: DeviceRefusalCode, message: string, caller?: DeviceCaller): DeviceCheck {
  return {
    ok: false,
    refusal: { code, message: `${message} ${SIGN_IN_AGAIN}`, ...(caller ? { caller } : {}) },
  };
}

export function createDeviceSessionCache(deps: {
  store: Store;
  changes: ChangeBus;
  tokens: DeviceTokenCodec;
  log: Logger;
}): DeviceSessionCache {
  const { store, changes, tokens, log } = deps;
  const developers = new Map<string, DeveloperRow>();
  const devices = new Map<string, DeviceRow>();
  const sessions = new Map<string, SessionRow>();
  /** Sessions the database has no row for. */
  const unknown = new Set<string>();
  /** Reads of sessions not in memory, one per session however many requests ask at once. */
  const reading = new Map<string, Promise<void>>();
  const lastSeen = new Map<string, number>();
  const lastUsed = new Map<string, number>();

  const db = (): Kysely<Database> => store.db;
  const selectDevelopers = () => db().selectFrom('developers').select(['id', 'email', 'name', 'status']);
  const selectDevices = () =>
    db().selectFrom('devices').select(['id', 'developer_id', 'name', 'status', 'revoked_reason']);
  const selectSessions = () =>
    db()
      .selectFrom('developer_sessions')
      .select(['id', 'developer_id', 'device_id', 'expires_at', 'revoked_at']);

  async function load() {
    const now = Date.now();
    // Device sessions only: a developer's console sessions (no device) never carry a device token.
    const live = <Q extends SelectQueryBuilder<Database, 'developer_sessions', object>>(q: Q): Q =>
      q.where('revoked_at', 'is', null).where('expires_at', '>', now).where('device_id', 'is not', null) as Q;
    const sessionRows = await selectSessions().$call(live).execute();
    // The developers and devices of those sessions, read in the same terms.
    const [devs, dvcs] = await Promise.all([
      selectDevelopers()
        .where('id', 'in', (eb) => eb.selectFrom('developer_sessions').select('developer_id').$call(live))
        .execute(),
      selectDevices()
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('developer_sessions')
            .select((q) => q.fn.coalesce('device_id', q.val('')).as('device_id'))
            .$call(live),
        )
        .execute(),
    ]);
    developers.clear();
    devices.clear();
    sessions.clear();
    unknown.clear();
    for (const d of devs) developers.set(d.id, d);
    for (const d of dvcs) devices.set(d.id, d);
    for (const row of sessionRows) sessions.set(row.id, row);
  }

  /** A developer changed (status, or everything of theirs revoked at once): them and all that hangs off them. */
  async function reloadDeveloper(id: string) {
    const known = [...sessions.values()].filter((s) => s.developer_id === id).map((s) => s.id);
    const now = Date.now();
    const [developer, theirDevices, theirSessions] = await Promise.all([
      selectDevelopers().where('id', '=', id).executeTakeFirst(),
      selectDevices().where('developer_id', '=', id).execute(),
      selectSessions()
        .where('developer_id', '=', id)
        .where((eb) => {
          const live = eb.and([
            eb('revoked_at', 'is', null),
            eb('expires_at', '>', now),
            eb('device_id', 'is not', null),
          ]);
          return known.length ? eb.or([live, eb('id', 'in', known)]) : live;
        })
        .execute(),
    ]);
    if (!developer) return;
    developers.set(id, developer);
    for (const d of theirDevices) devices.set(d.id, d);
    for (const s of theirSessions) sessions.set(s.id, s);
  }

  /** One device (and its sessions) changed; a device signed in a moment ago is new here. */
  async function reloadDevice(id: string) {
    const [device, itsSessions] = await Promise.all([
      selectDevices().where('id', '=', id).executeTakeFirst(),
      selectSessions().where('device_id', '=', id).execute(),
    ]);
    if (!device) return;
    if (!developers.has(device.developer_id)) {
      const developer = await selectDevelopers().where('id', '=', device.developer_id).executeTakeFirst();
      if (developer) developers.set(developer.id, developer);
    }
    devices.set(id, device);
    for (const s of itsSessions) {
      sessions.set(s.id, s);
      unknown.delete(s.id);
    }
  }

  changes.subscribe('developer', reloadDeveloper);
  changes.subscribe('device', reloadDevice);
  changes.onResync(() => load());

  /** A session this process has not heard of: read once. What a change handler put meanwhile wins. */
  function read(id: string): Promise<void> {
    let pending = reading.get(id);
    if (!pending) {
      pending = (async () => {
        const s = await selectSessions().where('id', '=', id).executeTakeFirst();
        if (!s) {
          if (unknown.size >= UNKNOWN_LIMIT) unknown.clear();
          unknown.add(id);
          return;
        }
        const [developer, device] = await Promise.all([
          developers.has(s.developer_id)
            ? undefined
            : selectDevelopers().where('id', '=', s.developer_id).executeTakeFirst(),
          s.device_id === null || devices.has(s.device_id)
            ? undefined
            : selectDevices().where('id', '=', s.device_id).executeTakeFirst(),
        ]);
        if (developer && !developers.has(developer.id)) developers.set(developer.id, developer);
        if (device && !devices.has(device.id)) devices.set(device.id, device);
        if (!sessions.has(s.id)) sessions.set(s.id, s);
      })().finally(() => reading.delete(id));
      reading.set(id, pending);
    }
    return pending;
  }

  const UNKNOWN = refuse(
    'unknown',
    'The Gatehouse Gateway did not recognise this device token.',
  ) as DeviceCheck & { ok: false };

  /** The session's verdict, from memory. */
  function judge(s: SessionRow, tokenExpiresAt: number): DeviceCheck {
    const developer = developers.get(s.developer_id);
    if (!developer) return UNKNOWN;
    const device = s.device_id === null ? undefined : devices.get(s.device_id);
    const caller: DeviceCaller = {
      type: 'device',
      sessionId: s.id,
      developer: { id: developer.id, email: developer.email, name: developer.name ?? developer.email },
      device: device ? { id: device.id, name: device.name } : null,
    };
    if (developer.status === 'offboarded') {
      return refuse(
        'developer_offboarded',
        `The Gatehouse account ${developer.email} was offboarded, so this device cannot use the Gateway.`,
        caller,
      );
    }
    if (s.device_id !== null && !device) return UNKNOWN;
    if (device && device.status !== 'active') {
      const named = `This device ("${device.name}")`;
      const why =
        device.revoked_reason === 'signed_out'
          ? `${named} was signed out.`
          : device.revoked_reason === 'refresh_reused'
            ? `${named} was signed out because its refresh token was used twice (a sign that it was copied).`
            : device.revoked_reason === 'offboarded'
              ? `${named} was revoked when its account was offboarded.`
              : `${named} was revoked by a Gatehouse admin.`;
      return refuse('device_revoked', why, caller);
    }
    // Invited again after offboarding (old devices stay revoked, above), or waiting for approval.
    if (developer.status !== 'active') {
      const state =
        developer.status === 'pending'
          ? 'waits for an admin to approve it'
          : 'has not accepted its invitation';
      return refuse(
        'developer_inactive',
        `The Gatehouse account ${developer.email} ${state}, so this device cannot use the Gateway yet.`,
        caller,
      );
    }
    if (s.revoked_at !== null)
      return refuse('session_ended', `This device's Gatehouse session was signed out.`, caller);
    const now = Date.now();
    if (s.expires_at <= now || tokenExpiresAt <= now) {
      return refuse(
        'session_expired',
        `This device's Gatehouse sign-in expired on ${iso(Math.min(s.expires_at, tokenExpiresAt))}.`,
        caller,
      );
    }
    return { ok: true, caller };
  }

  function verify(token: string): DeviceCheck | Promise<DeviceCheck> {
    const claims = tokens.read(token);
    if (!claims) return UNKNOWN;
    const expiresAt = claims.expiresAt * 1000;
    const s = sessions.get(claims.sessionId);
    if (s) return judge(s, expiresAt);
    if (unknown.has(claims.sessionId)) return UNKNOWN;
    // An expired token needs no read: its session can only have ended by now.
    if (expiresAt <= Date.now())
      return refuse('session_expired', `This device token expired on ${iso(expiresAt)}.`);
    return read(claims.sessionId).then(() => {
      const found = sessions.get(claims.sessionId);
      return found ? judge(found, expiresAt) : UNKNOWN;
    });
  }

  async function flush() {
    if (lastSeen.size === 0 && lastUsed.size === 0) return;
    const seen = [...lastSeen];
    const used = [...lastUsed];
    lastSeen.clear();
    lastUsed.clear();
    try {
      // Conditional, so that replicas flushing out of order never move a time backwards.
      for (const [id, at] of seen)
        await db()
          .updateTable('devices')
          .set({ last_seen_at: at })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', at)]))
          .execute();
      for (const [id, at] of used)
        await db()
          .updateTable('developer_sessions')
          .set({ last_used_at: at })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
          .execute();
    } catch (err) {
      for (const [id, at] of seen) if ((lastSeen.get(id) ?? 0) < at) lastSeen.set(id, at);
      for (const [id, at] of used) if ((lastUsed.get(id) ?? 0) < at) lastUsed.set(id, at);
      throw err;
    }
  }

  /** Sessions past their expiry are over for good (their tokens expired with them): let them go. */
  function prune() {
    const now = Date.now();
    for (const [id, s] of sessions) if (s.expires_at <= now) sessions.delete(id);
  }

  const timer = setInterval(() => {
    prune();
    void flush().catch((err) => log.error({ err }, 'device last-seen flush failed'));
  }, LAST_SEEN_FLUSH_MS);
  timer.unref();

  return {
    load,
    verify,
    touch(caller) {
      const now = Date.now();
      if (caller.device) lastSeen.set(caller.device.id, now);
      lastUsed.set(caller.sessionId, now);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
