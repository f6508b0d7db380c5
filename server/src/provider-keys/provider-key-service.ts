// Provider keys: their lifecycle (create, update, rotate, delete), each change an audit event written
// in the same transaction, and the opened keys held in memory for the Gateway's hot path, kept true by
// change notifications (in this process before the call returns; in other replicas as soon as
// PostgreSQL delivers the notification). A rotation is therefore in effect from the next request on.
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import { newId, safeEqual } from '../crypto/tokens.ts';
import {
  makeProviderKey,
  providerKeyView,
  type ProviderFamily,
  type ProviderKey,
} from './provider-key-types.ts';
import {
  createSecretSealer,
  deleteProviderKey,
  findProviderKeyRow,
  fromRow,
  insertProviderKey,
  listProviderKeyRows,
  nameTaken,
  replaceProviderKey,
  toRow,
} from './provider-key-store.ts';
import type { ActionOf } from '../audit/audit-actions.ts';

export interface ProviderKeyInput {
  name: string;
  provider: ProviderFamily;
  secret: string;
  baseUrl: string | null;
  azureApiVersion: string | null;
  enabledModels: string[];
}

/** `secret` goes with a new base URL only: whoever moves a key must hold its secret already. */
export type ProviderKeyPatch = Partial<
  Pick<ProviderKeyInput, 'name' | 'baseUrl' | 'azureApiVersion' | 'enabledModels' | 'secret'>
>;

export interface ProviderKeyService {
  load(): Promise<void>;
  list(): ProviderKey[];
  get(id: string): ProviderKey;
  /** The keys of one family, for routing. The array is replaced, never changed, on every change. */
  ofFamily(family: ProviderFamily): readonly ProviderKey[];
  /** Bumped on every change, so that derived caches (routing) know to start over. */
  readonly version: number;
  create(input: ProviderKeyInput, origin: RequestOrigin): Promise<ProviderKey>;
  update(id: string, patch: ProviderKeyPatch, origin: RequestOrigin): Promise<ProviderKey>;
  rotate(id: string, secret: string, origin: RequestOrigin): Promise<ProviderKey>;
  remove(id: string, origin: RequestOrigin): Promise<void>;
}

/** A base URL an admin gives: http(s), no credentials, query or fragment; kept without a trailing slash. */
export function normaliseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError(
      'invalid_request',
      `base_url "${value.slice(0, 100)}" is not a URL such as https://api.example.com/v1.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ApiError(
      'invalid_request',
      'base_url must start with https:// (or http:// for a local endpoint).',
    );
  if (url.username || url.password)
    throw new ApiError(
      'invalid_request',
      'base_url must not carry a user name or password; put the secret in "secret".',
    );
  if (url.search || url.hash)
    throw new ApiError('invalid_request', 'base_url must not carry a query string or fragment.');
  return url.toString().replace(/\/+$/, '');
}

const last4 = (secret: string) => secret.slice(-4);

export function createProviderKeyService(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  sealingKey: Buffer;
  log: Logger;
}): ProviderKeyService {
  const { store, changes, audit, log } = deps;
  const sealer = createSecretSealer(deps.sealingKey);
  const byId = new Map<string, ProviderKey>();
  let families = new Map<ProviderFamily, readonly ProviderKey[]>();
  let version = 0;

  function reindex() {
    const next = new Map<ProviderFamily, ProviderKey[]>();
    for (const k of byId.values()) next.set(k.provider, [...(next.get(k.provider) ?? []), k]);
    families = next;
    version++;
  }

  async function reload(id: string) {
    const row = await findProviderKeyRow(store.db, id);
    if (row) byId.set(id, fromRow(row, sealer));
    else byId.delete(id);
    reindex();
  }

  async function load() {
    const rows = await listProviderKeyRows(store.db);
    byId.clear();
    for (const row of rows) {
      try {
        byId.set(row.id, fromRow(row, sealer));
      } catch (err) {
        // One unreadable key must not stop the Gateway: it is left out and named in the log.
        log.error({ err, providerKey: row.id }, 'a provider key could not be opened; it is not used');
      }
    }
    reindex();
  }

  changes.subscribe('provider_key', (id) => reload(id));
  changes.onResync(() => load());

  function mustGet(id: string): ProviderKey {
    const k = byId.get(id);
    if (!k) throw new ApiError('not_found', `No provider key has the id "${id.slice(0, 64)}".`);
    return k;
  }

  const nameConflict = (name: string) =>
    new ApiError('conflict', `A provider key named "${name}" exists already; choose another name.`);

  async function checkName(name: string, exceptId?: string) {
    if (await nameTaken(store.db, name, exceptId)) throw nameConflict(name);
  }

  /** Two creates (or renames) to one name at once both pass checkName; the unique index refuses one. */
  const nameRaced = (name: string) => (err: unknown) => {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw nameConflict(name);
    throw err;
  };

  function checkAzure(provider: ProviderFamily, baseUrl: string | null) {
    if (provider === 'azure' && !baseUrl)
      throw new ApiError(
        'invalid_request',
        'An Azure OpenAI key needs base_url: the resource endpoint, such as https://my-resource.openai.azure.com.',
      );
  }

  const event = (
    action: ActionOf<'provider_key'>,
    k: ProviderKey,
    origin: RequestOrigin,
    details: Record<string, unknown>,
  ) => changeEvent(action, { type: 'provider_key', id: k.id, name: k.name }, origin, details);

  const described = (k: ProviderKey) => {
    const v = providerKeyView(k);
    return {
      provider: v.provider,
      base_url: v.base_url,
      azure_api_version: v.azure_api_version,
      enabled_models: v.enabled_models,
      secret_last4: v.secret_last4,
    };
  };

  return {
    load,
    list: () => [...byId.values()].sort((a, b) => a.name.localeCompare(b.name)),
    get: mustGet,
    ofFamily: (family) => families.get(family) ?? [],
    get version() {
      return version;
    },
    async create(input, origin) {
      const baseUrl = input.baseUrl === null ? null : normaliseBaseUrl(input.baseUrl);
      checkAzure(input.provider, baseUrl);
      await checkName(input.name);
      const now = Date.now();
      const key = makeProviderKey({
        id: newId('pk'),
        name: input.name,
        provider: input.provider,
        secret: input.secret,
        secretLast4: last4(input.secret),
        baseUrl,
        azureApiVersion: input.azureApiVersion,
        enabledModels: [...new Set(input.enabledModels)],
        createdAt: now,
        updatedAt: now,
        rotatedAt: null,
        createdBy: origin.actor.type === 'admin' ? origin.actor.id : null,
      });
      await store.db
        .transaction()
        .execute(async (trx) => {
          await insertProviderKey(trx, toRow(key, sealer));
          await audit.inTransaction(trx, event('provider_key.created', key, origin, described(key)));
        })
        .catch(nameRaced(key.name));
      await changes.publish('provider_key', key.id);
      return mustGet(key.id);
    },
    async update(id, patch, origin) {
      const old = mustGet(id);
      const baseUrl =
        patch.baseUrl === undefined
          ? old.baseUrl
          : patch.baseUrl === null
            ? null
            : normaliseBaseUrl(patch.baseUrl);
      checkAzure(old.provider, baseUrl);
      // The secret is sent wherever base_url points: moving it without giving the secret again would let
      // anyone with policy:write read a write-only key back at an address of their choosing.
      const moved = baseUrl !== old.baseUrl;
      if (moved && patch.secret === undefined)
        throw new ApiError(
          'secret_required',
          'Changing base_url needs the secret in the same request: give "secret" (the current one or a new one) beside "base_url".',
        );
      if (patch.baseUrl === undefined && patch.secret !== undefined)
        throw new ApiError(
          'invalid_request',
          '"secret" goes with "base_url" only; to replace the secret alone, rotate it (POST /api/v1/provider-keys/{id}/rotate).',
        );
      if (patch.name !== undefined && patch.name !== old.name) await checkName(patch.name, id);
      const now = Date.now();
      const newSecret = patch.secret !== undefined && !safeEqual(patch.secret, old.secret);
      const key = makeProviderKey({
        ...old,
        name: patch.name ?? old.name,
        baseUrl,
        azureApiVersion: patch.azureApiVersion === undefined ? old.azureApiVersion : patch.azureApiVersion,
        enabledModels: patch.enabledModels ? [...new Set(patch.enabledModels)] : old.enabledModels,
        updatedAt: now,
        ...(newSecret ? { secret: patch.secret!, secretLast4: last4(patch.secret!), rotatedAt: now } : {}),
      });
      const before = described(old);
      const after = described(key);
      // The move (and a secret given with it) is an event of its own; the rest is provider_key.updated.
      const changed = Object.fromEntries(
        Object.entries(after).filter(
          ([f, v]) =>
            !(moved && (f === 'base_url' || f === 'secret_last4')) &&
            JSON.stringify(v) !== JSON.stringify(before[f as keyof typeof before]),
        ),
      );
      if (key.name !== old.name) Object.assign(changed, { name: key.name, previous_name: old.name });
      if (newSecret && !moved) Object.assign(changed, { previous_last4: old.secretLast4 });
      await store.db
        .transaction()
        .execute(async (trx) => {
          await replaceProviderKey(trx, toRow(key, sealer));
          if (moved)
            await audit.inTransaction(
              trx,
              event('provider_key.base_url_changed', key, origin, {
                previous_base_url: old.baseUrl,
                base_url: key.baseUrl,
                previous_effective_base_url: providerKeyView(old).effective_base_url,
                effective_base_url: providerKeyView(key).effective_base_url,
                secret_replaced: newSecret,
                previous_last4: old.secretLast4,
                secret_last4: key.secretLast4,
              }),
            );
          if (Object.keys(changed).length > 0 || !moved)
            await audit.inTransaction(trx, event('provider_key.updated', key, origin, { changed }));
        })
        .catch(nameRaced(key.name));
      await changes.publish('provider_key', id);
      return mustGet(id);
    },
    async rotate(id, secret, origin) {
      const old = mustGet(id);
      const now = Date.now();
      const key = makeProviderKey({
        ...old,
        secret,
        secretLast4: last4(secret),
        rotatedAt: now,
        updatedAt: now,
      });
      await store.db.transaction().execute(async (trx) => {
        await replaceProviderKey(trx, toRow(key, sealer));
        await audit.inTransaction(
          trx,
          event('provider_key.rotated', key, origin, {
            previous_last4: old.secretLast4,
            secret_last4: key.secretLast4,
          }),
        );
      });
      await changes.publish('provider_key', id);
      return mustGet(id);
    },
    async remove(id, origin) {
      const old = mustGet(id);
      await store.db.transaction().execute(async (trx) => {
        await deleteProviderKey(trx, id);
        await audit.inTransaction(trx, event('provider_key.deleted', old, origin, described(old)));
      });
      await changes.publish('provider_key', id);
    },
  };
}
