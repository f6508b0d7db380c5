// What the shim does when the Gateway cannot decide: the policy's `mcp.offline`, as the Gateway last said
// it, kept for the next start in a file of its own beside config.json. Not in config.json itself: every
// shim (one per MCP server) would then rewrite the file that holds the session, and one holding an older
// copy could put back a token a refresh has just replaced. `block` until the Gateway has said otherwise.
import fs from 'node:fs';
import path from 'node:path';
import { readIfExists, writeFileAtomic } from '../atomic-file.ts';
import { configDir } from '../config-dir.ts';

export interface OfflinePolicy {
  offline: 'block' | 'allow';
}

export const OFFLINE_FILE = 'mcp-offline.json';

export function loadOffline(dir = configDir()): OfflinePolicy {
  try {
    const parsed = JSON.parse(readIfExists(path.join(dir, OFFLINE_FILE)) ?? '{}') as { offline?: unknown };
    return { offline: parsed.offline === 'allow' ? 'allow' : 'block' };
  } catch {
    return { offline: 'block' };
  }
}

/** Keeps `policy` for the next start; a file that cannot be written is said once, not fatal. */
export function rememberOffline(
  policy: OfflinePolicy,
  notice: (line: string) => void,
  dir = configDir(),
): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileAtomic(path.join(dir, OFFLINE_FILE), `${JSON.stringify(policy)}\n`, 0o600);
  } catch (err) {
    notice(`Could not keep the offline policy in ${dir}: ${(err as Error).message}`);
  }
}
