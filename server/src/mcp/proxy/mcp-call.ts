// One HTTP exchange on /mcp/{alias} and what it gathers for the activity: who called, which server,
// and one entry per JSON-RPC message the caller sent (a batch of the 2025-03-26 protocol is several),
// each with its method, tool, outcome and signals. It is recorded once, when the caller's connection
// closes, through the batching writer: the hot path never waits on the database.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { ActivityLog } from '../../activity/activity-log.ts';
import type { Outcome } from '../../activity/activity-types.ts';
import { noteSignal, type SignalActions } from '../../activity/signal-actions.ts';
import type { Caller, CallerAuthority } from '../../gateway/caller-auth.ts';
import { actorOf } from '../../gateway/exchange.ts';
import { observeSpotted, type RiskSink } from '../../gateway/gateway-policy.ts';
import type { Spotted } from '../../gateway/json-guard.ts';
import type { RecognisedTool, ToolRecogniser } from '../../gateway/tools.ts';
import type { CompiledPolicy } from '../../policy/evaluation.ts';
import type { SlopsquatDeps } from '../../gateway/exchange.ts';
import type { McpCaller, McpInventoryView, McpRoute, McpToolGovernor } from '../mcp-contract.ts';
import { idKey, type JsonRpcId } from './jsonrpc.ts';
import type { McpProxyError } from './mcp-errors.ts';
import { sendMcpError } from './mcp-errors.ts';
import type { McpUpstream } from './mcp-upstream.ts';
import type { SessionLedger } from './session-ledger.ts';
import type { GatewayTracing } from '../../tracing/gateway-tracing.ts';

/** Whether the policy's detectors read tool arguments and results (the policy's mcp section). */
export interface McpScanSettings {
  scanArguments: boolean;
  scanResults: boolean;
}

export interface McpProxyDeps extends CallerAuthority {
  tools: ToolRecogniser;
  /** The compiled policy in force (gateway/gateway-policy.ts), and its mcp section's scan settings. */
  policy(): CompiledPolicy;
  scanSettings(): McpScanSettings;
  risk: RiskSink;
  inventory: McpInventoryView;
  governor: McpToolGovernor;
  upstream: McpUpstream;
  activity: ActivityLog;
  ledger: SessionLedger;
  log: Logger;
  /** How long the proxy waits for its own tools/list after a server's list_changed. */
  relistTimeoutMs: number;
  /** The slopsquat detector's registry checks (the Gateway's), for tools/call arguments. */
  slopsquat: SlopsquatDeps | null;
  /** OpenTelemetry spans of each exchange; null when tracing is off. */
  tracing: GatewayTracing | null;
}

/** One message the caller sent, as the activity records it. */
export interface CallEntry {
  method: string | null;
  tool: string | null;
  outcome: Outcome;
  errorCode: string | null;
  signals: string[];
  /** What the policy did about each signal. */
  signalActions: SignalActions;
  /** A tools/list asked with a cursor (a later page of the server's list). */
  paged?: boolean;
}

const UPSTREAM_FAILURES = new Set([
  'upstream_unreachable',
  'upstream_timeout',
  'upstream_interrupted',
  'upstream_invalid',
]);

export class McpCall {
  readonly started = performance.now();
  caller: Caller | null = null;
  refusedCaller: Caller | null = null;
  route: McpRoute | null = null;
  status = 0;
  readonly entries: CallEntry[] = [];
  private readonly byId = new Map<string, CallEntry>();
  requestBytes = 0;
  responseBytes = 0;
  recorded = false;
  /** Whether the server answered with an SSE stream. */
  stream = false;
  /** Set when the caller went away before the answer was complete. */
  cancelled = false;

  constructor(
    readonly request: FastifyRequest,
    readonly deps: McpProxyDeps,
    readonly tool: RecognisedTool,
    /** The JSON-RPC method of the record when the exchange carries no message (GET, DELETE). */
    private readonly operation: string,
  ) {}

  /** The caller as the contract names it, for pins and findings. */
  mcpCaller(): McpCaller {
    const caller = this.caller;
    const actor = actorOf(caller);
    return {
      actorId: actor?.id ?? '',
      developerId: caller?.type === 'device' ? caller.developer.id : null,
      deviceId: caller?.type === 'device' ? (caller.device?.id ?? null) : null,
      requestId: this.request.id,
    };
  }

  add(method: string | null, tool: string | null, id: JsonRpcId | null | undefined): CallEntry {
    const entry: CallEntry = {
      method,
      tool,
      outcome: 'allowed',
      errorCode: null,
      signals: [],
      signalActions: {},
    };
    this.entries.push(entry);
    if (id !== undefined && id !== null) this.byId.set(idKey(id), entry);
    return entry;
  }

  /** The entry of the caller's request `id`, if this exchange asked it. */
  entryOf(id: JsonRpcId): CallEntry | undefined {
    return this.byId.get(idKey(id));
  }

  /** The entry that stands for the whole exchange (its first message, or the stream). */
  main(): CallEntry {
    return this.entries[0] ?? this.add(null, null, undefined);
  }

  /** Notes what the policy found, on `entry`'s signals and as risk findings. */
  noteSpotted(
    entry: CallEntry,
    spotted: readonly Spotted[],
    where: 'request' | 'response',
    context: string,
  ): void {
    const actor = actorOf(this.caller);
    for (const s of spotted) {
      noteSignal(entry.signals, entry.signalActions, s.hit.match.rule, s.hit.action);
      if (!actor) continue;
      observeSpotted(this.deps.risk, actor, s, {
        provider: null,
        model: null,
        tool: this.tool.id,
        where,
        context,
        requestId: this.request.id,
      });
    }
  }

  /** Answers the proxy's own refusal or failure, and records it. */
  refuse(reply: FastifyReply, err: McpProxyError, id: JsonRpcId | null = null): FastifyReply {
    this.status = err.status;
    const outcome: Outcome = UPSTREAM_FAILURES.has(err.code) ? 'upstream_error' : 'gateway_error';
    for (const e of this.entries.length ? this.entries : [this.main()]) {
      if (e.outcome !== 'allowed') continue;
      e.outcome = outcome;
      e.errorCode = err.code;
    }
    this.record();
    return sendMcpError(reply, err, id);
  }

  /** Marks every entry still allowed as the MCP server's failure (its HTTP error, or a broken stream). */
  upstreamFailed(code: string | null): void {
    for (const e of this.entries.length ? this.entries : [this.main()]) {
      if (e.outcome !== 'allowed') continue;
      e.outcome = 'upstream_error';
      e.errorCode = code;
    }
  }

  /** Writes the activity records, once, whichever way the exchange ended. */
  record(): void {
    if (this.recorded) return;
    this.recorded = true;
    const { request, route } = this;
    const caller = this.caller ?? this.refusedCaller;
    const actor = actorOf(caller);
    const latencyUs = Math.round((performance.now() - this.started) * 1000);
    const alias = route?.alias ?? (request.params as { alias?: string }).alias ?? '';
    for (const e of this.entries.length ? this.entries : [this.main()]) {
      this.deps.activity.record({
        time: Date.now(),
        requestId: request.id,
        actor,
        device: caller?.type === 'device' ? caller.device : null,
        tool: this.tool.id,
        mode: null,
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
        provider: null,
        model: null,
        providerKeyId: null,
        operation: e.method ?? this.operation,
        status: this.status,
        outcome: e.outcome,
        errorCode: e.errorCode,
        signals: e.signals,
        signalActions: e.signalActions,
        inputTokens: null,
        outputTokens: null,
        cachedTokens: null,
        reasoningTokens: null,
        latencyUs,
        ttfbUs: null,
        stream: this.stream,
        requestBytes: this.requestBytes,
        responseBytes: this.responseBytes,
        mcp: { source: 'routed', server: alias.slice(0, 64), method: e.method, tool: e.tool },
      });
    }
  }
}
