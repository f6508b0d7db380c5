// How serious a record is, on one scale every format and transport maps from: the syslog severity, the
// CEF header's 0–10 and OCSF's severity_id all come from here, so that one record reads as equally
// serious in every destination (docs/decisions/siem-formats.md, Severity).
import { createRequire } from 'node:module';
import type { ExportRecord } from '../siem-contract.ts';

export type Level = 'informational' | 'low' | 'medium' | 'high' | 'critical';

/** The product's version, as the CEF header and OCSF's metadata.product carry it. */
export const PRODUCT_VERSION: string = (
  createRequire(import.meta.url)('../../../package.json') as { version: string }
).version;

/**
 * Audit actions that say more than their outcome: a lowered enforcement or audit retention weakens
 * what the security team relies on; a refresh token used twice is a stolen token's tell.
 */
const AUDIT_LEVELS: Readonly<Record<string, Level>> = {
  'policy.enforcement_lowered': 'medium',
  'settings.audit_retention_lowered': 'medium',
  'device.refresh_reused': 'high',
};

export function levelOf(record: ExportRecord): Level {
  switch (record.stream) {
    case 'audit': {
      const fixed = AUDIT_LEVELS[record.doc.action];
      if (fixed) return fixed;
      return record.doc.outcome === 'failure' ? 'medium' : 'informational';
    }
    case 'activity':
      switch (record.doc.outcome) {
        case 'allowed':
          return 'informational';
        case 'redacted':
          return 'low';
        default:
          // blocked, upstream_error, gateway_error: a warning.
          return 'medium';
      }
    case 'findings':
      return LEVEL_OF_SEVERITY[record.doc.severity] ?? 'medium';
  }
}

const LEVEL_OF_SEVERITY: Readonly<Record<string, Level>> = {
  low: 'low',
  medium: 'medium',
  high: 'high',
  critical: 'critical',
};

/** RFC 5424 severity: 6 informational, 5 notice, 4 warning, 3 error, 2 critical. */
export const SYSLOG_SEVERITY: Readonly<Record<Level, number>> = {
  informational: 6,
  low: 5,
  medium: 4,
  high: 3,
  critical: 2,
};

/** CEF's 0–10 (0–3 Low, 4–6 Medium, 7–8 High, 9–10 Very-High). */
export const CEF_SEVERITY: Readonly<Record<Level, number>> = {
  informational: 1,
  low: 3,
  medium: 5,
  high: 8,
  critical: 10,
};

/** OCSF severity_id: 1 Informational, 2 Low, 3 Medium, 4 High, 5 Critical. */
export const OCSF_SEVERITY: Readonly<Record<Level, number>> = {
  informational: 1,
  low: 2,
  medium: 3,
  high: 4,
  critical: 5,
};
