// Who made a management call and from where, for the audit event of the change it makes.
import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../audit/audit-types.ts';
import { originOf } from '../http/origin.ts';

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const p = request.principal!;
  const actor =
    p.kind === 'admin'
      ? { type: 'admin' as const, id: p.session.admin.id, name: p.session.admin.email }
      : p.kind === 'developer'
        ? { type: 'developer' as const, id: p.session.developer.id, name: p.session.developer.email }
        : { type: 'credential' as const, id: p.credential.id, name: p.credential.name };
  return { actor, ...originOf(request) };
}
