// The stdio transport's framing: newline-delimited JSON-RPC, one message a line. The shim relays lines as
// bytes (a line it does not change is written back exactly as it came, `\r` included), so the splitter
// works on Buffers and only joins a line's chunks once its newline has arrived: a message of several MB
// that came in many chunks is copied once, not once per chunk.

/** Splits a byte stream into lines (without their `\n`). */
export class LineSplitter {
  private parts: Buffer[] = [];

  /** The complete lines in `chunk` (with what came before it); the rest waits for the next chunk. */
  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.parts.push(chunk.subarray(start, nl));
      lines.push(this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts));
      this.parts = [];
      start = nl + 1;
    }
    if (start < chunk.length) this.parts.push(chunk.subarray(start));
    return lines;
  }

  /** What is left at the end of the stream: a last line without its newline, or null. */
  end(): Buffer | null {
    const rest = this.parts.length ? Buffer.concat(this.parts) : null;
    this.parts = [];
    return rest && rest.length ? rest : null;
  }
}

/**
 * How deep the JSON text nests (objects and arrays), counted without recursion and without parsing; stops
 * counting past `cap`. JSON.parse copes with any depth, but JSON.stringify recurses: a message nested
 * deeper than the cap is never re-serialised or sent on to the Gateway.
 */
export function jsonDepth(text: string, cap: number): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max && (max = depth) > cap) return max;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/** Messages deeper than this are not inspected (see jsonDepth); real MCP messages stay far below it. */
export const MAX_JSON_DEPTH = 64;

export type JsonRpcId = string | number | null;

/** One parsed JSON-RPC message, as far as the shim needs to know it. */
export interface JsonRpcMessage {
  jsonrpc?: unknown;
  id?: JsonRpcId;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

/** A line as JSON, or undefined when it is not a JSON object or array (relayed untouched). */
export function parseLine(line: Buffer): { value: unknown; text: string } | undefined {
  // A cheap look at the first byte keeps log lines and other text from being decoded and parsed.
  let i = 0;
  while (i < line.length && (line[i] === 32 || line[i] === 9 || line[i] === 13)) i++;
  if (line[i] !== 123 && line[i] !== 91) return undefined;
  const text = line.toString('utf8');
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The key a request's id is tracked under: 1 and "1" are different ids. */
export function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? JSON.stringify(id) : undefined;
}

/** A JSON-RPC error answer, as a line. */
export function errorLine(id: JsonRpcId, code: number, message: string, data?: unknown): Buffer {
  const error = data === undefined ? { code, message } : { code, message, data };
  return Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id, error })}\n`);
}
