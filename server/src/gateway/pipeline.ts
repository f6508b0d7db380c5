// One Gateway request, in the order the design gives: authenticate → recognise the tool (and, with the
// policy issue, its mode) → policy on the request → route to a provider key → upstream → policy on the
// response (as it streams) → record. Authentication runs before the body is read (an onRequest hook),
// so that an unauthenticated caller cannot make the Gateway take in 32 MB. Every request that reaches a
// chat route is recorded in the activity, refused or not (exchange.ts).
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkCaller, presentedToken } from './caller-auth.ts';
import { Exchange, type GatewayDeps, type Lane } from './exchange.ts';
import { GatewayError } from './gateway-errors.ts';
import { blockMessage, guardJson } from './json-guard.ts';
import type { Provider, ProviderRequest, ProviderRoute } from './providers/provider-types.ts';
import { relayAnswer } from './relay.ts';
import { recogniseTool } from './tools.ts';
import { upstreamHeaders } from './upstream.ts';

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
  const { credentials, router, upstream } = deps;

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
    const x = new Exchange(request, lane, recogniseTool(request.headers['user-agent']), query);
    request.exchange = x;
    const check = checkCaller(credentials, presentedToken(request.headers, provider, params), request.ip);
    x.caller = check.caller ?? null;
    if (check.refused && 'credential' in check.refused) x.refusedCredential = check.refused.credential;
    if (check.error) return x.refuse(reply, check.error);
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const x = request.exchange!;
    let body: unknown;
    try {
      const raw = request.body;
      body = Buffer.isBuffer(raw) && raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
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
          route.operation === 'gemini'
            ? 'The path must be /gemini/<version>/models/<model>:generateContent, :streamGenerateContent or :countTokens.'
            : 'The request names no model; send "model" in the body.',
        ),
      );
    }
    x.model = model.slice(0, 200);
    x.stream = route.stream(req);

    // 2. The tool is known (authenticate); its mode comes with the people issue and sits here.

    // 3. The policy on the request, before any provider key is chosen.
    let upstreamBody = request.body as Buffer;
    const policy = deps.policy.current();
    if (policy.active) {
      const guarded = guardJson(policy, body);
      if (guarded.spotted.length) {
        x.noteSpotted(guarded.spotted, 'request');
        if (guarded.blocked) return x.block(reply, blockMessage(guarded.blocked, 'request'));
        if (guarded.redacted) upstreamBody = Buffer.from(JSON.stringify(body));
      }
    }

    // 4. Route.
    const key = router.choose(provider.family, model);
    if (key instanceof GatewayError) return x.refuse(reply, key);
    x.key = key;

    // 5. Upstream. undici takes an EventEmitter as its abort signal: an AbortController per request
    // (an EventTarget, with a DOMException on abort) costs more than the rest of this step.
    const cancel = new EventEmitter();
    const res = reply.raw as TrackedResponse;
    res[EXCHANGE] = { x, cancel };
    res.once('close', onResponseClose);
    let answer;
    try {
      answer = await upstream.send({
        url: route.upstreamPath(req, key),
        headers: upstreamHeaders(request.headers, provider.authHeaders(key)),
        body: upstreamBody,
        signal: cancel,
      });
    } catch (err) {
      if (!(err instanceof GatewayError)) {
        if (x.cancelled) return reply; // the caller left; the close listener records it
        throw err;
      }
      x.upstreamFailed(err.code === 'upstream_timeout' ? 'timeout' : 'unreachable', false);
      return x.refuse(reply, err);
    }

    // 6–7. The answer, with the policy on it.
    return relayAnswer(x, reply, answer, policy);
  }

  return { onRequest: authenticate, handler: handle };
}
