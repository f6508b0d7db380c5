// SIEM destinations: created, changed and deleted by an admin (each an audit event in the change's
// transaction; never a token or secret in it), read with each stream's lag, and tested with one
// synthetic event through the real transport. A new destination's cursors start at each log's head:
// it receives what is recorded from its creation on (the pull API serves what came before), starting
// with its own siem_destination.created event.
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/database.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type AuditEvent, type RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../crypto/tokens.ts';
import { timeoutSignal } from '../http/timeout-signal.ts';
import { DeliveryError, SIEM_STREAMS, type ExportRecord, type SiemStream } from './siem-contract.ts';
import { formatterFor, transportFor } from './destination-wiring.ts';
import { lastFour, type SiemDestination } from './siem-destination-types.ts';
import {
  createDestinationSealer,
  findDestinationRow,
  fromRow,
  listDestinationRows,
  logHeads,
  readCursors,
} from './siem-destination-store.ts';
import { checkDestination, type DestinationInput, type DestinationPatch } from './siem-destination-input.ts';
import { countAfter } from './siem-reader.ts';

export interface DestinationStatus {
  destination: SiemDestination;
  /** Records not yet acknowledged, per stream the destination exports. */
  lag: Partial<Record<SiemStream, number>>;
}

export interface TestResult {
  delivered: boolean;
  /** What the receiver said (or why it could not be reached). */
  answer: string;
  retryable: boolean | null;
}

export interface SiemDestinationService {
  list(): Promise<DestinationStatus[]>;
  get(id: string): Promise<DestinationStatus>;
  create(input: DestinationInput, origin: RequestOrigin): Promise<DestinationStatus>;
  update(id: string, patch: DestinationPatch, origin: RequestOrigin): Promise<DestinationStatus>;
  remove(id: string, origin: RequestOrigin): Promise<void>;
  test(id: string, origin: RequestOrigin): Promise<TestResult>;
}

const TEST_DEADLINE_MS = 15_000;
const target = (d: { id: string; name: string }) => ({ type: 'siem_destination', id: d.id, name: d.name });

/** What the audit log keeps of a destination: never the token or the secret. */
const described = (d: SiemDestination) => ({
  name: d.name,
  type: d.type,
  url: d.url,
  format: d.format,
  streams: d.streams,
  enabled: d.enabled,
  token_set: d.token !== null,
  secret_set: d.secret !== null,
  tls_ca_set: d.tlsCa !== null,
});

export function createSiemDestinationService(deps: {
  store: Store;
  audit: AuditLog;
  sealingKey: Buffer;
}): SiemDestinationService {
  const { store, audit } = deps;
  const sealer = createDestinationSealer(deps.sealingKey);

  const notFound = (id: string) =>
    new ApiError(
      'not_found',
      `There is no SIEM destination ${id.slice(0, 64)}; list them with GET /api/v1/siem/destinations.`,
    );

  async function load(id: string): Promise<SiemDestination> {
    const row = await findDestinationRow(store.db, id);
    if (!row) throw notFound(id);
    return fromRow(row, sealer);
  }

  async function status(d: SiemDestination): Promise<DestinationStatus> {
    const cursors = await readCursors(store.db, d.id);
    const lag: Partial<Record<SiemStream, number>> = {};
    for (const s of d.streams) lag[s] = await countAfter(store.db, s, cursors[s]);
    return { destination: d, lag };
  }

  async function nameTaken(name: string, except?: string) {
    const row = await store.db
      .selectFrom('siem_destinations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    return row !== undefined && row.id !== except;
  }
  const nameConflict = (name: string) =>
    new ApiError(
      'conflict',
      `A SIEM destination is already named "${name}"; choose another name.`,
      {},
      'body.name',
    );

  function toRow(d: SiemDestination) {
    return {
      id: d.id,
      name: d.name,
      type: d.type,
      url: d.url,
      format: d.format,
      streams: JSON.stringify(d.streams),
      enabled: d.enabled ? 1 : 0,
      token_sealed: d.token === null ? null : sealer.seal(d.id, 'token', d.token),
      token_last4: d.token === null ? null : lastFour(d.token),
      secret_sealed: d.secret === null ? null : sealer.seal(d.id, 'secret', d.secret),
      secret_last4: d.secret === null ? null : lastFour(d.secret),
      tls_ca: d.tlsCa,
      created_at: d.createdAt,
      updated_at: d.updatedAt,
    };
  }

  return {
    async list() {
      const rows = await listDestinationRows(store.db);
      return Promise.all(rows.map((r) => status(fromRow(r, sealer))));
    },
    get: async (id) => status(await load(id)),

    async create(input, origin) {
      const checked = checkDestination(input);
      formatterFor(checked.format);
      transportFor(checked.type);
      if (await nameTaken(checked.name)) throw nameConflict(checked.name);
      const now = Date.now();
      const d: SiemDestination = {
        id: newId('siem'),
        ...checked,
        tokenLast4: null,
        secretLast4: null,
        createdAt: now,
        updatedAt: now,
        lastSuccessAt: null,
        lastError: null,
        lastErrorAt: null,
      };
      await store.db.transaction().execute(async (trx) => {
        await trx.insertInto('siem_destinations').values(toRow(d)).execute();
        // Before the audit event: the destination's first record is its own creation.
        const heads = await logHeads(trx);
        await trx
          .insertInto('siem_cursors')
          .values(SIEM_STREAMS.map((stream) => ({ destination_id: d.id, stream, seq: heads[stream] })))
          .execute();
        await audit.inTransaction(
          trx,
          changeEvent('siem_destination.created', target(d), origin, described(d)),
        );
      });
      return status(await load(d.id));
    },

    async update(id, patch, origin) {
      const before = await load(id);
      const checked = checkDestination(
        {
          name: patch.name ?? before.name,
          type: patch.type ?? before.type,
          url: patch.url ?? before.url,
          format: patch.format ?? before.format,
          streams: patch.streams ?? before.streams,
          enabled: patch.enabled ?? before.enabled,
          // Kept unless given: the masked form the console shows is never sent back as the value.
          token: patch.token === undefined ? before.token : patch.token,
          secret: patch.secret === undefined ? before.secret : patch.secret,
          tls_ca: patch.tls_ca === undefined ? before.tlsCa : patch.tls_ca,
        },
        patch,
      );
      formatterFor(checked.format);
      transportFor(checked.type);
      if (checked.name !== before.name && (await nameTaken(checked.name, id)))
        throw nameConflict(checked.name);
      const after: SiemDestination = { ...before, ...checked, updatedAt: Date.now() };
      const changes: Record<string, unknown> = {};
      const was = described(before);
      const now = described(after);
      for (const k of Object.keys(now) as (keyof typeof now)[])
        if (JSON.stringify(was[k]) !== JSON.stringify(now[k])) changes[k] = { from: was[k], to: now[k] };
      if (patch.token !== undefined && patch.token !== before.token) changes.token_changed = true;
      if (patch.secret !== undefined && patch.secret !== before.secret) changes.secret_changed = true;
      if (Object.keys(changes).length === 0) return status(before);
      await store.db.transaction().execute(async (trx) => {
        const row = toRow(after);
        await trx
          .updateTable('siem_destinations')
          .set({ ...row, id: undefined, created_at: undefined })
          .where('id', '=', id)
          .execute();
        // A stream taken up again starts at its log's head, as a new destination's do.
        const added = after.streams.filter((s) => !before.streams.includes(s));
        if (added.length > 0) {
          const heads = await logHeads(trx);
          for (const stream of added)
            await trx
              .updateTable('siem_cursors')
              .set({ seq: heads[stream] })
              .where('destination_id', '=', id)
              .where('stream', '=', stream)
              .execute();
        }
        await audit.inTransaction(
          trx,
          changeEvent('siem_destination.updated', target(after), origin, changes),
        );
      });
      return status(await load(id));
    },

    async remove(id, origin) {
      const d = await load(id);
      await store.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('siem_cursors').where('destination_id', '=', id).execute();
        await trx.deleteFrom('siem_destinations').where('id', '=', id).execute();
        await audit.inTransaction(
          trx,
          changeEvent('siem_destination.deleted', target(d), origin, described(d)),
        );
      });
    },

    async test(id, origin) {
      const d = await load(id);
      const now = new Date();
      const event: AuditEvent = {
        id: `siem_test_${randomUUID()}`,
        time: now.toISOString(),
        action: 'siem_destination.test',
        actor: origin.actor,
        target: target(d),
        ip: origin.ip,
        user_agent: origin.userAgent,
        outcome: 'success',
        request_id: origin.requestId,
        details: {
          test: true,
          note: 'A test event sent from the Gatehouse console (POST /api/v1/siem/destinations/{id}/test); not a real audit event.',
        },
      };
      const record: ExportRecord = { stream: 'audit', id: event.id, seq: 0, time: event.time, doc: event };
      const transport = transportFor(d.type)(d);
      const deadline = timeoutSignal(new AbortController().signal, TEST_DEADLINE_MS);
      let result: TestResult;
      try {
        const said: unknown = await transport.send(
          [record],
          [formatterFor(d.format)(record)],
          deadline.signal,
        );
        result = { delivered: true, answer: typeof said === 'string' ? said : 'Delivered.', retryable: null };
      } catch (err) {
        const retryable = err instanceof DeliveryError ? err.retryable : null;
        result = { delivered: false, answer: (err as Error).message, retryable };
      } finally {
        deadline.clear();
        await transport.close();
      }
      audit.record({
        action: 'siem_destination.tested',
        actor: origin.actor,
        target: target(d),
        ip: origin.ip,
        userAgent: origin.userAgent,
        requestId: origin.requestId,
        outcome: result.delivered ? 'success' : 'failure',
        details: { answer: result.answer },
      });
      return result;
    },
  };
}
