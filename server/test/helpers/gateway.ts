// A Gateway under test: the real server on real ports, a faithful mock of the four providers, one
// provider key per family pointed at the mock (through the management API, as an admin would), and a
// gateway:invoke token for the caller. Tests then talk to the Gateway with the providers' own SDKs.
import {
  startMockUpstream,
  MOCK_KEYS,
  type MockUpstream,
  type MockUpstreamOptions,
} from '../mocks/mock-upstream.ts';
import type { ActivityRecord } from '../../src/activity/activity-types.ts';
import type { Engine } from './engines.ts';
import { createCredential, exchangeToken, signIn, type ApiClient } from './api-client.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export interface ProviderKeyView {
  id: string;
  name: string;
  provider: string;
  secret_last4: string;
  enabled_models: string[];
  [k: string]: unknown;
}

export interface GatewayFixture {
  server: TestServer;
  upstream: MockUpstream;
  admin: ApiClient;
  /** A token with gateway:invoke. */
  token: string;
  /** A token without gateway:invoke (audit:read only). */
  readOnlyToken: string;
  credentialId: string;
  keys: Record<'anthropic' | 'openai' | 'azure' | 'gemini', ProviderKeyView>;
  gatewayUrl: string;
  /** Adds a provider key through the API; throws unless it is created. */
  addKey(body: Record<string, unknown>): Promise<ProviderKeyView>;
  /** The activity records (oldest first unless `query` says order=desc), once `count` have been written. */
  activity(count: number, query?: string): Promise<ActivityView[]>;
  /** The activity record of the request the Gateway answered with this x-gatehouse-request-id. */
  activityOf(requestId: string | null | undefined): Promise<ActivityView>;
  close(): Promise<void>;
}

/** An activity record as the API serves it. */
export type ActivityView = ActivityRecord;

export const MODELS = {
  anthropic: 'claude-sonnet-4-5',
  openai: 'gpt-4o-mini',
  azure: 'gpt-4o-prod',
  gemini: 'gemini-2.5-flash',
} as const;

export async function startGatewayFixture(
  engine: Engine,
  options: { server?: TestServerOptions; upstream?: MockUpstreamOptions } = {},
): Promise<GatewayFixture> {
  const upstream = await startMockUpstream(options.upstream);
  const server = await startTestServer(engine, options.server);
  try {
    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    async function addKey(body: Record<string, unknown>): Promise<ProviderKeyView> {
      const res = await admin.post<ProviderKeyView>('/api/v1/provider-keys', body);
      if (res.status !== 201) throw new Error(`provider key: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    }
    const keys = {
      anthropic: await addKey({
        name: 'anthropic-main',
        provider: 'anthropic',
        secret: MOCK_KEYS.anthropic,
        base_url: upstream.url,
        enabled_models: ['claude-*'],
      }),
      openai: await addKey({
        name: 'openai-main',
        provider: 'openai',
        secret: MOCK_KEYS.openai,
        base_url: `${upstream.url}/v1`,
        enabled_models: ['gpt-4o-mini', 'gpt-4o', 'o*'],
      }),
      azure: await addKey({
        name: 'azure-main',
        provider: 'azure',
        secret: MOCK_KEYS.azure,
        base_url: upstream.url,
        azure_api_version: '2024-10-21',
        enabled_models: ['gpt-4o-prod'],
      }),
      gemini: await addKey({
        name: 'gemini-main',
        provider: 'gemini',
        secret: MOCK_KEYS.gemini,
        base_url: upstream.url,
        enabled_models: ['gemini-*'],
      }),
    };
    const cred = await createCredential(admin, { name: 'dev-tools', scopes: ['gateway:invoke'] });
    const token = (await exchangeToken(server.consoleUrl, cred.client_id, cred.client_secret)).access_token;
    const reader = await createCredential(admin, { name: 'siem', scopes: ['audit:read'] });
    const readOnlyToken = (await exchangeToken(server.consoleUrl, reader.client_id, reader.client_secret))
      .access_token;

    async function activity(count: number, query = ''): Promise<ActivityView[]> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const params = new URLSearchParams(query);
        if (!params.has('limit')) params.set('limit', '1000');
        const res = await admin.get<{ activity: ActivityView[] }>(`/api/v1/activity?${params}`);
        if (res.status !== 200) throw new Error(`activity: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.body.activity.length >= count) return res.body.activity;
        if (Date.now() > deadline)
          throw new Error(`expected ${count} activity records, found ${res.body.activity.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    async function activityOf(requestId: string | null | undefined): Promise<ActivityView> {
      if (!requestId) throw new Error('the response carried no x-gatehouse-request-id');
      const [record] = await activity(1, `request_id=${encodeURIComponent(requestId)}`);
      return record!;
    }

    return {
      server,
      upstream,
      activityOf,
      admin,
      token,
      readOnlyToken,
      credentialId: cred.id,
      keys,
      gatewayUrl: server.gatewayUrl,
      addKey,
      activity,
      async close() {
        await server.close();
        await upstream.close();
      },
    };
  } catch (err) {
    await server.close();
    await upstream.close();
    throw err;
  }
}
