// Database access for API credentials: rows in, Credential records out.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ApiCredentialsTable } from '../store/schema.ts';
import type { Credential } from './credential-types.ts';
import { parseIpRule, type IpRule } from '../../../shared/ip-rules.ts';
import { isScope } from './scopes.ts';

type Db = Kysely<Database> | Transaction<Database>;

const rules = (json: string): IpRule[] =>
  (JSON.parse(json) as string[]).map(parseIpRule).filter((r): r is IpRule => r !== null);

export function fromRow(r: Selectable<ApiCredentialsTable>): Credential {
  return {
    id: r.id,
    name: r.name,
    scopes: (JSON.parse(r.scopes) as string[]).filter(isScope),
    clientId: r.client_id,
    secretHash: r.secret_hash,
    generation: r.secret_generation,
    status: r.status,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    lastUsedAt: r.last_used_at,
    ipAllowlist: rules(r.ip_allowlist),
    ipDenylist: rules(r.ip_denylist),
    createdBy: r.created_by,
  };
}

export function toRow(c: Credential): ApiCredentialsTable {
  return {
    id: c.id,
    name: c.name,
    scopes: JSON.stringify(c.scopes),
    client_id: c.clientId,
    secret_hash: c.secretHash,
    secret_generation: c.generation,
    status: c.status,
    created_at: c.createdAt,
    expires_at: c.expiresAt,
    revoked_at: c.revokedAt,
    last_used_at: c.lastUsedAt,
    ip_allowlist: JSON.stringify(c.ipAllowlist.map((r) => r.text)),
    ip_denylist: JSON.stringify(c.ipDenylist.map((r) => r.text)),
    created_by: c.createdBy,
  };
}

export async function insertCredential(db: Db, c: Credential): Promise<void> {
  await db.insertInto('api_credentials').values(toRow(c)).execute();
}

export async function findCredential(db: Db, id: string): Promise<Credential | undefined> {
  const row = await db.selectFrom('api_credentials').selectAll().where('id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

export async function listCredentials(db: Db): Promise<Credential[]> {
  const rows = await db
    .selectFrom('api_credentials')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

export async function updateSecret(
  db: Db,
  id: string,
  secretHash: string,
  generation: number,
): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ secret_hash: secretHash, secret_generation: generation })
    .where('id', '=', id)
    .execute();
}

export async function markRevoked(db: Db, id: string, at: number): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ status: 'revoked', revoked_at: at })
    .where('id', '=', id)
    .execute();
}

/** Moves last_used_at forward only: replicas flush independently and must not move it back. */
export async function recordLastUsed(db: Db, id: string, at: number): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}
