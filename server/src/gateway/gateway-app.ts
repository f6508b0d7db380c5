// The Gateway listener: the providers' chat endpoints (providers/), the supporting endpoints, and
// /healthz. Bodies are taken in as bytes whatever their content type: they are forwarded as sent, and
// parsed once, by the pipeline, to find the model. Every error on a provider path is answered in that
// provider's own shape, so that the caller's SDK shows the message.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
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
import { createRefusalAudit } from '../audit/refusal-audit.ts';
import { chatRoute, type GatewayDeps } from './pipeline.ts';
import { PROVIDERS, providerForPath } from './providers/index.ts';
import { supportingRoutes } from './supporting-routes.ts';
import { observatoryRoutes } from './observatory-routes.ts';
import { createToolRecogniser } from './tools.ts';
import { createUpstream } from './upstream.ts';
import { unservedHandler } from './unserved.ts';
import { createMcpUpstream } from '../mcp/proxy/mcp-upstream.ts';
import { registerMcpProxy } from '../mcp/proxy/mcp-routes.ts';
import { mcpScanSettings } from '../mcp/proxy/scan-settings.ts';
import { SessionLedger } from '../mcp/proxy/session-ledger.ts';
import { shimRoutes } from '../mcp/shim/shim-routes.ts';
import { mcpPolicyOf } from '../policy/mcp-policy.ts';

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

  // The Gateway's own routes with schemas (the MCP shim's); the providers' routes are theirs to document.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gatehouse Gateway',
        version: '1',
        description:
          'The Gateway’s own endpoints: POST /mcp/observations and POST /mcp/decide, for the endpoint client’s shim around local MCP servers, and GET /mcp/servers, for its `setup --mcp` (docs/decisions/mcp-shim-protocol.md); GET /v1/slopsquat/observatory, the public feed of package names models invented (docs/decisions/slopsquat-observatory.md).',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A device token (ghdt_…) or an access token with the gateway:invoke scope.',
          },
        },
      },
    },
    hideUntagged: true,
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });

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
  const health = services.upstreamHealth;
  const refusals = createRefusalAudit(services.audit, { action: 'gateway.token_refused' });
  const deps: GatewayDeps = {
    credentials: services.credentials,
    deviceSessions: services.deviceSessionCache,
    refusals,
    tools: createToolRecogniser(services.policy),
    policy: createGatewayPolicy(services.policy, services.risk, log),
    router: createKeyRouter(services.providerKeys, config.providerApiUrls),
    upstream,
    health,
    activity: services.activity,
    answers: services.answerKeys,
    slopsquat: services.slopsquat,
    tracing: services.tracing,
  };
  app.setNotFoundHandler(unservedHandler(deps, log));
  for (const provider of PROVIDERS) {
    for (const route of provider.routes) {
      const { onRequest, handler } = chatRoute(provider, route, deps);
      app.route({ method: route.method ?? 'POST', url: route.url, onRequest, handler });
    }
  }
  // The routed MCP servers (/mcp/{alias}), governed by the inventory's tool pins and the policy.
  const mcpUpstream = createMcpUpstream(config.upstream);
  registerMcpProxy(app, {
    credentials: services.credentials,
    deviceSessions: services.deviceSessionCache,
    refusals,
    tools: deps.tools,
    policy: () => deps.policy.current(),
    scanSettings: () => mcpScanSettings(services.policy.current().document),
    risk: services.risk,
    inventory: services.mcpServers,
    governor: services.mcpTools,
    upstream: mcpUpstream,
    activity: services.activity,
    ledger: new SessionLedger(),
    log,
    relistTimeoutMs: 10_000,
    slopsquat: services.slopsquat,
    tracing: services.tracing,
  });
  // The endpoint client's shim around local MCP servers: static paths, so /mcp/{alias} never takes them.
  await app.register(shimRoutes, {
    credentials: services.credentials,
    deviceSessions: services.deviceSessionCache,
    refusals,
    tools: deps.tools,
    policy: () => deps.policy.current(),
    mcpPolicy: () => mcpPolicyOf(services.policy.current().document),
    risk: services.risk,
    servers: services.mcpLocalServers,
    governor: services.mcpLocalTools,
    activity: services.activity,
    inventory: services.mcpServers,
    log,
    slopsquat: services.slopsquat,
  });
  await app.register(supportingRoutes, {
    authority: deps,
    catalog: services.catalog,
    health,
  });
  await app.register(observatoryRoutes, { observatory: services.observatory });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', async (_request, reply) =>
    state.draining ? reply.code(503).send({ status: 'draining' }) : { status: 'ok' },
  );
  // After the in-flight requests have finished (close waits for them), let go of the upstream pools.
  app.addHook('onClose', async () => {
    await upstream.close();
    await mcpUpstream.close();
    // The refusals still being counted go out with the audit log's last batch (drained after this).
    refusals.close();
  });
  return app;
}
