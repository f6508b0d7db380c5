// POST /mcp/observations and POST /mcp/decide on the Gateway listener (and under /d/<device token>/),
// for the endpoint client's shim around local MCP servers, and GET /mcp/servers, for its `setup --mcp`
// (shim-servers.ts). All authenticate as every Gateway request does, before the body is read; bodies are JSON (any content type), read with the Gateway's limits on
// untrusted JSON (json-limits.ts) and checked against their schemas. Errors are the management API's
// {"error": {code, message, request_id}}; every answer is recorded in the activity.
import { Type } from 'typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import { MAX_JSON_DEPTH, jsonShape } from '../../gateway/json-limits.ts';
import { sendApiError, toApiError } from '../../http/error-handler.ts';
import { ErrorResponse } from '../../api/schemas.ts';
import { decide, ShimInputError } from './shim-decide.ts';
import { observe } from './shim-observe.ts';
import {
  DecideAnswer,
  DecideRequest,
  ObservationAnswer,
  ObservationRequest,
  SHIM_BODY_LIMIT,
} from './shim-schemas.ts';
import { recordShim, shimAuthentication, type ShimDeps, type ShimRecord } from './shim-context.ts';
import { routedServers, ServerListAnswer } from './shim-servers.ts';

export type { ShimDeps } from './shim-context.ts';

/** Reads a body as JSON whatever its content type says, refusing what the Gateway will not walk. */
function parseJson(
  _request: FastifyRequest,
  text: string,
  done: (err: Error | null, body?: unknown) => void,
) {
  if (text.trim() === '')
    return done(new ApiError('invalid_request', 'The request body is empty; send a JSON object.'));
  const shape = jsonShape(text);
  if (shape.tooDeep)
    return done(
      new ApiError('invalid_request', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`),
    );
  if (shape.duplicate !== null)
    return done(
      new ApiError(
        'invalid_request',
        `The request body has the key "${shape.duplicate.slice(0, 64)}" twice in one object; send it once.`,
      ),
    );
  try {
    return done(null, JSON.parse(text));
  } catch {
    return done(new ApiError('invalid_request', 'The request body is not valid JSON.'));
  }
}

const errors = {
  400: Type.Ref('Error'),
  401: Type.Ref('Error'),
  403: Type.Ref('Error'),
  413: Type.Ref('Error'),
};

export async function shimRoutes(app: FastifyInstance, deps: ShimDeps): Promise<void> {
  app.decorateRequest('shim', null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: SHIM_BODY_LIMIT }, parseJson);
  app.addSchema(ErrorResponse);

  /** Answers, and records the answer in the activity. */
  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: unknown,
    r: Omit<ShimRecord, 'status' | 'responseBytes'>,
  ) {
    const text = JSON.stringify(body);
    recordShim(deps, request, { ...r, status, responseBytes: Buffer.byteLength(text) });
    return reply.code(status).header('content-type', 'application/json').send(text);
  }

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const apiError =
      err instanceof ShimInputError ? new ApiError('invalid_request', err.message) : toApiError(err);
    if (!apiError) request.log.error({ err }, 'MCP shim request failed');
    const e =
      apiError ??
      new ApiError(
        'internal',
        `The Gateway failed on this request; quote request ${request.id} when reporting it.`,
      );
    const body = request.body as { server?: { name?: unknown }; tool?: unknown } | undefined;
    const name = typeof body?.server?.name === 'string' ? body.server.name : '';
    if (request.shim?.caller) {
      const listing = request.method === 'GET';
      recordShim(deps, request, {
        operation: request.url.endsWith('/decide') ? 'decide' : listing ? 'servers' : 'observations',
        server: listing ? null : name,
        method: null,
        tool: typeof body?.tool === 'string' ? body.tool.slice(0, 200) : null,
        status: e.status,
        outcome: 'gateway_error',
        errorCode: e.code,
        signals: [],
        signalActions: {},
        responseBytes: 0,
      });
    }
    return sendApiError(request, reply, e);
  });

  const onRequest = shimAuthentication(deps);

  app.post<{ Body: ObservationRequest }>(
    '/mcp/observations',
    {
      onRequest,
      bodyLimit: SHIM_BODY_LIMIT,
      schema: {
        operationId: 'observeLocalMcpServer',
        tags: ['mcp'],
        summary: 'Report a local MCP server and its tools (the endpoint client’s shim)',
        description:
          'Sent after initialize (server_info, protocol_version) and after each tools/list (tools). Pins each tool as for routed servers and answers, per tool, its state and whether the shim may show it.',
        security: [{ bearer: [] }],
        body: ObservationRequest,
        response: { 200: ObservationAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const caller = request.shim!.caller!;
      const body = request.body;
      const out = await observe(deps, caller, body, request.id);
      return answer(request, reply, 200, out, {
        operation: 'observations',
        server: body.server.name,
        method: body.tools === undefined ? 'initialize' : 'tools/list',
        tool: null,
        outcome: out.server.decision === 'block' ? 'blocked' : 'allowed',
        errorCode: null,
        signals: out.server.rule ? [out.server.rule] : [],
        signalActions: out.server.rule
          ? { [out.server.rule]: out.server.decision === 'block' ? 'block' : 'alert' }
          : {},
      });
    },
  );

  app.post<{ Body: DecideRequest }>(
    '/mcp/decide',
    {
      onRequest,
      bodyLimit: SHIM_BODY_LIMIT,
      schema: {
        operationId: 'decideLocalMcpCall',
        tags: ['mcp'],
        summary: 'Decide a local MCP server’s tools/call, or its result (the endpoint client’s shim)',
        description:
          'allow, block (with the rule and a message for the model) or redact (with the redacted arguments or result), from memory.',
        security: [{ bearer: [] }],
        body: DecideRequest,
        response: { 200: DecideAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const caller = request.shim!.caller!;
      const body = request.body;
      const d = await decide(deps, request, caller, body);
      return answer(request, reply, 200, d.answer, {
        operation: body.phase === 'call' ? 'decide.call' : 'decide.result',
        server: body.server.name,
        method: 'tools/call',
        tool: body.tool,
        outcome: d.outcome,
        // As the routed proxy's records: a rule of the mcp section, or a detector's.
        errorCode:
          d.outcome !== 'blocked'
            ? null
            : d.answer.rule?.startsWith('mcp:')
              ? 'mcp_tool_blocked'
              : 'policy_blocked',
        signals: d.signals,
        signalActions: d.signalActions,
      });
    },
  );
  app.get(
    '/mcp/servers',
    {
      onRequest,
      schema: {
        operationId: 'listRoutedMcpServers',
        tags: ['mcp'],
        summary:
          'The routed MCP servers a tool may reach through /mcp/{alias} (the endpoint client’s setup --mcp)',
        description:
          'Each enabled server of the MCP inventory: its alias and its URL, never its headers. `gatehouse-client setup <tool> --mcp` points a tool’s remote server whose URL is one of these at /mcp/{alias}.',
        security: [{ bearer: [] }],
        response: { 200: ServerListAnswer, 401: Type.Ref('Error'), 403: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      const out = routedServers(deps.inventory);
      return answer(request, reply, 200, out, {
        operation: 'servers',
        server: null,
        method: null,
        tool: null,
        outcome: 'allowed',
        errorCode: null,
        signals: [],
        signalActions: {},
      });
    },
  );
}
