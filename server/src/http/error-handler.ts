// Renders every management API error as {"error": {code, message, request_id}}: ApiErrors as they
// are, Fastify's own 4xx (validation, body too large, bad JSON, wrong content type) with a message that
// names the field (validation-messages.ts), and anything unexpected as a 500 whose details go to the log and not the caller.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERROR_STATUS, errorBody, type ErrorCode } from '../errors.ts';
import { describeValidation, type AjvError } from './validation-messages.ts';

const STATUS_CODE: Record<number, ErrorCode> = {
  400: 'invalid_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

export function toApiError(
  error: FastifyError & { validation?: AjvError[]; validationContext?: string },
): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const { message, field } = describeValidation(error.validation, error.validationContext);
    return new ApiError('invalid_request', message, {}, field);
  }
  const status = error.statusCode ?? 500;
  const code = STATUS_CODE[status];
  if (!code) return status >= 400 && status < 500 ? new ApiError('invalid_request', error.message) : null;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is too large for this endpoint.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Send the request body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_request', 'The request says it carries JSON but its body is empty.');
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return new ApiError('invalid_request', 'The request body is not valid JSON.');
      }
      return new ApiError(code, error.message);
  }
}

export function sendApiError(request: FastifyRequest, reply: FastifyReply, err: ApiError) {
  return reply
    .code(ERROR_STATUS[err.code])
    .headers(err.headers)
    .send(errorBody(err.code, err.message, request.id, err.field));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError) return sendApiError(request, reply, apiError);
    request.log.error({ err: error }, 'unexpected error');
    return sendApiError(
      request,
      reply,
      new ApiError(
        'internal',
        `Something went wrong on our side; quote request ${request.id} when reporting it.`,
      ),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendApiError(
      request,
      reply,
      new ApiError(
        'not_found',
        `There is no ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}; see /api/docs.`,
      ),
    ),
  );
}
