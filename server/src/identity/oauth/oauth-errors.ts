// RFC 6749 §5.2 errors of the token endpoint, one line each: {error, error_description}.
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalidRequest = (msg: string) => new OAuthError('invalid_request', 400, msg);
export const invalidClient = (msg: string, basic: boolean) =>
  new OAuthError('invalid_client', 401, msg, basic ? { 'www-authenticate': 'Basic realm="gatehouse"' } : {});
export const unauthorizedClient = (msg: string) => new OAuthError('unauthorized_client', 403, msg);
export const unsupportedGrantType = (msg: string) => new OAuthError('unsupported_grant_type', 400, msg);
export const invalidScope = (msg: string) => new OAuthError('invalid_scope', 400, msg);
export const tooManyAttempts = (seconds: number) =>
  new OAuthError(
    'temporarily_unavailable',
    429,
    `Too many failed attempts; try again in ${seconds} seconds.`,
    {
      'retry-after': String(seconds),
    },
  );
