// HSTS: once a browser has reached Gatehouse over HTTPS, it never again tries plain HTTP for this host
// (where a session cookie or a password could be read or a page rewritten on the way). Sent only on a
// request that came over HTTPS: Gatehouse's own TLS, or a trusted proxy's X-Forwarded-Proto (Fastify
// believes the header only from GATEHOUSE_TRUSTED_PROXIES, fastify-options.ts). Over plain HTTP the
// header means nothing to a browser and would only mislead.
import type { FastifyInstance } from 'fastify';

/** One year, the value HSTS preload lists ask for; includeSubDomains covers hosts under Gatehouse's own
 * name only (not its siblings), which Gatehouse never serves over HTTP. No `preload`: that is a promise
 * about the whole registrable domain, the organisation's to make. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * A listener of its own TLS, or behind trusted proxies, may see HTTPS; any other only plain HTTP, and
 * gets no hook at all (it ran on every answer). The hook is synchronous: an async one costs every
 * answer a promise and a turn of the microtask queue.
 */
export function registerTransportSecurity(app: FastifyInstance, trustedProxies: readonly unknown[]): void {
  if (!app.initialConfig.https && trustedProxies.length === 0) return;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done(null, payload);
  });
}
