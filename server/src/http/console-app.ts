// The console listener: the management API (/api/v1), the token endpoint (/api/oauth), the OpenAPI
// document (/api/openapi.json), its reference page (/api/docs) and the admin console (/console).
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { SCOPES } from '../identity/scopes.ts';
import { registerAccess } from '../api/access.ts';
import { ErrorResponse } from '../api/schemas.ts';
import { sessionRoutes } from '../api/session-routes.ts';
import { credentialRoutes } from '../api/credential-routes.ts';
import { auditRoutes } from '../api/audit-routes.ts';
import { activityRoutes } from '../api/activity-routes.ts';
import { activitySummaryRoutes } from '../api/activity-summary-routes.ts';
import { providerKeyRoutes } from '../api/provider-key-routes.ts';
import { mcpServerRoutes } from '../api/mcp-server-routes.ts';
import { modelRoutes } from '../api/model-routes.ts';
import { providerRoutes } from '../api/provider-routes.ts';
import { detectorRoutes } from '../api/detector-routes.ts';
import { policyRoutes } from '../api/policy-routes.ts';
import { riskRoutes } from '../api/risk-routes.ts';
import { adminRoutes } from '../api/admin-routes.ts';
import { developerRoutes } from '../api/developer-routes.ts';
import { deviceRoutes } from '../api/device-routes.ts';
import { invitationRoutes } from '../api/invitation-routes.ts';
import { registerOAuthEndpoints } from '../identity/oauth/oauth-endpoints.ts';
import { developerSessionRoutes } from '../api/developer-session-routes.ts';
import { developerDeviceRoutes } from '../api/developer-device-routes.ts';
import { deviceSettingsRoutes } from '../api/device-settings-routes.ts';
import { slopsquatRoutes } from '../api/slopsquat-routes.ts';
import { retentionRoutes } from '../api/retention-routes.ts';
import { siemRoutes } from '../api/siem-routes.ts';
import { gatewayStatusRoutes } from '../api/gateway-status-routes.ts';
import { registerErrorHandling } from './error-handler.ts';
import { registerAccessLog } from './logger.ts';
import { fastifyOptions } from './fastify-options.ts';
import { registerConsole } from './console-static.ts';
import { registerTransportSecurity } from './transport-security.ts';
import './fastify-types.ts';

const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/**
 * The API reference page (swagger-ui): its own scripts and styles only, framed by nobody, as the
 * console. Replaces @fastify/swagger-ui's policy, which lets any page frame it ('self' aside), admits
 * styles from any https: origin and upgrades requests to https, which breaks the page on plain http.
 */
const API_DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // The logo is a data: URL.
  "img-src 'self' data:",
  "font-src 'self' data:",
  // "Try it out" calls the API on this origin.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

export async function buildConsoleApp(
  config: Config,
  log: Logger,
  services: Services,
): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config, log, 256 * 1024)).withTypeProvider<TypeBoxTypeProvider>();
  registerAccessLog(app);
  registerErrorHandling(app);
  registerTransportSecurity(app, config.trustedProxies);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(API_HEADERS);
    // Pages that need more (the console's page, the API reference) set their own policy.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(cookie);

  app.addSchema(ErrorResponse);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gatehouse management API',
        version: '1',
        description:
          'Everything the console does. Machine clients use OAuth 2.0 client credentials; the console uses a session cookie.',
      },
      components: {
        securitySchemes: {
          oauth2: {
            type: 'oauth2',
            flows: { clientCredentials: { tokenUrl: '/api/oauth/token', scopes: { ...SCOPES } } },
          },
          session: { type: 'apiKey', in: 'cookie', name: 'gatehouse_session' },
          developerSession: { type: 'apiKey', in: 'cookie', name: 'gatehouse_developer_session' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });

  await app.register(
    async (api) => {
      registerAccess(api, services);
      await api.register(sessionRoutes, { admins: services.admins });
      await api.register(credentialRoutes, { credentials: services.credentials });
      await api.register(auditRoutes, { store: services.store });
      await api.register(activityRoutes, { store: services.store });
      await api.register(activitySummaryRoutes, { store: services.store });
      await api.register(providerKeyRoutes, { providerKeys: services.providerKeys });
      await api.register(mcpServerRoutes, {
        mcpServers: services.mcpServers,
        localServers: services.mcpLocalInventory,
      });
      await api.register(modelRoutes, { catalog: services.catalog });
      await api.register(providerRoutes);
      await api.register(detectorRoutes);
      await api.register(policyRoutes, { policy: services.policy });
      await api.register(riskRoutes, { risk: services.risk });
      await api.register(adminRoutes, { adminManagement: services.adminManagement });
      await api.register(developerRoutes, { developers: services.developers });
      await api.register(deviceRoutes, { devices: services.devices });
      await api.register(invitationRoutes, { invitations: services.invitations });
      await api.register(developerSessionRoutes, services);
      await api.register(developerDeviceRoutes, services);
      await api.register(deviceSettingsRoutes, services);
      await api.register(slopsquatRoutes, services);
      await api.register(retentionRoutes, services);
      await api.register(siemRoutes, services);
      await api.register(gatewayStatusRoutes, {
        health: services.upstreamHealth,
        gatewayInProcess: config.role !== 'console',
      });
    },
    { prefix: '/api/v1' },
  );
  await app.register(async (oauth) => registerOAuthEndpoints(oauth, services), { prefix: '/api/oauth' });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: API_DOCS_POLICY,
    // No top bar: its logo is an SVG with an inline <style> the policy refuses, and its "Explore" box
    // only loads other documents.
    uiConfig: { url: '/api/openapi.json', layout: 'BaseLayout' } as never,
  });
  await registerConsole(app);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  return app;
}
