// The Gateway listener: the providers' chat endpoints (providers/), the supporting endpoints, and
// /healthz. Bodies are taken in as bytes whatever their content type: they are forwarded as sent, and
// parsed once, by the pipeline, to find the model. Every error on a provider path is answered in that
// provider's own shape, so that the caller's SDK shows the message.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { fastifyOptions } from '../http/fastify-options.ts';
import { registerAccessLog } from '../http/logger.ts';
import { registerTransportSecurity } from '../http/transport-security.ts';
import { cutDevicePath } from './device-path.ts';
import { GatewayError, sendGatewayError } from './gateway-errors.ts';
import { createGatewayPolicy } from './gateway-policy.ts';
import { createKeyRouter } from './key-router.ts';
import { chatRoute, type GatewayDeps } from './pipeline.ts';
import { PROVIDERS, providerForPath } from './providers/index.ts';
import { supportingRoutes } from './supporting-routes.ts';
import { createToolRecogniser } from './tools.ts';
import { createUpstream } from './upstream.ts';
import { createUpstreamHealth } from './upstream-health.ts';
import { unservedHandler } from './unserved.ts';

/** Coding agents send hundreds of kilobytes to megabytes per request. */
export const GATEWAY_BODY_LIMIT = 32 * 1024 * 1024;

export interface GatewayState {
  /** Set when a graceful shutdown begins, so that load balancers stop sending before the socket closes. */
  draining: boolean;
}

export async function buildGatewayApp(
  config: Config,
  log: Logger,
  state: GatewayState,
  services: Services,
): Promise<FastifyInstance> {
  // A device token in the path (/d/<token>/…) is cut out before routing, so that no log line, error
  // message, activity record or upstream URL carries it.
  const app = Fastify({ ...fastifyOptions(config, log, GATEWAY_BODY_LIMIT), rewriteUrl: cutDevicePath });
  registerAccessLog(app, 'x-gatehouse-request-id');
  registerTransportSecurity(app, config.trustedProxies);

  // Declared up front so that every request object has the same shape (the pipeline sets it per request).
  app.decorateRequest('exchange', null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const interrupted = request.exchange?.errorCode === 'upstream_interrupted';
    const gatewayError =
      err instanceof GatewayError
        ? err
        : interrupted
          ? new GatewayError(
              'upstream_unreachable',
              'The provider broke off its answer before any of it could be sent; retry the request.',
            )
          : err instanceof GatewayError
            ? err
            : err.statusCode === 413
              ? new GatewayError(
                  'request_too_large',
                  `The request body is larger than the Gateway accepts (${GATEWAY_BODY_LIMIT / 1024 / 1024} MB).`,
                )
              : err.statusCode && err.statusCode < 500
                ? new GatewayError(
                    'invalid_request',
                    'The request could not be read; check its body and headers.',
                  )
                : undefined;
    if (!gatewayError) request.log.error({ err }, 'gateway request failed');
    const e =
      gatewayError ?? new GatewayError('internal', 'The Gateway failed on this request; it has been logged.');
    if (request.exchange && !request.exchange.recorded) return request.exchange.refuse(reply, e);
    const provider = providerForPath(request.url);
    return sendGatewayError(reply, provider, e);
  });

  const upstream = createUpstream(config.upstream);
  const health = createUpstreamHealth();
  const deps: GatewayDeps = {
    credentials: services.credentials,
    deviceSessions: services.deviceSessionCache,
    tools: createToolRecogniser(services.policy),
    policy: createGatewayPolicy(services.policy, services.risk, log),
    router: createKeyRouter(services.providerKeys, config.providerApiUrls),
    upstream,
    health,
    activity: services.activity,
    answers: services.answerKeys,
  };
  app.setNotFoundHandler(unservedHandler(deps, log));
  for (const provider of PROVIDERS) {
    for (const route of provider.routes) {
      const { onRequest, handler } = chatRoute(provider, route, deps);
      app.route({ method: route.method ?? 'POST', url: route.url, onRequest, handler });
    }
  }
  await app.register(supportingRoutes, {
    authority: deps,
    catalog: services.catalog,
    health,
  });

  app.get('/healthz', async (_request, reply) =>
    state.draining ? reply.code(503).send({ status: 'draining' }) : { status: 'ok' },
  );
  // After the in-flight requests have finished (close waits for them), let go of the upstream pools.
  app.addHook('onClose', () => upstream.close());
  return app;
}
