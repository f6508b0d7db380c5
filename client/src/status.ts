// `status`: who this machine is signed in as, and whether the session still works. The check is one cheap
// call with the device token where the tools use it: `GET <gateway>/d/<token>/v1/models`. The Gateway
// checks the token, its session, the device and the developer, so its answer is the tools' answer, with
// no token rotated and no settings rewritten.
import { CliError, EXIT } from './errors.ts';
import { send } from './network.ts';
import { displayPath, displayTime, type Output } from './output.ts';
import { freshSession } from './session.ts';
import type { State } from './state-store.ts';
import { gatewayBase } from './tools.ts';

/** The message of an error in any provider's shape: `{error: {message}}` or `{error: "…"}`. */
function gatewayMessage(json: unknown): string {
  const error = (json as { error?: unknown } | undefined)?.error;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

export async function status(state: State, io: Output): Promise<void> {
  const session = await freshSession(state, io);
  io.out(`Signed in as ${session.developer.email}`);
  io.out(`  device   ${session.device_id} ("${session.device_name}")`);
  io.out(`  console  ${session.console_url}`);
  io.out(`  gateway  ${session.gateway_url}`);
  const expired = session.expires_at <= Date.now();
  io.out(`  token    ${expired ? 'expired' : 'valid until'} ${displayTime(session.expires_at)}`);
  const tools = Object.entries(state.setups);
  io.out(
    `  tools    ${tools.length ? tools.map(([id, s]) => `${id} (${displayPath(s.file)})`).join(', ') : 'none set up'}`,
  );

  const reply = await send(
    `${gatewayBase(session, '')}/v1/models`,
    { method: 'GET' },
    'the Gatehouse Gateway',
  );
  if (reply.status === 200) {
    io.out('  session  accepted: the Gateway takes this device token');
    return;
  }
  const message = gatewayMessage(reply.json);
  if (reply.status === 401 || reply.status === 403) {
    io.out(`  session  refused by the Gateway${message ? `: ${message}` : ''}`);
    throw new CliError(
      "This device's session no longer works. Run `gatehouse-client login` to sign this machine in again.",
      EXIT.notSignedIn,
    );
  }
  io.out(`  session  unknown: the Gateway answered HTTP ${reply.status}${message ? ` (${message})` : ''}`);
  throw new CliError('Could not check the session with the Gateway.', EXIT.failed);
}
