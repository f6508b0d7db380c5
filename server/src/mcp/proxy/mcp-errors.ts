// The proxy's own refusals and failures, answered as a JSON-RPC error object (what an MCP client shows)
// with the HTTP status that says the same: 401/403 for the caller's token, 404 for an alias the
// inventory does not hold, 400 for a body that is not JSON-RPC, 413 for one too large, 502/504 when the
// MCP server cannot be reached or does not answer. The stable code sits in `error.data.code`; the
// message is a sentence a person can act on and never holds a secret.
import type { FastifyReply } from 'fastify';
import type { GatewayError } from '../../gateway/gateway-errors.ts';
import { errorMessage, RPC, type JsonRpcId } from './jsonrpc.ts';

export const MCP_ERRORS = {
  mcp_server_unknown: 404,
  mcp_server_disabled: 403,
  invalid_request: 400,
  request_too_large: 413,
  upstream_unreachable: 502,
  upstream_timeout: 504,
  // The server answered with what the Gateway cannot read (not JSON-RPC, too deep, too large).
  upstream_invalid: 502,
  internal: 500,
} as const;

export class McpProxyError extends Error {
  readonly status: number;

  constructor(
    readonly code: string,
    message: string,
    status?: number,
    readonly rpcCode: number = RPC.refused,
  ) {
    super(message);
    this.status = status ?? MCP_ERRORS[code as keyof typeof MCP_ERRORS] ?? 400;
  }

  /** A refusal of the Gateway's caller check (401/403), said the MCP way. */
  static fromGateway(err: GatewayError): McpProxyError {
    return new McpProxyError(err.code, err.message, err.status);
  }
}

export function sendMcpError(
  reply: FastifyReply,
  err: McpProxyError,
  id: JsonRpcId | null = null,
): FastifyReply {
  if (err.status === 401) reply.header('www-authenticate', 'Bearer error="invalid_token"');
  return reply
    .code(err.status)
    .header('content-type', 'application/json')
    .send(JSON.stringify(errorMessage(id, err.rpcCode, err.message, err.code)));
}

/** The MCP server's alias as it may appear in a message: bounded, and only path-safe characters. */
export function shownAlias(alias: string): string {
  return alias.slice(0, 64).replace(/[^A-Za-z0-9._~-]/g, '?');
}
