// The Portkey gateway from npm (@portkey-ai/gateway, its own build/start-server.js, unchanged) as a
// child process of the benchmark, bound to 127.0.0.1 only. Its start script takes --port=<n> but no
// host, and serves on every interface; a module resolution hook hands that script (and only it) a
// @hono/node-server whose serve() adds hostname '127.0.0.1' (portkey-loopback.ts). Everything else,
// @hono/node-server included (1.13.8, pinned by the root package.json for Portkey's streaming), is the
// package as installed.
//
//   BENCH_PORTKEY_PORT   port to listen on
import { register } from 'node:module';

const port = Number(process.env.BENCH_PORTKEY_PORT);
if (!port) {
  process.stderr.write('portkey-server: BENCH_PORTKEY_PORT is required\n');
  process.exit(2);
}

const shim = new URL('./portkey-loopback.ts', import.meta.url).href;
const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === '@hono/node-server' && context.parentURL?.includes('/node_modules/@portkey-ai/gateway/'))
    return next(${JSON.stringify(shim)}, context);
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

// What start-server.js reads: its port, and no browser UI or log stream.
process.argv.push(`--port=${port}`, '--headless');
const entry = '@portkey-ai/gateway/build/start-server.js';
await import(entry);
