// Sends a fuzzed request and says what came back: the status (0 when the server closed the connection
// without an answer, which is right for a request too broken to read), the first bytes of the body, or
// that it timed out. undici sends what it can; what it refuses to send (control bytes, a method it
// will not write) goes through the raw socket, as do the raw cases.
import net from 'node:net';
import { Agent, request } from 'undici';
import type { FuzzRequest } from './request-gen.ts';

export interface Outcome {
  status: number;
  /** Sent on a raw socket because undici refused it (a CR, LF or NUL in the path or a header). */
  viaSocket?: boolean;
  /** Up to 2 KB of the answer, kept for 5xx. */
  bodyStart?: string;
  /**
   * 'timeout', 'closed' (no answer), 'broken' (the answer broke off before its end), 'client-refused'
   * (undici would not send it: sent raw instead).
   */
  note?: string;
}

const KEEP = 2048;

/**
 * `timeoutMs` for an answer through undici; `rawTimeoutMs` for one on a raw socket, shorter: a request
 * left incomplete on purpose (HTTP/0.9, a body that stops short) is held until a server-side timeout.
 */
export function createSender(timeoutMs: number, rawTimeoutMs: number) {
  const agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 4_000 });

  async function viaUndici(base: string, r: FuzzRequest): Promise<Outcome> {
    const res = await request(base + r.path, {
      method: r.method as never,
      headers: r.headers,
      body: r.body,
      dispatcher: agent,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // A request is never retried: each index is sent once.
      maxRedirections: 0,
    } as never);
    const chunks: Buffer[] = [];
    let kept = 0;
    try {
      for await (const chunk of res.body) {
        if (res.statusCode >= 500 && kept < KEEP) {
          chunks.push(chunk as Buffer);
          kept += (chunk as Buffer).length;
        }
      }
    } catch {
      // The status came, then the connection broke before the end of the body.
      return { status: res.statusCode, note: 'broken' };
    }
    return {
      status: res.statusCode,
      ...(chunks.length ? { bodyStart: Buffer.concat(chunks).subarray(0, KEEP).toString('utf8') } : {}),
    };
  }

  function viaSocket(base: string, bytes: Buffer, closeAfterMs?: number): Promise<Outcome> {
    const wait = rawTimeoutMs;
    const { hostname, port } = new URL(base);
    return new Promise((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port) });
      let received = Buffer.alloc(0);
      let settled = false;
      const finish = (o: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve(o);
      };
      const timer = setTimeout(() => finish({ status: 0, note: 'timeout' }), wait);
      socket.on('error', () => finish({ status: 0, note: 'closed' }));
      socket.on('close', () => {
        const text = received.toString('latin1').replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, '');
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
        finish(
          status
            ? { status: Number(status[1]), bodyStart: text.slice(0, KEEP) }
            : { status: 0, note: 'closed' },
        );
      });
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]).subarray(0, 64 * 1024);
        // A 100 Continue is not the answer: the one after it is.
        const text = received.toString('latin1').replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, '');
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
        if (status && (Number(status[1]) < 500 || text.includes('\r\n\r\n')))
          finish({ status: Number(status[1]), bodyStart: text.slice(0, KEEP) });
      });
      socket.write(bytes, () => {
        if (closeAfterMs !== undefined) setTimeout(() => finish({ status: 0, note: 'closed' }), closeAfterMs);
      });
    });
  }

  /** Node's own request line for a FuzzRequest that undici refused. */
  function asRaw(r: FuzzRequest): Buffer {
    const lines = [`${r.method} ${r.path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    for (const [k, v] of Object.entries(r.headers)) lines.push(`${k}: ${v}`);
    if (r.body) lines.push(`Content-Length: ${r.body.length}`);
    return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), r.body ?? Buffer.alloc(0)]);
  }

  return {
    async send(base: string, r: FuzzRequest): Promise<Outcome> {
      if (r.raw) return viaSocket(base, r.raw.bytes, r.raw.closeAfterMs);
      try {
        return await viaUndici(base, r);
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
          return { status: 0, note: 'timeout' };
        if (code === 'UND_ERR_INVALID_ARG' || err instanceof TypeError) {
          const o = await viaSocket(base, asRaw(r));
          return { ...o, note: o.note ?? 'client-refused', viaSocket: true };
        }
        // The server closed the connection or reset it: no answer.
        return { status: 0, note: 'closed' };
      }
    },
    close: () => agent.close(),
  };
}
