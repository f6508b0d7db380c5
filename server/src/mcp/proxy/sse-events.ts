// Server-Sent Events cut one at a time out of an MCP server's stream, so that each JSON-RPC message can
// be read (and rewritten or refused) before it goes on. An MCP message is one event's data whole, so
// unlike the providers' streams (gateway/stream-guard.ts) no text runs across events.
import { StringDecoder } from 'node:string_decoder';
import { EVENT_END } from '../../gateway/sse-framing.ts';

/**
 * The largest MCP message the proxy reads, as one SSE event or one JSON body (in characters, so at
 * least as many bytes). A tool's result of a whole file or a large resource can reach megabytes; past
 * this it cannot be checked, so it is not passed on.
 */
export const MAX_MCP_MESSAGE = 8 * 1024 * 1024;

export class SseSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private text = '';
  /** Where the search for the end of an event goes on from (an event sent a few bytes at a time costs no rescans). */
  private searched = 0;

  /** The events completed by `chunk`, each with its blank line; throws EventTooLarge past the cap. */
  push(chunk: Buffer): string[] {
    this.text += this.decoder.write(chunk);
    const out: string[] = [];
    let from = 0;
    EVENT_END.lastIndex = Math.max(0, this.searched - 3);
    for (let m = EVENT_END.exec(this.text); m; m = EVENT_END.exec(this.text)) {
      const end = m.index + m[0].length;
      out.push(this.text.slice(from, end));
      from = end;
    }
    if (from > 0) this.text = this.text.slice(from);
    this.searched = this.text.length;
    if (this.text.length > MAX_MCP_MESSAGE) throw new EventTooLarge();
    return out;
  }

  /** A last event the stream ended without its blank line (a client reads it too), or undefined. */
  end(): string | undefined {
    const rest = this.text + this.decoder.end();
    this.text = '';
    return rest.trim() ? `${rest}\n\n` : undefined;
  }
}

export class EventTooLarge extends Error {
  constructor() {
    super(
      `An event of the MCP server's stream is larger than the Gateway checks (${MAX_MCP_MESSAGE / 1024 / 1024} MB).`,
    );
  }
}

/** The `id:` of an event (its resumption point), or undefined. */
export function eventId(raw: string): string | undefined {
  for (const line of raw.split(/\r\n|\r|\n/))
    if (line.startsWith('id:')) return line.slice(line.charCodeAt(3) === 32 ? 4 : 3);
  return undefined;
}
