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
  /** Asked of this build but not in it (a SIEM format or transport that comes later). */
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
  /** The input the error is about, as a path a program can use: `body.email`, `querystring.limit`. */
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}, field?: string) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
    this.field = field;
  }
}

export function errorBody(code: ErrorCode, message: string, requestId: string, field?: string) {
  return { error: { code, message, request_id: requestId, ...(field === undefined ? {} : { field }) } };
}
