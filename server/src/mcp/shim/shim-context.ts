// What POST /mcp/observations and /mcp/decide share: their dependencies, the caller's check (as on
// every Gateway route, before the body is read), the policy's verdict on a local server as a whole,
// the risk findings of what the detectors spotted, and the activity record of each answer (source
// `local`, the developer and the device), written through the batching writer.
import { noteSignal, type SignalActions } from '../../activity/signal-actions.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { ActivityLog } from '../../activity/activity-log.ts';
import type { Outcome } from '../../activity/activity-types.ts';
import { auditRefusal, checkCaller, type Caller, type CallerAuthority } from '../../gateway/caller-auth.ts';
import { pathToken } from '../../gateway/device-path.ts';
import { actorOf } from '../../gateway/exchange.ts';
import type { GatewayError } from '../../gateway/gateway-errors.ts';
import { observeSpotted, type RiskSink } from '../../gateway/gateway-policy.ts';
import type { Spotted } from '../../gateway/json-guard.ts';
import type { ToolRecogniser } from '../../gateway/tools.ts';
import type { CompiledPolicy } from '../../policy/evaluation.ts';
import type { SlopsquatDeps } from '../../gateway/exchange.ts';
import { mcpServerRuleFor } from '../../policy/mcp-policy.ts';
import type { McpPolicy } from '../../policy/policy-types.ts';
import type { McpCallDecision, McpCaller } from '../mcp-contract.ts';
import type { LocalServer, LocalServerService } from '../local-server-service.ts';
import type { ToolGovernor } from '../tool-governor.ts';
import { presented } from '../proxy/mcp-routes.ts';
import type { ServerInventory } from './shim-servers.ts';

export interface ShimDeps extends CallerAuthority {
  tools: ToolRecogniser;
  /** The compiled detectors in force (gateway/gateway-policy.ts); its version is the policy's. */
  policy(): CompiledPolicy;
  /** The policy's mcp section in force (its defaults where the document has none). */
  mcpPolicy(): McpPolicy;
  risk: RiskSink;
  servers: LocalServerService;
  /** The tool governor over local servers' pins (tool-governor.ts with LOCAL_PINS). */
  governor: ToolGovernor;
  activity: ActivityLog;
  /** The routed servers' inventory, for GET /mcp/servers (shim-servers.ts). */
  inventory: ServerInventory;
  log: Logger;
  /** The slopsquat detector's registry checks (the Gateway's), for tools/call arguments. */
  slopsquat: SlopsquatDeps | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    shim: ShimExchange | null;
  }
}

/** One request to the shim's routes, and what its activity record needs. */
export interface ShimExchange {
  started: number;
  caller: Caller | null;
  refusedCaller: Caller | null;
}

function sendCallerError(request: FastifyRequest, reply: FastifyReply, err: GatewayError) {
  if (err.status === 401) reply.header('www-authenticate', 'Bearer error="invalid_token"');
  else if (err.code === 'insufficient_scope')
    reply.header('www-authenticate', 'Bearer error="insufficient_scope", scope="gateway:invoke"');
  return reply
    .code(err.status)
    .header('content-type', 'application/json')
    .send(JSON.stringify({ error: { code: err.code, message: err.message, request_id: request.id } }));
}

/** The caller's check, before the body is read: a device token or a gateway:invoke access token. */
export function shimAuthentication(deps: ShimDeps) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const exchange: ShimExchange = { started: performance.now(), caller: null, refusedCaller: null };
    request.shim = exchange;
    const inPath = pathToken(request.raw);
    let check = checkCaller(deps, inPath ?? presented(request.headers), request.ip, inPath !== undefined);
    if (check instanceof Promise) check = await check;
    exchange.caller = check.caller ?? null;
    exchange.refusedCaller = check.refused ?? null;
    if (check.error) {
      auditRefusal(deps, request, check);
      return sendCallerError(request, reply, check.error);
    }
  };
}

export function mcpCallerOf(caller: Caller, requestId: string): McpCaller {
  return {
    actorId: actorOf(caller)?.id ?? '',
    developerId: caller.type === 'device' ? caller.developer.id : null,
    deviceId: caller.type === 'device' ? (caller.device?.id ?? null) : null,
    requestId,
  };
}

/**
 * The policy on the server as a whole: blocked by its entry's action or its command's rule, unless its
 * entry allows some tool by name or pattern (then each tool is judged alone).
 */
export function serverVerdict(section: McpPolicy, server: LocalServer): McpCallDecision {
  const { verdict, open } = mcpServerRuleFor(section, server.name, server.command);
  if (!verdict || verdict.action !== 'block' || open) return { decision: 'allow' };
  const where =
    verdict.by === 'command' ? `mcp.commands["${verdict.key}"]` : `mcp.servers.${server.name}.action`;
  return {
    decision: 'block',
    rule: 'mcp:blocked_server',
    message: `The policy blocks the local MCP server "${server.name}" (${where}); ask your Gatehouse admin if you need it.`,
  };
}

/** Notes what the detectors spotted as risk findings, and as signals with their actions on `into`. */
export function noteSpotted(
  deps: ShimDeps,
  caller: Caller,
  spotted: readonly Spotted[],
  where: 'request' | 'response',
  context: string,
  toolId: string,
  into: { signals: string[]; signalActions: SignalActions },
  requestId: string,
): void {
  const actor = actorOf(caller)!;
  for (const s of spotted) {
    noteSignal(into.signals, into.signalActions, s.hit.match.rule, s.hit.action);
    observeSpotted(deps.risk, actor, s, {
      provider: null,
      model: null,
      tool: toolId,
      where,
      context,
      requestId,
    });
  }
}

export interface ShimRecord {
  operation: string;
  /** The local server's name; null for GET /mcp/servers, which concerns no one server (no `mcp` member). */
  server: string | null;
  method: string | null;
  tool: string | null;
  status: number;
  outcome: Outcome;
  errorCode: string | null;
  signals: string[];
  signalActions: SignalActions;
  responseBytes: number;
}

/** The activity record of one answer (or refusal), through the batching writer. */
export function recordShim(deps: ShimDeps, request: FastifyRequest, r: ShimRecord): void {
  const exchange = request.shim;
  const caller = exchange?.caller ?? exchange?.refusedCaller ?? null;
  deps.activity.record({
    time: Date.now(),
    requestId: request.id,
    actor: actorOf(caller),
    device: caller?.type === 'device' ? caller.device : null,
    tool: deps.tools.recognise(request.headers['user-agent']).id,
    mode: null,
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
    provider: null,
    model: null,
    providerKeyId: null,
    operation: r.operation,
    status: r.status,
    outcome: r.outcome,
    errorCode: r.errorCode,
    signals: r.signals,
    signalActions: r.signalActions,
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    reasoningTokens: null,
    latencyUs: Math.round((performance.now() - (exchange?.started ?? performance.now())) * 1000),
    ttfbUs: null,
    stream: false,
    requestBytes: Number(request.headers['content-length'] ?? 0) || 0,
    responseBytes: r.responseBytes,
    ...(r.server === null
      ? {}
      : {
          mcp: { source: 'local' as const, server: r.server.slice(0, 200), method: r.method, tool: r.tool },
        }),
  });
}
