// A syslog receiver, as rsyslog's imtcp/imptcp or syslog-ng's network() source is: it listens on TCP or
// TLS, reads RFC 6587 octet-counted frames, parses each RFC 5424 message and keeps it. It can also
// misbehave on purpose: drop a connection as soon as a frame arrives, or stop reading altogether.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

export interface SyslogMessage {
  facility: number;
  severity: number;
  version: number;
  timestamp: string;
  hostname: string;
  appName: string;
  procId: string;
  msgId: string;
  structuredData: string;
  /** Whether MSG began with the UTF-8 BOM. */
  bom: boolean;
  /** MSG, decoded as UTF-8 (strictly: an invalid sequence fails the frame), without its BOM. */
  msg: string;
  /** Which connection (1, 2, …) it came on. */
  connection: number;
}

export interface SyslogReceiver {
  /** tcp://127.0.0.1:<port> or tls://127.0.0.1:<port>. */
  url: string;
  messages: SyslogMessage[];
  /** Frames that could not be parsed, with why. */
  errors: string[];
  /** Connections accepted so far. */
  connections(): number;
  /** Resolves once `count` messages have arrived in all (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<SyslogMessage[]>;
  /** From now on: reset each connection as soon as one whole frame has arrived on it. */
  dropOnFirstFrame(on: boolean): void;
  /** From now on: never read from a connection (its socket buffer fills, the sender stalls). */
  stall(on: boolean): void;
  close(): Promise<void>;
}

export interface Certificate {
  key: string;
  cert: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, made by the machine's openssl. */
export function selfSignedCertificate(): Certificate {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-syslog-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'pipe' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Parses one RFC 5424 message (the bytes inside a frame). */
export function parseRfc5424(bytes: Buffer, connection = 0): SyslogMessage {
  const head = /^<(\d{1,3})>(\d{1,2}) (\S+) (\S+) (\S+) (\S+) (\S+) /.exec(bytes.toString('latin1'));
  if (!head) throw new Error(`not an RFC 5424 header: ${bytes.subarray(0, 80).toString('latin1')}`);
  const pri = Number(head[1]);
  let at = head[0].length;
  // STRUCTURED-DATA: `-`, or SD-ELEMENTs `[...]` (inside which `\]` `\"` `\\` are escapes).
  let sdEnd = at;
  if (bytes[at] === 0x2d) sdEnd = at + 1;
  else {
    while (bytes[sdEnd] === 0x5b) {
      sdEnd++;
      while (sdEnd < bytes.length && bytes[sdEnd] !== 0x5d) sdEnd += bytes[sdEnd] === 0x5c ? 2 : 1;
      if (sdEnd >= bytes.length) throw new Error('unterminated STRUCTURED-DATA');
      sdEnd++;
    }
    if (sdEnd === at) throw new Error('no STRUCTURED-DATA');
  }
  const structuredData = bytes.subarray(at, sdEnd).toString('utf8');
  at = sdEnd;
  let body: Buffer = Buffer.alloc(0);
  if (at < bytes.length) {
    if (bytes[at] !== 0x20) throw new Error('no space before MSG');
    body = bytes.subarray(at + 1);
  }
  const bom = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  const msg = new TextDecoder('utf-8', { fatal: true }).decode(bom ? body.subarray(3) : body);
  return {
    facility: pri >> 3,
    severity: pri & 7,
    version: Number(head[2]),
    timestamp: head[3]!,
    hostname: head[4]!,
    appName: head[5]!,
    procId: head[6]!,
    msgId: head[7]!,
    structuredData,
    bom,
    msg,
    connection,
  };
}

export interface CefEvent {
  version: string;
  vendor: string;
  product: string;
  deviceVersion: string;
  signatureId: string;
  name: string;
  severity: string;
  extension: Record<string, string>;
}

function unescapeExtension(raw: string): string {
  return raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c));
}

/** Parses a CEF line as ArcSight's parser does: seven `|`-separated header fields, then `key=value` pairs. */
export function parseCef(line: string): CefEvent {
  if (!line.startsWith('CEF:')) throw new Error(`not CEF: ${line.slice(0, 80)}`);
  const header: string[] = [];
  let field = '';
  let i = 4;
  for (; i < line.length && header.length < 7; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) field += line[++i];
    else if (c === '|') {
      header.push(field);
      field = '';
    } else field += c;
  }
  if (header.length < 7) throw new Error('a CEF header has seven fields');
  const extension: Record<string, string> = {};
  let key: string | null = null;
  let buffer = '';
  for (; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') {
      buffer += c + (line[i + 1] ?? '');
      i++;
    } else if (c === '=') {
      // The key is the last word before an unescaped `=`; what came before it is the previous value.
      const space = buffer.lastIndexOf(' ');
      if (key === null) key = buffer.trim();
      else {
        if (space < 0) throw new Error(`an unescaped = inside the value of ${key}`);
        extension[key] = unescapeExtension(buffer.slice(0, space));
        key = buffer.slice(space + 1);
      }
      buffer = '';
    } else buffer += c;
  }
  if (key !== null) extension[key] = unescapeExtension(buffer);
  else if (buffer.trim() !== '') throw new Error('extension text without a key');
  const [version, vendor, product, deviceVersion, signatureId, name, severity] = header as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { version, vendor, product, deviceVersion, signatureId, name, severity, extension };
}

export async function startSyslogReceiver(options: { tls?: Certificate } = {}): Promise<SyslogReceiver> {
  const messages: SyslogMessage[] = [];
  const errors: string[] = [];
  const sockets = new Set<net.Socket>();
  const waiters: Array<() => void> = [];
  let accepted = 0;
  let dropOnFirst = false;
  let stalled = false;

  const handle = (socket: net.Socket) => {
    const connection = ++accepted;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (stalled) {
      socket.pause();
      return;
    }
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const space = pending.indexOf(0x20);
        if (space < 0) return;
        const length = Number(pending.subarray(0, space).toString('ascii'));
        if (!Number.isInteger(length) || length <= 0) {
          errors.push(`bad frame length "${pending.subarray(0, Math.min(space, 20)).toString('latin1')}"`);
          socket.destroy();
          return;
        }
        if (pending.length < space + 1 + length) return;
        const frame = pending.subarray(space + 1, space + 1 + length);
        pending = pending.subarray(space + 1 + length);
        try {
          messages.push(parseRfc5424(Buffer.from(frame), connection));
        } catch (error) {
          errors.push((error as Error).message);
        }
        for (const wake of waiters.splice(0)) wake();
        if (dropOnFirst) {
          socket.resetAndDestroy();
          return;
        }
      }
    });
  };

  const server = options.tls
    ? tls.createServer({ key: options.tls.key, cert: options.tls.cert }, handle)
    : net.createServer(handle);
  // A TLS handshake the client abandons (an untrusted certificate) is no failure of the receiver's.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `${options.tls ? 'tls' : 'tcp'}://127.0.0.1:${port}`,
    messages,
    errors,
    connections: () => accepted,
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`waited for ${count} syslog messages, got ${messages.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (messages.length >= count) {
            clearTimeout(timer);
            resolve(messages.slice(0, count));
          } else waiters.push(check);
        };
        check();
      });
    },
    dropOnFirstFrame(on) {
      dropOnFirst = on;
    },
    stall(on) {
      stalled = on;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
