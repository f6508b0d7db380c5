// The MCP server's answer on its way to the caller. A JSON answer is read whole (up to
// MAX_MCP_MESSAGE), governed and sent in one write; an SSE stream (a POST's, or the server's own GET
// stream) is cut into events and each is governed as it comes, in order, with backpressure both ways
// (a Transform: the caller's pace holds the server's). What cannot be read is not passed on: an event
// that is not JSON-RPC, nested past the cap or larger than the cap ends the stream, and each request the
// stream still owed an answer gets a JSON-RPC error instead, as it does when the server breaks off or
// goes silent mid-stream, so that the client is answered rather than left waiting.
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import { dataOf, reserialise } from '../../gateway/sse-framing.ts';
import { takeWhole } from '../../gateway/response-tap.ts';
import type { McpCall } from './mcp-call.ts';
import {
  errorMessage,
  idKey,
  kindOf,
  parseMessages,
  RPC,
  type JsonRpcId,
  type JsonRpcMessage,
} from './jsonrpc.ts';
import { McpProxyError, shownAlias } from './mcp-errors.ts';
import { governIncoming, repeatedToolsList, type Lookup } from './message-governor.ts';
import { mcpResponseHeaders } from './mcp-upstream.ts';
import { EventTooLarge, MAX_MCP_MESSAGE, SseSplitter } from './sse-events.ts';
import { relistTools } from './tools-relist.ts';

export interface RelayContext {
  call: McpCall;
  lookup: Lookup;
  /** The caller's requests this exchange still owes an answer (none for a GET stream). */
  owed: Map<string, JsonRpcId>;
}

export async function relayAnswer(
  ctx: RelayContext,
  reply: FastifyReply,
  answer: Dispatcher.ResponseData,
): Promise<FastifyReply> {
  const { call } = ctx;
  call.status = answer.statusCode;
  const headers = mcpResponseHeaders(answer.headers);
  const contentType = String(answer.headers['content-type'] ?? '');
  if (answer.statusCode >= 400) {
    // The server's own refusal (a lost session, a wrong protocol version, 405 for no GET stream) passes
    // unchanged; it is the server's failure in the record.
    call.upstreamFailed(`upstream_${answer.statusCode}`);
    return reply.code(answer.statusCode).headers(headers).send(answer.body);
  }
  if (contentType.includes('text/event-stream')) {
    call.stream = true;
    const source = answer.body;
    const relay = new StreamRelay(ctx, source);
    source.once('error', () => relay.brokeOff());
    relay.once('close', () => {
      if (!source.destroyed) source.destroy();
    });
    source.pipe(relay);
    // Fastify sets a stream's headers without writing them, so Node would hold them back until the
    // first event; a server's GET stream may have nothing to say for minutes, and its client would not
    // know the stream was open. They go out as the server sent them: at once.
    const res = reply.raw;
    res.once('pipe', () => {
      if (!res.headersSent) res.flushHeaders();
    });
    return reply.code(answer.statusCode).headers(headers).send(relay);
  }
  const taken = await takeWhole(answer.body, MAX_MCP_MESSAGE).catch(() => null);
  if (!taken) {
    if (call.cancelled) return reply;
    call.upstreamFailed('upstream_interrupted');
    return call.refuse(
      reply,
      new McpProxyError('upstream_unreachable', `${who(call)} broke off its answer; retry the request.`),
    );
  }
  if (!taken.complete) {
    answer.body.destroy();
    return call.refuse(
      reply,
      new McpProxyError(
        'upstream_invalid',
        `${who(call)} answered with a message larger than the Gateway checks (${MAX_MCP_MESSAGE / 1024 / 1024} MB).`,
        502,
      ),
    );
  }
  const body = Buffer.concat(taken.chunks);
  call.responseBytes = body.length;
  if (body.length === 0) return reply.code(answer.statusCode).headers(headers).send(); // 202 Accepted
  const text = body.toString('utf8');
  if (repeatedToolsList(call, text, ctx.lookup) !== null)
    return reply.code(answer.statusCode).headers(headers).send(body);
  const parsed = parseMessages(text, 'message');
  if (!parsed.ok)
    return call.refuse(
      reply,
      new McpProxyError(
        'upstream_invalid',
        `${who(call)} answered with something the Gateway cannot read as JSON-RPC (${parsed.message})`,
        502,
      ),
    );
  let changed = false;
  const out: JsonRpcMessage[] = [];
  for (const m of parsed.messages) {
    const g = await governIncoming(call, m, ctx.lookup, parsed.batch ? undefined : text);
    changed ||= g.changed;
    out.push(g.message);
  }
  const sent = changed ? Buffer.from(JSON.stringify(parsed.batch ? out : out[0])) : body;
  return reply.code(answer.statusCode).headers(headers).send(sent);
}

/** The event without its data: its id, event name and retry hint kept. */
function emptied(raw: string): string {
  const lines = raw.split(/\r\n|\r|\n/).filter((l) => l !== '' && !l.startsWith('data:'));
  return `${lines.map((l) => `${l}\n`).join('')}data: \n\n`;
}

const who = (call: McpCall) => `The MCP server "${shownAlias(call.route!.alias)}"`;

/** A server's stream, governed event by event. */
class StreamRelay extends Transform {
  private readonly splitter = new SseSplitter();
  private stopped = false;

  constructor(
    private readonly ctx: RelayContext,
    /** The server's stream, closed when this one stops: nothing more of it would be read. */
    private readonly source: { destroy(): void },
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.stopped) return done();
    this.ctx.call.responseBytes += chunk.length;
    let events: string[];
    try {
      events = this.splitter.push(chunk);
    } catch (err) {
      this.stop(
        err instanceof EventTooLarge ? 'event_too_large' : 'internal',
        err instanceof EventTooLarge ? err.message : undefined,
      );
      return done();
    }
    this.each(events).then(
      () => done(),
      () => done(),
    );
  }

  override _flush(done: TransformCallback): void {
    if (this.stopped) return done();
    const last = this.splitter.end();
    this.each(last ? [last] : []).then(
      () => {
        // The server ended its stream with answers still owed (a resumable stream it means to continue
        // on a GET): the client resumes it, so nothing is added here.
        done();
      },
      () => done(),
    );
  }

  /** The server broke off or went silent past the idle timeout: the owed requests are answered. */
  brokeOff(): void {
    if (this.stopped) return;
    this.ctx.call.upstreamFailed('upstream_interrupted');
    this.stop(null, `${who(this.ctx.call)} broke off its stream before it answered; retry the request.`);
  }

  private async each(events: string[]): Promise<void> {
    for (const raw of events) {
      if (this.stopped) return;
      try {
        const out = await this.govern(raw);
        if (out !== null && !this.stopped) this.push(out);
      } catch (err) {
        this.stop('internal', undefined, err);
      }
    }
  }

  /** The event as it goes on, or null when it is dropped (the stream was stopped because of it). */
  private async govern(raw: string): Promise<string | null> {
    const data = dataOf(raw);
    // Comments (keep-alives), a priming event's empty data, a retry hint: nothing to read.
    if (data === undefined || data.trim() === '') return raw;
    const { call, owed } = this.ctx;
    const repeated = repeatedToolsList(call, data, this.ctx.lookup);
    if (repeated !== null) {
      owed.delete(idKey(repeated));
      return raw;
    }
    const parsed = parseMessages(data, 'message');
    // JSON that is no message (the SDK's event store replays a priming event as `{}`): a client skips
    // it, so it goes on empty, keeping its id, which is a point to resume from.
    if (!parsed.ok && parsed.notRpc) return emptied(raw);
    if (!parsed.ok) {
      this.stop(
        'upstream_invalid',
        `${who(this.ctx.call)} sent an event the Gateway cannot read as JSON-RPC (${parsed.message})`,
      );
      return null;
    }
    let changed = false;
    const out: JsonRpcMessage[] = [];
    for (const m of parsed.messages) {
      if (kindOf(m) === 'notification' && m.method === 'notifications/tools/list_changed')
        await relistTools(call);
      const g = await governIncoming(call, m, this.ctx.lookup, parsed.batch ? undefined : data);
      changed ||= g.changed;
      if (kindOf(m) === 'response' && m.id !== null && m.id !== undefined) owed.delete(idKey(m.id));
      out.push(g.message);
    }
    return changed ? reserialise(raw, parsed.batch ? out : out[0]) : raw;
  }

  /** Ends the stream here: each owed request gets an error, nothing unread goes on. */
  private stop(code: string | null, message?: string, err?: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    const { call, owed } = this.ctx;
    if (code !== null) {
      call.upstreamFailed(code);
      if (err !== undefined)
        call.request.log.error(
          { type: err instanceof Error ? err.name : typeof err },
          'MCP stream relay failed',
        );
    }
    const text =
      message ??
      'The Gateway could not check the MCP server’s answer, so it stopped it. Retry the request; the failure has been logged.';
    const rpcCode = code === 'internal' ? RPC.internalError : RPC.refused;
    for (const id of owed.values())
      this.push(
        `event: message\ndata: ${JSON.stringify(errorMessage(id, rpcCode, text, code ?? 'upstream_interrupted'))}\n\n`,
      );
    owed.clear();
    this.push(null);
    this.source.destroy();
  }
}
