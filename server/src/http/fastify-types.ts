// What Gatehouse adds to Fastify's request and route config.
import type { Scope } from '../identity/scopes.ts';
import type { AdminRole } from '../identity/admin-types.ts';
import type { SessionContext } from '../identity/admin-service.ts';
import type { Credential, Refusal } from '../identity/credential-types.ts';
import type { DeveloperSessionContext } from '../identity/developer-session-service.ts';

/**
 * Who may call a route; every management route declares one, and one that declares none is refused.
 * - `public`: anyone (sign-in, setup, the token endpoint's own client authentication);
 * - `role`: an admin session with at least this role; with `scope`, also a token that carries it;
 * - `developer`: a developer's own console session (device approval), and nothing else: no admin
 *   session or token opens it, and it opens no other route.
 */
export type Access = { public: true } | { role: AdminRole; scope?: Scope } | { developer: true };

export type Principal =
  | { kind: 'credential'; credential: Credential; scopes: Scope[]; scopeUsed: Scope | null }
  | { kind: 'admin'; session: SessionContext }
  | { kind: 'developer'; session: DeveloperSessionContext };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
    /** A token that named a credential but was refused: still attributed in the audit log. */
    refused?: Refusal;
  }
}
