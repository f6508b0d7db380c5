// `npm run vacuum`: rewrites an embedded (SQLite) store in incremental auto-vacuum mode, so that
// retention can shrink the file (sqlite-vacuum.ts). Run it once, with Gatehouse stopped: it rewrites
// the whole file and needs as much free disk space again.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from './sqlite-driver.js';
import { loadConfig } from '../config.ts';
import { ConfigError } from '../config-source.ts';
import { vacuumIntoIncremental } from './sqlite-vacuum.ts';

try {
  const config = loadConfig(process.env, process.argv.slice(2));
  if (config.databaseUrl) throw new ConfigError('npm run vacuum is for the embedded SQLite store only.');
  const file = path.join(config.dataDir, 'gatehouse.db');
  if (!fs.existsSync(file))
    throw new ConfigError(`there is no Gatehouse store at ${file}; check GATEHOUSE_DATA_DIR.`);
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    vacuumIntoIncremental(db);
    process.stdout.write(`${file} now gives space freed by retention back to the file system\n`);
  } finally {
    db.close();
  }
} catch (err) {
  process.stderr.write(`gatehouse vacuum: ${(err as Error).message}\n`);
  process.exit(err instanceof ConfigError ? 2 : 1);
}
