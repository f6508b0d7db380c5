// The models the Gateway lists at GET /v1/models. Admins may curate the list through the API; until
// they do (or after they reset it), it is every exact model name enabled in the configured provider
// keys (patterns such as claude-* cannot be listed). Held in memory, kept true by change notifications.
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { RequestOrigin } from '../audit/audit-types.ts';
import type { ProviderKeyService } from './provider-key-service.ts';
import { isPattern } from '../../../shared/model-patterns.ts';
import type { ProviderFamily } from './provider-key-types.ts';

const SETTING = 'gateway_models';

export interface CatalogModel {
  id: string;
  /** Which provider family serves it (OpenAI's list calls this owned_by). */
  provider: ProviderFamily | null;
}

export interface ModelCatalog {
  load(): Promise<void>;
  /** The list the Gateway serves now. */
  models(): CatalogModel[];
  /** True when an admin has set the list; false when it follows the provider keys. */
  readonly curated: boolean;
  /** Sets the curated list, or with null goes back to following the provider keys. */
  set(models: string[] | null, origin: RequestOrigin): Promise<void>;
}

export function createModelCatalog(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  providerKeys: ProviderKeyService;
}): ModelCatalog {
  const { store, changes, audit, providerKeys } = deps;
  let curated: string[] | null = null;

  async function load() {
    const row = await store.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', SETTING)
      .executeTakeFirst();
    curated = row ? (JSON.parse(row.value) as string[]) : null;
  }
  changes.subscribe('setting', (name) => (name === SETTING ? load() : undefined));
  changes.onResync(load);

  /** The family whose keys enable a model, when exactly one does. */
  function providerOf(model: string): ProviderFamily | null {
    const families = new Set(
      providerKeys
        .list()
        .filter((k) => k.enables(model))
        .map((k) => k.provider),
    );
    return families.size === 1 ? [...families][0]! : null;
  }

  return {
    load,
    models() {
      if (curated) return curated.map((id) => ({ id, provider: providerOf(id) }));
      const names = new Set<string>();
      for (const k of providerKeys.list()) for (const m of k.enabledModels) if (!isPattern(m)) names.add(m);
      // providerOf as for a curated list: a name that keys of two families enable names neither.
      return [...names].sort((a, b) => a.localeCompare(b)).map((id) => ({ id, provider: providerOf(id) }));
    },
    get curated() {
      return curated !== null;
    },
    async set(models, origin) {
      const value = models === null ? null : [...new Set(models)];
      await store.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('server_settings').where('key', '=', SETTING).execute();
        if (value)
          await trx
            .insertInto('server_settings')
            .values({ key: SETTING, value: JSON.stringify(value) })
            .execute();
        await audit.inTransaction(trx, {
          action: 'gateway.models_changed',
          actor: origin.actor,
          target: { type: 'setting', id: SETTING, name: 'Gateway model list' },
          ip: origin.ip,
          userAgent: origin.userAgent,
          requestId: origin.requestId,
          outcome: 'success',
          details: value ? { models: value } : { models: null, follows: 'provider keys' },
        });
      });
      await changes.publish('setting', SETTING);
    },
  };
}
