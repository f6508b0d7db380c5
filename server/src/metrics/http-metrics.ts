// Every HTTP request a listener answers, by route pattern (never the URL, which holds ids), from
// Fastify's own hooks; and the token endpoint's results, which only its errors tell.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OAuthError } from '../identity/oauth/oauth-errors.ts';
import { statusClass } from './label-cap.ts';
import type { MetricSet } from './metric-set.ts';

export type Listener = 'console-api' | 'gateway';

const TOKEN_ROUTE = '/api/oauth/token';

export function instrumentHttp(app: FastifyInstance, listener: Listener, m: MetricSet): void {
  // The token endpoint's refusal, from its error, for its onResponse: a WeakMap, not a request
  // decoration, so that the requests of the other routes keep their shape.
  const refusals = new WeakMap<FastifyRequest, string>();
  if (listener === 'console-api') {
    app.addHook('onError', (request, _reply, err, done) => {
      if (request.routeOptions.url === TOKEN_ROUTE)
        refusals.set(request, err instanceof OAuthError ? err.error : 'error');
      done();
    });
  }
  // Callback hooks, not async ones: no promise per request on the Gateway's hot path.
  app.addHook('onResponse', (request, reply, done) => {
    // A path no route serves is one label value, whatever the path.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = {
      // The routed MCP servers and the shim's endpoints share the Gateway's listener.
      listener: listener === 'gateway' && route.startsWith('/mcp') ? 'mcp' : listener,
      route,
      method: request.method,
      status_class: statusClass(reply.statusCode),
    };
    m.httpRequests.inc(labels);
    m.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (route === TOKEN_ROUTE) {
      const status = reply.statusCode;
      const refused = refusals.get(request);
      m.tokenRequests.inc({
        result:
          status === 429
            ? 'rate_limited'
            : status < 400
              ? 'issued'
              : (refused ?? `http_${statusClass(status)}`),
      });
    }
    done();
  });
}
