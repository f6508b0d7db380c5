// The Gateway's own refusals and failures. Each provider renders them in its own error shape (see
// providers/), so that the caller's SDK raises its usual error carrying Gatehouse's message. The code
// is stable (tests and the activity record use it); the message is a sentence a person can act on and
// never holds a secret.
import type { FastifyReply } from 'fastify';
import type { Provider } from './providers/provider-types.ts';

export const GATEWAY_ERRORS = {
  missing_token: 401,
  invalid_token: 401,
  // A device token whose sign-in has ended, each saying which way (docs/decisions/device-sign-in.md).
  session_expired: 401,
  session_ended: 401,
  device_revoked: 401,
  developer_offboarded: 401,
  developer_inactive: 401,
  // A tool in subscription mode that did not put a device token in the path.
  device_path_required: 403,
  insufficient_scope: 403,
  ip_not_allowed: 403,
  invalid_request: 400,
  // Untrusted JSON Gatehouse will not read (json-limits.ts): nested past the cap, a key given twice in
  // one object, a streamed event past its size limit.
  json_too_deep: 400,
  duplicate_key: 400,
  event_too_large: 400,
  policy_blocked: 400,
  // A follow-up about an earlier answer the Gateway cannot place (key-router.ts follow).
  not_found: 404,
  model_conflict: 409,
  request_too_large: 413,
  no_provider_key: 424,
  internal: 500,
  upstream_unreachable: 502,
  upstream_timeout: 504,
} as const;

export type GatewayErrorCode = keyof typeof GATEWAY_ERRORS;

export class GatewayError extends Error {
  readonly code: GatewayErrorCode;
  readonly status: number;

  constructor(code: GatewayErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = GATEWAY_ERRORS[code];
  }
}

const NOT_RETRIED: ReadonlySet<GatewayErrorCode> = new Set([
  'policy_blocked',
  'json_too_deep',
  'event_too_large',
]);

/** Answers with a Gateway error in the provider's own shape. */
export function sendGatewayError(reply: FastifyReply, provider: Provider, err: GatewayError): FastifyReply {
  // The providers' SDKs retry on their own unless told not to: a request the policy stopped would be
  // stopped again, and so would an answer it could not read.
  if (NOT_RETRIED.has(err.code)) reply.header('x-should-retry', 'false');
  return reply
    .code(err.status)
    .header('content-type', 'application/json')
    .send(JSON.stringify(provider.errorBody(err.status, err.code, err.message)));
}
