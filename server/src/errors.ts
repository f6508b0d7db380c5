// The closed set of management API error codes and their HTTP statuses. Tests assert on `code`, never
// on the message; the message is a sentence a person can act on and never holds a secret.
export const ERROR_STATUS = {
  invalid_request: 400,
  confirmation_mismatch: 400,
  secret_required: 400,
  unauthenticated: 401,
  invalid_token: 401,
  invalid_credentials: 401,
  session_expired: 401,
  forbidden: 403,
  insufficient_scope: 403,
  ip_not_allowed: 403,
  csrf_failed: 403,
  session_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  precondition_required: 428,
  too_many_requests: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, e.g. WWW-Authenticate or Retry-After. */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }
}

export function errorBody(code: ErrorCode, message: string, requestId: string) {
  return { error: { code, message, request_id: requestId } };
}
