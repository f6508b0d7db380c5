// The connection to the providers: one undici Agent, which keeps a keep-alive pool per upstream origin,
// with connect, first-byte and idle timeouts. undici never retries a POST, so a request is sent upstream
// once unless the caller sends it again. Headers are filtered both ways: the caller's Gateway token
// and hop-by-hop headers never cross, and neither does anything that would hide the answer's bytes from
// the Gateway (compression).
import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, errors, type Dispatcher } from 'undici';
import type { UpstreamTimeouts } from '../config.ts';
import { GatewayError } from './gateway-errors.ts';
import type { UpstreamRequest } from './providers/provider-types.ts';

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, never the message: neither way.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
];

// Also dropped on the way up: the caller's credentials in every form the Gateway accepts, what
// describes this connection rather than the request, and what would identify the developer to the
// provider (their address and cookies).
const REQUEST_DROP = new Set([
  ...HOP_BY_HOP,
  'host',
  'expect',
  'content-length',
  'proxy-authorization',
  'authorization',
  'x-api-key',
  'api-key',
  'x-goog-api-key',
  'cookie',
  'accept-encoding',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]);

// Subscription mode: the tool's own provider credential goes up unchanged (the device token is in the
// path), so the credential headers pass, unless one holds a Gatehouse token, which never goes upstream.
export const CALLER_CREDENTIALS = ['authorization', 'x-api-key', 'api-key', 'x-goog-api-key'];
const SUBSCRIPTION_DROP = new Set([...REQUEST_DROP].filter((h) => !CALLER_CREDENTIALS.includes(h)));
const GATEHOUSE_TOKEN = /\bgh(at|dt)_/;

// And the length: the policy may redact the answer, and Node sets the length of what it sends.
const RESPONSE_DROP = new Set([...HOP_BY_HOP, 'content-length', 'proxy-authenticate', 'set-cookie']);

/**
 * The caller's headers as they may cross to any upstream (a provider, an MCP server): no credential of
 * the caller's, nothing of this connection's.
 */
export function forwardedHeaders(incoming: IncomingHttpHeaders): Record<string, string | string[]> {
  const named = connectionHeaders(incoming.connection);
  const out: Record<string, string | string[]> = {};
  for (const name in incoming) {
    const v = incoming[name];
    if (v === undefined || REQUEST_DROP.has(name) || named?.has(name)) continue;
    out[name] = v;
  }
  return out;
}

/** The caller's headers as they go upstream, before the provider key's are added (Provider.sign). */
export function upstreamHeaders(incoming: IncomingHttpHeaders): Record<string, string | string[]> {
  const out = forwardedHeaders(incoming);
  out['content-type'] ??= 'application/json';
  return out;
}

/** The caller's headers as they go upstream in subscription mode: its own credential with them. */
export function subscriptionHeaders(incoming: IncomingHttpHeaders): Record<string, string | string[]> {
  const named = connectionHeaders(incoming.connection);
  const out: Record<string, string | string[]> = {};
  for (const name in incoming) {
    const v = incoming[name];
    if (v === undefined || SUBSCRIPTION_DROP.has(name) || named?.has(name)) continue;
    if (CALLER_CREDENTIALS.includes(name) && GATEHOUSE_TOKEN.test(String(v))) continue;
    out[name] = v;
  }
  out['content-type'] ??= 'application/json';
  return out;
}

/** The provider's (or an MCP server's) response headers as they go to the caller. */
export function callerHeaders(
  incoming: Dispatcher.ResponseData['headers'],
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name in incoming) {
    const v = incoming[name];
    if (v === undefined || RESPONSE_DROP.has(name)) continue;
    out[name] = v;
  }
  return out;
}

function connectionHeaders(value: string | undefined): Set<string> | undefined {
  if (!value || value.toLowerCase() === 'keep-alive' || value.toLowerCase() === 'close') return undefined;
  return new Set(value.split(',').map((s) => s.trim().toLowerCase()));
}

export interface Upstream {
  /** `signal` emits (or dispatches) 'abort' to cancel the request, before or after its headers. */
  send(request: UpstreamRequest, signal: AbortSignal | EventEmitter): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
}

export function createUpstream(timeouts: UpstreamTimeouts): Upstream {
  const agent = new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.firstByteMs,
    bodyTimeout: timeouts.idleMs,
    // Below the usual server-side idle limits, so that a pooled socket is not reused just as the
    // provider closes it (undici also honours a Keep-Alive: timeout= hint).
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 60_000,
  });
  return {
    async send({ url, method, headers, body }, signal) {
      const { origin, path } = splitUrl(url);
      try {
        return await agent.request({ origin, path, method, headers, body, signal });
      } catch (err) {
        throw describeFailure(err, origin);
      }
    },
    close: () => agent.close(),
  };
}

/**
 * Origin and path of an upstream URL. The URL is a provider key's base URL, checked when the key was
 * saved, with an encoded path and query appended, so it needs splitting only, not parsing (which a
 * URL object per request would cost).
 */
export function splitUrl(url: string): { origin: string; path: string } {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash === -1 ? { origin: url, path: '/' } : { origin: url.slice(0, slash), path: url.slice(slash) };
}

/** An upstream that could not be reached or did not answer in time, as the Gateway error to send. */
export function describeFailure(err: unknown, origin: string): unknown {
  if (err instanceof errors.RequestAbortedError) return err; // the caller went away: nothing to answer
  if (err instanceof errors.HeadersTimeoutError)
    return new GatewayError('upstream_timeout', `The provider at ${origin} did not start answering in time.`);
  if (err instanceof errors.ConnectTimeoutError)
    return new GatewayError(
      'upstream_unreachable',
      `The provider at ${origin} could not be reached: connecting timed out.`,
    );
  const code = (err as { code?: string }).code;
  return new GatewayError(
    'upstream_unreachable',
    `The provider at ${origin} could not be reached${code ? ` (${code})` : ''}. Check the provider key's base URL and the network, and retry.`,
  );
}
