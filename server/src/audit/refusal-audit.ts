// The audit trail of tokens the Gateway refused (`gateway.token_refused`): missing, unknown, expired,
// revoked, under-scoped, IP-refused, a device's ended session. Every refused request is also an activity
// record where the surface keeps one; this event is what a SIEM reading the audit log alerts on. A flood
// of bad tokens must not become a flood of events: per (credential or device, address, reason) the first
// refusal is written at once (count 1), the ones that follow within the minute are counted and written
// as one event when the minute ends, and so on every minute while they continue. Written after the
// answer through the audit log's batching writer (record), like api.request: the hot path never waits.
import type { AuditAction } from './audit-actions.ts';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from './audit-log.ts';
import type { AuditEventInput, AuditParty } from './audit-types.ts';
import type { Caller } from '../gateway/caller-auth.ts';

export interface RefusalAudit {
  /** Notes a refused request; never throws, never waits. */
  note(request: FastifyRequest, refusal: Refusal): void;
  /** Writes the summary of each window whose minute is over (its timer calls it). */
  sweep(): void;
  /** Writes every summary still counting (graceful stop), and stops the timer. */
  close(): void;
  /** The (credential, address, reason) windows now open, for tests and metrics. */
  readonly open: number;
}

/** Why a request was refused, and whom its token named (absent: none, or unknown). */
export interface Refusal {
  reason: string;
  status: number;
  caller?: Caller | undefined;
}

export interface RefusalAuditOptions {
  /** The event's action: gateway.token_refused, api.token_refused. */
  action: Extract<AuditAction, `${string}.token_refused`>;
  /** How long refusals of one key are counted into one event; a minute unless a test says otherwise. */
  windowMs?: number;
  /** Windows held at once; past it, new keys share one per reason (a flood from many addresses). */
  maxKeys?: number;
  now?: () => number;
}

interface Window {
  event: Omit<AuditEventInput, 'details'> & { details: Record<string, unknown> };
  opened: number;
  /** Refusals since the last event was written. */
  count: number;
  firstAt: number;
  lastAt: number;
}

const OVERFLOW_ADDRESS = '*';

function parties(caller: Caller | undefined): { actor: AuditEventInput['actor']; target?: AuditParty } {
  if (!caller) return { actor: { type: 'anonymous', id: null, name: null } };
  if (caller.type === 'credential') {
    const { id, name } = caller.credential;
    return { actor: { type: 'credential', id, name }, target: { type: 'credential', id, name } };
  }
  const { developer, device } = caller;
  return {
    actor: { type: 'developer', id: developer.id, name: developer.name },
    target: device ? { type: 'device', id: device.id, name: device.name } : undefined,
  };
}

export function createRefusalAudit(audit: AuditLog, options: RefusalAuditOptions): RefusalAudit {
  const windowMs = options.windowMs ?? 60_000;
  const maxKeys = options.maxKeys ?? 10_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();

  /** requestId: the refused request's, on a window's first event; a summary stands for many. */
  function write(w: Window, count: number, requestId: string | null = null) {
    audit.record({
      ...w.event,
      requestId,
      details: {
        ...w.event.details,
        count,
        first_at: new Date(w.firstAt).toISOString(),
        last_at: new Date(w.lastAt).toISOString(),
      },
    });
  }

  /** Closes the windows whose minute is over: one summary each for what they counted since. */
  function sweep(all = false) {
    const t = now();
    for (const [key, w] of windows) {
      if (!all && t - w.opened < windowMs) continue;
      if (w.count > 0) write(w, w.count);
      windows.delete(key);
    }
    if (windows.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  let timer: NodeJS.Timeout | null = null;

  return {
    note(request, { reason, status, caller }) {
      const who =
        caller?.type === 'credential'
          ? `c:${caller.credential.id}`
          : caller
            ? `d:${caller.device?.id ?? caller.sessionId}`
            : '-';
      let address = request.ip;
      let key = `${who}|${address}|${reason}`;
      let w = windows.get(key);
      if (!w && windows.size >= maxKeys) {
        // Too many distinct keys at once: count the rest per reason, without who or where.
        address = OVERFLOW_ADDRESS;
        key = `*|*|${reason}`;
        w = windows.get(key);
      }
      const t = now();
      if (w) {
        // A repeat within the window: counted, and summarised when the window ends.
        if (w.count === 0) w.firstAt = t;
        w.count++;
        w.lastAt = t;
        return;
      }
      const overflow = address === OVERFLOW_ADDRESS;
      const path = request.url.split('?', 1)[0]!.slice(0, 200);
      const { actor, target } = overflow ? parties(undefined) : parties(caller);
      w = {
        event: {
          action: options.action,
          actor,
          target,
          ip: overflow ? null : address,
          userAgent: overflow ? null : (request.headers['user-agent']?.slice(0, 512) ?? null),
          outcome: 'failure',
          details: { reason, status, path, ...(overflow ? { overflow: true } : {}) },
        },
        opened: t,
        count: 0,
        firstAt: t,
        lastAt: t,
      };
      windows.set(key, w);
      write(w, 1, request.id);
      timer ??= setInterval(() => sweep(), Math.max(1000, Math.min(windowMs / 4, 15_000))).unref();
    },
    sweep: () => sweep(),
    close: () => sweep(true),
    get open() {
      return windows.size;
    },
  };
}
