// Requests that an HTTP client library refuses to send, written byte by byte to a socket: bad methods,
// control bytes in headers, obsolete line folding, Content-Length beside Transfer-Encoding, broken
// chunking, absolute-form targets, invalid UTF-8 in the path, a body that stops short, pipelining.
import { word } from './odd-values.ts';
import type { Prng } from './prng.ts';

export interface RawCase {
  name: string;
  bytes: Buffer;
  /** Send nothing more and close after this many ms: the body stops short on purpose. */
  closeAfterMs?: number;
}

const CRLF = '\r\n';

export function rawCase(
  rng: Prng,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): RawCase {
  const head = (lines: string[]) => Buffer.from(lines.join(CRLF) + CRLF + CRLF, 'latin1');
  const hdrs = Object.entries(headers)
    .filter(([k]) => k !== 'content-length' && k !== 'transfer-encoding')
    .map(([k, v]) => `${k}: ${v}`);
  const base = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...hdrs];
  const cl = `Content-Length: ${body.length}`;
  const cases: Array<() => RawCase> = [
    () => ({ name: 'bad-method', bytes: Buffer.concat([head([`G@T ${path} HTTP/1.1`, 'Host: x']), body]) }),
    () => ({
      name: 'lowercase-method',
      bytes: Buffer.concat([head([`${method.toLowerCase()} ${path} HTTP/1.1`, 'Host: x', cl]), body]),
    }),
    () => ({ name: 'nul-in-header', bytes: Buffer.concat([head([...base, 'X-A: b\u0000c', cl]), body]) }),
    () => ({ name: 'obs-fold', bytes: Buffer.concat([head([...base, 'X-A: b', ' folded', cl]), body]) }),
    () => ({
      name: 'cl-and-te',
      bytes: Buffer.concat([head([...base, cl, 'Transfer-Encoding: chunked']), body]),
    }),
    () => ({
      name: 'two-content-lengths',
      bytes: Buffer.concat([head([...base, cl, `Content-Length: ${body.length + 5}`]), body]),
    }),
    () => ({ name: 'negative-content-length', bytes: head([...base, 'Content-Length: -1']) }),
    () => ({
      name: 'huge-content-length',
      bytes: Buffer.concat([head([...base, 'Content-Length: 99999999999999999999']), body]),
    }),
    () => ({
      name: 'bad-chunk-size',
      bytes: Buffer.concat([
        head([...base, 'Transfer-Encoding: chunked']),
        Buffer.from(`zz${CRLF}abc${CRLF}0${CRLF}${CRLF}`),
      ]),
    }),
    () => ({
      name: 'chunked',
      bytes: Buffer.concat([
        head([...base, 'Transfer-Encoding: chunked']),
        Buffer.from(body.length.toString(16) + CRLF),
        body,
        Buffer.from(`${CRLF}0${CRLF}X-Trailer: 1${CRLF}${CRLF}`),
      ]),
    }),
    () => ({
      name: 'te-list',
      bytes: Buffer.concat([head([...base, 'Transfer-Encoding: gzip, chunked', cl]), body]),
    }),
    () => ({ name: 'http-1.0', bytes: Buffer.concat([head([`${method} ${path} HTTP/1.0`, cl]), body]) }),
    () => ({ name: 'http-0.9', bytes: Buffer.from(`GET ${path}${CRLF}`) }),
    () => ({ name: 'http-2.0-line', bytes: head([`${method} ${path} HTTP/2.0`, 'Host: x']) }),
    () => ({
      name: 'absolute-form',
      bytes: Buffer.concat([head([`${method} http://evil.example${path} HTTP/1.1`, 'Host: x', cl]), body]),
    }),
    () => ({ name: 'asterisk-form', bytes: head(['OPTIONS * HTTP/1.1', 'Host: x']) }),
    () => ({
      name: 'invalid-utf8-path',
      bytes: Buffer.concat([
        Buffer.from(`${method} ${path}/`),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
        Buffer.from(` HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`),
      ]),
    }),
    () => ({ name: 'space-before-colon', bytes: Buffer.concat([head([...base, `X-A : b`, cl]), body]) }),
    () => ({
      name: 'long-request-line',
      bytes: head([`${method} ${path}?${'a'.repeat(100_000)} HTTP/1.1`, 'Host: x']),
    }),
    () => ({
      name: 'pipelined',
      bytes: Buffer.concat([head([...base, cl]), body, head([`GET /healthz HTTP/1.1`, 'Host: x'])]),
    }),
    () => ({
      name: 'short-body',
      bytes: Buffer.concat([head([...base, `Content-Length: ${body.length + 100}`]), body]),
      closeAfterMs: 50,
    }),
    () => ({
      name: 'expect-continue',
      bytes: Buffer.concat([head([...base, cl, 'Expect: 100-continue']), body]),
    }),
    () => ({
      name: 'expect-garbage',
      bytes: Buffer.concat([head([...base, cl, `Expect: ${word(rng)}`]), body]),
    }),
    () => ({
      name: 'upgrade',
      bytes: head([...base, 'Connection: Upgrade', rng.pick(['Upgrade: websocket', 'Upgrade: h2c'])]),
    }),
    () => ({ name: 'connect', bytes: head(['CONNECT 127.0.0.1:22 HTTP/1.1', 'Host: 127.0.0.1:22']) }),
    () => ({ name: 'no-host', bytes: Buffer.concat([head([`${method} ${path} HTTP/1.1`, cl]), body]) }),
    () => ({ name: 'two-hosts', bytes: Buffer.concat([head([...base, 'Host: evil.example', cl]), body]) }),
    () => ({
      name: 'bare-lf',
      bytes: Buffer.concat([Buffer.from(`${method} ${path} HTTP/1.1\nHost: x\n${cl}\n\n`), body]),
    }),
    () => ({ name: 'garbage', bytes: rng.bytes(rng.int(1, 2048)) }),
  ];
  return rng.pick(cases)();
}
