// A store of its own for a bench suite that seeds data in bulk before the server starts: a temporary
// data directory, and on PostgreSQL a database of its own (dropped with it), so that a run never touches
// anything it did not make.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchStore {
  /** The database's address on PostgreSQL; undefined on SQLite (the data directory holds the store). */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Removes the data directory and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

export async function scratchStore(
  engine: 'sqlite' | 'postgres',
  postgresUrl: string,
  prefix: string,
): Promise<ScratchStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { databaseUrl: undefined, dataDir, drop: removeDir };
  const name = `gatehouse_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      await removeDir();
    },
  };
}
