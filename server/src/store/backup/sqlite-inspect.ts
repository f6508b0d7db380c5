// What backup and restore check in a copy of the embedded store before they call it good: SQLite's own
// integrity check, that it is a Gatehouse store of a migration level this code knows, and that the key
// beside it is the one it was set up with (its check value, then every sealed secret opened).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../sqlite-driver.js';
import { CHECK_KEY, keyCheckValue, type MasterKey } from '../../crypto/master-key.ts';
import { safeEqual } from '../../crypto/tokens.ts';
import { createSecretSealer } from '../../provider-keys/provider-key-store.ts';
import { createHeaderSealer } from '../../mcp/mcp-server-store.ts';
import { MIGRATIONS } from '../migrate.ts';
import { fsyncDir, fsyncFile, writeSecretFile } from './durable-files.ts';

/** A refusal: the operator reads the message, and nothing was written. */
export class BackupError extends Error {}

export interface StoreReport {
  /** Applied migrations, oldest first; the last is the store's level. */
  migrations: string[];
  /** Rows per table that an operator recognises, for the printed summary. */
  counts: Record<string, number>;
}

/** The tables whose counts are printed, with the words for them. */
export const COUNTED: ReadonlyArray<[table: string, words: string]> = [
  ['admins', 'admins'],
  ['api_credentials', 'API credentials'],
  ['provider_keys', 'provider keys'],
  ['policy_versions', 'policy versions'],
  ['developers', 'developers'],
  ['devices', 'devices'],
  ['mcp_servers', 'MCP servers'],
  ['audit_events', 'audit events'],
  ['activity', 'activity records'],
  ['risk_findings', 'risk findings'],
];

/** Opens a SQLite file for checking; a file that is no database is a refusal, not a stack trace. */
export function openForCheck(file: string, what: string): SQLite.Database {
  try {
    const db = new SQLite(file, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (err) {
    throw new BackupError(`${what} cannot be opened as a SQLite database: ${(err as Error).message}`);
  }
}

/** Integrity, foreign keys, that it is a Gatehouse store, its migration level; throws BackupError. */
export function inspectStore(db: SQLite.Database, what: string): StoreReport {
  try {
    const problems = (db.pragma('integrity_check(20)') as Array<{ integrity_check: string }>).map(
      (r) => r.integrity_check,
    );
    if (problems.length !== 1 || problems[0] !== 'ok')
      throw new BackupError(
        `${what} is damaged (SQLite's integrity check: ${problems.slice(0, 3).join('; ')})`,
      );
    const dangling = db.pragma('foreign_key_check') as Array<{ table: string }>;
    if (dangling.length)
      throw new BackupError(
        `${what} is inconsistent: ${dangling.length} rows of ${dangling[0]!.table} refer to rows that are missing`,
      );
    const tables = new Set(
      (
        db.prepare(`select name from sqlite_master where type = 'table'`).all() as Array<{ name: string }>
      ).map((r) => r.name),
    );
    if (!tables.has('kysely_migration') || !tables.has('server_settings'))
      throw new BackupError(
        `${what} is a SQLite database but not a Gatehouse store (it has no migration table)`,
      );
    const migrations = (
      db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>
    ).map((r) => r.name);
    const unknown = migrations.filter((m) => !(m in MIGRATIONS));
    if (unknown.length)
      throw new BackupError(
        `${what} was written by a newer Gatehouse (migration ${unknown.join(', ')} is unknown to this version, ` +
          `whose latest is ${Object.keys(MIGRATIONS).at(-1)}): restore it with that version or a later one`,
      );
    const counts: Record<string, number> = {};
    for (const [table] of COUNTED)
      if (tables.has(table))
        counts[table] = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { migrations, counts };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    // SQLITE_CORRUPT, SQLITE_NOTADB and the like surface here, from the first page read.
    throw new BackupError(`${what} cannot be read as a SQLite database: ${(err as Error).message}`);
  }
}

export interface SecretsReport {
  providerKeys: number;
  mcpServers: number;
}

/**
 * Refuses a key that is not the store's: its check value first (a store is set up with one key), then
 * every sealed secret is opened, so that a backup called good is one whose secrets do decrypt.
 */
export function checkKey(db: SQLite.Database, key: MasterKey, what: string): SecretsReport {
  const row = db.prepare('select value from server_settings where key = ?').get(CHECK_KEY) as
    { value: string } | undefined;
  if (!row)
    throw new BackupError(
      `${what} has no master key check value: Gatehouse never started on it, so it is no backup`,
    );
  if (!safeEqual(row.value, keyCheckValue(key)))
    throw new BackupError(
      `the master key (${key.source}) is not the one ${what} was set up with: with it the provider keys and MCP server credentials cannot be decrypted`,
    );
  // The purposes are the ones services.ts derives these sealing keys for.
  const keys = createSecretSealer(key.derive('provider-keys'));
  const headers = createHeaderSealer(key.derive('mcp-servers'));
  const sealedKeys = db.prepare('select id, secret_sealed from provider_keys').all() as Array<{
    id: string;
    secret_sealed: string;
  }>;
  // A store from before the MCP inventory (0010) has no such table.
  const hasMcp = db
    .prepare(`select 1 from sqlite_master where type = 'table' and name = 'mcp_servers'`)
    .get();
  const sealedHeaders = hasMcp
    ? (db.prepare('select id, headers_sealed from mcp_servers').all() as Array<{
        id: string;
        headers_sealed: string;
      }>)
    : [];
  try {
    for (const r of sealedKeys) keys.open(r.id, r.secret_sealed);
    for (const r of sealedHeaders) headers.open(r.id, r.headers_sealed);
  } catch (err) {
    throw new BackupError(`${what}: ${(err as Error).message}`);
  }
  return { providerKeys: sealedKeys.length, mcpServers: sealedHeaders.length };
}

/**
 * The end both backup and restore share: the copy at `partial` is checked (after `prepare`, on the open
 * copy), made durable, then its key (when one is written) and itself get their names, the key first.
 */
export function checkAndName(
  partial: string,
  file: string,
  check: {
    what: string;
    key: MasterKey;
    /** The key file to write beside it, from its temporary name, with this text. */
    keyFile?: { partial: string; file: string; text: string } | undefined;
    prepare?: (copy: SQLite.Database) => void;
  },
): { report: StoreReport; secrets: SecretsReport } {
  const copy = openForCheck(partial, check.what);
  let report: StoreReport;
  let secrets: SecretsReport;
  try {
    check.prepare?.(copy);
    report = inspectStore(copy, check.what);
    secrets = checkKey(copy, check.key, check.what);
  } finally {
    copy.close();
  }
  fsyncFile(partial);
  if (check.keyFile) {
    writeSecretFile(check.keyFile.partial, check.keyFile.text);
    fs.renameSync(check.keyFile.partial, check.keyFile.file);
  }
  fs.renameSync(partial, file);
  fsyncDir(path.dirname(file));
  return { report, secrets };
}
