// `npm run backup`: a consistent copy of the embedded store while Gatehouse runs. SQLite's online backup
// (better-sqlite3's db.backup()) from a connection of this process, copying every page in one step: one
// read transaction, so the copy is the database as of one commit, and in WAL mode the running Gatehouse
// keeps writing meanwhile (a step-by-step copy would restart whenever Gatehouse commits, which under load
// is every few milliseconds). The copy is checked before it is given its name.
import fs from 'node:fs';
import path from 'node:path';
import { KEY_FILE, masterKeyOf, readKeyFile, type MasterKey } from '../../crypto/master-key.ts';
import { SQLITE_FILE } from '../database.ts';
import { removeQuietly, tempNameFor, writeSecretFile } from './durable-files.ts';
import {
  BackupError,
  checkAndName,
  openForCheck,
  type SecretsReport,
  type StoreReport,
} from './sqlite-inspect.ts';

export interface BackupOptions {
  dataDir: string;
  /** Where the backup goes; the key file goes beside it as `<target>.key`. */
  target: string;
  /** Replace a backup (and key file) already at the target. */
  force: boolean;
  /** GATEHOUSE_MASTER_KEY when set: then there is no key file to copy. */
  configuredKey: Buffer | undefined;
}

export interface BackupResult {
  source: string;
  /** The store's size on disk when the backup began: the database and its WAL. */
  sourceBytes: number;
  file: string;
  bytes: number;
  /** The key file written beside the backup; undefined when the key is GATEHOUSE_MASTER_KEY. */
  keyFile: string | undefined;
  report: StoreReport;
  secrets: SecretsReport;
  /** How long the copy (the read transaction on the live store) and the checks took. */
  copyMs: number;
  checkMs: number;
}

const ALL_PAGES = 0x7fffffff;

export async function backupSqliteStore(o: BackupOptions): Promise<BackupResult> {
  const source = path.join(o.dataDir, SQLITE_FILE);
  if (!fs.existsSync(source))
    throw new BackupError(
      `${o.dataDir} holds no Gatehouse store (no ${SQLITE_FILE}): set GATEHOUSE_DATA_DIR to the directory npm start uses`,
    );
  const file = path.resolve(o.target);
  const dir = path.dirname(file);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    throw new BackupError(`${dir} is not a directory: create it first, or give another path for the backup`);
  if (file.startsWith(path.resolve(o.dataDir) + path.sep))
    throw new BackupError(
      `the backup must not go into the data directory itself (${o.dataDir}): give a path outside it`,
    );
  const { key, keyText } = keyToCopy(o);
  const keyFile = keyText === undefined ? undefined : `${file}.key`;
  for (const f of [file, keyFile])
    if (f && fs.existsSync(f) && !o.force)
      throw new BackupError(`${f} already exists: give --force to replace it, or another path`);

  const sourceBytes = sizeOf(source) + sizeOf(`${source}-wal`);
  const partial = tempNameFor(file);
  const partialKey = keyFile ? tempNameFor(keyFile) : undefined;
  try {
    // Created first with mode 0600, so that the copy of the store is never readable by others.
    writeSecretFile(partial, '');
    const started = performance.now();
    const live = openForCheck(source, source);
    try {
      await live.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      live.close();
    }
    const copied = performance.now();
    const { report, secrets } = checkAndName(partial, file, {
      what: 'the copy',
      key,
      keyFile: keyFile && partialKey ? { partial: partialKey, file: keyFile, text: keyText! } : undefined,
      // One self-contained file: no -wal or -shm to carry beside it.
      prepare: (copy) => copy.pragma('journal_mode = DELETE'),
    });
    const copyMs = copied - started;
    const checkMs = performance.now() - copied;
    return { source, sourceBytes, file, bytes: sizeOf(file), keyFile, report, secrets, copyMs, checkMs };
  } catch (err) {
    // The copy comes out of the backup in WAL mode: opening it may have left these too.
    removeQuietly(partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`);
    if (partialKey) removeQuietly(partialKey);
    throw err;
  }
}

/** The key the store was set up with, and the key file's text to copy (none for GATEHOUSE_MASTER_KEY). */
function keyToCopy(o: BackupOptions): { key: MasterKey; keyText: string | undefined } {
  if (o.configuredKey)
    return { key: masterKeyOf(o.configuredKey, 'GATEHOUSE_MASTER_KEY'), keyText: undefined };
  const keyFile = path.join(o.dataDir, KEY_FILE);
  if (!fs.existsSync(keyFile))
    throw new BackupError(
      `there is no key file ${keyFile} and GATEHOUSE_MASTER_KEY is not set: set it as for npm start, since a backup without its key cannot decrypt the provider keys`,
    );
  try {
    const raw = readKeyFile(keyFile);
    return { key: masterKeyOf(raw, keyFile), keyText: raw.toString('hex') + '\n' };
  } catch (err) {
    throw new BackupError((err as Error).message);
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
