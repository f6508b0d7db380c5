// One real HTTP server per package ecosystem on 127.0.0.1, each answering as its registry does (the
// shapes are in fake-registry-answers.ts), from a data set a test can change, with the faults a test
// asks for: a delay, no answer at all, 429 with Retry-After, 503, a connection reset, or any answer it
// writes itself (huge, deep, wrong types). Every request is recorded, and the most served at once.
//
// Seeded by default with the popular packages (src/slopsquat/data: first published on the day their
// ranking listed them, unless the fixture holds the registry's own date) and with the real names of
// the slopsquat corpus (test/fixtures/slopsquat/corpus.json, when it is there). The corpus says which
// names exist, not when they were published: those are given STAND_IN_CREATED, an old date, and a
// repository, so that only a name's existence decides how it is judged.
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { firstPublishedBy, popularList } from '../../src/slopsquat/data/popular.ts';
import { ECOSYSTEMS, type Ecosystem } from '../../src/slopsquat/slopsquat-contract.ts';
import {
  cratesAnswer,
  goAnswer,
  npmAnswer,
  packagistAnswer,
  pypiAnswer,
  rubygemsAnswer,
  type Answer,
  type FakePackage,
} from './fake-registry-answers.ts';

export type { FakePackage } from './fake-registry-answers.ts';

/** First publication given to the corpus's existing names, whose real dates it does not record. */
export const STAND_IN_CREATED = '2016-01-01T00:00:00.000Z';
const CORPUS = new URL('../fixtures/slopsquat/corpus.json', import.meta.url);

export interface Knobs {
  /** Wait this long before answering. */
  delayMs?: number;
  /** Read the request and never answer (until the client goes away or the fakes close). */
  hang?: boolean;
  /** Answer 429 Too Many Requests, with this Retry-After when given. */
  rateLimit?: { retryAfter?: string };
  /** Answer 503 Service Unavailable (with this Retry-After when given). */
  unavailable?: { retryAfter?: string };
  /** Destroy the connection instead of answering. */
  reset?: boolean;
  /** The status a missing Go module answers: 404 (default) or 410, both of which the proxy uses. */
  missingStatus?: 404 | 410;
  /** Answers this instead of the registry's answer when it returns one (hostile answers); a Buffer
   * body is sent as it is (already compressed, say). */
  answer?: (path: string) => (Omit<Partial<Answer>, 'body'> & { body?: string | Buffer }) | undefined;
}

export interface RecordedRegistryRequest {
  ecosystem: Ecosystem;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FakeRegistries {
  /** Each fake's base URL, to pass as the lookup's registries. */
  urls: Record<Ecosystem, string>;
  /** The data sets, by the name as each registry matches it (see key()). */
  data: Record<Ecosystem, Map<string, FakePackage>>;
  set(ecosystem: Ecosystem, name: string, pkg: FakePackage): void;
  remove(ecosystem: Ecosystem, name: string): void;
  /** Replaces one fake's faults (or all fakes'); `{}` clears them. */
  configure(ecosystem: Ecosystem | 'all', knobs: Knobs): void;
  requests: RecordedRegistryRequest[];
  /** Requests being served now, and the most that were at once, per ecosystem. */
  inFlight(ecosystem: Ecosystem): { now: number; most: number };
  close(): Promise<void>;
}

/** The name as the registry matches it: PyPI normalises, crates.io ignores case and `-`/`_`. */
function key(ecosystem: Ecosystem, name: string): string {
  if (ecosystem === 'pypi') return name.toLowerCase().replace(/[-_.]+/g, '-');
  if (ecosystem === 'crates') return name.toLowerCase().replace(/-/g, '_');
  if (ecosystem === 'packagist') return name.toLowerCase();
  return name;
}

function seed(data: FakeRegistries['data']) {
  for (const ecosystem of ECOSYSTEMS) {
    const list = popularList(ecosystem);
    for (const name of list.names)
      data[ecosystem].set(key(ecosystem, name), { created: firstPublishedBy(list, name) });
  }
  if (!fs.existsSync(CORPUS)) return;
  // The corpus's own layout aside, every {ecosystem, name, exists} in it is a name it knows.
  const stack: unknown[] = [JSON.parse(fs.readFileSync(CORPUS, 'utf8'))];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) stack.push(...value);
    else {
      const { ecosystem, name, exists } = value as Record<string, unknown>;
      if (typeof ecosystem === 'string' && typeof name === 'string' && exists === true) {
        const eco = ecosystem as Ecosystem;
        if (ECOSYSTEMS.includes(eco) && !data[eco].has(key(eco, name)))
          data[eco].set(key(eco, name), {
            created: STAND_IN_CREATED,
            repository: `https://github.com/example/${name}`,
          });
      }
      stack.push(...Object.values(value));
    }
  }
}

/** The registry's answer for a path, or undefined when the registry has no such route. */
function route(
  ecosystem: Ecosystem,
  path: string,
  headers: IncomingHttpHeaders,
  fakes: FakeRegistries,
  knobs: Knobs,
): Answer {
  const data = fakes.data[ecosystem];
  const base = fakes.urls[ecosystem];
  const find = (name: string) => data.get(key(ecosystem, name));
  const notFound: Answer = { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' };
  let m: RegExpExecArray | null;
  switch (ecosystem) {
    case 'npm': {
      const name = decodeURIComponent(path.slice(1));
      const abbreviated = String(headers.accept ?? '').includes('application/vnd.npm.install-v1+json');
      return npmAnswer(name, find(name), abbreviated, base);
    }
    case 'pypi':
      if (!(m = /^\/pypi\/([^/]+)\/json$/.exec(path))) return notFound;
      return pypiAnswer(m[1]!, find(m[1]!), base);
    case 'crates':
      if (!(m = /^\/api\/v1\/crates\/([^/]+)$/.exec(path))) return notFound;
      // crates.io's crawler policy: no User-Agent, no answer.
      if (!headers['user-agent'])
        return {
          status: 403,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
          body: 'We require that all requests include a `User-Agent` header that identifies your client.\n',
        };
      return cratesAnswer(m[1]!, find(m[1]!));
    case 'go': {
      if (!(m = /^\/(.+?)\/(@v\/list|@latest|@v\/[^/]+\.(?:info|mod))$/.exec(path))) return notFound;
      const module = m[1]!.replace(/!([a-z])/g, (_, c: string) => c.toUpperCase());
      return goAnswer(module, m[2]!, find(module), knobs.missingStatus ?? 404);
    }
    case 'rubygems':
      if (!(m = /^\/api\/v1\/(gems|versions)\/(.+)\.json$/.exec(path))) return notFound;
      return rubygemsAnswer(m[2]!, m[1] === 'gems' ? 'gem' : 'versions', find(m[2]!), base);
    case 'packagist':
      if (!(m = /^\/p2\/([^/]+\/[^/]+)\.json$/.exec(path))) return notFound;
      return packagistAnswer(m[1]!, find(m[1]!));
  }
}

export async function startFakeRegistries(options: { seed?: boolean } = {}): Promise<FakeRegistries> {
  const servers: http.Server[] = [];
  const sockets = new Set<Socket>();
  const knobs = Object.fromEntries(ECOSYSTEMS.map((e) => [e, {}])) as Record<Ecosystem, Knobs>;
  const counts = Object.fromEntries(ECOSYSTEMS.map((e) => [e, { now: 0, most: 0 }])) as Record<
    Ecosystem,
    { now: number; most: number }
  >;
  const fakes: FakeRegistries = {
    urls: {} as Record<Ecosystem, string>,
    data: Object.fromEntries(ECOSYSTEMS.map((e) => [e, new Map()])) as FakeRegistries['data'],
    set: (ecosystem, name, pkg) => void fakes.data[ecosystem].set(key(ecosystem, name), pkg),
    remove: (ecosystem, name) => void fakes.data[ecosystem].delete(key(ecosystem, name)),
    configure(ecosystem, next) {
      for (const e of ecosystem === 'all' ? ECOSYSTEMS : [ecosystem]) knobs[e] = { ...next };
    },
    requests: [],
    inFlight: (ecosystem) => ({ ...counts[ecosystem] }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
  if (options.seed !== false) seed(fakes.data);

  for (const ecosystem of ECOSYSTEMS) {
    const server = http.createServer(async (req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      fakes.requests.push({ ecosystem, path, headers: req.headers });
      const count = counts[ecosystem];
      count.most = Math.max(count.most, ++count.now);
      res.on('close', () => count.now--);
      const k = knobs[ecosystem];
      if (k.delayMs) await sleep(k.delayMs);
      if (k.hang) return;
      if (k.reset) return void req.socket.destroy();
      const refusal = k.rateLimit
        ? { status: 429, text: 'Too Many Requests', ...k.rateLimit }
        : k.unavailable && { status: 503, text: 'Service Unavailable', ...k.unavailable };
      if (refusal) {
        const retryAfter = refusal.retryAfter ? { 'retry-after': refusal.retryAfter } : {};
        return void res
          .writeHead(refusal.status, { 'content-type': 'text/plain', ...retryAfter })
          .end(refusal.text);
      }
      const answer = { ...route(ecosystem, path, req.headers, fakes, k), ...k.answer?.(path) };
      // Large answers go compressed when the client accepts it, as the registries' CDNs send them.
      const raw = answer.body;
      const gzip =
        typeof raw === 'string' &&
        raw.length > 1024 &&
        !answer.headers['content-encoding'] &&
        /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = gzip ? zlib.gzipSync(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      res.writeHead(answer.status, {
        ...answer.headers,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        'content-length': body.length,
      });
      res.end(body);
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    fakes.urls[ecosystem] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return fakes;
}
