// `login`: RFC 8628 device sign-in. It prints the code and the link, opens a browser where there is one,
// and polls the token endpoint at the interval the console asks (5 s more after each slow_down), until
// the person approves or denies on the console, or the code expires.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { openBrowser } from './browser.ts';
import { CliError, EXIT } from './errors.ts';
import {
  consoleBase,
  pollDeviceToken,
  revokeToken,
  startDeviceAuthorization,
  type DeviceAuthorization,
  type TokenResult,
} from './oauth.ts';
import { clause, displayTime, type Output } from './output.ts';
import { sessionFromTokens } from './session.ts';
import { saveState, type State } from './state-store.ts';
import { rewriteSetups } from './tool-setup.ts';
import { CLIENT_VERSION } from './version.ts';

export interface LoginOptions {
  console?: string;
  browser: boolean;
  deviceName?: string;
}

/** The platform as the console shows it: `macos-arm64`, `linux-x64`, `windows-x64`. */
export function platformName(platform = process.platform, arch = process.arch): string {
  const os = platform === 'darwin' ? 'macos' : platform === 'win32' ? 'windows' : platform;
  return `${os}-${arch}`;
}

// The console says an approval waits for an administrator in the description of authorization_pending.
const WAITS_FOR_ADMIN = /admin/i;

async function pollUntilDone(
  base: string,
  grant: DeviceAuthorization,
  io: Output,
): Promise<Extract<TokenResult, { ok: true }>> {
  const deadline = Date.now() + grant.expires_in * 1000;
  let interval = grant.interval;
  let waitingForAdmin = false;
  let offline = false;
  for (;;) {
    await sleep(interval * 1000);
    if (Date.now() >= deadline) break;
    let result: TokenResult;
    try {
      result = await pollDeviceToken(base, grant.device_code);
      if (offline) io.err('The console answers again; still waiting for the approval.');
      offline = false;
    } catch (err) {
      if (!(err instanceof CliError) || err.exitCode !== EXIT.unreachable) throw err;
      // A blip should not throw away a sign-in the person may be approving right now: keep trying until
      // the code expires, further apart each time (RFC 8628 §3.5).
      if (!offline) io.err(`${err.message} Still trying until the code expires.`);
      offline = true;
      interval = Math.min(interval * 2, 60);
      continue;
    }
    if (result.ok) return result;
    const { error, description } = result.refusal;
    if (error === 'authorization_pending') {
      if (WAITS_FOR_ADMIN.test(description) && !waitingForAdmin) {
        waitingForAdmin = true;
        io.out(`Approved, but your account is waiting for an administrator: ${description}`);
        io.out(
          `Still waiting; this sign-in completes as soon as an administrator approves your account (until ${displayTime(deadline)}).`,
        );
      }
      continue;
    }
    if (error === 'slow_down') {
      interval += 5;
      continue;
    }
    if (error === 'access_denied')
      throw new CliError(
        `The sign-in was refused: ${clause(description) || 'it was denied in the console'}.` +
          // The console's description of an offboarded account already says what to do.
          (/offboard/i.test(description) ? '' : ' Run `gatehouse-client login` to start again.'),
        EXIT.signInRefused,
      );
    if (error === 'expired_token') break;
    throw new CliError(
      `The console refused the sign-in: ${clause(description) || error}. Run \`gatehouse-client login\` again.`,
      EXIT.signInRefused,
    );
  }
  throw new CliError(
    waitingForAdmin
      ? 'The code expired while your account was still waiting for an administrator. Ask an administrator ' +
          'to approve your account in the Gatehouse console, then run `gatehouse-client login` again.'
      : 'The code expired before the sign-in was approved (codes last 10 minutes). Run `gatehouse-client login` again.',
    EXIT.signInRefused,
  );
}

export async function login(state: State, options: LoginOptions, io: Output): Promise<void> {
  const raw = options.console ?? state.session?.console_url;
  if (!raw)
    throw new CliError(
      'Which Gatehouse? Run `gatehouse-client login --console <console URL>` (your administrator has it).',
      EXIT.usage,
    );
  const base = consoleBase(raw);
  const deviceName = options.deviceName ?? os.hostname();
  const grant = await startDeviceAuthorization(base, {
    device_name: deviceName,
    platform: platformName(),
    client_version: CLIENT_VERSION,
  });

  const link = grant.verification_uri_complete ?? grant.verification_uri;
  io.out(`To sign this device in to Gatehouse, open this link and approve the code ${grant.user_code}:`);
  io.out('');
  io.out(`  ${link}`);
  io.out('');
  if (grant.verification_uri_complete)
    io.out(`(Or open ${grant.verification_uri} and enter the code ${grant.user_code}.)`);
  if (options.browser && (await openBrowser(link))) io.out('Opened your browser at that link.');
  io.out(
    `Waiting for the approval (the code is valid until ${displayTime(Date.now() + grant.expires_in * 1000)})…`,
  );

  const { tokens } = await pollUntilDone(base, grant, io);
  const previous = state.session;
  const session = sessionFromTokens(base, deviceName, tokens);
  state.session = session;
  rewriteSetups(state, session, io);
  saveState(state);
  // A machine signed in again is a new device: end the old session rather than leave it listed as live.
  if (previous && previous.refresh_token !== session.refresh_token) {
    await revokeToken(previous.console_url, previous.refresh_token).catch(() => undefined);
  }

  io.out(
    `Signed in to ${base} as ${session.developer.email} (device ${session.device_id}, "${deviceName}").`,
  );
  io.out(
    `Gateway: ${session.gateway_url}; the device token is valid until ${displayTime(session.expires_at)}.`,
  );
  const tools = Object.keys(state.setups);
  if (tools.length) io.out(`Updated the settings of: ${tools.join(', ')}.`);
  else
    io.out(
      'Next: `gatehouse-client setup claude-code` (or codex, gemini-cli), or `eval "$(gatehouse-client env <tool>)"`.',
    );
}
