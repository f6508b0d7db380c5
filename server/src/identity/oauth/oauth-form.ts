// What every endpoint under /api/oauth shares: form-encoded bodies only (RFC 6749 §3.2, RFC 7009 §2.1,
// RFC 8628 §3.1), parameters at most once, small bodies, and errors as RFC 6749 §5.2 JSON
// {error, error_description} with Cache-Control: no-store.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { documentAccess } from '../../api/access.ts';
import { ApiError } from '../../errors.ts';
import { OAuthError, invalidRequest } from './oauth-errors.ts';

const FORM = 'application/x-www-form-urlencoded';
const NOT_FORM = Symbol('not form-encoded');
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** Installs the form parser and the §5.2 error rendering on the plugin that holds the OAuth endpoints. */
export function registerOAuthForms(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => documentAccess(route, route.config!.access!));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, _body, done) =>
    done(null, NOT_FORM),
  );

  app.setErrorHandler((error: FastifyError | OAuthError | ApiError, request, reply) => {
    let e: OAuthError;
    if (error instanceof OAuthError) e = error;
    // The audit log could not be written (audit-log.ts: durable): nothing was issued.
    else if (error instanceof ApiError && error.code === 'unavailable')
      e = new OAuthError('temporarily_unavailable', 503, error.message, error.headers);
    else if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      e = new OAuthError('invalid_request', 413, 'The request body is too large.');
    else if (((error as FastifyError).statusCode ?? 500) < 500) e = invalidRequest(error.message);
    else {
      request.log.error({ err: error }, 'OAuth endpoint failed');
      e = new OAuthError(
        'server_error',
        500,
        `Something went wrong on our side; quote request ${request.id} when reporting it.`,
      );
    }
    return reply
      .code(e.status)
      .headers({ ...e.headers, ...NO_STORE })
      .send({ error: e.error, error_description: e.message });
  });
}

/** The request's form parameters, each present at most once; parameters sent empty count as omitted. */
export function readForm(request: FastifyRequest): Map<string, string> {
  if (request.body === NOT_FORM || typeof request.body !== 'string') {
    throw invalidRequest(
      `Send the request as ${FORM}, not ${String(request.headers['content-type'] ?? 'no content type').slice(0, 80)}.`,
    );
  }
  const params = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(request.body)) {
    // RFC 6749 §3.2: parameters sent without a value are treated as omitted; none may repeat.
    if (params.has(k)) throw invalidRequest(`The parameter "${k.slice(0, 64)}" appears more than once.`);
    if (v !== '') params.set(k, v);
  }
  return params;
}
