// One Gateway request, in the order the design gives: authenticate → recognise the tool (and, with the
// policy issue, its mode) → policy on the request → route to a provider key → upstream → policy on the
// response (as it streams) → record. Authentication runs before the body is read (an onRequest hook),
// so that an unauthenticated caller cannot make the Gateway take in 32 MB. Every request that reaches a
// chat route is recorded in the activity, refused or not.
import { pipeline as pipe } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { CredentialService } from '../identity/credential-service.ts';
import type { ActivityLog } from '../activity/activity-log.ts';
import type { Outcome } from '../activity/activity-types.ts';
import type { ProviderKey } from '../provider-keys/provider-key-types.ts';
import { checkCaller, presentedToken, type Caller } from './caller-auth.ts';
import { GatewayError, sendGatewayError } from './gateway-errors.ts';
import type { KeyRouter } from './key-router.ts';
import type { Provider, ProviderRequest, ProviderRoute } from './providers/provider-types.ts';
import { ResponseTap } from './response-tap.ts';
import { recogniseTool } from './tools.ts';
import { callerHeaders, upstreamHeaders, type Upstream } from './upstream.ts';
import type { UpstreamHealth } from './upstream-health.ts';

export interface GatewayDeps {
  credentials: CredentialService;
  router: KeyRouter;
  upstream: Upstream;
  health: UpstreamHealth;
  activity: ActivityLog;
  log: Logger;
}

/** What one request has gathered so far, for its activity record. */
interface Exchange {
  started: number;
  caller: Caller | null;
  refusedCredential: { id: string; name: string } | null;
  tool: string;
  query: string;
  model: string | null;
  key: ProviderKey | null;
  status: number;
  outcome: Outcome;
  errorCode: string | null;
  stream: boolean;
  tap: ResponseTap | null;
  recorded: boolean;
  /** Answers with a Gateway error in the provider's shape and records it (the app's error handler uses it too). */
  refuse(reply: FastifyReply, err: GatewayError): FastifyReply;
}

declare module 'fastify' {
  interface FastifyRequest {
    exchange?: Exchange;
  }
}

export function chatRoute(provider: Provider, route: ProviderRoute, deps: GatewayDeps) {
  const { credentials, router, upstream, health, activity } = deps;

  function record(request: FastifyRequest, x: Exchange) {
    if (x.recorded) return;
    x.recorded = true;
    const now = performance.now();
    const ua = request.headers['user-agent'];
    const credential = x.caller?.credential ?? x.refusedCredential;
    activity.record({
      time: Date.now(),
      requestId: request.id,
      actor: credential ? { type: 'credential', id: credential.id, name: credential.name } : null,
      tool: x.tool,
      userAgent: ua ?? null,
      ip: request.ip,
      provider: provider.family,
      model: x.model,
      providerKeyId: x.key?.id ?? null,
      operation: route.operation === 'gemini' ? geminiOperation(request) : route.operation,
      status: x.status,
      outcome: x.outcome,
      errorCode: x.errorCode,
      signals: [],
      inputTokens: x.tap?.usage.inputTokens ?? null,
      outputTokens: x.tap?.usage.outputTokens ?? null,
      latencyUs: Math.round((now - x.started) * 1000),
      ttfbUs: x.tap?.firstByteAt ? Math.round((x.tap.firstByteAt - x.started) * 1000) : null,
      stream: x.stream,
      requestBytes: Buffer.isBuffer(request.body) ? request.body.length : 0,
      responseBytes: x.tap?.bytes ?? 0,
    });
  }

  function refuse(request: FastifyRequest, reply: FastifyReply, x: Exchange, err: GatewayError) {
    x.status = err.status;
    // A provider that broke off before a byte reached the caller is answered here too (by the app's
    // error handler), but it stays the provider's failure in the record.
    if (x.errorCode !== 'upstream_interrupted') {
      x.outcome = 'gateway_error';
      x.errorCode = err.code;
    }
    record(request, x);
    return sendGatewayError(reply, provider, err);
  }

  /** 1. Authenticate, before the body is read. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const raw = request.url;
    const q = raw.indexOf('?');
    let query = q === -1 ? '' : raw.slice(q + 1);
    let params: URLSearchParams | null = null;
    if (provider.tokenInQuery && query) {
      // The caller's ?key= is its Gateway token: read it, and never send it upstream.
      params = new URLSearchParams(query);
      if (params.has('key')) {
        const rest = new URLSearchParams(params);
        rest.delete('key');
        query = rest.toString();
      }
    }
    const x: Exchange = {
      started: performance.now(),
      caller: null,
      refusedCredential: null,
      tool: recogniseTool(request.headers['user-agent']),
      query,
      model: null,
      key: null,
      status: 0,
      outcome: 'allowed',
      errorCode: null,
      stream: false,
      tap: null,
      recorded: false,
      refuse: (r, err) => refuse(request, r, x, err),
    };
    request.exchange = x;
    const check = checkCaller(credentials, presentedToken(request.headers, provider, params), request.ip);
    x.caller = check.caller ?? null;
    if (check.refused && 'credential' in check.refused) x.refusedCredential = check.refused.credential;
    if (check.error) return refuse(request, reply, x, check.error);
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const x = request.exchange!;
    let body: unknown;
    try {
      const raw = request.body;
      body = Buffer.isBuffer(raw) && raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      return refuse(
        request,
        reply,
        x,
        new GatewayError('invalid_request', 'The request body is not valid JSON.'),
      );
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return refuse(
        request,
        reply,
        x,
        new GatewayError('invalid_request', 'The request body must be a JSON object.'),
      );
    }
    const req: ProviderRequest = {
      params: request.params as Record<string, string>,
      query: x.query,
      body: body as Record<string, unknown>,
    };
    const model = route.model(req);
    if (!model) {
      return refuse(
        request,
        reply,
        x,
        new GatewayError(
          'invalid_request',
          route.operation === 'gemini'
            ? 'The path must be /gemini/<version>/models/<model>:generateContent, :streamGenerateContent or :countTokens.'
            : 'The request names no model; send "model" in the body.',
        ),
      );
    }
    x.model = model.slice(0, 200);
    x.stream = route.stream(req);

    // 2–3. The tool is known (authenticate); its mode and the policy on the request come with the
    // policy issue and sit here, before any provider key is chosen.

    // 4. Route.
    const key = router.choose(provider.family, model);
    if (key instanceof GatewayError) return refuse(request, reply, x, key);
    x.key = key;

    // 5. Upstream. The caller going away cancels the upstream request, before or after its headers.
    const abort = new AbortController();
    const res = reply.raw;
    res.once('close', () => {
      if (!res.writableFinished) {
        abort.abort();
        if (!x.errorCode) x.errorCode = 'client_closed';
      }
      record(request, x);
    });
    let answer;
    try {
      answer = await upstream.send({
        url: route.upstreamPath(req, key),
        headers: upstreamHeaders(request.headers, provider.authHeaders(key)),
        body: request.body as Buffer,
        signal: abort.signal,
      });
    } catch (err) {
      if (!(err instanceof GatewayError)) {
        if (abort.signal.aborted) return reply; // the caller left; close records it
        throw err;
      }
      health.record(
        provider.family,
        { failed: err.code === 'upstream_timeout' ? 'timeout' : 'unreachable' },
        performance.now() - x.started,
      );
      return refuse(request, reply, x, err);
    }

    // 6. The answer passes through as it arrives; the tap reads usage on the way (and is where the
    // policy on the response will read the streamed text).
    const ok = answer.statusCode < 400;
    x.status = answer.statusCode;
    x.outcome = ok ? 'allowed' : 'upstream_error';
    const contentType = answer.headers['content-type'];
    const tap = new ResponseTap(provider, typeof contentType === 'string' ? contentType : undefined, ok);
    x.tap = tap;
    answer.body.once('error', () => {
      if (abort.signal.aborted) return;
      // The provider broke off (or went silent past the idle timeout) mid-answer. Marked here, on the
      // source's own error, which comes before the caller's connection is closed because of it.
      x.outcome = 'upstream_error';
      x.errorCode = 'upstream_interrupted';
    });
    pipe(answer.body, tap, (err) => {
      if (abort.signal.aborted) return;
      const latency = performance.now() - x.started;
      health.record(
        provider.family,
        err ? { failed: 'unreachable' } : { status: answer.statusCode },
        latency,
      );
    });
    return reply.code(answer.statusCode).headers(callerHeaders(answer.headers)).send(tap);
  }

  return { onRequest: authenticate, handler: handle };
}

function geminiOperation(request: FastifyRequest): string {
  const target = (request.params as Record<string, string>)['*'] ?? '';
  return target.slice(target.lastIndexOf(':') + 1) || 'gemini';
}
