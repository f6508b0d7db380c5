// The parts of a fuzzed request other than its body: the path (route parameters filled with real ids,
// well-formed unknown ids, or traversal and encoding oddities), the query string (the route's own
// parameters, good and bad, and junk), the method, and headers (content types, encodings, forwarded
// addresses, provider headers, huge and many headers).
import { geminiTarget, FAMILY_MODELS } from './provider-bodies.ts';
import { edgeNumber, oddString, oddUnicode, pct, traversal, word } from './odd-values.ts';
import type { Prng } from './prng.ts';
import { mutate, validValue, type Schema, type SchemaContext } from './schema-values.ts';
import type { Identities } from './target-types.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const wellFormedId = (rng: Prng, prefix: string) =>
  `${prefix}_${Array.from({ length: 20 }, () => BASE32[rng.int(0, 31)]).join('')}`;

/** The real id a parameter should hold, from the resource named before it in the path. */
function realId(url: string, ids: Identities): string | undefined {
  if (url.includes('/credentials/')) return ids.ids.credential;
  if (url.includes('/provider-keys/')) return ids.ids.providerKey;
  if (url.includes('/admins/')) return ids.ids.admin;
  if (url.includes('/developers/')) return ids.ids.developer;
  if (url.includes('/devices/')) return ids.ids.device;
  return undefined;
}

function oddSegment(rng: Prng): string {
  switch (rng.int(0, 4)) {
    case 0:
      return traversal(rng);
    case 1:
      return pct(oddString(rng).slice(0, 3000));
    case 2:
      return 'x'.repeat(rng.pick([65, 513, 4097, 70_000]));
    case 3:
      return pct(oddUnicode(rng)) + word(rng);
    default:
      return String(edgeNumber(rng));
  }
}

function param(rng: Prng, name: string, url: string, ids: Identities): string {
  const roll = rng.float();
  if (roll < 0.2) return oddSegment(rng);
  if (name === 'version') return String(roll < 0.6 ? rng.int(0, 5) : rng.int(6, 1e9));
  if (name === 'user_code')
    return roll < 0.6 ? `${word(rng, 4).toUpperCase()}-${word(rng, 4).toUpperCase()}` : word(rng);
  if (name === 'deployment') return roll < 0.7 ? rng.pick(FAMILY_MODELS.azure) : word(rng);
  const real = realId(url, ids);
  if (real && roll < 0.65) return real;
  return wellFormedId(rng, real?.split('_')[0] ?? rng.pick(['cred', 'pk', 'adm', 'dev', 'dvc', 'rf']));
}

/** The path for route `url` (Fastify's pattern), parameters and wildcard filled in. */
export function fillPath(rng: Prng, url: string, ids: Identities): string {
  let path = url.replace(/:(\w+)/g, (_, name: string) => param(rng, name, url, ids));
  if (path.endsWith('*')) {
    const rest = url.startsWith('/gemini/')
      ? geminiTarget(rng)
      : rng.weighted([
          [3, word(rng)],
          [2, `${word(rng)}.js`],
          [2, 'index.html'],
          [3, traversal(rng)],
          [1, oddSegment(rng)],
          [1, ''],
        ] as const);
    path = path.slice(0, -1) + rest;
  }
  // Odd spellings of the same path: a trailing slash, doubled slashes, case, percent-encoded letters.
  if (rng.chance(0.06)) {
    path = rng.pick([
      `${path}/`,
      path.replace(/\//g, '//'),
      path.toUpperCase(),
      path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
      `${path}/${traversal(rng)}`,
      `${path};x=1`,
      `${path}%00`,
      `${path}#${word(rng)}`,
    ]);
  }
  return path;
}

export interface QueryParam {
  name: string;
  schema: Schema;
}

/** A query string: the route's own parameters (good, then mutated), and sometimes junk beside them. */
export function queryString(
  rng: Prng,
  params: QueryParam[],
  ctx: SchemaContext,
  extra?: [string, string],
): string {
  const q: Array<[string, string]> = [];
  for (const p of params) {
    if (!rng.chance(0.4)) continue;
    let v = validValue(rng, p.schema, ctx, p.name);
    if (rng.chance(0.3)) v = mutate(rng, v, p.schema, ctx);
    q.push([p.name, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]);
    if (rng.chance(0.05)) q.push([p.name, word(rng)]); // the same key twice
  }
  if (extra) q.push(extra);
  if (rng.chance(0.12)) {
    q.push(
      rng.pick<[string, string]>([
        ['__proto__[polluted]', '1'],
        ['constructor[prototype][x]', '1'],
        ['a[b][c][d]', '1'],
        [word(rng), oddString(rng).slice(0, 5000)],
        ['alt', 'sse'],
        ['x'.repeat(9000), 'y'],
        ['', ''],
      ]),
    );
  }
  let s = new URLSearchParams(q).toString();
  if (rng.chance(0.04))
    s += rng.pick(['&&&', '&=', '%', '%zz', '&a=%ff%fe', `&${'a=1&'.repeat(2000)}`, '+%2B+']);
  return s ? `?${s}` : '';
}

const ODD_METHODS = [
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'PUT',
  'PATCH',
  'DELETE',
  'GET',
  'POST',
  'HEAD',
  'SEARCH',
  'MKCOL',
];

export function method(rng: Prng, routeMethod: string): string {
  return rng.chance(0.05) ? rng.pick(ODD_METHODS) : routeMethod;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset="utf-8"',
  'multipart/form-data; boundary=----x',
  'application/json;',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/octet-stream',
  '*/*',
  'json',
  '',
  ';;;',
  'application/json, text/plain',
];

/** Headers that change how the body is read, or who the request seems to come from. */
export function headers(rng: Prng, hasBody: boolean, gateway: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (hasBody) {
    const ct = rng.weighted([
      [80, 'application/json'],
      [8, undefined],
      [12, rng.pick(CONTENT_TYPES)],
    ] as const);
    if (ct !== undefined) h['content-type'] = ct;
    if (rng.chance(0.02))
      h['content-encoding'] = rng.pick(['gzip', 'br', 'deflate', 'identity', 'x-garbage']);
  }
  if (rng.chance(0.08))
    h['x-forwarded-for'] = rng.pick([
      '10.0.0.5',
      '203.0.113.9, 10.0.0.1',
      '::1',
      '2001:db8::1',
      'not an address',
      '999.999.999.999',
      Array.from({ length: 500 }, (_, i) => `10.0.${i % 250}.1`).join(', '),
      '',
    ]);
  if (rng.chance(0.03)) h['x-forwarded-proto'] = rng.pick(['https', 'http', 'gopher', '']);
  if (rng.chance(0.03)) h.origin = rng.pick(['https://evil.example', 'null', word(rng)]);
  if (rng.chance(0.03)) h.accept = rng.pick(['text/event-stream', '*/*', 'application/xml', '']);
  if (rng.chance(0.03)) h['if-match'] = rng.pick(['*', '"0"', 'W/"1"', word(rng)]);
  if (gateway && rng.chance(0.15)) {
    h[rng.pick(['anthropic-version', 'anthropic-beta', 'openai-beta', 'x-stainless-lang', 'user-agent'])] =
      rng.pick([
        '2023-06-01',
        'tools-2024-04-04',
        'assistants=v2',
        `claude-cli/1.0 ${word(rng)}`,
        oddString(rng)
          .replace(/[^\x20-\x7e]/g, '')
          .slice(0, 4000),
      ]);
  }
  if (rng.chance(0.01)) h['x-huge'] = 'h'.repeat(rng.pick([8_000, 17_000, 70_000]));
  if (rng.chance(0.01)) for (let i = 0; i < rng.pick([50, 120]); i++) h[`x-many-${i}`] = word(rng);
  if (rng.chance(0.01)) h['x-latin1'] = Buffer.from([0xe9, 0xff, 0xa0]).toString('latin1');
  return h;
}
