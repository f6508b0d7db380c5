// Renders every management API error as {"error": {code, message, request_id}}: ApiErrors as they
// are, Fastify's own 4xx (validation, body too large, bad JSON, wrong content type) with a message that
// names the field, and anything unexpected as a 500 whose details go to the log and not the caller.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERROR_STATUS, errorBody, type ErrorCode } from '../errors.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  /** With ajv's `verbose`: the schema of the object that failed. */
  parentSchema?: { properties?: Record<string, unknown> };
}

/** `; expected one of: a, b, c` from an object's schema, or nothing when it has no named fields. */
function knownFields(e: AjvError): string {
  const names = Object.keys(e.parentSchema?.properties ?? {});
  if (names.length === 0) return '';
  return `; the fields it may have are ${names.slice(0, 30).join(', ')}${names.length > 30 ? ', …' : ''}`;
}

function fieldPath(context: string | undefined, instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : `${acc}.${p}`), context ?? 'request');
}

/** One sentence per validation failure, naming the field (ajv's own wording does not always). */
export function describeValidation(errors: AjvError[], context: string | undefined): string {
  const e = errors[0];
  if (!e) return 'The request is not valid.';
  const at = fieldPath(context, e.instancePath);
  switch (e.keyword) {
    case 'required':
      return `${at}.${String(e.params.missingProperty)} is required.`;
    case 'additionalProperties':
      return `${at} has an unknown field "${String(e.params.additionalProperty).slice(0, 64)}"${knownFields(e)}.`;
    case 'enum':
      return `${at} must be one of: ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'const':
      return `${at} must be ${JSON.stringify(e.params.allowedValue)}.`;
    case 'maxLength':
      return `${at} must be at most ${String(e.params.limit)} characters long.`;
    case 'minLength':
      return Number(e.params.limit) === 1
        ? `${at} must not be empty.`
        : `${at} must be at least ${String(e.params.limit)} characters long.`;
    case 'maxItems':
      return `${at} may hold at most ${String(e.params.limit)} entries.`;
    case 'minItems':
      return `${at} must hold at least ${String(e.params.limit)} entries.`;
    case 'type':
      return `${at} must be of type ${String(e.params.type)}.`;
    default:
      return `${at} ${e.message ?? 'is not valid'}.`;
  }
}

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
  if (error.validation)
    return new ApiError('invalid_request', describeValidation(error.validation, error.validationContext));
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
    .send(errorBody(err.code, err.message, request.id));
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
