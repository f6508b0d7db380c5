// Opens the approval page in the person's browser where there is one. It never fails the sign-in: the
// link is printed first, and a missing opener, a headless machine or an SSH session just means the
// person opens it themselves. On Linux it needs a graphical session (DISPLAY or WAYLAND_DISPLAY):
// without one, xdg-open would start a text-mode browser inside this very terminal.
import { spawn } from 'node:child_process';

export function browserCommand(
  url: string,
  platform = process.platform,
  env = process.env,
): { command: string; args: string[] } | undefined {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is a window title, and ^ escapes cmd's & in URLs.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined;
  return { command: 'xdg-open', args: [url] };
}

/** Starts the browser and does not wait for it; resolves whether an opener could be started. */
export function openBrowser(url: string): Promise<boolean> {
  const cmd = browserCommand(url);
  if (!cmd) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      const child = spawn(cmd.command, cmd.args, {
        detached: true,
        stdio: 'ignore',
        windowsVerbatimArguments: process.platform === 'win32',
      });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
