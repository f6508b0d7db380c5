// Options every Fastify instance of Gatehouse shares.
import { LogController, type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { ipMatches } from '../identity/ip-rules.ts';
import { genReqId } from './logger.ts';

export function fastifyOptions(config: Config, log: Logger, bodyLimit: number) {
  return {
    // Typed as Fastify's logger so that instances keep Fastify's default generics.
    loggerInstance: log as FastifyBaseLogger,
    // Fastify's two lines per request are replaced by one access line (logger.ts) that omits the query.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId,
    bodyLimit,
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
      },
    },
  };
}
