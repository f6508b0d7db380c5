// What one Gateway request has gathered on its way through the pipeline, and the two ways it ends for
// the record: refused by the Gateway (an error in the provider's shape), or answered by the provider.
// A class rather than an object of closures: its methods are shared, where closures would be made
// anew for every request on the hot path.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CredentialService } from '../identity/credential-service.ts';
import type { DeviceSessionCache } from '../identity/device-session-cache.ts';
import type { ActivityLog } from '../activity/activity-log.ts';
import type { ActivityActor, Outcome } from '../activity/activity-types.ts';
import { noteSignal, type SignalActions } from '../activity/signal-actions.ts';
import type { ProviderKey } from '../provider-keys/provider-key-types.ts';
import type { CompiledPolicy } from '../policy/evaluation.ts';
import type { AnswerKeys } from './answer-keys.ts';
import type { Caller } from './caller-auth.ts';
import type { RefusalAudit } from '../audit/refusal-audit.ts';
import { GatewayError, sendGatewayError, type GatewayErrorCode } from './gateway-errors.ts';
import type { Spotted } from './json-guard.ts';
import type { KeyRouter } from './key-router.ts';
import type { Provider, ProviderRoute } from './providers/provider-types.ts';
import type { RecognisedTool, ToolRecogniser } from './tools.ts';
import type { AnswerMeter } from './response-tap.ts';
import type { Upstream } from './upstream.ts';
import type { UpstreamHealth } from './upstream-health.ts';
import type { PackageChecker } from '../slopsquat/detection/package-checker.ts';
import { PackageWatch } from '../slopsquat/detection/package-watch.ts';
import type { GatewayTracing } from '../tracing/gateway-tracing.ts';
import type { SlopsquatReporter } from '../slopsquat/detection/slopsquat-report.ts';

/** Where the Gateway's policy comes from and where what it finds goes (services built elsewhere). */
export interface PolicyDeps {
  /** The policy in force, compiled; synchronous: never a database read on the hot path. */
  current(): CompiledPolicy;
  /** Reports a detector hit for the risk findings; never waits and never throws. */
  spotted(x: Exchange, spotted: Spotted, where: 'request' | 'response'): void;
}

export interface GatewayDeps {
  credentials: CredentialService;
  deviceSessions: DeviceSessionCache;
  refusals?: RefusalAudit | null;
  tools: ToolRecogniser;
  policy: PolicyDeps;
  router: KeyRouter;
  upstream: Upstream;
  health: UpstreamHealth;
  activity: ActivityLog;
  /** Which key served an answer a caller may come back to by id. */
  answers: AnswerKeys;
  /** The slopsquat detector's registry checks and what its verdicts leave behind (slopsquat/detection/). */
  slopsquat: SlopsquatDeps | null;
  /** OpenTelemetry spans of each request; null when tracing is off. */
  tracing: GatewayTracing | null;
}

export interface SlopsquatDeps {
  checker: PackageChecker;
  reporter: SlopsquatReporter;
}

/** One chat route of one provider, with what its requests need. */
export interface Lane {
  provider: Provider;
  route: ProviderRoute;
  deps: GatewayDeps;
}

/** The Gateway's own answers that stand for the provider's failure. */
const UPSTREAM_FAILURES: ReadonlySet<GatewayErrorCode> = new Set([
  'upstream_unreachable',
  'upstream_timeout',
]);

declare module 'fastify' {
  interface FastifyRequest {
    exchange: Exchange | null;
  }
}

export class Exchange {
  readonly started = performance.now();
  caller: Caller | null = null;
  /** Whom a refused token named, so that the refusal is attributed. */
  refusedCaller: Caller | null = null;
  model: string | null = null;
  key: ProviderKey | null = null;
  status = 0;
  outcome: Outcome = 'allowed';
  errorCode: string | null = null;
  stream = false;
  /** What is read of the provider's answer, once it has one. */
  answer: AnswerMeter | null = null;
  /** The policy rules that fired, each once, in the order they fired. */
  readonly signals: string[] = [];
  /** What the policy did about each of them. */
  readonly signalActions: SignalActions = {};
  /** Set when the caller went away before the answer was complete. */
  cancelled = false;
  /** Whether the activity record has been written (it is written once). */
  recorded = false;
  /** The slopsquat detector on this answer, once the answer is read with it on. */
  packages: PackageWatch | null = null;
  /** When the request went upstream, and when the provider's answer ended or failed (performance.now()). */
  upstreamSent = 0;
  upstreamEnded = 0;

  constructor(
    readonly request: FastifyRequest,
    readonly lane: Lane,
    readonly tool: RecognisedTool,
    /** The query string as it goes upstream (without the caller's ?key=, unless it is the tool's own). */
    public query: string,
  ) {}

  /** Answers with a Gateway error in the provider's shape and records it (the app's error handler uses it too). */
  refuse(reply: FastifyReply, err: GatewayError): FastifyReply {
    this.status = err.status;
    // A provider that broke off before a byte reached the caller is answered here too, but it stays
    // the provider's failure in the record.
    if (this.errorCode !== 'upstream_interrupted') {
      // The spec counts an outage as the provider's: one that cannot be reached or stays silent is an
      // upstream error, though the Gateway writes the answer.
      this.outcome = UPSTREAM_FAILURES.has(err.code) ? 'upstream_error' : 'gateway_error';
      this.errorCode = err.code;
    }
    this.record();
    return sendGatewayError(reply, this.lane.provider, err);
  }

  /** Notes what the policy found: signals for the record, hits for the risk findings. */
  noteSpotted(spotted: readonly Spotted[], where: 'request' | 'response'): void {
    for (const s of spotted) {
      noteSignal(this.signals, this.signalActions, s.hit.match.rule, s.hit.action);
      this.lane.deps.policy.spotted(this, s, where);
    }
  }

  /**
   * Answers the policy's block in the provider's shape: a 400 its SDK will not retry. `code` says why
   * when the policy stopped an answer it could not read (json_too_deep) rather than what it found.
   */
  block(reply: FastifyReply, message: string, code: GatewayErrorCode = 'policy_blocked'): FastifyReply {
    this.outcome = 'blocked';
    this.errorCode = code;
    this.status = 400;
    this.record();
    return sendGatewayError(reply, this.lane.provider, new GatewayError(code, message));
  }

  /** The provider could not be reached or broke off: counted against its health. */
  upstreamFailed(failed: 'unreachable' | 'timeout', interrupted: boolean): void {
    this.upstreamEnded = performance.now();
    if (interrupted) {
      this.outcome = 'upstream_error';
      this.errorCode = 'upstream_interrupted';
    }
    this.lane.deps.health.record(this.lane.provider.family, { failed }, performance.now() - this.started);
  }

  /** The provider's answer arrived in full. */
  upstreamAnswered(): void {
    this.upstreamEnded = performance.now();
    this.lane.deps.health.record(
      this.lane.provider.family,
      { status: this.status },
      performance.now() - this.started,
    );
  }

  /** The slopsquat detector on this answer, when the policy has it on; its verdicts become signals. */
  watchPackages(policy: CompiledPolicy): PackageWatch | null {
    const armed = policy.slopsquat;
    const deps = this.lane.deps.slopsquat;
    if (!armed || !deps) return null;
    this.packages ??= new PackageWatch(
      deps.checker,
      deps.reporter,
      armed,
      {
        actor: actorOf(this.caller),
        provider: this.lane.provider.family,
        model: this.model,
        tool: this.tool.id,
        where: 'response',
        requestId: this.request.id,
      },
      (signal, action) => noteSignal(this.signals, this.signalActions, signal, action),
    );
    return this.packages;
  }

  /**
   * Writes the activity record, once, whichever way the request ended: after the slopsquat checks still
   * running (never longer than their deadline), so that their signals are in it.
   */
  record(): void {
    if (this.recorded) return;
    this.recorded = true;
    const ended = performance.now();
    const watch = this.packages;
    const checker = this.lane.deps.slopsquat?.checker;
    if (watch?.busy && checker) checker.track(watch.settled().then(() => this.write(ended)));
    else this.write(ended);
  }

  private write(ended: number): void {
    const { request, lane, answer } = this;
    const caller = this.caller ?? this.refusedCaller;
    const actor = actorOf(caller);
    const answerId = answer?.usage.answerId;
    if (answerId !== undefined && this.key && actor)
      lane.deps.answers.remember(answerId, this.key, actor.id, this.model);
    lane.deps.activity.record({
      time: Date.now(),
      requestId: request.id,
      actor,
      device: caller?.type === 'device' ? caller.device : null,
      tool: this.tool.id,
      mode: this.tool.mode,
      userAgent: request.headers['user-agent'] ?? null,
      ip: request.ip,
      provider: lane.provider.family,
      model: this.model,
      providerKeyId: this.key?.id ?? null,
      operation: lane.route.operation(request.params as Record<string, string>),
      status: this.status,
      outcome: this.outcome,
      errorCode: this.errorCode,
      signals: this.signals,
      signalActions: this.signalActions,
      inputTokens: answer?.usage.inputTokens ?? null,
      outputTokens: answer?.usage.outputTokens ?? null,
      cachedTokens: answer?.usage.cachedTokens ?? null,
      reasoningTokens: answer?.usage.reasoningTokens ?? null,
      latencyUs: Math.round((ended - this.started) * 1000),
      ttfbUs: answer?.firstByteAt ? Math.round((answer.firstByteAt - this.started) * 1000) : null,
      // An answer stopped by the policy or left by the caller ends upstream when the request ends.
      upstreamUs: this.upstreamSent
        ? Math.round(((this.upstreamEnded || ended) - this.upstreamSent) * 1000)
        : null,
      stream: this.stream,
      requestBytes: Buffer.isBuffer(request.body) ? request.body.length : 0,
      responseBytes: answer?.bytes ?? 0,
    });
  }
}

/** The activity's actor: the credential, or for a device token the developer it speaks for. */
export function actorOf(caller: Caller | null): ActivityActor | null {
  if (!caller) return null;
  if (caller.type === 'credential') {
    const { credential } = caller;
    return { type: 'credential', id: credential.id, name: credential.name };
  }
  // Named by e-mail, as the audit events of developers are: unique, and what a SIEM joins on.
  return { type: 'developer', id: caller.developer.id, name: caller.developer.email };
}
