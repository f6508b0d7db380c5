// What the Gateway reads of the provider's answer on its way to the caller: its size, when its first
// byte came and its token usage. A streamed answer (SSE) is watched without being held back: each piece
// passes on as it arrives (a Transform, so the caller's pace pushes back on the provider) and is read
// event by event, across chunk boundaries. A JSON answer of known, bounded length is taken whole and
// sent in one write (the caller's SDK reads it whole anyway, and the policy on the response needs all of
// it); one of unknown length passes through the tap like a stream and is kept aside to be read at the end.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { noUsage, type Provider, type Usage } from './providers/provider-types.ts';

/** A JSON answer larger than this is passed on but not read for usage (nor taken whole). */
export const MAX_JSON_KEPT = 8 * 1024 * 1024;
/** A single SSE line longer than this is passed on but not read. */
const MAX_LINE = 1024 * 1024;

/** What the activity record takes from an answer. */
export interface AnswerMeter {
  bytes: number;
  /** performance.now() when the first byte of the answer arrived, or null. */
  firstByteAt: number | null;
  readonly usage: Usage;
}

/** A JSON answer as a value, or undefined when it is not JSON. */
export function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The meter of an answer taken whole; `parsed`: the answer as JSON when usage is to be read from it. */
export function meterWhole(
  provider: Provider,
  body: Buffer,
  parsed: unknown,
  headersAt: number,
): AnswerMeter {
  const usage = noUsage();
  if (parsed !== undefined) Object.assign(usage, provider.usage(parsed));
  return { bytes: body.length, firstByteAt: headersAt, usage };
}

/**
 * Reads an answer whole, up to `cap` bytes. Past the cap it stops reading (the source paused) and hands
 * back what it has, for the rest to follow as a stream. Rejects if the source fails first.
 */
export function takeWhole(source: Readable, cap: number): Promise<{ chunks: Buffer[]; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      source.off('data', onData).off('end', onEnd).off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > cap) {
        source.pause();
        done();
        resolve({ chunks, complete: false });
      }
    };
    const onEnd = () => {
      done();
      resolve({ chunks, complete: true });
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    source.on('data', onData).once('end', onEnd).once('error', onError);
  });
}

export class ResponseTap extends Transform implements AnswerMeter {
  bytes = 0;
  firstByteAt: number | null = null;
  readonly usage: Usage = noUsage();
  private readonly provider: Provider;
  private readonly sse: boolean;
  private readonly readUsage: boolean;
  private readonly decoder = new StringDecoder('utf8');
  private line = '';
  private kept: Buffer[] | null = [];
  private keptBytes = 0;

  /** `read`: whether to look for usage at all (only successful answers carry it). */
  constructor(provider: Provider, sse: boolean, read: boolean) {
    super();
    this.provider = provider;
    this.sse = sse;
    this.readUsage = read;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.firstByteAt ??= performance.now();
    this.bytes += chunk.length;
    if (this.readUsage) {
      if (this.sse) this.scan(this.decoder.write(chunk));
      else this.keep(chunk);
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.readUsage) {
      if (this.sse) this.scan(this.decoder.end() + '\n');
      else this.readJson();
    }
    done();
  }

  private scan(text: string) {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const line = this.line + text.slice(start, nl);
      this.line = '';
      start = nl + 1;
      this.event(line);
    }
    const rest = text.slice(start);
    this.line = this.line.length + rest.length > MAX_LINE ? '' : this.line + rest;
  }

  private event(line: string) {
    // Only data lines that can carry usage are parsed: the rest is text the caller reads, not us.
    if (!line.startsWith('data:') || !line.includes('sage')) return;
    try {
      this.provider.streamUsage(JSON.parse(line.slice(5)), this.usage);
    } catch {
      // Not JSON (a provider's own end marker, or a line cut by the bound): nothing to read.
    }
  }

  private keep(chunk: Buffer) {
    if (!this.kept) return;
    this.keptBytes += chunk.length;
    if (this.keptBytes > MAX_JSON_KEPT) this.kept = null;
    else this.kept.push(chunk);
  }

  private readJson() {
    if (!this.kept || this.keptBytes === 0) return;
    try {
      const usage = this.provider.usage(JSON.parse(Buffer.concat(this.kept).toString('utf8')));
      if (usage) Object.assign(this.usage, usage);
    } catch {
      // Not JSON: nothing to read.
    }
    this.kept = null;
  }
}
