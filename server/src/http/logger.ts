// Structured logs (pino, JSON on stdout). Every line written while serving a request carries its
// request id (Fastify's child logger). Secrets never reach a line: headers and bodies are not logged,
// the access line logs the path without its query string (a Gemini key may ride in ?key=), and the
// redaction list below catches the field names under which a secret could still slip in.
import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { LogLevel } from '../config.ts';

// Exact paths: wildcard paths ('*.password') make pino walk every logged object and double the cost of
// a line, for objects we never log.
const SECRET_KEYS = ['password', 'client_secret', 'access_token', 'token', 'secret', 'csrf_token'];
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["api-key"]',
  'req.headers["x-goog-api-key"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `body.${k}`),
];

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'gatehouse' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination ?? bufferedStdout(),
  );
}

/** Standard output, buffered: one write per 4 KiB instead of a system call per line (a line per request
 * adds up), and at least once a second so that a quiet server's lines are not held back. Whoever exits
 * the process must call flushSync() first; main.ts does on every way out. */
export function bufferedStdout() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => stream.flush(), 1000).unref();
  return stream;
}

// Request ids: a random per-process prefix and a counter, unique across replicas and cheap to make.
const prefix = randomBytes(4).toString('hex');
let counter = 0;
export const genReqId = () => `req_${prefix}${(++counter).toString(36)}`;

/** One access line per request, and the request id echoed to the caller as x-request-id. */
/** `requestIdHeader`: the Gateway names its own id apart, since providers send an x-request-id of theirs. */
export function registerAccessLog(app: FastifyInstance, requestIdHeader = 'x-request-id'): void {
  // Callback hooks, not async ones: they run on every request, and a promise each is measurable there.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, 512),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
}

/**
 * A failure for the log: its kind and where it happened, not its message, which may quote what was
 * being read (a provider's answer, a model's tool call).
 */
export function failureForLog(err: unknown): { type: string; at: string[] } {
  if (!(err instanceof Error)) return { type: typeof err, at: [] };
  const frames = (err.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at '));
  return { type: err.name, at: frames.slice(0, 8).map((l) => l.trim()) };
}
