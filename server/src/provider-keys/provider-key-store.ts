// Database access for provider keys: rows in, ProviderKey records out. The secret is sealed with a key
// derived from the master key, bound to the provider key's id (a sealed secret copied onto another row
// does not open).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ProviderKeysTable } from '../store/schema.ts';
import { createSealedBox } from '../crypto/sealed-box.ts';
import { makeProviderKey, type ProviderKey } from './provider-key-types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SecretSealer {
  seal(id: string, secret: string): string;
  open(id: string, sealed: string): string;
}

export function createSecretSealer(key: Buffer): SecretSealer {
  const box = (id: string) => createSealedBox(key, `provider-key:${id}`);
  return {
    seal: (id, secret) => box(id).seal(Buffer.from(secret, 'utf8')).toString('base64'),
    open(id, sealed) {
      const opened = box(id).open(Buffer.from(sealed, 'base64'));
      if (!opened) throw new Error(`provider key ${id} does not open with this master key`);
      return opened.toString('utf8');
    },
  };
}

/** `options.api_version` of a stored key, or null (a row is written by toRow, so it is an object). */
function apiVersionOf(options: string): string | null {
  const v = (JSON.parse(options) as { api_version?: unknown }).api_version;
  return typeof v === 'string' ? v : null;
}

export function fromRow(r: Selectable<ProviderKeysTable>, sealer: SecretSealer): ProviderKey {
  return makeProviderKey({
    id: r.id,
    name: r.name,
    provider: r.provider,
    secret: sealer.open(r.id, r.secret_sealed),
    secretLast4: r.secret_last4,
    baseUrl: r.base_url,
    // The family's options (families.ts): Azure's api_version is the only one so far.
    azureApiVersion: apiVersionOf(r.options),
    enabledModels: JSON.parse(r.enabled_models) as string[],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    rotatedAt: r.rotated_at,
    createdBy: r.created_by,
  });
}

export function toRow(k: ProviderKey, sealer: SecretSealer): ProviderKeysTable {
  return {
    id: k.id,
    name: k.name,
    provider: k.provider,
    secret_sealed: sealer.seal(k.id, k.secret),
    secret_last4: k.secretLast4,
    base_url: k.baseUrl,
    options: JSON.stringify(k.azureApiVersion === null ? {} : { api_version: k.azureApiVersion }),
    enabled_models: JSON.stringify(k.enabledModels),
    created_at: k.createdAt,
    updated_at: k.updatedAt,
    rotated_at: k.rotatedAt,
    created_by: k.createdBy,
  };
}

export async function listProviderKeyRows(db: Db) {
  return db.selectFrom('provider_keys').selectAll().orderBy('name').execute();
}

export async function findProviderKeyRow(db: Db, id: string) {
  return db.selectFrom('provider_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('provider_keys').select('id').where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertProviderKey(db: Db, row: ProviderKeysTable) {
  await db.insertInto('provider_keys').values(row).execute();
}

export async function replaceProviderKey(db: Db, row: ProviderKeysTable) {
  const { id, ...rest } = row;
  await db.updateTable('provider_keys').set(rest).where('id', '=', id).execute();
}

export async function deleteProviderKey(db: Db, id: string) {
  await db.deleteFrom('provider_keys').where('id', '=', id).execute();
}
