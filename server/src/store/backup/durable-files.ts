// Files that appear whole or not at all: written under a temporary name beside their final one, made
// durable (fsync), then renamed, and the directory fsynced so that the rename itself survives a power cut.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** A hidden name beside `file` for its contents while they are being written. */
export function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.partial-${randomBytes(4).toString('hex')}`);
}

export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Creates `file` (which must not exist) with mode 0600 and `text`, durably. */
export function writeSecretFile(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  fsyncFile(file);
}

/** Removes what a failed attempt left; a file already gone is no error. */
export function removeQuietly(...files: string[]): void {
  for (const f of files) fs.rmSync(f, { force: true });
}
