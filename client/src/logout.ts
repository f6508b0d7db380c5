// `logout`: ends the session on the console (RFC 7009 revocation of the refresh token, which revokes the
// session and the device) and deletes the tokens here. Offline it still deletes them here, and says the
// console could not be told. The record of which tools were set up stays, so that the next `login`
// points them at the Gateway again.
import { CONSOLE, revokeToken } from './oauth.ts';
import { CliError } from './errors.ts';
import { displayTime, type Output } from './output.ts';
import { saveState, type State } from './state-store.ts';

export async function logout(state: State, io: Output): Promise<void> {
  const session = state.session;
  if (!session) {
    io.out('This machine is not signed in to Gatehouse; nothing to do.');
    return;
  }
  let told = '';
  try {
    const result = await revokeToken(session.console_url, session.refresh_token);
    if (!result.ok) told = `the console answered: ${result.detail}`;
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    told = err.message;
  }
  delete state.session;
  saveState(state);
  if (told) {
    io.out(`Signed out on this machine: the tokens are deleted. But ${CONSOLE} could not be told (${told}).`);
    io.out(
      `The device stays signed in on the console until an administrator revokes it or its session ends (${displayTime(session.expires_at)}).`,
    );
  } else {
    io.out(`Signed out: the console ended this device's session and the tokens here are deleted.`);
  }
  const tools = Object.keys(state.setups);
  if (tools.length)
    io.out(
      `${tools.join(', ')} still point at the Gateway with the old token: \`gatehouse-client login\` gives them ` +
        `a new one, \`gatehouse-client setup --undo <tool>\` takes the settings out.`,
    );
}
