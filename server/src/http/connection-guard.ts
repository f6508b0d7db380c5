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
  const socket = req.socket;
  // Emitted by Node on the socket's idle timeout only while the request is incomplete.
  const onSilence = () => server.emit('clientError', new BodyIdleTimeout('request body idle'), socket);
  // Emitted whatever the request's state: once it is complete, the limit is simply dropped. Listening
  // also keeps Node from closing the socket on a timeout nobody claimed.
  const onTimeout = () => {
    if (req.complete) disarm();
  };
  const disarm = () => {
    req.off('timeout', onSilence);
    res.off('timeout', onTimeout);
    // After the answer, the socket's timeout is Node's keep-alive timeout: not ours to clear.
    if (!res.writableFinished && !socket.destroyed) socket.setTimeout(0);
  };
  socket.setTimeout(idleMs);
  req.on('timeout', onSilence);
  res.on('timeout', onTimeout);
  req.once('end', disarm);
  res.once('close', () => {
    req.off('timeout', onSilence);
    res.off('timeout', onTimeout);
  });
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
