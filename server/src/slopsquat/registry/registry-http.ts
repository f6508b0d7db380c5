// Asking a registry over HTTP: one undici Agent (a keep-alive pool per registry origin), GET only,
// answers read as they arrive with a size cap. What a registry says is untrusted: its status decides
// (200 found, 404/410 not found, 429 and 5xx refusals), its body is read through the JSON picker
// (json-pick.ts) or as capped text, and nothing it sends can make a request leave its origin (a
// redirect is followed only within it: PyPI sends a project's JSON to its canonical name's address).
import { pipeline, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { Agent, errors, type Dispatcher } from 'undici';
import { splitUrl } from '../../gateway/upstream.ts';
import { JsonPickError, JsonPicker, type OnPick, type PickPath } from './json-pick.ts';

/**
 * Why a registry could not be asked, as RegistryFacts.failure carries it: `timeout`, `rate_limited`,
 * `http_<status>`, `connect` (no connection, or it broke), `too_large`, `bad_answer` (not the JSON
 * asked for), `redirect` (sent elsewhere), `busy` (too many lookups waiting for this registry).
 */
export class RegistryFailure extends Error {
  constructor(
    readonly failure: string,
    /** How long the registry asked to be left alone (429, 503 with Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(failure);
  }
}

export interface RegistryHttp {
  /**
   * Reads the JSON at `url`, handing the values at `paths` to `onPick` as they arrive. False when the
   * registry answers that there is no such thing (404, 410); throws RegistryFailure when it cannot be
   * asked or its answer cannot be read.
   */
  json(url: string, paths: PickPath[], onPick: OnPick, signal: AbortSignal): Promise<boolean>;
  /** The text at `url` (at most `maxChars`), or null for 404 and 410; throws RegistryFailure. */
  text(url: string, signal: AbortSignal, maxChars: number): Promise<string | null>;
  close(): Promise<void>;
}

export interface RegistryHttpOptions {
  /** crates.io refuses requests without one, and Packagist asks for one that says who is calling. */
  userAgent: string;
  /** Connections per registry origin: the lookup's per-registry concurrency. */
  connections: number;
  /** Largest answer read, decompressed. */
  maxAnswerBytes: number;
}

/** Retry-After is obeyed up to this long; a registry asking for more is asked again after it. */
const MAX_BACKOFF_MS = 10 * 60_000;
/** A 429 without Retry-After: left alone this long. */
const DEFAULT_BACKOFF_MS = 30_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

export function createRegistryHttp(options: RegistryHttpOptions): RegistryHttp {
  const agent = new Agent({
    connect: { timeout: 10_000 },
    connections: options.connections,
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 60_000,
  });

  async function get(
    url: string,
    accept: string,
    signal: AbortSignal,
  ): Promise<Dispatcher.ResponseData | null> {
    for (let hops = 0; ; hops++) {
      const { origin, path } = splitUrl(url);
      let res: Dispatcher.ResponseData;
      try {
        res = await agent.request({
          origin,
          path,
          method: 'GET',
          headers: { accept, 'accept-encoding': 'gzip', 'user-agent': options.userAgent },
          signal,
        });
      } catch (err) {
        throw failureOf(err, signal);
      }
      const status = res.statusCode;
      if (status === 200) return res;
      // The refusal's body says nothing the status does not; read a little of it so that the
      // connection can be used again, and drop the rest.
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      if (status === 404 || status === 410) return null;
      if (REDIRECTS.has(status)) {
        const next = redirectTarget(url, res.headers.location);
        if (next === undefined || hops >= MAX_REDIRECTS) throw new RegistryFailure('redirect');
        url = next;
        continue;
      }
      if (status === 429)
        throw new RegistryFailure(
          'rate_limited',
          retryAfterMs(res.headers['retry-after']) ?? DEFAULT_BACKOFF_MS,
        );
      throw new RegistryFailure(
        `http_${status}`,
        status === 503 ? retryAfterMs(res.headers['retry-after']) : undefined,
      );
    }
  }

  /** The body as text, piece by piece, decompressed, up to the size cap. */
  async function read(res: Dispatcher.ResponseData, signal: AbortSignal, onText: (text: string) => void) {
    const decoder = new StringDecoder('utf8');
    let bytes = 0;
    let source: Readable | undefined;
    try {
      source = decoded(res);
      for await (const chunk of source as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > options.maxAnswerBytes) throw new RegistryFailure('too_large');
        onText(decoder.write(chunk));
      }
      onText(decoder.end());
    } catch (err) {
      if (source !== res.body) source?.destroy();
      discard(res.body);
      throw failureOf(err, signal);
    }
  }

  return {
    async json(url, paths, onPick, signal) {
      const res = await get(url, 'application/json', signal);
      if (res === null) return false;
      const picker = new JsonPicker(paths, onPick);
      await read(res, signal, (text) => picker.write(text));
      try {
        picker.end();
      } catch (err) {
        throw failureOf(err, signal);
      }
      return true;
    },
    async text(url, signal, maxChars) {
      const res = await get(url, 'text/plain, */*', signal);
      if (res === null) return null;
      let out = '';
      await read(res, signal, (text) => {
        if (out.length + text.length > maxChars) throw new RegistryFailure('too_large');
        out += text;
      });
      return out;
    },
    close: () => agent.close(),
  };
}

/** The body as sent, or decompressed when the registry compressed it (only gzip is asked for). */
function decoded(res: Dispatcher.ResponseData): Readable {
  const encoding = String(res.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (encoding === 'identity' || encoding === '') return res.body;
  const inflate =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (inflate === undefined) throw new RegistryFailure('bad_answer');
  pipeline(res.body, inflate, () => undefined);
  return inflate;
}

/** Drops an answer's body unread. Destroying it aborts the request, which the body reports as an
 * error: with no one left to listen, that error would be uncaught and end the process. */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** Where a redirect sends the request, when that is on the same origin. */
function redirectTarget(from: string, location: string | string[] | undefined): string | undefined {
  if (typeof location !== 'string') return undefined;
  try {
    const here = new URL(from);
    const there = new URL(location, here);
    return there.origin === here.origin ? there.href : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), capped; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d{1,10}$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(Math.max(ms, 1_000), MAX_BACKOFF_MS);
}

/** Any error while asking, as the RegistryFailure it amounts to. */
function failureOf(err: unknown, signal: AbortSignal): RegistryFailure {
  if (err instanceof RegistryFailure) return err;
  if (err instanceof JsonPickError) return new RegistryFailure('bad_answer');
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return new RegistryFailure(
      reason instanceof Error && reason.name === 'TimeoutError' ? 'timeout' : 'aborted',
    );
  }
  if (
    err instanceof errors.ConnectTimeoutError ||
    err instanceof errors.HeadersTimeoutError ||
    err instanceof errors.BodyTimeoutError
  )
    return new RegistryFailure('timeout');
  // zlib's codes (Z_DATA_ERROR, Z_BUF_ERROR): a body that does not decompress.
  if (err instanceof Error && (err as { code?: string }).code?.startsWith('Z_'))
    return new RegistryFailure('bad_answer');
  return new RegistryFailure('connect');
}
