// The endpoint client's side of POST /mcp/observations and /mcp/decide, spoken over real HTTP to a real
// Gatehouse: a developer with a signed-in device, a gateway:invoke credential, and the bodies of the
// shim protocol (docs/decisions/mcp-shim-protocol.md) for a local server named as `setup --mcp` names it.
import { createHash } from 'node:crypto';
import type { ActivityRecord } from '../../src/activity/activity-types.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';
import type { PolicyDocument } from '../../src/policy/policy-types.ts';
import { createCredential, exchangeToken, signIn, type ApiClient } from './api-client.ts';
import { signedInDevice, type SignedInDevice } from './devices.ts';
import type { Engine } from './engines.ts';
import { setPolicy } from './policy.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export interface LocalServerRef {
  name: string;
  command: string;
  args_sha256: string;
}

/** A local server as the shim names it: the arguments hashed, never sent. */
export function localServer(name: string, command: string, args: string[] = []): LocalServerRef {
  return {
    name,
    command,
    args_sha256: createHash('sha256').update(JSON.stringify(args)).digest('hex'),
  };
}

export interface ShimReply {
  status: number;
  headers: Headers;
  body: any;
}

export interface ShimFixture {
  server: TestServer;
  admin: ApiClient;
  device: SignedInDevice;
  /** An access token with gateway:invoke, and one without it. */
  token: string;
  readOnlyToken: string;
  credentialId: string;
  /** POSTs a body (an object, sent as JSON, or a string sent as it is) with the device token unless told
   * (a header given as '' is not sent). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<ShimReply>;
  /** GETs a path, with the device token unless told, as `post` does. */
  get(path: string, headers?: Record<string, string>): Promise<ShimReply>;
  /** Sets the policy's mcp section (over the default document) and the secrets detector's action. */
  policy(
    mcp: Record<string, unknown> | undefined,
    secrets?: 'block' | 'redact' | 'alert' | 'off',
  ): Promise<void>;
  /** Local activity records, once at least `count` match `query`. */
  activity(count: number, query?: string): Promise<ActivityRecord[]>;
  close(): Promise<void>;
}

export async function startShimFixture(
  engine: Engine,
  options: TestServerOptions = {},
): Promise<ShimFixture> {
  const server = await startTestServer(engine, options);
  const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  const device = await signedInDevice(
    server,
    admin,
    `shim-${Math.random().toString(36).slice(2, 8)}@example.com`,
  );
  const invoke = await createCredential(admin, { name: 'shim-invoke', scopes: ['gateway:invoke'] });
  const reader = await createCredential(admin, { name: 'shim-reader', scopes: ['audit:read'] });
  const token = (await exchangeToken(server.consoleUrl, invoke.client_id, invoke.client_secret)).access_token;
  const readOnlyToken = (await exchangeToken(server.consoleUrl, reader.client_id, reader.client_secret))
    .access_token;
  async function request(
    path: string,
    headers: Record<string, string>,
    init: { method: string; body?: string },
  ): Promise<ShimReply> {
    const res = await fetch(`${server.gatewayUrl}${path}`, {
      ...init,
      // A header given as '' is left out (no token at all).
      headers: Object.fromEntries(
        Object.entries({
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          authorization: `Bearer ${device.token}`,
          ...headers,
        }).filter(([, v]) => v !== ''),
      ),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the test sees the text.
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }
  return {
    server,
    admin,
    device,
    token,
    readOnlyToken,
    credentialId: invoke.id,
    post: (path, body, headers = {}) =>
      request(path, headers, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    get: (path, headers = {}) => request(path, headers, { method: 'GET' }),
    async policy(mcp, secrets = 'redact') {
      const doc: PolicyDocument = structuredClone(DEFAULT_POLICY) as PolicyDocument;
      doc.detectors.secrets.action = secrets;
      if (mcp) (doc as { mcp?: unknown }).mcp = mcp;
      await setPolicy(admin, doc);
    },
    async activity(count, query = '') {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const res = await admin.get<{ activity: ActivityRecord[] }>(
          `/api/v1/activity?mcp_source=local&limit=200${query ? `&${query}` : ''}`,
        );
        if (res.status !== 200) throw new Error(`activity: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.body.activity.length >= count) return res.body.activity;
        if (Date.now() > deadline)
          throw new Error(`expected ${count} activity records, found ${res.body.activity.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => server.close(),
  };
}
