// The path form of a device token, `/d/<device token>/<any Gateway path>`, for tools that have a
// base-URL setting but no header setting. The token is cut out of the URL before Fastify routes the
// request (its rewriteUrl hook), so that routing, the access log, error messages, the activity and the
// upstream URL only ever see the path after it. The token waits on the raw request under a symbol.
import type { IncomingMessage } from 'node:http';

const PATH_TOKEN = Symbol('gatehouse.pathToken');
type Carrying = IncomingMessage & { [PATH_TOKEN]?: string; originalUrl?: string };

/** Longer than any device token: a longer segment is not one, and is not kept either. */
const MAX_TOKEN = 512;

/** Fastify's rewriteUrl: the URL without `/d/<token>`, the token kept aside. */
export function cutDevicePath(req: IncomingMessage): string {
  const url = req.url ?? '/';
  // Every request passes here: one character test for the ones without a token.
  if (url.charCodeAt(1) !== 100 /* d */ || !url.startsWith('/d/')) return url;
  const slash = url.indexOf('/', 3);
  let token = slash === -1 ? url.slice(3) : url.slice(3, slash);
  const query = token.indexOf('?');
  if (query !== -1) token = token.slice(0, query);
  // `/d/<token>` alone, or `/d/<token>?…`, names no Gateway path: `/` answers 404 without the token.
  const rest = slash === -1 || query !== -1 ? '/' : url.slice(slash);
  const r = req as Carrying;
  if (token && token.length <= MAX_TOKEN) r[PATH_TOKEN] = decodeURIComponentSafe(token);
  // Fastify keeps the URL as received in originalUrl (request.originalUrl): not with the token in it.
  r.originalUrl = rest;
  return rest;
}

function decodeURIComponentSafe(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The device token the request's path carried, if any. */
export function pathToken(req: IncomingMessage): string | undefined {
  return (req as Carrying)[PATH_TOKEN];
}
