// The Gatehouse inventory as a signed-in device may read it (GET /mcp/servers on the Gateway): the enabled
// routed servers' aliases and URLs, for `setup <tool> --mcp` to send a tool's remote servers through
// /mcp/{alias}. The device token goes in the header, never in a URL a message could show.
import { CliError, EXIT } from './errors.ts';
import { send } from './network.ts';
import { sessionRefused } from './session.ts';
import type { RoutedServer } from './settings/mcp-remote.ts';
import type { Session } from './state-store.ts';

const MAX_SERVERS = 10_000;

/** The answer's servers, each an alias and a URL of bounded length; anything else is not an answer. */
function serversOf(json: unknown): RoutedServer[] | undefined {
  const list = (json as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(list) || list.length > MAX_SERVERS) return undefined;
  const out: RoutedServer[] = [];
  for (const s of list) {
    const { alias, url } = (s ?? {}) as { alias?: unknown; url?: unknown };
    if (typeof alias !== 'string' || typeof url !== 'string' || alias.length > 63 || url.length > 2048)
      return undefined;
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(alias)) return undefined;
    out.push({ alias, url });
  }
  return out;
}

/**
 * The routed servers, or a CliError: unreachable (EXIT.unreachable), the session refused (EXIT.notSignedIn),
 * or an answer that is not a list (a Gateway too old to have the route, EXIT.failed).
 */
export async function routedServers(session: Session): Promise<RoutedServer[]> {
  const url = `${session.gateway_url.replace(/\/+$/, '')}/mcp/servers`;
  const reply = await send(
    url,
    { method: 'GET', headers: { authorization: `Bearer ${session.access_token}` } },
    'the Gatehouse Gateway',
  );
  const message = (reply.json as { error?: { message?: unknown } } | undefined)?.error?.message;
  const said = typeof message === 'string' ? message.slice(0, 300) : '';
  if (reply.status === 401 || reply.status === 403) throw sessionRefused(said);
  const servers = reply.status === 200 ? serversOf(reply.json) : undefined;
  if (!servers)
    throw new CliError(
      `The Gatehouse Gateway did not list its MCP servers (HTTP ${reply.status}${said ? `: ${said}` : ''}); ` +
        'it may be older than this client.',
      EXIT.failed,
    );
  return servers;
}
