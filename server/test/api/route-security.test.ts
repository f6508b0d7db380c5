// Every management route, refused the same way for the same reasons (see helpers/route-security.ts).
import { after, before } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { describeRouteSecurity, type RouteRow } from '../helpers/route-security.ts';

const ROUTES: RouteRow[] = [
  {
    method: 'POST',
    path: '/api/v1/session',
    access: 'public',
    body: { email: 'nobody@example.com', password: 'x' },
  },
  { method: 'GET', path: '/api/v1/session', access: { role: 'viewer' } },
  { method: 'DELETE', path: '/api/v1/session', access: { role: 'viewer' } },
  {
    method: 'POST',
    path: '/api/v1/setup',
    access: 'public',
    body: { token: 'ghsu_x', email: 'a@example.com', password: 'x'.repeat(12) },
  },
  { method: 'POST', path: '/api/v1/credentials', access: { role: 'admin' }, body: {} },
  { method: 'GET', path: '/api/v1/credentials', access: { role: 'viewer' } },
  { method: 'GET', path: '/api/v1/credentials/{id}', access: { role: 'viewer' } },
  {
    method: 'POST',
    path: '/api/v1/credentials/{id}/reissue',
    access: { role: 'admin' },
    body: { confirm: 'x' },
  },
  {
    method: 'POST',
    path: '/api/v1/credentials/{id}/revoke',
    access: { role: 'admin' },
    body: { confirm: 'x' },
  },
  { method: 'GET', path: '/api/v1/audit/events', access: { role: 'viewer', scope: 'audit:read' } },
  { method: 'GET', path: '/api/v1/audit/actions', access: { role: 'viewer', scope: 'audit:read' } },
  { method: 'GET', path: '/api/v1/activity', access: { role: 'viewer', scope: 'audit:read' } },
  { method: 'GET', path: '/api/v1/activity/summary', access: { role: 'viewer', scope: 'audit:read' } },
  {
    method: 'POST',
    path: '/api/v1/provider-keys',
    access: { role: 'admin', scope: 'policy:write' },
    body: { name: 'x', provider: 'openai', secret: 'sk-12345678', enabled_models: ['gpt-4o'] },
  },
  { method: 'GET', path: '/api/v1/provider-keys', access: { role: 'viewer', scope: 'policy:read' } },
  { method: 'GET', path: '/api/v1/provider-keys/{id}', access: { role: 'viewer', scope: 'policy:read' } },
  {
    method: 'PATCH',
    path: '/api/v1/provider-keys/{id}',
    access: { role: 'admin', scope: 'policy:write' },
    body: { name: 'y' },
  },
  {
    method: 'POST',
    path: '/api/v1/provider-keys/{id}/rotate',
    access: { role: 'admin', scope: 'policy:write' },
    body: { secret: 'sk-87654321' },
  },
  { method: 'DELETE', path: '/api/v1/provider-keys/{id}', access: { role: 'admin', scope: 'policy:write' } },
  {
    method: 'POST',
    path: '/api/v1/mcp/servers',
    access: { role: 'admin', scope: 'policy:write' },
    body: {
      alias: 'sec',
      url: 'https://mcp.example.org/mcp',
      headers: { Authorization: 'Bearer t0k3n-value' },
    },
  },
  { method: 'GET', path: '/api/v1/mcp/servers', access: { role: 'viewer', scope: 'policy:read' } },
  { method: 'GET', path: '/api/v1/mcp/servers/{id}', access: { role: 'viewer', scope: 'policy:read' } },
  {
    method: 'PATCH',
    path: '/api/v1/mcp/servers/{id}',
    access: { role: 'admin', scope: 'policy:write' },
    body: { description: 'y' },
  },
  { method: 'DELETE', path: '/api/v1/mcp/servers/{id}', access: { role: 'admin', scope: 'policy:write' } },
  {
    method: 'POST',
    path: '/api/v1/mcp/servers/{id}/tools/{name}/approve',
    access: { role: 'admin', scope: 'policy:write' },
    params: { name: 'send_email' },
    body: {},
  },
  {
    method: 'POST',
    path: '/api/v1/mcp/servers/{id}/tools/{name}/block',
    access: { role: 'admin', scope: 'policy:write' },
    params: { name: 'send_email' },
    body: {},
  },
  { method: 'GET', path: '/api/v1/mcp/local-servers', access: { role: 'viewer', scope: 'policy:read' } },
  {
    method: 'GET',
    path: '/api/v1/mcp/local-servers/{id}',
    access: { role: 'viewer', scope: 'policy:read' },
  },
  {
    method: 'POST',
    path: '/api/v1/mcp/local-servers/{id}/tools/{name}/approve',
    access: { role: 'admin', scope: 'policy:write' },
    params: { name: 'read_file' },
    body: {},
  },
  {
    method: 'POST',
    path: '/api/v1/mcp/local-servers/{id}/tools/{name}/block',
    access: { role: 'admin', scope: 'policy:write' },
    params: { name: 'read_file' },
    body: {},
  },
  { method: 'GET', path: '/api/v1/models', access: { role: 'viewer', scope: 'policy:read' } },
  { method: 'GET', path: '/api/v1/providers', access: { role: 'viewer', scope: 'policy:read' } },
  { method: 'GET', path: '/api/v1/gateway/status', access: { role: 'viewer', scope: 'audit:read' } },
  { method: 'GET', path: '/api/v1/detectors', access: { role: 'viewer', scope: 'policy:read' } },
  {
    method: 'PUT',
    path: '/api/v1/models',
    access: { role: 'admin', scope: 'policy:write' },
    body: { models: null },
  },
  { method: 'GET', path: '/api/v1/policy', access: { role: 'viewer', scope: 'policy:read' } },
  // An empty body is refused after the gate (400): the policy in force is left as it is.
  { method: 'PUT', path: '/api/v1/policy', access: { role: 'admin', scope: 'policy:write' }, body: {} },
  { method: 'GET', path: '/api/v1/policy/versions', access: { role: 'viewer', scope: 'policy:read' } },
  {
    method: 'GET',
    path: '/api/v1/policy/versions/{version}',
    access: { role: 'viewer', scope: 'policy:read' },
    params: { version: '1' },
  },
  { method: 'GET', path: '/api/v1/risk/findings', access: { role: 'viewer', scope: 'risk:read' } },
  { method: 'GET', path: '/api/v1/risk/findings/{id}', access: { role: 'viewer', scope: 'risk:read' } },
  { method: 'POST', path: '/api/v1/risk/findings/{id}/resolve', access: { role: 'admin' }, body: {} },
  // The invitations' empty bodies are refused after the gate (400): nobody is invited.
  { method: 'GET', path: '/api/v1/admins', access: { role: 'owner', scope: 'users:read' } },
  { method: 'POST', path: '/api/v1/admins', access: { role: 'owner' }, body: {} },
  { method: 'PATCH', path: '/api/v1/admins/{id}', access: { role: 'owner' }, body: { role: 'viewer' } },
  { method: 'DELETE', path: '/api/v1/admins/{id}', access: { role: 'owner' } },
  { method: 'GET', path: '/api/v1/developers', access: { role: 'viewer', scope: 'users:read' } },
  { method: 'GET', path: '/api/v1/developers/{id}', access: { role: 'viewer', scope: 'users:read' } },
  { method: 'POST', path: '/api/v1/developers', access: { role: 'admin', scope: 'users:write' }, body: {} },
  {
    method: 'POST',
    path: '/api/v1/developers/{id}/approve',
    access: { role: 'admin', scope: 'users:write' },
  },
  {
    method: 'POST',
    path: '/api/v1/developers/{id}/offboard',
    access: { role: 'admin', scope: 'users:write' },
    body: { confirm: 'x@example.com' },
  },
  { method: 'GET', path: '/api/v1/devices', access: { role: 'viewer', scope: 'users:read' } },
  { method: 'POST', path: '/api/v1/devices/{id}/revoke', access: { role: 'admin', scope: 'users:write' } },
  { method: 'POST', path: '/api/v1/invitations/inspect', access: 'public', body: { token: 'ghiv_x' } },
  {
    method: 'POST',
    path: '/api/v1/invitations/accept',
    access: 'public',
    body: { token: 'ghiv_x', password: 'x'.repeat(12) },
  },
  { method: 'POST', path: '/api/oauth/token', access: 'public', body: 'grant_type=client_credentials' },
  // Device sign-in (docs/decisions/device-sign-in.md): the endpoint client's OAuth endpoints, the
  // developer's own console routes, and the organisation's device settings.
  {
    method: 'POST',
    path: '/api/oauth/device_authorization',
    access: 'public',
    body: 'client_id=gatehouse-client',
  },
  { method: 'POST', path: '/api/oauth/revoke', access: 'public', body: 'client_id=gatehouse-client&token=x' },
  {
    method: 'POST',
    path: '/api/v1/developer/session',
    access: 'public',
    body: { email: 'nobody@example.com', password: 'x' },
  },
  { method: 'GET', path: '/api/v1/developer/session', access: 'developer' },
  { method: 'DELETE', path: '/api/v1/developer/session', access: 'developer' },
  {
    method: 'POST',
    path: '/api/v1/developer/access-requests',
    access: 'public',
    body: { email: 'new@example.com', password: 'x'.repeat(12), user_code: 'BCDF-GHJK' },
  },
  ...['', '/approve', '/deny'].map((action): RouteRow => ({
    method: action ? 'POST' : 'GET',
    path: `/api/v1/developer/device-authorizations/{user_code}${action}`,
    access: 'developer',
    params: { user_code: 'BCDF-GHJK' },
  })),
  { method: 'GET', path: '/api/v1/settings/devices', access: { role: 'viewer', scope: 'users:read' } },
  {
    method: 'PUT',
    path: '/api/v1/settings/devices',
    access: { role: 'admin', scope: 'users:write' },
    body: { session_lifetime_days: 30 },
  },
  // The slopsquat observatory (docs/decisions/slopsquat-observatory.md).
  { method: 'GET', path: '/api/v1/slopsquat/names', access: { role: 'viewer', scope: 'risk:read' } },
  {
    method: 'GET',
    path: '/api/v1/slopsquat/observatory/preview',
    access: { role: 'viewer', scope: 'risk:read' },
  },
  { method: 'GET', path: '/api/v1/slopsquat/settings', access: { role: 'viewer', scope: 'policy:read' } },
  {
    method: 'PUT',
    path: '/api/v1/slopsquat/settings',
    access: { role: 'admin', scope: 'policy:write' },
    body: {
      feed_enabled: true,
      k: 3,
      private_scopes: [],
      private_registries: {},
      subscriptions: [],
      registries: {},
    },
  },
  // Retention (docs/decisions/retention.md): admin sessions only.
  { method: 'GET', path: '/api/v1/settings/retention', access: { role: 'viewer' } },
  {
    method: 'PUT',
    path: '/api/v1/settings/retention',
    access: { role: 'admin' },
    body: { activity_days: 90, audit_days: 400, findings_days: 365 },
  },
  { method: 'GET', path: '/api/v1/settings/retention/status', access: { role: 'viewer' } },
  // SIEM destinations (docs/decisions/siem-export.md): admin sessions only.
  {
    method: 'POST',
    path: '/api/v1/siem/destinations',
    access: { role: 'admin' },
    body: { name: 'x', type: 'webhook', url: 'https://example.com', format: 'json', streams: ['audit'] },
  },
  { method: 'GET', path: '/api/v1/siem/destinations', access: { role: 'admin' } },
  { method: 'GET', path: '/api/v1/siem/destinations/{id}', access: { role: 'admin' } },
  { method: 'PATCH', path: '/api/v1/siem/destinations/{id}', access: { role: 'admin' }, body: {} },
  { method: 'DELETE', path: '/api/v1/siem/destinations/{id}', access: { role: 'admin' } },
  { method: 'POST', path: '/api/v1/siem/destinations/{id}/test', access: { role: 'admin' } },
];

eachEngine('route security', (engine) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(engine, { env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } });
  });
  after(() => server.close());
  describeRouteSecurity(() => server, ROUTES);
});
