// A signed-in machine without a server: a session written straight into the client's settings file, for
// the commands that work offline while the token is fresh (env, setup). Its console is a closed port.
import fs from 'node:fs';
import path from 'node:path';
import type { Session } from '../../src/state-store.ts';
import type { Machine } from './cli.ts';

export const DAY = 86_400_000;
export const TOKEN = 'ghdt_TESTtoken-with_url-safe-chars0123456789';

export function storeSession(machine: Machine, overrides: Partial<Session> = {}): Session {
  const now = Date.now();
  const session: Session = {
    console_url: 'http://127.0.0.1:9',
    gateway_url: 'https://gateway.example.com',
    device_id: 'dev_test',
    device_name: 'test-laptop',
    developer: { id: 'dvl_test', email: 'ada@example.com' },
    access_token: TOKEN,
    refresh_token: 'ghdr_test',
    scope: 'gateway:invoke',
    issued_at: now,
    expires_at: now + 30 * DAY,
    ...overrides,
  };
  fs.mkdirSync(machine.configDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(
    path.join(machine.configDir, 'config.json'),
    JSON.stringify({ version: 1, session, setups: {} }),
    { mode: 0o600 },
  );
  return session;
}
