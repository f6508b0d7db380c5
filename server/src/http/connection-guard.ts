// What one client can hold of a listener: connections in total and per client address, and the
// silence allowed while a request's body arrives. Node enforces the rest (headers and whole-request
// time, keep-alive; fastify-options.ts). The reasoning behind each default: docs/operations.md, "Limits".
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { ConnectionLimits } from '../config.ts';
import { addressGroup, ipMatches, type IpRule } from '../../../shared/ip-rules.ts';
import { BodyIdleTimeout } from './client-errors.ts';

export interface GuardOptions {
  limits: ConnectionLimits;
  /** Their addresses carry every client behind them: only the listener's total applies to them. */
  trustedProxies: readonly IpRule[];
  log: Logger;
  /** Names the listener in log lines. */
  listener: 'console' | 'gateway';
}

/** How often a flood of refusals is summed up in the log: one line per window, not one per connection. */
const REFUSAL_LOG_WINDOW_MS = 10_000;

export function guardConnections(server: Server, options: GuardOptions): void {
  const { limits } = options;
  const refused = refusalLog(options);
  // Past the total, Node closes the accepted socket at once, before any HTTP work ('drop').
  server.maxConnections = limits.maxConnections;
  server.on('drop', () => refused('total'));

  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // Gone before it was seen, or a proxy that speaks for many clients.
    if (!address || ipMatches(address, options.trustedProxies)) return;
    const group = addressGroup(address);
    const count = (open.get(group) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      // Nothing has been read: closing now costs no parsing and answers nothing to a flood.
      socket.destroy();
      refused('address');
      return;
    }
    open.set(group, count);
    socket.once('close', () => {
      const left = open.get(group)! - 1;
      if (left > 0) open.set(group, left);
      else open.delete(group);
    });
  });

  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) =>
    limitBodySilence(server, req, res, limits.bodyIdleTimeoutMs),
  );
}

/**
 * While a request's body arrives, a silence longer than `idleMs` ends it with a 408, as Node's request
 * timeout does. Once the body is in, the socket goes back to no idle limit: waiting for an answer, or
 * streaming one, is not the client's doing.
 */
function limitBodySilence(server: Server, req: IncomingMessage, res: ServerResponse, idleMs: number): void {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody || req.complete) return;
  // The listeners are module functions bound to the request's state: this runs for every request with
  // a body, and under tsx each closure bound to a name would cost a defineProperty of its name.
  const watch: Watch = { server, req, res, socket: req.socket, onSilence: noop, onTimeout: noop };
  watch.onSilence = bodySilent.bind(watch);
  watch.onTimeout = answerTimeout.bind(watch);
  watch.socket.setTimeout(idleMs);
  req.on('timeout', watch.onSilence);
  res.on('timeout', watch.onTimeout);
  req.once('end', disarm.bind(watch));
  res.once('close', unwatch.bind(watch));
}

interface Watch {
  server: Server;
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  onSilence: () => void;
  onTimeout: () => void;
}

const noop = () => {};

/** Emitted by Node on the socket's idle timeout only while the request is incomplete. */
function bodySilent(this: Watch): void {
  this.server.emit('clientError', new BodyIdleTimeout('request body idle'), this.socket);
}

/**
 * Emitted whatever the request's state: once it is complete, the limit is simply dropped. Listening
 * also keeps Node from closing the socket on a timeout nobody claimed.
 */
function answerTimeout(this: Watch): void {
  if (this.req.complete) disarm.call(this);
}

function disarm(this: Watch): void {
  unwatch.call(this);
  // After the answer, the socket's timeout is Node's keep-alive timeout: not ours to clear.
  if (!this.res.writableFinished && !this.socket.destroyed) this.socket.setTimeout(0);
}

function unwatch(this: Watch): void {
  this.req.off('timeout', this.onSilence);
  this.res.off('timeout', this.onTimeout);
}

function refusalLog({ log, listener, limits }: GuardOptions): (cap: 'total' | 'address') => void {
  let window: NodeJS.Timeout | undefined;
  let more = 0;
  return (cap) => {
    if (window) {
      more++;
      return;
    }
    log.warn(
      {
        listener,
        cap,
        limit: cap === 'total' ? limits.maxConnections : limits.maxConnectionsPerAddress,
        setting: cap === 'total' ? 'GATEHOUSE_MAX_CONNECTIONS' : 'GATEHOUSE_MAX_CONNECTIONS_PER_ADDRESS',
      },
      `connection refused: the ${listener} listener's ${cap === 'total' ? 'total' : 'per-address'} connection limit is reached`,
    );
    window = setTimeout(() => {
      if (more) log.warn({ listener, refused: more }, `${more} more connections refused in the last 10 s`);
      window = undefined;
      more = 0;
    }, REFUSAL_LOG_WINDOW_MS).unref();
  };
}

/** The process's open-file limit (Node has already raised its soft limit to the hard one), on Linux. */
function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Descriptors kept back for the database, the log, the upstream pools' idle sockets and the rest. */
const DESCRIPTOR_RESERVE = 128;

/**
 * Warns at start when the connection caps can take more file descriptors than the process may open:
 * then a flood of one listener exhausts them, and the other listener and the database with it (what the
 * caps are for). Each Gateway request in flight holds a second descriptor, to the provider.
 */
export function checkDescriptorBudget(
  limits: ConnectionLimits,
  listeners: { console: boolean; gateway: boolean },
  log: Logger,
  available = openFileLimit(),
): void {
  if (available === undefined) return;
  const needed =
    (listeners.console ? limits.maxConnections : 0) +
    (listeners.gateway ? 2 * limits.maxConnections : 0) +
    DESCRIPTOR_RESERVE;
  if (needed <= available) return;
  const fits = Math.floor(
    (available - DESCRIPTOR_RESERVE) / ((listeners.console ? 1 : 0) + (listeners.gateway ? 2 : 0)),
  );
  log.warn(
    { openFileLimit: available, needed, maxConnections: limits.maxConnections },
    `the open-file limit (${available}) is below what GATEHOUSE_MAX_CONNECTIONS=${limits.maxConnections} can use (${needed}): ` +
      `raise the limit (ulimit -n, LimitNOFILE=) or set GATEHOUSE_MAX_CONNECTIONS to ${Math.max(1, fits)} or less`,
  );
}
