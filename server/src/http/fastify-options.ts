// Options every Fastify instance of Gatehouse shares.
import { LogController, type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { ipMatches } from '../../../shared/ip-rules.ts';
import { genReqId } from './logger.ts';
import { clientErrorHandler } from './client-errors.ts';
import { EXPECTS } from './validation-messages.ts';

export function fastifyOptions(config: Config, log: Logger, bodyLimit: number) {
  const limits = config.connections;
  return {
    // Typed as Fastify's logger so that instances keep Fastify's default generics.
    loggerInstance: log as FastifyBaseLogger,
    // Fastify's two lines per request are replaced by one access line (logger.ts) that omits the query.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId,
    bodyLimit,
    // Node's own limits on receiving a request; they stop counting once it has arrived, so that an
    // answer may take as long as the provider does. The body's idle limit is connection-guard.ts's.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // A socket idle limit would also cut a silent wait for a provider's answer: left off.
    connectionTimeout: 0,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests past their limits (default 30 s, which would let a 20 s
      // headers limit run to 50 s); a look costs one walk over the requests being received.
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
      ),
    },
    clientErrorHandler,
    // X-Forwarded-For is believed only from the configured proxies.
    trustProxy: config.trustedProxies.length
      ? (addr: string) => ipMatches(addr, config.trustedProxies)
      : false,
    // Unknown fields are an error that names them, not silently dropped.
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array' as const,
        useDefaults: true,
        allErrors: false,
        // Errors carry the schema that failed, so that an unknown field's error can list the known ones.
        verbose: true,
        // A pattern's words for a person (validation-messages.ts); ajv only carries it.
        keywords: [EXPECTS],
      },
    },
  };
}
