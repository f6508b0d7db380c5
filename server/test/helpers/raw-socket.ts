// A bare TCP connection to a listener, for what no HTTP client will do: stop half-way through a
// request, trickle it, hold the connection, or come from another loopback address (127.0.0.2 …, which
// Linux routes to the same host) so that a test can play several clients.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RawConnection {
  socket: net.Socket;
  /** Everything the server has sent so far. */
  readonly received: string;
  /** Resolves when the connection closes, with how long it lived and what the server sent. */
  closed: Promise<{ afterMs: number; received: string }>;
  readonly isClosed: boolean;
  write(text: string): void;
  /** Closes from this side and waits for the close. */
  end(): Promise<void>;
}

export function rawConnect(url: string, localAddress?: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      ...(localAddress ? { localAddress } : {}),
    });
    let received = '';
    let isClosed = false;
    socket.setEncoding('utf8').on('data', (d: string) => (received += d));
    // A reset from the server is a close like any other here.
    socket.on('error', () => {});
    const connectedAt = Date.now();
    const closed = new Promise<{ afterMs: number; received: string }>((done) =>
      socket.once('close', () => {
        isClosed = true;
        done({ afterMs: Date.now() - connectedAt, received });
      }),
    );
    socket.once('connect', () =>
      resolve({
        socket,
        get received() {
          return received;
        },
        get isClosed() {
          return isClosed;
        },
        closed,
        write: (text) => socket.write(text),
        async end() {
          socket.destroy();
          await closed;
        },
      }),
    );
    socket.once('error', reject);
  });
}

/** A whole GET over a fresh connection that closes after it: the status line's code, or 0 when the
 * connection closed without an answer. */
export async function rawGet(url: string, path: string, localAddress?: string): Promise<number> {
  const c = await rawConnect(url, localAddress);
  c.write(`GET ${path} HTTP/1.1\r\nHost: gatehouse\r\nConnection: close\r\n\r\n`);
  const { received } = await c.closed;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
}

/** Sends a request on an open connection and waits for its status line (bounded). */
export async function statusOn(c: RawConnection, path: string, timeoutMs = 10_000): Promise<number> {
  const before = c.received.length;
  c.write(`GET ${path} HTTP/1.1\r\nHost: gatehouse\r\n\r\n`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = /^HTTP\/1\.1 (\d{3})/.exec(c.received.slice(before));
    if (m) return Number(m[1]);
    if (c.isClosed || Date.now() > deadline) return 0;
    await sleep(10);
  }
}

/** The JSON body of the first answer on a connection. */
export function bodyOf(received: string): any {
  const at = received.indexOf('\r\n\r\n');
  return at < 0 ? undefined : JSON.parse(received.slice(at + 4));
}
