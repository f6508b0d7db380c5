// Files replaced whole or not at all: written to a temporary file beside the target (same directory,
// so the rename stays on one file system), flushed, then renamed over it. A crash leaves the old file
// or the new one, never half of one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function writeFileAtomic(file: string, text: string, mode: number): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = fs.openSync(tmp, 'wx', mode);
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    // openSync's mode is masked by the umask; set it exactly.
    fs.chmodSync(tmp, mode);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** The file's text, or null when there is none. */
export function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
