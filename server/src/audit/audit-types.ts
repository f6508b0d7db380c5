// The audit event as recorded and as served by the SIEM pull. Renaming a field here is a breaking
// change for every SIEM integration: add, never rename.
import type { AuditAction } from './audit-actions.ts';

export type ActorType = 'admin' | 'credential' | 'developer' | 'anonymous' | 'system';

export interface AuditParty {
  type: string;
  id: string | null;
  name: string | null;
}

export interface AuditEventInput {
  /** `<entity>.<verb>`, e.g. credential.created, credential.token_issued, api.request: one of AUDIT_ACTIONS. */
  action: AuditAction;
  actor: AuditParty & { type: ActorType };
  target?: AuditParty | undefined;
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
  outcome: 'success' | 'failure';
  requestId?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
}

export interface AuditEvent {
  id: string;
  time: string;
  action: string;
  actor: AuditParty;
  target: AuditParty | null;
  ip: string | null;
  user_agent: string | null;
  outcome: 'success' | 'failure';
  request_id: string | null;
  details: Record<string, unknown>;
}

/** Who asked for a change, and from where: what every change's audit event carries. */
export interface RequestOrigin {
  actor: AuditEventInput['actor'];
  ip: string;
  userAgent: string | null;
  requestId: string;
}

/** The audit event of a change made on a request. */
export function changeEvent(
  action: AuditAction,
  target: AuditParty,
  origin: RequestOrigin,
  details?: Record<string, unknown>,
): AuditEventInput {
  return {
    action,
    actor: origin.actor,
    target,
    ip: origin.ip,
    userAgent: origin.userAgent,
    requestId: origin.requestId,
    outcome: 'success',
    details,
  };
}
