// Which of a tool's remote MCP servers go through the Gateway's /mcp/{alias}: those whose URL is the URL of
// a server registered in the Gatehouse inventory (GET /mcp/servers, mcp-inventory.ts), compared normalised
// (scheme, host, port, path without a trailing slash). Such an entry's URL becomes
// `<gateway>/d/<device token>/mcp/<alias>`, and the credential headers it sent to the server are taken out:
// they would now go to the Gateway, which never passes a caller's credential on and adds the inventory's
// own headers for the server instead. Its other headers stay (the Gateway passes them on).

/** A server of the inventory, as GET /mcp/servers lists it. */
export interface RoutedServer {
  alias: string;
  url: string;
}

export interface RemoteRouting {
  /** The inventory's server with this URL, or why none can be (undefined: not registered). */
  match(url: string): RoutedServer | { unusable: string } | undefined;
  /** The alias when the URL already points at this Gateway's /mcp/{alias}. */
  routedAlias(url: string): string | undefined;
  /** Where an entry for `alias` points: the Gateway, the device token in the path. */
  gatewayUrl(alias: string): string;
  /** Whether the inventory (as read) has a server under `alias`. */
  registered(alias: string): boolean;
}

/** `scheme://host[:port]/path` without a trailing slash, or why the URL cannot match a registered one. */
export function normaliseMcpUrl(value: string): string | { unusable: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { unusable: 'its URL is not a URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { unusable: 'its URL is not http(s)' };
  // The inventory refuses these (credentials belong in its sealed headers), so no registered server matches.
  if (url.username || url.password || url.search || url.hash)
    return {
      unusable: 'its URL carries a query string, fragment or user name, which no registered server’s does',
    };
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

export function remoteRouting(
  servers: readonly RoutedServer[],
  session: { gateway_url: string; access_token: string },
): RemoteRouting {
  const byUrl = new Map<string, RoutedServer>();
  for (const s of servers) {
    const n = normaliseMcpUrl(s.url);
    if (typeof n === 'string' && !byUrl.has(n)) byUrl.set(n, s);
  }
  const gateway = normaliseMcpUrl(session.gateway_url);
  return {
    match(url) {
      const n = normaliseMcpUrl(url);
      return typeof n === 'string' ? byUrl.get(n) : n;
    },
    routedAlias(url) {
      const n = normaliseMcpUrl(url);
      if (typeof n !== 'string' || typeof gateway !== 'string' || !n.startsWith(gateway + '/'))
        return undefined;
      return /^(?:\/d\/[^/]+)?\/mcp\/([a-z0-9][a-z0-9_-]{0,62})$/.exec(n.slice(gateway.length))?.[1];
    },
    registered: (alias) => servers.some((s) => s.alias === alias),
    gatewayUrl: (alias) =>
      `${session.gateway_url.replace(/\/+$/, '')}/d/${session.access_token}/mcp/${alias}`,
  };
}

/**
 * A header that carries a credential: the ones the Gateway takes as the caller's own and never passes on,
 * and any whose name says it holds a token, key, secret or session.
 */
export function isCredentialHeader(name: string): boolean {
  return (
    ['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key', 'x-goog-api-key'].includes(
      name.toLowerCase(),
    ) || /token|secret|key|passw|auth|session|cookie|credential/i.test(name)
  );
}
