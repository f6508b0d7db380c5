// The fuzzer's target, run as a child process so that a crash of Gatehouse is seen as the child's exit
// and not as the fuzzer's own: the mock upstream, a real Gatehouse (both listeners, a fresh store)
// with a provider key per family behind it, and the identities the fuzzer speaks as. It tells the
// parent over IPC where the listeners are, every route each one registered (read from Fastify itself,
// so that a new route is fuzzed without editing the fuzzer), and the credentials.
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { SCOPE_NAMES } from '../../src/identity/scopes.ts';
import { ApiClient, createCredential, exchangeToken } from '../helpers/api-client.ts';
import { signedInDevice } from '../helpers/devices.ts';
import type { Engine } from '../helpers/engines.ts';
import { startGatewayFixture } from '../helpers/gateway.ts';
import { addAdmin, addDeveloper, PASSWORD } from '../helpers/people.ts';
import { MOCK_KEYS } from '../mocks/mock-upstream.ts';
import type { Identities, TargetReady } from './target-types.ts';

const TICK_MS = 100;
const STALL_MS = 1000;

// Every Fastify instance publishes itself on this channel when it is made, before any route is added.
const instances: Array<{ app: FastifyInstance; routes: Array<{ method: string; url: string }> }> = [];
diagnostics.subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  const routes: Array<{ method: string; url: string }> = [];
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  instances.push({ app: fastify, routes });
  fastify.addHook('onRequest', async (req) => {
    inFlight.set(req.id, { at: Date.now(), what: `${req.method} ${req.url.slice(0, 120)}` });
  });
  fastify.addHook('onResponse', async (req) => void inFlight.delete(req.id));
});

// A blocked event loop stops both listeners without a 5xx or a crash: each pause of a second or more
// goes to the parent with the requests that were in flight when it began, for the report.
const inFlight = new Map<string, { at: number; what: string }>();
let tick = Date.now();
setInterval(() => {
  const now = Date.now();
  if (now - tick > STALL_MS && process.send) {
    const during = [...inFlight.values()].filter((r) => r.at <= tick).map((r) => r.what);
    process.send({ stall: { ms: now - tick - TICK_MS, requests: during.slice(0, 20) } });
  }
  tick = now;
}, TICK_MS).unref();

function portOf(app: FastifyInstance): number | undefined {
  const addr = app.server.address();
  return typeof addr === 'object' && addr ? addr.port : undefined;
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function main() {
  const engine = (process.env.FUZZ_ENGINE ?? 'sqlite') as Engine;
  const fx = await startGatewayFixture(engine, {
    // The fuzzer speaks from many addresses through X-Forwarded-For (IP rules, per-address limits).
    server: { env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } },
    // A long run must not grow the mock's memory.
    upstream: { record: 'none' },
  });
  const s = fx.server;
  const consolePort = Number(new URL(s.consoleUrl).port);
  const gatewayPort = Number(new URL(s.gatewayUrl).port);
  const routesOf = (port: number) => instances.find((i) => portOf(i.app) === port)?.routes ?? [];

  const tokens: Record<string, string> = {};
  for (const scope of SCOPE_NAMES) {
    const cred = await createCredential(fx.admin, { name: `fuzz-${scope}`, scopes: [scope] });
    tokens[scope] = (await exchangeToken(s.consoleUrl, cred.client_id, cred.client_secret)).access_token;
  }
  const all = await createCredential(fx.admin, { name: 'fuzz-all', scopes: SCOPE_NAMES });
  tokens.all = (await exchangeToken(s.consoleUrl, all.client_id, all.client_secret)).access_token;
  const revoked = await createCredential(fx.admin, { name: 'fuzz-revoked', scopes: SCOPE_NAMES });
  const revokedToken = (await exchangeToken(s.consoleUrl, revoked.client_id, revoked.client_secret))
    .access_token;
  await fx.admin.post(`/api/v1/credentials/${revoked.id}/revoke`, { confirm: revoked.name });
  const claims = s.gatehouse.services.tokens.read(tokens.all)!;
  const expiredToken = s.gatehouse.services.tokens.issue({
    ...claims,
    expiresAt: Math.floor(Date.now() / 1000) - 60,
  });

  // Objects the fuzzer may change or delete by id: never the ones its own identities stand on.
  const spareCredential = await createCredential(fx.admin, { name: 'fuzz-spare', scopes: ['audit:read'] });
  const spareKey = await fx.addKey({
    name: 'fuzz-spare-key',
    provider: 'openai',
    secret: MOCK_KEYS.openai,
    base_url: `${fx.upstream.url}/v1`,
    enabled_models: ['fuzz-spare-*'],
  });
  const viewer = await addAdmin(s, fx.admin, 'fuzz-viewer@example.com', 'viewer');
  const spareAdmin = await addAdmin(s, fx.admin, 'fuzz-spare-admin@example.com', 'admin');
  const spareDeveloper = await addDeveloper(s, fx.admin, 'fuzz-spare-dev@example.com');
  const device = await signedInDevice(s, fx.admin, 'fuzz-dev@example.com');
  const spareDevice = await signedInDevice(s, fx.admin, 'fuzz-spare-device@example.com');
  const devSignIn = await new ApiClient(s.consoleUrl).post('/api/v1/developer/session', {
    email: device.email,
    password: PASSWORD,
  });
  if (devSignIn.status !== 200) throw new Error(`developer sign-in: ${devSignIn.status}`);

  const identities: Identities = {
    owner: { cookie: fx.admin.headers.cookie!, csrf: fx.admin.headers['x-csrf-token']! },
    viewer: { cookie: viewer.client.headers.cookie!, csrf: viewer.client.headers['x-csrf-token']! },
    developer: { cookie: cookieOf(devSignIn.headers), csrf: devSignIn.body.csrf_token },
    tokens,
    revokedToken,
    expiredToken,
    deviceToken: device.token,
    ownerLogin: { email: s.owner.email, password: s.owner.password },
    developerLogin: { email: device.email, password: PASSWORD },
    ids: {
      credential: spareCredential.id,
      providerKey: spareKey.id,
      admin: spareAdmin.id,
      developer: spareDeveloper,
      device: spareDevice.deviceId,
    },
  };
  const ready: TargetReady = {
    consoleUrl: s.consoleUrl,
    gatewayUrl: s.gatewayUrl,
    upstreamUrl: fx.upstream.url,
    routes: { console: routesOf(consolePort), gateway: routesOf(gatewayPort) },
    identities,
  };
  process.send!({ ready });
  // The parent ends the run with a message (a graceful stop) or, failing that, a signal.
  process.on('message', (m) => {
    if (m === 'stop') void fx.close().then(() => process.exit(0));
  });
  process.on('disconnect', () => void fx.close().then(() => process.exit(0)));
}

main().catch((err: unknown) => {
  process.stderr.write(`fuzz target failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(3);
});
