// Database access for SIEM destinations and their cursors. Token and secret are sealed with a key
// derived from the master key and bound to the destination's id and the field (a sealed value copied
// onto another row or field does not open), as provider keys' secrets are.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, SiemDestinationsTable } from '../store/schema.ts';
import { createSealedBox } from '../crypto/sealed-box.ts';
import { SIEM_STREAMS, type SiemStream } from './siem-contract.ts';
import type { SiemDestination } from './siem-destination-types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DestinationSealer {
  seal(id: string, field: 'token' | 'secret', value: string): string;
  open(id: string, field: 'token' | 'secret', sealed: string): string;
}

export function createDestinationSealer(key: Buffer): DestinationSealer {
  const box = (id: string, field: string) => createSealedBox(key, `siem-destination:${id}:${field}`);
  return {
    seal: (id, field, value) => box(id, field).seal(Buffer.from(value, 'utf8')).toString('base64'),
    open(id, field, sealed) {
      const opened = box(id, field).open(Buffer.from(sealed, 'base64'));
      if (!opened) throw new Error(`SIEM destination ${id}'s ${field} does not open with this master key`);
      return opened.toString('utf8');
    },
  };
}

export function fromRow(r: Selectable<SiemDestinationsTable>, sealer: DestinationSealer): SiemDestination {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    url: r.url,
    format: r.format,
    streams: JSON.parse(r.streams) as SiemStream[],
    enabled: Number(r.enabled) === 1,
    token: r.token_sealed === null ? null : sealer.open(r.id, 'token', r.token_sealed),
    tokenLast4: r.token_last4,
    secret: r.secret_sealed === null ? null : sealer.open(r.id, 'secret', r.secret_sealed),
    secretLast4: r.secret_last4,
    tlsCa: r.tls_ca,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    lastSuccessAt: r.last_success_at === null ? null : Number(r.last_success_at),
    lastError: r.last_error,
    lastErrorAt: r.last_error_at === null ? null : Number(r.last_error_at),
  };
}

export function listDestinationRows(db: Db) {
  return db.selectFrom('siem_destinations').selectAll().orderBy('name').execute();
}

export function findDestinationRow(db: Db, id: string) {
  return db.selectFrom('siem_destinations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The table of each stream's log. */
export const STREAM_TABLES = {
  audit: 'audit_events',
  activity: 'activity',
  findings: 'risk_findings',
} as const satisfies Record<SiemStream, keyof Database>;

/** The last seq of each log now: where a new destination's cursors start. */
export async function logHeads(db: Db): Promise<Record<SiemStream, number>> {
  const heads = {} as Record<SiemStream, number>;
  for (const stream of SIEM_STREAMS) {
    const row = await db
      .selectFrom(STREAM_TABLES[stream])
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    heads[stream] = row?.seq === null || row?.seq === undefined ? 0 : Number(row.seq);
  }
  return heads;
}

/** The destination's cursor per stream (every stream has one, from its creation). */
export async function readCursors(db: Db, id: string): Promise<Record<SiemStream, number>> {
  const rows = await db
    .selectFrom('siem_cursors')
    .select(['stream', 'seq'])
    .where('destination_id', '=', id)
    .execute();
  const out = { audit: 0, activity: 0, findings: 0 } as Record<SiemStream, number>;
  for (const r of rows) out[r.stream] = Number(r.seq);
  return out;
}
