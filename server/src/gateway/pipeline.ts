// One Gateway request, in the order the design gives: authenticate → recognise the tool and its mode →
// policy on the request → route to a provider key (or, in subscription mode, to where the tool's own
// credential goes) → upstream → policy on the response (as it streams) → record. Authentication runs
// before the body is read (an onRequest hook), so that an unauthenticated caller cannot make the
// Gateway take in 32 MB. Every request that reaches a chat route is recorded in the activity, refused
// or not (exchange.ts).
import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FAMILIES } from '../provider-keys/families.ts';
import { auditRefusal, checkRequest } from './caller-auth.ts';
import { pathToken } from './device-path.ts';
import { actorOf, Exchange, type GatewayDeps, type Lane } from './exchange.ts';
import { GatewayError } from './gateway-errors.ts';
import { blockMessage, guardJson } from './json-guard.ts';
import { duplicateKeyMessage, jsonShape, REQUEST_TOO_DEEP } from './json-limits.ts';
import type {
  Provider,
  ProviderRequest,
  ProviderRoute,
  UpstreamRequest,
} from './providers/provider-types.ts';
import { relayAnswer } from './relay.ts';
import { guardRequestExtras } from './request-extras-guard.ts';
import type { RecognisedTool } from './tools.ts';
import type { CompiledPolicy } from '../policy/evaluation.ts';
import { subscriptionHeaders, upstreamHeaders } from './upstream.ts';

export type { GatewayDeps } from './exchange.ts';

/** The exchange a response belongs to, for its close listener (one shared function, not a closure each). */
const EXCHANGE = Symbol('gatehouse.exchange');
type TrackedResponse = ServerResponse & { [EXCHANGE]?: { x: Exchange; cancel: EventEmitter } };

function onResponseClose(this: TrackedResponse) {
  const tracked = this[EXCHANGE];
  if (!tracked) return;
  const { x, cancel } = tracked;
  if (!this.writableFinished) {
    // The caller went away: cancel the upstream request, before or after its headers.
    x.cancelled = true;
    cancel.emit('abort');
    x.errorCode ??= 'client_closed';
  }
  x.record();
}

export function chatRoute(provider: Provider, route: ProviderRoute, deps: GatewayDeps) {
  const lane: Lane = { provider, route, deps };
  const { router, tools } = deps;

  /** 1. Authenticate, before the body is read, and 2. recognise the tool and its mode. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const raw = request.url;
    const q = raw.indexOf('?');
    const sentQuery = q === -1 ? '' : raw.slice(q + 1);
    let query = sentQuery;
    let params: URLSearchParams | null = null;
    if (provider.tokenInQuery && query) {
      // The caller's ?key= is its Gateway token (or, with the token in the path, the tool's own key):
      // read it, and never send it upstream unless the tool's mode says so.
      params = new URLSearchParams(query);
      if (params.has('key')) {
        const rest = new URLSearchParams(params);
        rest.delete('key');
        query = rest.toString();
      }
    }
    const tool = tools.recognise(request.headers['user-agent']);
    const x = new Exchange(request, lane, tool, query);
    request.exchange = x;
    deps.tracing?.begin(request, reply.raw, x.started);
    let check = checkRequest(deps, request, provider, params);
    if (check instanceof Promise) check = await check;
    x.caller = check.caller ?? null;
    if (check.refused) x.refusedCaller = check.refused;
    if (check.error) {
      auditRefusal(deps, request, check);
      return x.refuse(reply, check.error);
    }
    if (tool.mode === 'subscription') {
      if (pathToken(request.raw) === undefined) return x.refuse(reply, subscriptionNeedsPath(tool, provider));
      // The tool's own ?key= is its provider credential: it goes upstream as sent.
      x.query = sentQuery;
    }
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const x = request.exchange!;
    const answerId = route.answerId?.(request.params as Record<string, string>);
    if (answerId !== undefined) return follow(request, reply, answerId);
    let body: unknown;
    let text = '';
    try {
      const raw = request.body;
      if (Buffer.isBuffer(raw) && raw.length) text = raw.toString('utf8');
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return x.refuse(reply, new GatewayError('invalid_request', 'The request body is not valid JSON.'));
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return x.refuse(reply, new GatewayError('invalid_request', 'The request body must be a JSON object.'));
    }
    const req: ProviderRequest = {
      params: request.params as Record<string, string>,
      query: x.query,
      body: body as Record<string, unknown>,
    };
    const model = route.model(req);
    if (!model) {
      return x.refuse(
        reply,
        new GatewayError(
          'invalid_request',
          route.noModel ?? 'The request names no model; send "model" in the body.',
        ),
      );
    }
    x.model = model.slice(0, 200);
    x.stream = route.stream(req);

    // 3. The policy on the request, before any provider key is chosen.
    let upstreamBody = request.body as Buffer;
    let incoming = request.headers;
    const policy = deps.policy.current();
    if (policy.active) {
      // What the policy reads must be what goes upstream, and nothing may walk or serialise a body
      // nested past the cap (json-limits.ts). Without a policy the body is forwarded as sent and only
      // its top-level fields are read, so neither matters and the pass is not paid.
      const shape = jsonShape(text);
      if (shape.tooDeep) return x.refuse(reply, new GatewayError('json_too_deep', REQUEST_TOO_DEEP));
      if (shape.duplicate !== null) {
        return x.refuse(reply, new GatewayError('duplicate_key', duplicateKeyMessage(shape.duplicate)));
      }
      const guarded = guardJson(policy, body, 'request');
      // The query string and the forwarded headers go upstream too.
      const extras = guardRequestExtras(policy, x.query, incoming, x.tool.mode === 'subscription');
      const spotted = extras.spotted.length ? [...guarded.spotted, ...extras.spotted] : guarded.spotted;
      if (spotted.length) {
        x.noteSpotted(spotted, 'request');
        const blocked = guarded.blocked ?? extras.blocked;
        if (blocked) return x.block(reply, blockMessage(blocked, 'request'));
        if (guarded.redacted) upstreamBody = Buffer.from(JSON.stringify(body));
        if (extras.query !== undefined) req.query = x.query = extras.query;
        if (extras.headers) incoming = extras.headers;
      }
    }

    // 4. Route.
    const out = upstreamRequest(x, req, model, incoming, 'POST', upstreamBody, null);
    if (out instanceof GatewayError) return x.refuse(reply, out);
    return forward(x, reply, out, policy);
  }

  /**
   * 4. Where the request goes: the organisation's key (for a follow-up, the one that served the earlier
   * answer), or in subscription mode the tool's own credential, which needs only a place to go.
   */
  function upstreamRequest(
    x: Exchange,
    req: ProviderRequest,
    model: string,
    incoming: IncomingHttpHeaders,
    method: UpstreamRequest['method'],
    body: Buffer | null,
    earlier: { keyId: string | undefined; answerId: string } | null,
  ): UpstreamRequest | GatewayError {
    if (x.tool.mode === 'subscription') {
      const target = router.subscriptionTarget(provider.family, model);
      if (target instanceof GatewayError) return target;
      return { url: route.upstreamPath(req, target), method, headers: subscriptionHeaders(incoming), body };
    }
    const key = earlier
      ? router.follow(provider.family, earlier.keyId, earlier.answerId)
      : router.choose(provider.family, model);
    if (key instanceof GatewayError) return key;
    x.key = key;
    const out: UpstreamRequest = {
      url: route.upstreamPath(req, key),
      method,
      headers: upstreamHeaders(incoming),
      body,
    };
    provider.sign(out, key);
    return out;
  }

  /** A follow-up about an earlier answer (GET /v1/responses/{id}, …): no body, the key that served it. */
  async function follow(request: FastifyRequest, reply: FastifyReply, answerId: string) {
    const x = request.exchange!;
    const served = await deps.answers.lookup(answerId);
    x.model = served?.model ?? null;
    // The organisation's key would reach any response of its project: only the caller that was
    // answered may come back to it (a tool in subscription mode sends its own credential instead).
    if (served && x.tool.mode !== 'subscription' && served.actorId !== actorOf(x.caller)?.id) {
      x.model = null;
      return x.refuse(reply, notYours(provider, answerId));
    }
    const req: ProviderRequest = {
      params: request.params as Record<string, string>,
      query: x.query,
      body: {},
    };
    // The policy reads the query string and the headers that go upstream; the answer it reads in relay.
    const policy = deps.policy.current();
    let incoming = request.headers;
    if (policy.active) {
      const extras = guardRequestExtras(policy, x.query, incoming, x.tool.mode === 'subscription');
      if (extras.spotted.length) {
        x.noteSpotted(extras.spotted, 'request');
        if (extras.blocked) return x.block(reply, blockMessage(extras.blocked, 'request'));
        if (extras.query !== undefined) req.query = x.query = extras.query;
        if (extras.headers) incoming = extras.headers;
      }
    }
    // These calls take no body (cancel included): whatever a caller sends is not forwarded, so nothing
    // goes upstream that the policy has not read.
    const out = upstreamRequest(x, req, x.model ?? '', incoming, route.method ?? 'POST', null, {
      keyId: served?.keyId,
      answerId,
    });
    if (out instanceof GatewayError) return x.refuse(reply, out);
    return forward(x, reply, out, policy);
  }

  return { onRequest: authenticate, handler: handle };
}

/** 5. Upstream, then 6–7. the answer with the policy on it. */
async function forward(x: Exchange, reply: FastifyReply, out: UpstreamRequest, policy: CompiledPolicy) {
  const { upstream, tracing } = x.lane.deps;
  // 5. Upstream. undici takes an EventEmitter as its abort signal: an AbortController per request
  // (an EventTarget, with a DOMException on abort) costs more than the rest of this step.
  const cancel = new EventEmitter();
  const res = reply.raw as TrackedResponse;
  res[EXCHANGE] = { x, cancel };
  res.once('close', onResponseClose);
  tracing?.upstream(x.request, out.url, out.headers);
  let answer;
  x.upstreamSent = performance.now();
  try {
    answer = await upstream.send(out, cancel);
  } catch (err) {
    if (!(err instanceof GatewayError)) {
      if (x.cancelled) return reply; // the caller left; the close listener records it
      throw err;
    }
    x.upstreamFailed(err.code === 'upstream_timeout' ? 'timeout' : 'unreachable', false);
    return x.refuse(reply, err);
  }

  return relayAnswer(x, reply, answer, policy);
}

function notYours(provider: Provider, answerId: string): GatewayError {
  return new GatewayError(
    'not_found',
    `"${answerId.slice(0, 100)}" was served through Gatehouse to another caller; only the credential or developer it answered can retrieve, cancel or delete it with the organisation's ${FAMILIES[provider.family].name} key.`,
  );
}

function subscriptionNeedsPath(tool: RecognisedTool, provider: Provider): GatewayError {
  return new GatewayError(
    'device_path_required',
    `${tool.name} is in subscription mode in the Gatehouse policy: it signs in to ${FAMILIES[provider.family].vendor} ` +
      "itself, and reaches the Gateway with this machine's device token in its base URL " +
      '(<Gateway URL>/d/<device token>). `gatehouse-client login` signs the machine in.',
  );
}
