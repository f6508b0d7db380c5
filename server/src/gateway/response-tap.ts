// Watches the provider's answer on its way to the caller without holding it back: each piece passes on
// as it arrives (a Transform, so the caller's pace pushes back on the provider), while the tap counts
// bytes, notes the first byte's time and reads token usage. A streamed answer (SSE) is read event by
// event, across chunk boundaries; a plain JSON answer is kept aside (up to a bound) and read at the end.
import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { noUsage, type Provider, type Usage } from './providers/provider-types.ts';

/** A JSON answer larger than this is passed on but not read for usage. */
const MAX_JSON_KEPT = 8 * 1024 * 1024;
/** A single SSE line longer than this is passed on but not read. */
const MAX_LINE = 1024 * 1024;

export class ResponseTap extends Transform {
  bytes = 0;
  /** performance.now() when the first piece passed, or null. */
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
  constructor(provider: Provider, contentType: string | undefined, read: boolean) {
    super();
    this.provider = provider;
    this.sse = (contentType ?? '').includes('text/event-stream');
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
