// The connection to routed MCP servers: one undici Agent (a keep-alive pool per server) with the
// Gateway's connect, first-byte and idle timeouts, as gateway/upstream.ts has for the providers. A
// server's own stream (GET) may rightly stay silent for as long as it has nothing to say, so it has no
// idle timeout: the caller's client ends it, or the server does.
//
// Headers: what the transport needs passes (Accept, Content-Type, Mcp-Session-Id, MCP-Protocol-Version,
// Last-Event-ID, and anything else a client adds); the caller's Gatehouse token in every form the
// Gateway reads, cookies, the caller's address and compression do not; the inventory's headers for the
// server (its own credentials) are set last, so nothing the caller sends can replace them.
import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, errors, type Dispatcher } from 'undici';
import type { UpstreamTimeouts } from '../../config.ts';
import { callerHeaders, forwardedHeaders, splitUrl } from '../../gateway/upstream.ts';
import type { McpRoute } from '../mcp-contract.ts';
import { McpProxyError, shownAlias } from './mcp-errors.ts';

/** The caller's headers as they go to the MCP server, with the inventory's for it. */
export function mcpRequestHeaders(
  incoming: IncomingHttpHeaders,
  route: McpRoute,
): Record<string, string | string[]> {
  const out = forwardedHeaders(incoming);
  for (const name in route.headers) out[name.toLowerCase()] = route.headers[name]!;
  return out;
}

// The server's session id and content type pass; the length goes (a message may be rewritten), and the
// server's cookies are no business of the caller's tools: the same rules as a provider's answer.
export const mcpResponseHeaders = callerHeaders;

export interface McpRequest {
  route: McpRoute;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string | string[]>;
  body: Buffer | string | null;
  /** A server's own stream: no idle timeout. */
  longLived?: boolean;
}

export interface McpUpstream {
  send(request: McpRequest, signal: EventEmitter | AbortSignal): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
}

export function createMcpUpstream(timeouts: UpstreamTimeouts): McpUpstream {
  const agent = new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.firstByteMs,
    bodyTimeout: timeouts.idleMs,
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 60_000,
  });
  return {
    async send({ route, method, headers, body, longLived }, signal) {
      const { origin, path } = splitUrl(route.url);
      try {
        return await agent.request({
          origin,
          path,
          method,
          headers,
          body,
          signal,
          ...(longLived ? { bodyTimeout: 0 } : {}),
        });
      } catch (err) {
        throw describeFailure(err, route);
      }
    },
    close: () => agent.close(),
  };
}

/** A server that could not be reached or did not answer in time, as the error the caller gets. */
function describeFailure(err: unknown, route: McpRoute): unknown {
  if (err instanceof errors.RequestAbortedError) return err; // the caller went away: nothing to answer
  const who = `The MCP server "${shownAlias(route.alias)}"`;
  if (err instanceof errors.HeadersTimeoutError)
    return new McpProxyError(
      'upstream_timeout',
      `${who} did not start answering in time; retry, or ask your Gatehouse admin whether it is up.`,
    );
  if (err instanceof errors.ConnectTimeoutError)
    return new McpProxyError('upstream_unreachable', `${who} could not be reached: connecting timed out.`);
  const code = (err as { code?: string }).code;
  return new McpProxyError(
    'upstream_unreachable',
    `${who} could not be reached${code ? ` (${code})` : ''}. Ask your Gatehouse admin to check its URL in the MCP inventory.`,
  );
}
