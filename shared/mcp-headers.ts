// The rules for an MCP server's own headers in the inventory, shared to the letter by the API
// (server/src/mcp/mcp-server-input.ts) and the console's form (console/src/mcp-servers/header-rows.tsx),
// so that the form names exactly the rows the API would refuse.

export const HEADER_LIMITS = { count: 20, nameLength: 100, valueLength: 4096 } as const;

/** RFC 9110 token. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Visible ASCII, spaces and tabs, and obs-text; never CR, LF or NUL (a second header smuggled in). */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The proxy's own headers, and hop-by-hop ones, which a registered server must not set. */
export const PROXY_OWNED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
  'accept',
  'accept-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
]);
