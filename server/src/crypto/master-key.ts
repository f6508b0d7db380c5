// The master key that seals secrets at rest (provider keys) and self-validating access tokens. From
// GATEHOUSE_MASTER_KEY, or for the embedded default a key file created on first start (mode 0600).
// Purpose keys are derived with HKDF so that no two uses share a key. A check value in the store lets
// a replica started with a different key refuse to start instead of failing every request.
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Store } from '../store/database.ts';
import { safeEqual } from './tokens.ts';

export interface MasterKey {
  derive(purpose: string): Buffer;
  /** Where the key came from, for the start-up line. */
  source: string;
}

export function loadMasterKey(configured: Buffer | undefined, dataDir: string): MasterKey {
  let key = configured;
  let source = 'GATEHOUSE_MASTER_KEY';
  if (!key) {
    const file = path.join(dataDir, KEY_FILE);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    key = readKeyFile(file);
    source = file;
  }
  return masterKeyOf(key, source);
}

/** The name of the key file in a data directory (also what a restore writes). */
export const KEY_FILE = 'master.key';

/** A key file's 32 bytes; throws naming the file when it does not hold one. */
export function readKeyFile(file: string): Buffer {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${file} is not a 64-hex-character key`);
  return Buffer.from(text, 'hex');
}

export function masterKeyOf(key: Buffer, source: string): MasterKey {
  return {
    source,
    derive: (purpose) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `gatehouse/${purpose}`, 32)),
  };
}

/** The server_settings row that holds the key's check value. */
export const CHECK_KEY = 'master_key_check';

/** A value that shows which key a store was set up with without revealing the key. */
export function keyCheckValue(key: MasterKey): string {
  return createHmac('sha256', key.derive('key-check')).update('gatehouse').digest('hex');
}

/** Records the key's check value on first start; afterwards refuses a different key. */
export async function verifyMasterKey(store: Store, key: MasterKey): Promise<void> {
  const check = keyCheckValue(key);
  await store.db
    .insertInto('server_settings')
    .values({ key: CHECK_KEY, value: check })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await store.db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', CHECK_KEY)
    .executeTakeFirstOrThrow();
  if (!safeEqual(row.value, check)) {
    throw new Error(
      `the master key (${key.source}) is not the one this database was set up with; every replica must use the same GATEHOUSE_MASTER_KEY`,
    );
  }
}
