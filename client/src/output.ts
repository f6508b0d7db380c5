// Where the client writes. Results (the lines `env` prints, status, what login did) go to stdout;
// notices and errors go to stderr, so that `eval "$(gatehouse-client env …)"` evaluates only the result.
import os from 'node:os';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const stdio: Output = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

/** A path as a person reads it: the home directory shortened to `~`. */
export function displayPath(file: string, home = os.homedir()): string {
  return home && file.startsWith(home + '/') ? `~${file.slice(home.length)}` : file;
}

/** A moment as `2026-12-24 04:00 UTC (in 29 days)`. */
export function displayTime(epochMs: number, now = Date.now()): string {
  const stamp = new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  const delta = epochMs - now;
  const abs = Math.abs(delta);
  const span =
    abs >= 2 * 86_400_000
      ? `${Math.round(abs / 86_400_000)} days`
      : abs >= 2 * 3_600_000
        ? `${Math.round(abs / 3_600_000)} hours`
        : ((m) => `${m} ${m === 1 ? 'minute' : 'minutes'}`)(Math.max(1, Math.round(abs / 60_000)));
  return `${stamp} (${delta >= 0 ? `in ${span}` : `${span} ago`})`;
}

/** A sentence from the console, to be embedded in one of ours: without its final full stop. */
export function clause(text: string): string {
  return text.trim().replace(/\.+$/, '');
}
