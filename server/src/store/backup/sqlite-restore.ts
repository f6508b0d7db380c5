// `npm run restore`: a backup checked (integrity, a Gatehouse store this code can run, the key that opens
// its secrets) and put into an empty data directory. The checks run on a copy made under a temporary name
// in the data directory, so the backup itself is never opened for writing; the copy becomes the store by
// a rename, after the key file, so that a data directory holds a store only once it holds its key too.
import fs from 'node:fs';
import path from 'node:path';
import { KEY_FILE, masterKeyOf, readKeyFile, type MasterKey } from '../../crypto/master-key.ts';
import { SQLITE_FILE } from '../database.ts';
import { removeQuietly, tempNameFor } from './durable-files.ts';
import { BackupError, checkAndName, type SecretsReport, type StoreReport } from './sqlite-inspect.ts';

export interface RestoreOptions {
  /** The backup file (`npm run backup` wrote it). */
  backup: string;
  /** The key file; `<backup>.key` unless given. */
  keyFile: string | undefined;
  dataDir: string;
  /** GATEHOUSE_MASTER_KEY when set: the store is checked against it and no key file is written. */
  configuredKey: Buffer | undefined;
}

export interface RestoreResult {
  file: string;
  bytes: number;
  /** The key file written into the data directory; undefined when the key is GATEHOUSE_MASTER_KEY. */
  keyFile: string | undefined;
  report: StoreReport;
  secrets: SecretsReport;
}

export function restoreSqliteStore(o: RestoreOptions): RestoreResult {
  const backup = path.resolve(o.backup);
  if (!fs.existsSync(backup) || !fs.statSync(backup).isFile())
    throw new BackupError(`${backup} does not exist or is not a file`);
  const { key, keyText } = keyOf(o, backup);
  const dataDir = path.resolve(o.dataDir);
  const created = prepareEmptyDir(dataDir);

  const file = path.join(dataDir, SQLITE_FILE);
  const partial = tempNameFor(file);
  const keyFile = keyText === undefined ? undefined : path.join(dataDir, KEY_FILE);
  const partialKey = keyFile ? tempNameFor(keyFile) : undefined;
  try {
    fs.copyFileSync(backup, partial, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(partial, 0o600);
    const { report, secrets } = checkAndName(partial, file, {
      what: backup,
      key,
      keyFile: keyFile && partialKey ? { partial: partialKey, file: keyFile, text: keyText! } : undefined,
    });
    return { file, bytes: fs.statSync(file).size, keyFile, report, secrets };
  } catch (err) {
    // A backup taken as a raw copy of a running store may be in WAL mode: opening it left these.
    removeQuietly(partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`);
    if (partialKey) removeQuietly(partialKey);
    if (keyFile && fs.existsSync(keyFile) && !fs.existsSync(file)) removeQuietly(keyFile);
    if (created) fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

function keyOf(o: RestoreOptions, backup: string): { key: MasterKey; keyText: string | undefined } {
  if (o.configuredKey)
    return { key: masterKeyOf(o.configuredKey, 'GATEHOUSE_MASTER_KEY'), keyText: undefined };
  const keyFile = path.resolve(o.keyFile ?? `${backup}.key`);
  if (!fs.existsSync(keyFile))
    throw new BackupError(
      `the key file ${keyFile} is missing: without the key a restored store cannot decrypt its provider keys or MCP server credentials. ` +
        'Give its path with --key <file>, or set GATEHOUSE_MASTER_KEY if the store used one',
    );
  try {
    const raw = readKeyFile(keyFile);
    return { key: masterKeyOf(raw, keyFile), keyText: raw.toString('hex') + '\n' };
  } catch (err) {
    throw new BackupError((err as Error).message);
  }
}

/** Refuses a data directory that holds anything; creates a missing one. True when it created it. */
function prepareEmptyDir(dataDir: string): boolean {
  if (!fs.existsSync(dataDir)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return true;
  }
  if (!fs.statSync(dataDir).isDirectory()) throw new BackupError(`${dataDir} is not a directory`);
  const entries = fs.readdirSync(dataDir);
  if (entries.length)
    throw new BackupError(
      `${dataDir} is not empty (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}): ` +
        'a restore goes only into an empty data directory, so that no other store is replaced or mixed in. ' +
        'Move its contents away, or set GATEHOUSE_DATA_DIR to a new directory',
    );
  return false;
}
