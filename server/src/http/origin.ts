// Who is asking, as the audit log records it. The IP is Fastify's request.ip, which believes
// X-Forwarded-For only from GATEHOUSE_TRUSTED_PROXIES.
import type { FastifyRequest } from 'fastify';

export function originOf(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null,
    requestId: request.id,
  };
}
