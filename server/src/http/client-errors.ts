// What a client hears when Node gives up on its request before Fastify has one to answer: the request
// was not received in time (the limits in config.ts ConnectionLimits), its headers were too large, or it
// was not HTTP. Written straight to the socket, in the management API's error shape, then the
// connection is closed; replaces Fastify's default, whose body names no code and no limit.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';

/** What connection-guard.ts raises when a request's body goes silent: answered as Node's own timeout. */
export class BodyIdleTimeout extends Error {
  readonly code = 'ERR_HTTP_REQUEST_TIMEOUT';
}

function reason(err: NodeJS.ErrnoException): [ErrorCode, string] {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [
      'request_timeout',
      err instanceof BodyIdleTimeout
        ? 'The request body stopped arriving; send it without long pauses, or check the network between you and Gatehouse.'
        : 'The request did not arrive in time; send the whole request promptly, or check the network between you and Gatehouse.',
    ];
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return ['headers_too_large', 'The request headers are too large; send fewer or shorter headers.'];
  return ['invalid_request', 'The request is not well-formed HTTP/1.1.'];
}

export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset or an already closed socket: there is nobody left to tell.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message] = reason(err);
  const status = ERROR_STATUS[code];
  this.log.debug({ code, remoteAddress: socket.remoteAddress }, 'client error before a request');
  // An answer already begun on this connection (one refused before its body was read, say) must not be
  // followed by another: then the connection is only closed. Node's own handler makes the same check.
  const answering = (socket as Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
