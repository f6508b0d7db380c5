// @hono/node-server as the Portkey gateway sees it when the benchmark runs it (portkey-server.ts):
// the same module, except that serve() binds 127.0.0.1. Portkey's start-server.js calls
// serve({fetch, port}) with no hostname, which would listen on every interface.
import * as nodeServer from '@hono/node-server';

export * from '@hono/node-server';

export const serve: typeof nodeServer.serve = (options, listeningListener) =>
  nodeServer.serve({ ...options, hostname: '127.0.0.1' }, listeningListener);
