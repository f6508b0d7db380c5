// The syslog transport: RFC 5424 messages over one persistent TCP connection (RFC 6587 octet counting)
// or TLS (RFC 5425). A batch is delivered once every frame has been written and flushed to the socket:
// syslog has no acknowledgement, so that is all a sender can know. A write error, the connection
// closing or the batch's deadline passing drops the connection (a frame may have been cut in two, and
// the next one must start on a clean stream) and rejects the batch as retryable; the next batch
// connects again. A TLS certificate the sender does not trust is not retryable: retrying cannot help.
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';
import { DeliveryError, type ExportRecord, type Formatted, type Transport } from '../siem-contract.ts';
import { octetCountedFrame, syslogMessage, type SyslogIdentity } from './syslog-message.ts';

export interface SyslogTransportOptions {
  /** tcp://host:port or tls://host:port. */
  url: string;
  /** PEM: the certificate authorities to trust for TLS instead of the system's. */
  ca?: string;
  /** TLS: refuse a receiver whose certificate is not trusted (default true). */
  rejectUnauthorized?: boolean;
  /** RFC 5424 HOSTNAME (default: this machine's name). */
  hostname?: string;
  /** RFC 5424 APP-NAME (default gatehouse). */
  appName?: string;
  /** The deadline of one batch, connecting included (default 10 s). */
  timeoutMs?: number;
}

export interface SyslogAddress {
  protocol: 'tcp' | 'tls';
  host: string;
  port: number;
}

/** The usual ports when none is given: 514 for syslog over TCP, 6514 for TLS (RFC 5425). */
const DEFAULT_PORTS = { tcp: 514, tls: 6514 } as const;

/** Reads a syslog destination's address; throws an Error saying what is wrong with anything else. */
export function parseSyslogUrl(url: string): SyslogAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `The syslog address "${url.slice(0, 200)}" is not a URL: write tcp://host:port or tls://host:port.`,
    );
  }
  const protocol = parsed.protocol.slice(0, -1);
  if (protocol !== 'tcp' && protocol !== 'tls') {
    throw new Error(`A syslog address starts with tcp:// or tls://, not ${parsed.protocol}//.`);
  }
  if (parsed.username || parsed.password)
    throw new Error('A syslog address carries no user name or password.');
  if ((parsed.pathname !== '' && parsed.pathname !== '/') || parsed.search || parsed.hash) {
    throw new Error(
      'A syslog address is only tcp://host:port or tls://host:port, without a path or a query.',
    );
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new Error('The syslog address names no host.');
  const port = parsed.port === '' ? DEFAULT_PORTS[protocol] : Number(parsed.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error('The syslog port must be 1 to 65535.');
  return { protocol, host, port };
}

/** OpenSSL's verification failures: the receiver's certificate is not one this sender trusts. */
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function deliveryError(error: unknown, address: SyslogAddress): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const where = `${address.host}:${address.port}`;
  if (UNTRUSTED.has(code)) {
    return new DeliveryError(
      `The syslog receiver's TLS certificate at ${where} was not trusted (${code}): give its CA certificate, or fix the certificate.`,
      false,
    );
  }
  if (code === 'ECONNREFUSED')
    return new DeliveryError(`The syslog receiver at ${where} refused the connection.`, true);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new DeliveryError(`The syslog receiver's host ${address.host} could not be resolved.`, true);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new DeliveryError(`Sending to the syslog receiver at ${where} failed: ${message}`, true);
}

export function createSyslogTransport(options: SyslogTransportOptions): Transport {
  const address = parseSyslogUrl(options.url);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const who: SyslogIdentity = {
    hostname: options.hostname ?? os.hostname(),
    appName: options.appName ?? 'gatehouse',
    procId: String(process.pid),
  };
  let socket: net.Socket | null = null;
  // The connection being opened, so that a batch's deadline can abandon it too.
  let connecting: net.Socket | null = null;
  let closed = false;
  // Batches go one at a time: each waits for the one before it to end, delivered or not.
  let queue: Promise<unknown> = Promise.resolve();

  function drop(): void {
    socket?.destroy();
    socket = null;
    connecting?.destroy(new Error('the batch was abandoned'));
    connecting = null;
  }

  function connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const { host, port } = address;
      const s =
        address.protocol === 'tls'
          ? tls.connect({
              host,
              port,
              ...(options.ca ? { ca: options.ca } : {}),
              rejectUnauthorized: options.rejectUnauthorized ?? true,
              ...(net.isIP(host) ? {} : { servername: host }),
            })
          : net.connect({ host, port });
      connecting = s;
      const ready = address.protocol === 'tls' ? 'secureConnect' : 'connect';
      const fail = (error: Error) => {
        if (connecting === s) connecting = null;
        s.destroy();
        reject(error);
      };
      s.once('error', fail);
      s.once(ready, () => {
        s.off('error', fail);
        if (connecting === s) connecting = null;
        s.setNoDelay(true);
        s.setKeepAlive(true, 30_000);
        // A syslog receiver sends nothing; whatever it does is read and dropped, never left to pile up.
        s.resume();
        // Between batches an error or the receiver's close only ends this connection: the next batch opens another.
        s.on('error', () => {});
        s.once('close', () => {
          if (socket === s) socket = null;
        });
        resolve(s);
      });
    });
  }

  async function deliver(
    batch: readonly ExportRecord[],
    formatted: readonly Formatted[],
    signal: AbortSignal,
  ) {
    if (closed) throw new DeliveryError('The syslog transport is closed.', false);
    if (formatted.length !== batch.length)
      throw new DeliveryError('Each record needs its formatted form.', false);
    const frames = batch.map((record, i) => octetCountedFrame(syslogMessage(record, formatted[i]!, who)));
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new DeliveryError(`The syslog receiver took more than ${timeoutMs} ms to take the batch.`, true),
          ),
        timeoutMs,
      );
      onAbort = () => reject(new DeliveryError('The delivery was cancelled.', true));
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([stop, write(frames)]);
    } catch (error) {
      // The stream may hold part of a frame: the next batch starts on a new connection.
      drop();
      throw deliveryError(error, address);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }

  async function write(frames: readonly Buffer[]): Promise<void> {
    if (!socket || socket.destroyed || !socket.writable) {
      drop();
      socket = await connect();
    }
    const s = socket;
    await new Promise<void>((resolve, reject) => {
      const onClose = () => reject(new Error('the receiver closed the connection'));
      const onError = (error: Error) => reject(error);
      s.once('close', onClose);
      s.once('error', onError);
      const done = (error?: Error | null) => {
        s.off('close', onClose);
        s.off('error', onError);
        if (error) reject(error);
        else resolve();
      };
      if (frames.length === 0) return done();
      // Write callbacks run in order: the last one's says every frame before it was flushed too.
      for (let i = 0; i < frames.length; i++) {
        s.write(frames[i]!, i === frames.length - 1 ? done : undefined);
      }
    });
  }

  return {
    send(batch, formatted, signal) {
      const turn = queue.then(() => deliver(batch, formatted, signal));
      queue = turn.catch(() => {});
      return turn;
    },
    async close() {
      closed = true;
      await queue;
      const s = socket;
      socket = null;
      if (!s || s.destroyed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          s.destroy();
          resolve();
        }, 1000);
        s.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        s.end();
      });
    },
  };
}
