// RFC 6749 §5.2 errors of the token endpoint, one line each: {error, error_description}.
import { plural } from '../../../../shared/plural.ts';
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
export const tooManyAttempts = (seconds: number, what = 'Too many failed attempts') =>
  new OAuthError('temporarily_unavailable', 429, `${what}; try again in ${plural(seconds, 'second')}.`, {
    'retry-after': String(seconds),
  });
export const invalidGrant = (msg: string) => new OAuthError('invalid_grant', 400, msg);
// RFC 8628 §3.5: the answers to a device polling for its tokens.
export const authorizationPending = (msg: string) => new OAuthError('authorization_pending', 400, msg);
export const slowDown = (msg: string) => new OAuthError('slow_down', 400, msg);
export const expiredToken = (msg: string) => new OAuthError('expired_token', 400, msg);
export const accessDenied = (msg: string) => new OAuthError('access_denied', 400, msg);
