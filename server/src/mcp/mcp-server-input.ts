// What an admin gives for an MCP server, checked beyond what the route's schema says, with a message
// that names the field: the alias is a path segment of the Gateway (/mcp/{alias}) and must not shadow
// its own MCP routes; the url is where the server's credentials go; the headers are sent on every
// proxied request, so they must be headers an HTTP client can send and must not replace the ones the
// proxy owns (framing, the MCP session).
import { ApiError } from '../errors.ts';
import {
  HEADER_LIMITS,
  HEADER_NAME,
  HEADER_VALUE,
  PROXY_OWNED_HEADERS,
} from '../../../shared/mcp-headers.ts';

export { HEADER_LIMITS } from '../../../shared/mcp-headers.ts';

export const ALIAS_SYNTAX = '^[a-z0-9][a-z0-9_-]{0,62}$';
const ALIAS = new RegExp(ALIAS_SYNTAX);
/** Paths of the Gateway beside /mcp/{alias}. */
const RESERVED_ALIASES = new Set(['decide', 'observations', 'servers']);

const bad = (message: string) => new ApiError('invalid_request', message);

export function checkAlias(alias: string): void {
  if (!ALIAS.test(alias))
    throw bad(
      `alias "${alias.slice(0, 64)}" must be 1 to 63 lower-case letters, digits, - and _, starting with a letter or digit: it is the {alias} of /mcp/{alias}.`,
    );
  if (RESERVED_ALIASES.has(alias))
    throw bad(`alias "${alias}" is a path of the Gateway's own (/mcp/${alias}); choose another alias.`);
}

/** An MCP server's Streamable HTTP endpoint: http(s), no user name, password, query or fragment. */
export function normaliseServerUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw bad(`url "${value.slice(0, 100)}" is not a URL such as https://mcp.example.com/mcp.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw bad('url must start with https:// (or http:// for a server on a private network).');
  if (url.username || url.password)
    throw bad('url must not carry a user name or password; put the credentials in "headers".');
  // A key in a query string would be shown to every reader of the inventory: headers are sealed.
  if (url.search || url.hash)
    throw bad('url must not carry a query string or fragment; put credentials in "headers".');
  return url.toString();
}

/** The headers as given, checked; a name given twice (in any case) is refused rather than merged. */
export function checkHeaders(headers: Record<string, string>): Record<string, string> {
  const entries = Object.entries(headers);
  if (entries.length > HEADER_LIMITS.count)
    throw bad(`headers may hold at most ${HEADER_LIMITS.count} headers; ${entries.length} were given.`);
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    if (name.length === 0 || name.length > HEADER_LIMITS.nameLength || !HEADER_NAME.test(name))
      throw bad(
        `headers: "${name.slice(0, 100)}" is not a header name (letters, digits and !#$%&'*+.^_\`|~-, at most ${HEADER_LIMITS.nameLength}).`,
      );
    if (PROXY_OWNED_HEADERS.has(lower))
      throw bad(`headers.${name}: the Gateway sets this header itself; it cannot be given for a server.`);
    if (seen.has(lower)) throw bad(`headers.${name}: given twice (header names ignore case).`);
    seen.add(lower);
    if (typeof value !== 'string' || value.length > HEADER_LIMITS.valueLength)
      throw bad(
        `headers.${name}: the value must be text of at most ${HEADER_LIMITS.valueLength} characters.`,
      );
    if (!HEADER_VALUE.test(value))
      throw bad(`headers.${name}: the value must not hold line breaks or other control characters.`);
    if (value.trim() !== value || value === '')
      throw bad(`headers.${name}: the value must not be empty or begin or end with spaces.`);
  }
  return { ...headers };
}
