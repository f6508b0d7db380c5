// The calibration server: node:http with keep-alive, answering every request with a small fixed JSON
// body and doing nothing else. The benchmark measures it with the same generator on the same machine, so
// that the Gatehouse figures can be read against the most any Node server could reach here.
import http from 'node:http';

const port = Number(process.env.BENCH_BASELINE_PORT);
const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
