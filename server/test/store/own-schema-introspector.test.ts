// The store's PostgreSQL introspection sees its own schema only: another schema's tables are not listed,
// and other schemas being dropped meanwhile (as other deployments or test files sharing the database
// do) never fail it, where Kysely's own introspection named every schema and failed with "schema ...
// does not exist" (seen in a side-by-side test run, during a migration).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { freshStore, testEngines, type FreshStore } from '../helpers/engines.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';

const onPostgres = testEngines().includes('postgres');

describe('the store’s introspection [postgres]', { skip: !onPostgres && 'PostgreSQL only' }, () => {
  let own: FreshStore;
  let other: FreshStore;
  let store: Store;
  before(async () => {
    own = await freshStore('postgres');
    other = await freshStore('postgres');
    const c = new pg.Client({ connectionString: other.databaseUrl });
    await c.connect();
    await c.query(`CREATE TABLE ${other.pgSchema}.someone_elses (id integer)`);
    await c.end();
    store = openStore({ databaseUrl: own.databaseUrl, dataDir: own.dataDir, pgSchema: own.pgSchema! });
    await migrate(store);
  });
  after(async () => {
    await store?.close();
    await own?.cleanup();
    await other?.cleanup();
  });

  test('lists this schema’s tables and columns, and no other schema’s', async () => {
    const tables = await store.db.introspection.getTables();
    const names = tables.map((t) => t.name);
    assert.ok(names.includes('audit_events'));
    assert.ok(!names.includes('someone_elses'));
    assert.ok(!names.includes('kysely_migration'), 'Kysely’s own tables only when asked for');
    assert.ok(tables.every((t) => t.schema === own.pgSchema));
    const internal = await store.db.introspection.getTables({ withInternalKyselyTables: true });
    assert.ok(internal.some((t) => t.name === 'kysely_migration'));
    const audit = tables.find((t) => t.name === 'audit_events')!;
    const seq = audit.columns.find((c) => c.name === 'seq')!;
    assert.equal(seq.isAutoIncrementing, true);
    assert.equal(seq.isNullable, false);
  });

  test('other schemas created and dropped meanwhile never fail it', async () => {
    const admin = new pg.Client({ connectionString: own.databaseUrl });
    await admin.connect();
    try {
      for (let round = 0; round < 20; round++) {
        const schema = `t_drop_${process.pid}_${round}`;
        await admin.query(`CREATE SCHEMA ${schema}`);
        await admin.query(`CREATE TABLE ${schema}.t (id serial, v text)`);
        await Promise.all([
          admin.query(`DROP SCHEMA ${schema} CASCADE`),
          store.db.introspection.getTables({ withInternalKyselyTables: true }),
          migrate(store),
        ]);
      }
    } finally {
      await admin.end();
    }
  });
});
