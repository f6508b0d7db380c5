// Which database engines this test run covers, and a fresh, empty store on each. `npm test` runs on
// SQLite; with GATEHOUSE_TEST_DATABASE_URL (what .ci/run sets for its second run) it runs on
// PostgreSQL, each store in a schema of its own that is dropped afterwards. GATEHOUSE_TEST_ENGINES=
// sqlite,postgres runs both in one go.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe } from 'node:test';
import pg from 'pg';

export type Engine = 'sqlite' | 'postgres';

export const PG_URL = process.env.GATEHOUSE_TEST_DATABASE_URL;

export function testEngines(): Engine[] {
  const listed = process.env.GATEHOUSE_TEST_ENGINES;
  if (listed) return listed.split(',').map((e) => e.trim()) as Engine[];
  return PG_URL ? ['postgres'] : ['sqlite'];
}

/** Runs the suite once per engine of this run, under a describe naming the engine. */
export function eachEngine(name: string, suite: (engine: Engine) => void, options?: { skip: string }): void {
  for (const engine of testEngines()) describe(`${name} [${engine}]`, options ?? {}, () => suite(engine));
}

export interface FreshStore {
  databaseUrl: string | undefined;
  dataDir: string;
  pgSchema: string | undefined;
  cleanup(): Promise<void>;
}

export async function freshStore(engine: Engine): Promise<FreshStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-test-'));
  if (engine === 'sqlite') {
    return {
      databaseUrl: undefined,
      dataDir,
      pgSchema: undefined,
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    databaseUrl: url,
    dataDir,
    pgSchema: schema,
    async cleanup() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
