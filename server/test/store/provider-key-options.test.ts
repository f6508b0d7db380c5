// Migration 0008 on a store that has provider keys: Azure's api-version moves from its column into the
// key's `options` JSON, every other key gets `{}`, and the column is gone; on each engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openStore } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { eachEngine, freshStore } from '../helpers/engines.ts';

const row = (id: string, provider: string, version: string | null) => ({
  id,
  name: id,
  provider,
  secret_sealed: 'sealed',
  secret_last4: 'abcd',
  base_url: provider === 'azure' ? 'https://r.openai.azure.com' : null,
  azure_api_version: version,
  enabled_models: '["m"]',
  created_at: 1,
  updated_at: 1,
  rotated_at: null,
  created_by: null,
});

eachEngine('provider key options migration', (engine) => {
  test('existing keys keep their Azure api-version, now in options', async () => {
    const fresh = await freshStore(engine);
    const store = openStore({
      databaseUrl: fresh.databaseUrl,
      dataDir: fresh.dataDir,
      ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    });
    try {
      await migrate(store, '0007-failure-limits');
      const old = store.db as any;
      await old
        .insertInto('provider_keys')
        .values([row('pk_azure', 'azure', '2024-10-21'), row('pk_openai', 'openai', null)])
        .execute();
      assert.deepEqual(await migrate(store, '0008-provider-key-options'), ['0008-provider-key-options']);
      const rows = await store.db.selectFrom('provider_keys').selectAll().orderBy('id').execute();
      assert.deepEqual(
        rows.map((r) => [r.id, JSON.parse(r.options)]),
        [
          ['pk_azure', { api_version: '2024-10-21' }],
          ['pk_openai', {}],
        ],
      );
      assert.ok(!('azure_api_version' in rows[0]!), 'the old column is still there');
    } finally {
      await store.close();
      await fresh.cleanup();
    }
  });
});
