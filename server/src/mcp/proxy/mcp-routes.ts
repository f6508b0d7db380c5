// /mcp/{alias} on the Gateway listener (and /d/<device token>/mcp/{alias}, cut by device-path.ts): the
// MCP Streamable HTTP transport, proxied to the server the inventory holds under that alias. POST
// carries JSON-RPC messages (one, or a batch in protocol 2025-03-26) answered as JSON or an SSE stream;
// GET opens the server's own stream (or resumes one with Last-Event-ID); DELETE ends the session. The
// transport's headers pass both ways; the caller authenticates as everywhere on the Gateway, before
// the body is read, and its credential never reaches the server.
import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditRefusal, checkCaller } from '../../gateway/caller-auth.ts';
import { pathToken } from '../../gateway/device-path.ts';
import { GatewayError } from '../../gateway/gateway-errors.ts';
import { relayAnswer, type RelayContext } from './answer-relay.ts';
import { idKey, kindOf, parseMessages, RPC, type JsonRpcId } from './jsonrpc.ts';
import { McpCall, type McpProxyDeps } from './mcp-call.ts';
import { McpProxyError, sendMcpError, shownAlias } from './mcp-errors.ts';
import { mcpRequestHeaders, type McpRequest } from './mcp-upstream.ts';
import { governOutgoing, type Lookup } from './message-governor.ts';
import { MAX_MCP_MESSAGE } from './sse-events.ts';

export type { McpProxyDeps } from './mcp-call.ts';

declare module 'fastify' {
  interface FastifyRequest {
    mcpCall: McpCall | null;
  }
}

/** Where each SDK puts an API key: any of them may carry the Gatehouse token (as on the chat routes). */
const TOKEN_HEADERS = ['x-api-key', 'api-key', 'x-goog-api-key'];
const BEARER = /^Bearer +(\S+) *$/i;

/** The token the caller sent, wherever its SDK put it (also the shim's routes, mcp/shim/). */
export function presented(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined) return BEARER.exec(authorization)?.[1] ?? authorization;
  for (const name of TOKEN_HEADERS) {
    const v = headers[name];
    if (v !== undefined) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

const OPERATION: Record<string, string> = { GET: 'stream', DELETE: 'session.end', POST: 'response' };

export function registerMcpProxy(app: FastifyInstance, deps: McpProxyDeps): void {
  app.decorateRequest('mcpCall', null);

  /** Authenticates the caller and finds the server, before the body is read. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const call = new McpCall(
      request,
      deps,
      deps.tools.recognise(request.headers['user-agent']),
      OPERATION[request.method]!,
    );
    request.mcpCall = call;
    deps.tracing?.begin(request, reply.raw, call.started);
    const inPath = pathToken(request.raw);
    let check = checkCaller(deps, inPath ?? presented(request.headers), request.ip, inPath !== undefined);
    if (check instanceof Promise) check = await check;
    call.caller = check.caller ?? null;
    if (check.refused) call.refusedCaller = check.refused;
    if (check.error) {
      auditRefusal(deps, request, check);
      return call.refuse(reply, McpProxyError.fromGateway(check.error));
    }
    const { alias } = request.params as { alias: string };
    const route = deps.inventory.routeByAlias(alias);
    if (!route)
      return call.refuse(
        reply,
        new McpProxyError(
          'mcp_server_unknown',
          `No MCP server is registered in Gatehouse under the alias "${shownAlias(alias)}". Ask your Gatehouse admin for the right alias, or to register the server.`,
        ),
      );
    call.route = route;
    if (!route.enabled)
      return call.refuse(
        reply,
        new McpProxyError(
          'mcp_server_disabled',
          `The MCP server "${shownAlias(alias)}" is disabled in Gatehouse; ask your Gatehouse admin to enable it.`,
        ),
      );
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const call = request.mcpCall!;
    const route = call.route!;
    const session = header(request.headers, 'mcp-session-id');
    const owed = new Map<string, JsonRpcId>();
    let body: Buffer | string | null = null;
    let single: JsonRpcId | null = null;
    if (request.method === 'POST') {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      call.requestBytes = raw.length;
      const parsed = parseMessages(raw.toString('utf8'), 'body');
      if (!parsed.ok)
        return call.refuse(
          reply,
          new McpProxyError(
            'invalid_request',
            `${parsed.message} Send one JSON-RPC 2.0 message (or a batch of them) as the body.`,
            400,
            parsed.code,
          ),
        );
      const { messages, batch } = parsed;
      if (!batch && kindOf(messages[0]!) === 'request') single = messages[0]!.id!;
      const out = await governOutgoing(call, messages);
      if (out.refused) {
        call.status = 200;
        call.record();
        return reply
          .code(200)
          .header('content-type', 'application/json')
          .send(JSON.stringify(batch ? out.refused : out.refused[0]));
      }
      body = out.changed ? JSON.stringify(batch ? messages : messages[0]) : raw;
      for (const m of messages) {
        if (kindOf(m) !== 'request') continue;
        owed.set(idKey(m.id!), m.id!);
        if (session)
          deps.ledger.asked(route.alias, session, m.id!, {
            method: m.method!,
            tool: call.entryOf(m.id!)?.tool ?? null,
            paged: call.entryOf(m.id!)?.paged,
          });
      }
    }
    const lookup: Lookup = (id) => {
      const entry = call.entryOf(id) ?? null;
      const remembered = session ? deps.ledger.answered(route.alias, session, id) : undefined;
      return {
        entry,
        pending: entry
          ? { method: entry.method ?? 'unknown', tool: entry.tool, paged: entry.paged }
          : remembered,
      };
    };
    const out: McpRequest = {
      route,
      method: request.method as McpRequest['method'],
      headers: mcpRequestHeaders(request.headers, route),
      body,
      longLived: request.method === 'GET',
    };
    const cancel = new EventEmitter();
    const res = reply.raw as ServerResponse;
    res.once('close', () => {
      if (!res.writableFinished) {
        // The caller went away: cancel the server's request, before or after its headers.
        call.cancelled = true;
        cancel.emit('abort');
      }
      call.record();
    });
    deps.tracing?.upstream(request, route.url, out.headers);
    let answer;
    try {
      answer = await deps.upstream.send(out, cancel);
    } catch (err) {
      if (err instanceof McpProxyError) return call.refuse(reply, err, single);
      if (call.cancelled) return reply;
      throw err;
    }
    if (request.method === 'DELETE' && answer.statusCode < 300 && session)
      deps.ledger.ended(route.alias, session);
    const ctx: RelayContext = { call, lookup, owed };
    return relayAnswer(ctx, reply, answer);
  }

  app.route({
    method: ['POST', 'GET', 'DELETE'],
    url: '/mcp/:alias',
    bodyLimit: MAX_MCP_MESSAGE,
    onRequest: authenticate,
    handler: handle,
    errorHandler: (err: FastifyError, request, reply) => {
      const call = request.mcpCall;
      const e =
        err instanceof McpProxyError
          ? err
          : err instanceof GatewayError
            ? McpProxyError.fromGateway(err)
            : err.statusCode === 413
              ? new McpProxyError(
                  'request_too_large',
                  `The message is larger than the Gateway accepts for an MCP server (${MAX_MCP_MESSAGE / 1024 / 1024} MB).`,
                )
              : err.statusCode && err.statusCode < 500
                ? new McpProxyError(
                    'invalid_request',
                    'The request could not be read; check its body and headers.',
                    400,
                    RPC.invalidRequest,
                  )
                : undefined;
      if (!e) request.log.error({ err }, 'MCP proxy request failed');
      const sent =
        e ??
        new McpProxyError(
          'internal',
          'The Gateway failed on this request; it has been logged.',
          500,
          RPC.internalError,
        );
      if (call && !call.recorded) return call.refuse(reply, sent);
      return sendMcpError(reply, sent);
    },
  });
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
