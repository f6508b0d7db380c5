// The stored session, kept fresh. Every command that uses the device token first refreshes it when it is
// inside the refresh window, so that the tools (which hold the token in a base URL) never run on one that
// is about to expire, and rewrites whatever `setup` wrote with the new token.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CliError, EXIT } from './errors.ts';
import { refreshTokens, type DeviceTokens } from './oauth.ts';
import { clause, displayTime, type Output } from './output.ts';
import { loadState, saveState, stateFile, type Session, type State } from './state-store.ts';
import { rewriteSetups } from './tool-setup.ts';

const DAY = 86_400_000;

/**
 * How long before expiry a token is refreshed: the last 7 days of its life, or its last third when the
 * session lifetime is shorter than 21 days (a 1-day session refreshes in its last 8 hours).
 */
export function refreshWindowMs(session: Pick<Session, 'issued_at' | 'expires_at'>): number {
  return Math.min(7 * DAY, (session.expires_at - session.issued_at) / 3);
}

export function needsRefresh(session: Session, now = Date.now()): boolean {
  return session.expires_at - now <= refreshWindowMs(session);
}

export function sessionFromTokens(
  consoleUrl: string,
  deviceName: string,
  tokens: DeviceTokens,
  now = Date.now(),
): Session {
  return {
    console_url: consoleUrl,
    gateway_url: tokens.gateway_url.replace(/\/+$/, ''),
    device_id: tokens.device_id,
    device_name: deviceName,
    developer: { id: tokens.developer?.id, email: tokens.developer?.email },
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    scope: tokens.scope,
    issued_at: now,
    expires_at: now + tokens.expires_in * 1000,
  };
}

export function requireSession(state: State): Session {
  if (!state.session)
    throw new CliError(
      'This machine is not signed in to Gatehouse. Run `gatehouse-client login --console <console URL>`.',
      EXIT.notSignedIn,
    );
  return state.session;
}

export function sessionRefused(description: string): CliError {
  // The console's descriptions often say what to do already; say it only when they do not.
  const advice = /gatehouse-client login/.test(description)
    ? ''
    : ' Run `gatehouse-client login` to sign this machine in again.';
  return new CliError(
    `The console no longer accepts this device's session${description ? `: ${clause(description)}` : ''}.${advice}`,
    EXIT.notSignedIn,
  );
}

/** Refreshes the session now: the new session, saved, with the tools rewritten. */
export async function refreshNow(state: State, io: Output): Promise<Session> {
  const session = requireSession(state);
  const result = await refreshTokens(session.console_url, session.refresh_token);
  if (!result.ok) {
    if (result.refusal.error === 'invalid_grant') throw sessionRefused(result.refusal.description);
    throw new CliError(
      `The console refused to refresh the device token: ${clause(result.refusal.description) || result.refusal.error}.`,
      EXIT.failed,
    );
  }
  const next = sessionFromTokens(session.console_url, session.device_name, result.tokens);
  state.session = next;
  rewriteSetups(state, next, io);
  saveState(state);
  return next;
}

const LOCK_STALE_MS = 60_000;
const LOCK_WAIT_MS = 30_000;

/**
 * Runs `fn` holding the refresh lock (a file created exclusively beside config.json). Two commands started
 * at once (two new terminals that both `eval` the env) must not both refresh: the second would present a
 * refresh token the first has just rotated away, and the console treats that replay as theft and ends the
 * session. A lock left by a crashed process is taken over after a minute.
 */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const dir = path.dirname(stateFile());
  const lock = path.join(dir, 'refresh.lock');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx', 0o600));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else if (Date.now() > deadline)
        throw new CliError(
          `Another gatehouse-client has been refreshing the device token for ${LOCK_WAIT_MS / 1000} s. ` +
            `If none is running, delete ${lock} and try again.`,
          EXIT.failed,
        );
      else await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * The session, refreshed first when it is in its refresh window. A console that cannot be reached is
 * only a notice while the token still works; once it has expired it is the command's failure.
 */
export async function freshSession(state: State, io: Output): Promise<Session> {
  const session = requireSession(state);
  if (!needsRefresh(session)) return session;
  try {
    return await withRefreshLock(async () => {
      // Another command may have refreshed while this one waited for the lock: take its result.
      Object.assign(state, loadState());
      const current = requireSession(state);
      if (!needsRefresh(current)) return current;
      const next = await refreshNow(state, io);
      io.err(`Refreshed the device token; it is valid until ${displayTime(next.expires_at)}.`);
      return next;
    });
  } catch (err) {
    if (err instanceof CliError && err.exitCode === EXIT.unreachable && session.expires_at > Date.now()) {
      io.err(`${err.message}`);
      io.err(`The device token was not refreshed; it stays valid until ${displayTime(session.expires_at)}.`);
      return session;
    }
    throw err;
  }
}
