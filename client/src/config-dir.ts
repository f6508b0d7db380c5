// Where the client keeps its sign-in: each platform's per-user configuration directory.
import os from 'node:os';
import path from 'node:path';

export function configDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.GATEHOUSE_CLIENT_CONFIG_DIR) return path.resolve(env.GATEHOUSE_CLIENT_CONFIG_DIR);
  const home = os.homedir();
  if (platform === 'win32')
    return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'gatehouse');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'gatehouse');
  // XDG Base Directory: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.config'), 'gatehouse');
}
