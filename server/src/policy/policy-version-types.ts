// A version of the policy document: the document, who made it and when, and what it changed. The
// current policy is the highest version; versions are never changed once written.
import { createHash } from 'node:crypto';
import type { AuditParty } from '../audit/audit-types.ts';
import type { PolicyDocument } from './policy-types.ts';
import type { PolicyChange } from '../../../shared/policy-diff.ts';
import { withDefaults } from './policy-defaults.ts';

export interface ActivePolicy {
  readonly version: number;
  /** The strong validator GET returns and PUT's If-Match must repeat: `"v<version>-<hash>"`. */
  readonly etag: string;
  /** Frozen: the Gateway may hold it for as long as this version is in force. */
  readonly document: PolicyDocument;
  readonly createdAt: number;
  readonly createdBy: AuditParty;
}

export interface PolicyVersion extends ActivePolicy {
  summary: string;
  /** The difference from the version before (empty for the first). */
  changes: PolicyChange[];
}

/**
 * The version number names the document, and the hash of its JSON text makes the tag differ should a
 * restored backup ever reuse a number for another document.
 */
export function etagOf(version: number, documentJson: string): string {
  const hash = createHash('sha256').update(documentJson).digest('hex').slice(0, 16);
  return `"v${version}-${hash}"`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

export function makePolicyVersion(v: {
  version: number;
  documentJson: string;
  createdAt: number;
  createdBy: AuditParty;
  summary: string;
  changes: PolicyChange[];
}): PolicyVersion {
  return {
    version: v.version,
    etag: etagOf(v.version, v.documentJson),
    document: deepFreeze(withDefaults(JSON.parse(v.documentJson) as PolicyDocument)),
    createdAt: v.createdAt,
    createdBy: v.createdBy,
    summary: v.summary,
    changes: v.changes,
  };
}

/** A version as the history lists it; with the document when one version is asked for. */
export function policyVersionView(v: PolicyVersion, withDocument: boolean) {
  return {
    version: v.version,
    etag: v.etag,
    created_at: new Date(v.createdAt).toISOString(),
    created_by: v.createdBy,
    summary: v.summary,
    changes: v.changes,
    ...(withDocument ? { document: v.document } : {}),
  };
}
