// Appending and reading audit events. The SIEM cursor is the event's `seq`; store/event-log.ts says
// why appends take a lock on PostgreSQL.
import { createLogAppender, createLogReader } from '../store/event-log.ts';
import type { AuditEventsTable } from '../store/schema.ts';
import type { AuditEvent, AuditEventInput } from './audit-types.ts';
import { newId } from '../crypto/tokens.ts';

const APPEND_LOCK = 0x6761_7465; // "gate": one fixed key for the audit append lock

// Defence in depth: a value shaped like one of Gatehouse's own secrets never reaches the log, even if a
// caller put one in `details` by mistake. Applied to the serialised event: the secret alphabet holds no
// character that JSON escapes, so one pass over the text finds every one.
const SECRET_SHAPE = /gh(?:cs|at|ss|su|iv|dc|dt|dr|ds)_[A-Za-z0-9_-]{16,}/g;

const trunc = (s: string | null | undefined, n: number) =>
  s == null ? null : s.length > n ? s.slice(0, n) : s;

export type AuditRow = Omit<AuditEventsTable, 'seq'>;

export function toRow(e: AuditEventInput, time: number): AuditRow {
  const target = e.target ? { type: e.target.type, id: e.target.id, name: trunc(e.target.name, 200) } : null;
  const event: AuditEvent = {
    id: newId('evt'),
    time: new Date(time).toISOString(),
    action: e.action,
    actor: { type: e.actor.type, id: e.actor.id, name: trunc(e.actor.name, 200) },
    target,
    ip: e.ip ?? null,
    user_agent: trunc(e.userAgent, 512),
    outcome: e.outcome,
    request_id: e.requestId ?? null,
    details: e.details ?? {},
  };
  return {
    id: event.id,
    time,
    action: event.action,
    actor_id: event.actor.id,
    target_id: target?.id ?? null,
    outcome: event.outcome,
    event: JSON.stringify(event).replace(SECRET_SHAPE, '[redacted]'),
  };
}

export const appendAuditRows = createLogAppender<AuditRow>(
  'audit_events',
  ['id', 'time', 'action', 'actor_id', 'target_id', 'outcome', 'event'],
  APPEND_LOCK,
);

/** Audit events by cursor, ascending (the SIEM pull) or descending (the console, newest first). */
export const queryAudit = createLogReader<'since' | 'until' | 'action' | 'actorId'>('audit_events', 'event', [
  { field: 'since', column: 'time', op: '>=' },
  { field: 'until', column: 'time', op: '<' },
  { field: 'action', column: 'action', op: '=' },
  { field: 'actorId', column: 'actor_id', op: '=' },
]);
