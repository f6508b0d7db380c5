// The Gateway listener. This issue gives it its liveness endpoint; the provider endpoints are added by
// the Gateway's own modules on this instance.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { fastifyOptions } from '../http/fastify-options.ts';
import { registerAccessLog } from '../http/logger.ts';

/** Coding agents send hundreds of kilobytes to megabytes per request. */
export const GATEWAY_BODY_LIMIT = 32 * 1024 * 1024;

export interface GatewayState {
  /** Set when a graceful shutdown begins, so that load balancers stop sending before the socket closes. */
  draining: boolean;
}

export async function buildGatewayApp(
  config: Config,
  log: Logger,
  state: GatewayState,
): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config, log, GATEWAY_BODY_LIMIT));
  registerAccessLog(app);
  // Never echo the query string: a Gemini client may carry its key in ?key=.
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: {
        code: 'not_found',
        message: `There is no ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} on the Gateway.`,
      },
    }),
  );
  app.get('/healthz', async (_request, reply) =>
    state.draining ? reply.code(503).send({ status: 'draining' }) : { status: 'ok' },
  );
  return app;
}
