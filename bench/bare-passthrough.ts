// The practical limit of a Node gateway: Fastify in front of an undici Pool, doing nothing but forward.
// A POST of any API shape the benchmark sends goes to the same path upstream with the caller's body as the
// Buffer Fastify read (never parsed) and the caller's credential (in its SDK's header); the answer's status, headers and body stream back as they come,
// with backpressure (Fastify pipes the undici body into the socket). No authentication, no records: what
// the Gatehouse Gateway does beyond this is its own cost. A child process of the benchmark, on 127.0.0.1.
//
//   BENCH_BARE_PORT      port to listen on
//   BENCH_UPSTREAM_URL   http://127.0.0.1:<port> of the upstream (the mock)
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { Pool } from 'undici';

const port = Number(process.env.BENCH_BARE_PORT);
const upstream = process.env.BENCH_UPSTREAM_URL;
if (!port || !upstream) {
  process.stderr.write('bare-passthrough: BENCH_BARE_PORT and BENCH_UPSTREAM_URL are required\n');
  process.exit(2);
}

// The same body limit as the Gatehouse Gateway (coding agents send megabytes).
const app = Fastify({ logger: false, bodyLimit: 32 * 1024 * 1024 });
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

const pool = new Pool(upstream, { connections: 256, pipelining: 1, keepAliveTimeout: 60_000 });

// Headers that belong to one connection, not to the message (RFC 9110 §7.6.1), and the length, which
// Node sets again for what it actually writes.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
]);

// Where each provider's SDK puts its key, and Anthropic's version header.
const CREDENTIALS = ['authorization', 'x-api-key', 'anthropic-version', 'api-key', 'x-goog-api-key'];

// Each path the benchmark sends, forwarded to the same path (and query) upstream.
const forward = async (request: FastifyRequest, reply: FastifyReply) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of CREDENTIALS) {
    const v = request.headers[name];
    if (typeof v === 'string') headers[name] = v;
  }
  const aborter = new AbortController();
  // The caller leaving before the answer is complete cancels the upstream request.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) aborter.abort();
  });
  const res = await pool.request({
    method: 'POST',
    path: request.url,
    headers,
    body: request.body as Buffer,
    signal: aborter.signal,
  });
  reply.code(res.statusCode);
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
  }
  return reply.send(res.body);
};
for (const path of ['/v1/chat/completions', '/v1/responses', '/v1/messages', '/openai/*', '/v1beta/*'])
  app.post(path, forward);

app.get('/healthz', async () => ({ status: 'ok' }));

await app.listen({ port, host: '127.0.0.1' });
const stop = () =>
  void app
    .close()
    .then(() => pool.close())
    .finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
