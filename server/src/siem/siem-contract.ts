// What the SIEM push export's parts agree on (issue 20; DESIGN.md, Operations): the exporter reads each
// stream from its log's commit-order cursor, a formatter shapes each record for the destination's
// format, and a transport delivers a batch to the destination. The exporter keeps the cursors, the
// batches, the retries and the lease; formats and transports know nothing of the store.
import type { ActivityRecord } from '../activity/activity-types.ts';
import type { AuditEvent } from '../audit/audit-types.ts';
import type { RiskFinding } from '../risk/risk-types.ts';

export const SIEM_STREAMS = ['audit', 'activity', 'findings'] as const;
export type SiemStream = (typeof SIEM_STREAMS)[number];

export const SIEM_FORMATS = ['json', 'cef', 'ocsf'] as const;
export type SiemFormat = (typeof SIEM_FORMATS)[number];

export const SIEM_DESTINATION_TYPES = ['splunk_hec', 'syslog', 'webhook'] as const;
export type SiemDestinationType = (typeof SIEM_DESTINATION_TYPES)[number];

/**
 * One record of a log as the export reads it. `id` is the record's stable id (the same on every
 * delivery, so a receiver can drop duplicates of an at-least-once delivery); `seq` is its log's cursor;
 * `doc` is the record exactly as the pull API serves it (GET /api/v1/audit/events, /api/v1/activity,
 * /api/v1/risk/findings).
 */
export type ExportRecord =
  | { stream: 'audit'; id: string; seq: number; time: string; doc: AuditEvent }
  | { stream: 'activity'; id: string; seq: number; time: string; doc: ActivityRecord }
  | { stream: 'findings'; id: string; seq: number; time: string; doc: RiskFinding };

/** A record shaped for a destination: a JSON object (formats json and ocsf) or one line of text (cef). */
export type Formatted = { kind: 'json'; value: Record<string, unknown> } | { kind: 'text'; value: string };

/** Shapes one record; pure, never throws on a record of a known stream. */
export type Formatter = (record: ExportRecord) => Formatted;

/**
 * Delivers one batch. Resolves once the receiver has taken all of it (HTTP: a 2xx answer; syslog over
 * TCP/TLS: every frame written and flushed to the socket); rejects with a DeliveryError otherwise.
 * `formatted[i]` is `batch[i]` shaped by the destination's formatter.
 */
export interface Transport {
  send(batch: readonly ExportRecord[], formatted: readonly Formatted[], signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** Why a batch was not delivered; `retryable` false means retrying the same batch cannot help (a 400, a 401). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** How long the receiver asked to be left alone (Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
