// One HTTP server on 127.0.0.1 that answers as all four provider families at once (their paths do not
// overlap), for the Gateway's integration tests and its benchmark. It is plain node:http, not Fastify, so
// that the bytes on the wire (SSE framing, a dropped socket, a reply that never comes) are exactly what a
// test asks for. It records each request so a test can assert on what reached the "provider".
import { EventEmitter, once } from 'node:events';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { anthropic } from './anthropic.ts';
import { azure } from './azure.ts';
import { gemini } from './gemini.ts';
import { openai } from './openai.ts';
import { openaiEmbeddings } from './openai-embeddings.ts';
import { openaiResponses } from './openai-responses.ts';
import {
  FAULTS,
  isErrorFault,
  replyPieces,
  type Exchange,
  type Family,
  type Fault,
  type ProviderMock,
  type Reply,
  type ToolCall,
} from './shared.ts';

export { FAULTS, type Family, type Fault, type ToolCall } from './shared.ts';

const PROVIDERS: ProviderMock[] = [anthropic, openai, openaiResponses, openaiEmbeddings, azure, gemini];

/** The credentials the mock accepts unless told otherwise: the "provider keys" a Gateway test configures. */
export const MOCK_KEYS: Readonly<Record<Family, string>> = {
  anthropic: 'sk-ant-mock-provider-key',
  openai: 'sk-mock-openai-provider-key',
  azure: 'mock-azure-provider-key',
  gemini: 'mock-gemini-provider-key',
};

/** The answer's pieces a test chose (x-mock-reply-pieces), or undefined when it chose none or sent nonsense. */
function chosenPieces(header: string | undefined): string[] | undefined {
  if (!header) return undefined;
  try {
    const pieces: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    return Array.isArray(pieces) && pieces.length > 0 && pieces.every((p) => typeof p === 'string')
      ? pieces
      : undefined;
  } catch {
    return undefined;
  }
}

/** The header that makes the mock answer with exactly these pieces (see x-mock-reply-pieces). */
export function replyPiecesHeader(pieces: string[]): Record<string, string> {
  return { 'x-mock-reply-pieces': Buffer.from(JSON.stringify(pieces)).toString('base64url') };
}

/** The tool call a test chose (x-mock-tool-call), or undefined when it chose none or sent nonsense. */
function chosenToolCall(header: string | undefined): ToolCall | undefined {
  if (!header) return undefined;
  try {
    const call: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    const { name, arguments: args } = (call ?? {}) as Record<string, unknown>;
    return typeof name === 'string' && args !== null && typeof args === 'object' && !Array.isArray(args)
      ? { name, arguments: args as Record<string, unknown> }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The header that makes the mock answer with this tool call instead of text (see x-mock-tool-call). */
export function toolCallHeader(call: ToolCall): Record<string, string> {
  return { 'x-mock-tool-call': Buffer.from(JSON.stringify(call)).toString('base64url') };
}

/** What one scripted turn answers: a tool call, or text cut into these pieces, or (neither) the default. */
export interface ScriptedTurn {
  toolCall?: ToolCall;
  pieces?: string[];
}

/** The request a script decides on: which provider and operation, and the parsed body. */
export interface ScriptedRequest {
  family: Family;
  operation: string;
  model: string;
  body: Record<string, any>;
}

export interface MockUpstreamOptions {
  /** Credentials accepted per family; defaults to MOCK_KEYS. */
  keys?: Partial<Record<Family, string>>;
  /**
   * Pieces of text a streamed answer is cut into (header `x-mock-chunks` overrides). Default 4. The
   * header `x-mock-reply-pieces` (base64url of a JSON array of strings) gives the answer's text itself,
   * cut exactly there: one piece per streamed frame, joined for an answer that is not streamed.
   */
  chunkCount?: number;
  /** Pause before each SSE frame after the first (header `x-mock-chunk-delay-ms` overrides). Default 0. */
  chunkDelayMs?: number;
  /** A fault for every request that does not name its own in `x-mock-fault`. */
  fault?: Fault;
  /** How long `slow-first-byte` waits before answering. Default 1000 ms. */
  slowFirstByteMs?: number;
  /**
   * What to keep of each request: `full` (default), `no-bodies`, or `none` (a long benchmark run must not
   * grow the mock's memory; `waitFor` still sees requests as they pass).
   */
  record?: 'full' | 'no-bodies' | 'none';
  /**
   * A hostile provider: rewrites the wire text of each successful answer before it is sent, every SSE
   * frame (its framing as the provider writes it) or the whole JSON body, for answers no real provider
   * sends (nested thousands deep, one event of megabytes). The text is written as returned.
   */
  rewrite?: (wire: string) => string;
  /**
   * Decides each answer of a conversation from the request, for clients that cannot send test headers (a
   * coding agent): e.g. a tool call while the conversation holds no tool result yet, then text. Headers
   * `x-mock-tool-call` and `x-mock-reply-pieces` still win. Undefined (or a turn with neither field): the
   * default answer. A script may answer later (a promise): a test can change something, such as the
   * policy, before the agent sees the turn, as it would change while a real model thinks.
   */
  script?: (request: ScriptedRequest) => ScriptedTurn | undefined | Promise<ScriptedTurn | undefined>;
}

export type Outcome = 'pending' | 'completed' | 'client-aborted' | 'dropped';

export interface RecordedRequest {
  seq: number;
  family: Family | undefined;
  operation: string | undefined;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  bodySize: number;
  body: unknown;
  fault: Fault | undefined;
  status: number | undefined;
  streamed: boolean;
  /** `client-aborted` when the client went away before the answer was complete: cancellation reached us. */
  outcome: Outcome;
}

export interface MockUpstream {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** Change options (fault, delays, keys) for the requests that follow. */
  configure(options: Partial<MockUpstreamOptions>): void;
  /** Resolves with the first recorded request matching `predicate` (now or later), or rejects on timeout. */
  waitFor(predicate: (r: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  reset(): void;
  close(): Promise<void>;
}

function headerValue(h: IncomingHttpHeaders, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A non-negative integer from a test's header, else the fallback. */
function count(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= 0 ? n : fallback;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson(raw: Buffer): Record<string, any> {
  try {
    const v: unknown = JSON.parse(raw.toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, any>) : {};
  } catch {
    return {};
  }
}

/** Writes respecting backpressure: a slow reader slows the mock, as it would a real provider. */
async function write(res: ServerResponse, data: string, signal: AbortSignal): Promise<void> {
  if (!res.write(data)) await once(res, 'drain', { signal });
}

export async function startMockUpstream(initial: MockUpstreamOptions = {}): Promise<MockUpstream> {
  let options: MockUpstreamOptions = { ...initial };
  const requests: RecordedRequest[] = [];
  const memory = new Map<string, unknown>();
  const changes = new EventEmitter();
  changes.setMaxListeners(0); // one listener per pending waitFor; a test may well have dozens
  let seq = 0;

  const update = (r: RecordedRequest, patch: Partial<RecordedRequest>): void => {
    Object.assign(r, patch);
    changes.emit('change', r);
  };

  async function send(
    res: ServerResponse,
    record: RecordedRequest,
    reply: Reply,
    delayMs: number,
    signal: AbortSignal,
  ): Promise<void> {
    const fault = record.fault;
    // Marked before the socket goes, so that the close handler does not mistake our drop for the client's.
    const drop = (): void => {
      update(record, { outcome: 'dropped' });
      res.destroy();
    };
    const rewrite = reply.kind === 'sse' || reply.status === 200 ? options.rewrite : undefined;
    if (reply.kind === 'json') {
      const text = rewrite ? rewrite(JSON.stringify(reply.body)) : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      if (fault === 'drop-mid-stream') {
        // Half a body on a connection that then dies: the client must see a broken response, not a short one.
        res.flushHeaders();
        await write(res, text.slice(0, Math.floor(text.length / 2)), signal);
        drop();
        return;
      }
      res.end(text);
      return;
    }
    res.writeHead(200, reply.headers);
    res.flushHeaders();
    const frames = rewrite ? reply.frames.map(rewrite) : [...reply.frames];
    if (fault === 'stream-error') frames.splice(reply.firstContentFrame + 1, frames.length, reply.errorFrame);
    const dropAt =
      fault === 'drop-mid-stream' ? Math.max(reply.firstContentFrame + 1, Math.floor(frames.length / 2)) : -1;
    for (const [i, frame] of frames.entries()) {
      if (i === dropAt) {
        drop();
        return;
      }
      if (i > 0 && delayMs > 0) await sleep(delayMs, undefined, { signal });
      if (signal.aborted) return;
      await write(res, frame, signal);
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mock');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const body = parseJson(raw);
    let route: { provider: ProviderMock; operation: string; model?: string } | undefined;
    for (const provider of PROVIDERS) {
      const r = provider.route(method, url);
      if (r) route = { provider, ...r };
    }
    const requested = headerValue(req.headers, 'x-mock-fault');
    const fault = (FAULTS as readonly string[]).includes(requested ?? '')
      ? (requested as Fault)
      : options.fault;
    const record: RecordedRequest = {
      seq: ++seq,
      family: route?.provider.family,
      operation: route?.operation,
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      bodySize: raw.length,
      body: options.record === 'no-bodies' ? undefined : body,
      fault,
      status: undefined,
      streamed: false,
      outcome: 'pending',
    };
    if (options.record !== 'none') requests.push(record);
    changes.emit('change', record);

    // The client going away before we finish is what a cancellation test looks for.
    const aborter = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished && record.outcome === 'pending')
        update(record, { outcome: 'client-aborted' });
      aborter.abort();
    });
    res.on('finish', () => update(record, { outcome: 'completed' }));
    const signal = aborter.signal;

    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: `mock upstream: no route for ${method} ${url.pathname}` } }),
      );
      update(record, { status: 404 });
      return;
    }
    const family = route.provider.family;
    const chunkCount = count(headerValue(req.headers, 'x-mock-chunks'), options.chunkCount ?? 4);
    const delayMs = count(headerValue(req.headers, 'x-mock-chunk-delay-ms'), options.chunkDelayMs ?? 0);
    const model = route.model ?? (typeof body.model === 'string' ? body.model : '');
    const headerPieces = chosenPieces(headerValue(req.headers, 'x-mock-reply-pieces'));
    const headerCall = chosenToolCall(headerValue(req.headers, 'x-mock-tool-call'));
    const turn =
      headerPieces || headerCall
        ? undefined
        : await options.script?.({ family, operation: route.operation, model, body });
    const x: Exchange = {
      url,
      headers: req.headers,
      body,
      operation: route.operation,
      model,
      pieces: headerPieces ?? turn?.pieces ?? replyPieces(chunkCount),
      toolCall: headerCall ?? turn?.toolCall,
      expectedKey: options.keys?.[family] ?? MOCK_KEYS[family],
      memory,
    };

    if (fault === 'hang') {
      if (!signal.aborted) await once(signal, 'abort');
      return;
    }
    if (fault === 'slow-first-byte') await sleep(options.slowFirstByteMs ?? 1000, undefined, { signal });
    const reply =
      route.provider.authenticate(x) ??
      (isErrorFault(fault) ? route.provider.fault(fault, x) : route.provider.reply(x));
    update(record, { status: reply.kind === 'json' ? reply.status : 200, streamed: reply.kind === 'sse' });
    await send(res, record, reply, delayMs, signal);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // An abort of a pending sleep is the client leaving; anything else is a bug in the mock, shown loudly.
      if ((err as Error).name === 'AbortError') return;
      if (!res.headersSent) res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(`mock upstream failed: ${(err as Error).stack ?? String(err)}`);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    configure(patch) {
      options = { ...options, ...patch };
    },
    waitFor(predicate, timeoutMs = 5000) {
      const found = requests.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onChange = (r: RecordedRequest): void => {
          if (!predicate(r)) return;
          clearTimeout(timer);
          changes.off('change', onChange);
          resolve(r);
        };
        const timer = setTimeout(() => {
          changes.off('change', onChange);
          reject(new Error(`mock upstream: no matching request within ${timeoutMs} ms`));
        }, timeoutMs);
        changes.on('change', onChange);
      });
    },
    reset() {
      requests.length = 0;
    },
    async close() {
      // Hanging and streaming requests would keep close() waiting forever.
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
