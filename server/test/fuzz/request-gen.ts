// One fuzzed request, made from the run's seed and the request's index alone (given the routes and
// identities of the target), so that a reproducer is the seed and the index: a route of either
// listener, a caller, a path, a query, headers, and a body (schema-aware for the management API,
// provider-shaped for the Gateway, form-encoded for OAuth), mutated and encoded well or badly; now and
// then a request written byte by byte to the socket instead.
import { consoleAuth, gatewayAuth } from './auth-variants.ts';
import { encodeBody } from './body-encodings.ts';
import { oddString, randomJson, word } from './odd-values.ts';
import { Prng } from './prng.ts';
import { providerBody } from './provider-bodies.ts';
import { rawCase } from './raw-cases.ts';
import { fillPath, headers, method, queryString, type QueryParam } from './request-parts.ts';
import { mutate, validValue, type Schema, type SchemaContext } from './schema-values.ts';
import type { Identities, RouteInfo } from './target-types.ts';

export type Listener = 'console' | 'gateway';

export interface FuzzRequest {
  index: number;
  listener: Listener;
  /** The route aimed at, `METHOD pattern`, for the tallies. */
  route: string;
  method: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  /** Bytes for the socket instead (the request could not be said through an HTTP client). */
  raw?: { name: string; bytes: Buffer; closeAfterMs?: number };
  /** What was done, for the reproducer. */
  notes: string[];
  /** The session a successful answer would have ended (a fuzzed sign-out). */
  endsSession?: 'owner' | 'developer';
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface GenContext {
  routes: Record<Listener, RouteInfo[]>;
  openapi: OpenApiDoc;
  identities: Identities;
  upstreamUrl: string;
  bodyLimits: Record<Listener, number>;
}

/**
 * A provider key the fuzzer makes or changes points at the mock providers whenever its base URL would
 * be accepted: any other address (or the provider's own, which this machine cannot reach) would make
 * the Gateway's later requests through that key answer 502, rightly, and hide real 5xx among them.
 * Base URLs the API must refuse are kept, to test that it does.
 */
function keepUpstreamLocal(value: unknown, method: string, upstreamUrl: string): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  const body = value as Record<string, unknown>;
  const url = body.base_url;
  const reachable = typeof url === 'string' && /^https?:\/\/[^/]/i.test(url) && !url.startsWith(upstreamUrl);
  if (reachable || url === null || (method === 'POST' && !('base_url' in body))) body.base_url = upstreamUrl;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The OpenAPI operation of a Fastify route, if documented. */
function operationOf(doc: OpenApiDoc, route: RouteInfo): any {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const m = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
  return doc.paths[path]?.[m];
}

const GRANTS = [
  'client_credentials',
  'urn:ietf:params:oauth:grant-type:device_code',
  'refresh_token',
  'password',
  'authorization_code',
  '',
];

/** A form body for the OAuth endpoints (they take RFC 6749 forms, not JSON). */
function oauthForm(rng: Prng): string {
  const f = new URLSearchParams();
  const fields: Array<[string, () => string]> = [
    ['grant_type', () => rng.pick(GRANTS)],
    ['client_id', () => rng.pick(['gatehouse-client', `ghci_${word(rng, 43)}`, oddString(rng)])],
    ['client_secret', () => rng.pick([`ghcs_${word(rng, 43)}`, oddString(rng)])],
    ['scope', () => rng.pick(['audit:read', 'gateway:invoke policy:write', 'admin', oddString(rng)])],
    ['device_code', () => `ghdc_${word(rng, 43)}`],
    ['refresh_token', () => `ghdr_${word(rng, 43)}`],
    ['token', () => rng.pick([`ghdr_${word(rng, 43)}`, `ghdt_${word(rng, 43)}`, oddString(rng)])],
    ['token_type_hint', () => word(rng)],
    ['device_name', () => oddString(rng)],
    ['platform', () => oddString(rng)],
  ];
  for (const [name, value] of fields) if (rng.chance(0.45)) f.append(name, value());
  if (rng.chance(0.1)) f.append('grant_type', rng.pick(GRANTS)); // a parameter twice (§3.2 forbids it)
  return f.toString();
}

function consoleBody(rng: Prng, op: any, route: RouteInfo, ctx: SchemaContext, notes: string[]): unknown {
  if (route.url.startsWith('/api/oauth/')) return undefined;
  const schema: Schema | undefined = op?.requestBody?.content?.['application/json']?.schema;
  if (!schema) return rng.chance(0.7) ? {} : randomJson(rng, 3);
  const valid = validValue(rng, schema, ctx);
  if (rng.chance(0.35)) return valid;
  notes.push('mutated');
  return mutate(rng, valid, schema, ctx);
}

function pickRoute(rng: Prng, ctx: GenContext): { listener: Listener; route: RouteInfo; unrouted?: boolean } {
  const listener: Listener = rng.chance(0.5) ? 'console' : 'gateway';
  const routes = ctx.routes[listener];
  // Provider routes carry most of the Gateway's code: they are picked more often than /healthz.
  if (listener === 'gateway' && rng.chance(0.6)) {
    const chat = routes.filter((r) => r.method === 'POST');
    if (chat.length) return { listener, route: rng.pick(chat) };
  }
  if (rng.chance(0.03)) {
    const url = `/${word(rng)}/${oddString(rng).slice(0, 200)}`;
    return { listener, route: { method: rng.pick(['GET', 'POST']), url }, unrouted: true };
  }
  return { listener, route: rng.pick(routes) };
}

export function generate(seed: number, index: number, ctx: GenContext): FuzzRequest {
  const rng = Prng.forRequest(seed, index);
  const { listener, route, unrouted } = pickRoute(rng, ctx);
  const notes: string[] = [];
  const ids = ctx.identities;
  const schemaCtx: SchemaContext = {
    components: ctx.openapi.components?.schemas ?? {},
    hints: {
      confirm: ['fuzz-spare', 'fuzz-spare-dev@example.com', 'fuzz-spare-admin@example.com', 'fuzz-spare-key'],
      email: ['fuzz-spare-admin@example.com', 'fuzz-spare-dev@example.com', 'nobody@example.com'],
      developer_id: [ids.ids.developer],
      device_id: [ids.ids.device],
      actor_id: [ids.ids.credential],
      base_url: [ctx.upstreamUrl, `${ctx.upstreamUrl}/v1`, 'file:///etc/passwd', 'ftp://x', 'http://'],
    },
  };

  const auth = listener === 'console' ? consoleAuth(rng, ids) : gatewayAuth(rng, ids);
  notes.push(`auth=${auth.name}`);
  const op = listener === 'console' ? operationOf(ctx.openapi, route) : undefined;
  const m = method(rng, route.method);
  if (m !== route.method) notes.push(`method=${m}`);
  const filled = fillPath(rng, route.url, ids);
  const params: QueryParam[] = (op?.parameters ?? [])
    .filter((p: any) => p.in === 'query')
    .map((p: any) => ({ name: p.name, schema: p.schema ?? {} }));
  let query = queryString(rng, params, schemaCtx, auth.query);
  if (filled.includes(':streamGenerateContent') && rng.chance(0.6)) query += query ? '&alt=sse' : '?alt=sse';
  const path = auth.pathPrefix + filled + query;

  const hasBody = BODY_METHODS.has(m) || rng.chance(0.03);
  const h = { ...headers(rng, hasBody, listener === 'gateway'), ...auth.headers };
  // Anthropic's API (and the mock) refuse a request without it: most requests carry it, to go deep.
  if (route.url.startsWith('/v1/messages') && !h['anthropic-version'] && rng.chance(0.9))
    h['anthropic-version'] = '2023-06-01';
  let body: Buffer | undefined;
  if (hasBody) {
    if (route.url.startsWith('/api/oauth/')) {
      const form = oauthForm(rng);
      body = Buffer.from(rng.chance(0.9) ? form : `${form}&${'%'.repeat(rng.int(1, 3))}${oddString(rng)}`);
      if (h['content-type'] === 'application/json' && rng.chance(0.8))
        h['content-type'] = 'application/x-www-form-urlencoded';
      if (rng.chance(0.1))
        h.authorization = `Basic ${Buffer.from(`${word(rng)}:${oddString(rng)}`).toString('base64')}`;
    } else {
      const value =
        listener === 'gateway'
          ? (providerBody(rng, route.url, filled) ?? randomJson(rng, 3))
          : consoleBody(rng, op, route, schemaCtx, notes);
      if (route.url.startsWith('/api/v1/provider-keys')) keepUpstreamLocal(value, m, ctx.upstreamUrl);
      let v = value;
      if (listener === 'gateway' && rng.chance(0.4)) {
        notes.push('mutated');
        v = mutate(rng, value, {}, schemaCtx);
      }
      const encoded = encodeBody(rng, v, ctx.bodyLimits[listener]);
      notes.push(`body=${encoded.kind}`);
      body = encoded.body;
    }
  }
  if (m === 'PUT' && route.url === '/api/v1/policy' && !h['if-match'] && rng.chance(0.7)) h['if-match'] = '*';

  const request: FuzzRequest = {
    index,
    listener,
    route: unrouted ? '(no route)' : `${route.method} ${route.url}`,
    method: m,
    path,
    headers: h,
    body,
    notes,
  };
  if (m === 'DELETE' && /\/session$/.test(route.url) && auth.session) request.endsSession = auth.session;
  if (rng.chance(0.04)) {
    request.raw = rawCase(rng, m, path, h, body ?? Buffer.alloc(0));
    notes.push(`raw=${request.raw.name}`);
  }
  return request;
}
