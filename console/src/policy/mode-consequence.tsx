// What moving a tool to another mode changes, said plainly where the change is confirmed: in subscription
// mode the organisation's key is no longer sent and the tool must be set up again; back in provider key
// mode the organisation pays for the tool's use.
import { SUBSCRIPTION_SETUP, type ToolMode } from './tool-format';

export function ModeConsequence({ name, to }: { name: string; to: ToolMode }) {
  if (to === 'subscription')
    return (
      <>
        From the next request, {name} sends each developer’s own provider sign-in upstream and the Gateway no
        longer adds the organisation’s key. It must reach the Gateway with a device token in its base URL:
        developers set it up again with <code>{SUBSCRIPTION_SETUP}</code> and sign in to the provider in it,
        and a request without a device token there (an API credential’s, say) is refused. The policy and the
        activity apply as before.
      </>
    );
  return (
    <>
      From the next request, the Gateway sends the organisation’s provider key for {name} and drops the tool’s
      own sign-in, so its use is paid for with the organisation’s key; without a key for that provider its
      requests are refused. The policy and the activity apply as before.
    </>
  );
}
