// The floor of the MCP benchmark: what any proxy that must read an MCP server's whole JSON answer
// before passing it on (as a governing one must) costs on this machine, doing nothing else. node:http
// in front of an undici Pool: the request's body and MCP headers forwarded, the answer read whole and
// written back with its status and MCP headers. No authentication, no parsing, no records: what the
// Gatehouse Gateway adds beyond this is its own cost. A child process of the benchmark, on 127.0.0.1;
// it prints {"url": "http://127.0.0.1:<port>/mcp"} once it listens.
//
//   BENCH_UPSTREAM_URL   the MCP server's endpoint (http://127.0.0.1:<port>/mcp)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const upstream = process.env.BENCH_UPSTREAM_URL;
if (!upstream) {
  process.stderr.write('mcp-bare-proxy: BENCH_UPSTREAM_URL is required\n');
  process.exit(2);
}
const target = new URL(upstream);
const pool = new Pool(target.origin, { connections: 64, pipelining: 1, keepAliveTimeout: 60_000 });
const FORWARDED = ['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'];
const RETURNED = ['content-type', 'mcp-session-id'];

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

const server = http.createServer((req, res) => {
  void (async () => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const v = req.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    const body = await readAll(req);
    const answer = await pool.request({
      method: req.method as 'POST' | 'GET' | 'DELETE',
      path: target.pathname,
      headers,
      ...(body.length ? { body } : {}),
    });
    const out = await readAll(answer.body);
    const back: Record<string, string | number> = { 'content-length': out.length };
    for (const name of RETURNED) {
      const v = answer.headers[name];
      if (typeof v === 'string') back[name] = v;
    }
    res.writeHead(answer.statusCode, back).end(out);
  })().catch(() => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/mcp` })}\n`);
});
const stop = () => void server.close(() => void pool.close().finally(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
