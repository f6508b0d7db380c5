// What every OCSF event Gatehouse writes has (schema 1.3.0): the class and activity ids and their
// captions, type_uid, severity, status, time and metadata. docs/decisions/siem-formats.md has the table.
import type { ExportRecord } from '../siem-contract.ts';
import { levelOf, OCSF_SEVERITY, PRODUCT_VERSION } from './level.ts';
import { epochMs, str } from './text.ts';

export const OCSF_VERSION = '1.3.0';

export interface OcsfClass {
  uid: number;
  name: string;
  categoryUid: number;
  categoryName: string;
}

export const ACCOUNT_CHANGE: OcsfClass = {
  uid: 3001,
  name: 'Account Change',
  categoryUid: 3,
  categoryName: 'Identity & Access Management',
};
export const AUTHENTICATION: OcsfClass = {
  uid: 3002,
  name: 'Authentication',
  categoryUid: 3,
  categoryName: 'Identity & Access Management',
};
export const API_ACTIVITY: OcsfClass = {
  uid: 6003,
  name: 'API Activity',
  categoryUid: 6,
  categoryName: 'Application Activity',
};
export const DETECTION_FINDING: OcsfClass = {
  uid: 2004,
  name: 'Detection Finding',
  categoryUid: 2,
  categoryName: 'Findings',
};

export interface OcsfActivity {
  id: number;
  name: string;
}

const SEVERITY_NAMES = ['Unknown', 'Informational', 'Low', 'Medium', 'High', 'Critical'];

/** OCSF's user.type_id: 1 User, 2 Admin, 3 System, 99 Other (a machine credential, a device), 0 Unknown. */
const USER_TYPES: Readonly<Record<string, number>> = { developer: 1, admin: 2, system: 3, anonymous: 0 };

/** A Gatehouse party (actor, target) as an OCSF user object; absent when there is no party. */
export function ocsfUser(party: { type?: unknown; id?: unknown; name?: unknown } | null | undefined) {
  if (!party || typeof party !== 'object') return undefined;
  const type = str(party.type) ?? 'unknown';
  const typeId = USER_TYPES[type] ?? 99;
  return { uid: str(party.id), name: str(party.name), type, type_id: typeId };
}

/** The attributes every class has, in the order a reader expects them first. */
export function baseEvent(
  record: ExportRecord,
  cls: OcsfClass,
  activity: OcsfActivity,
  status: { id: number; name: string; detail?: string | undefined },
): Record<string, unknown> {
  const severityId = OCSF_SEVERITY[levelOf(record)];
  return {
    class_uid: cls.uid,
    class_name: cls.name,
    category_uid: cls.categoryUid,
    category_name: cls.categoryName,
    activity_id: activity.id,
    activity_name: activity.name,
    type_uid: cls.uid * 100 + activity.id,
    type_name: `${cls.name}: ${activity.name}`,
    severity_id: severityId,
    severity: SEVERITY_NAMES[severityId],
    status_id: status.id,
    status: status.name,
    ...(status.detail ? { status_detail: status.detail } : {}),
    time: epochMs(record.time) ?? epochMs((record.doc as { time?: unknown }).time) ?? 0,
    metadata: {
      version: OCSF_VERSION,
      product: { name: 'Gatehouse', vendor_name: 'Gatehouse', version: PRODUCT_VERSION },
      uid: record.id,
      log_name: record.stream,
      sequence: record.seq,
    },
  };
}

/** OCSF's status_id for an activity: 1 Success, 2 Failure. */
export const SUCCESS = { id: 1, name: 'Success' } as const;
export const FAILURE = { id: 2, name: 'Failure' } as const;

/** Drops absent members, so that an event never carries `"x": null` for what Gatehouse did not know. */
export function compact<T extends Record<string, unknown>>(object: T): T {
  for (const key of Object.keys(object)) {
    if (object[key] === undefined || object[key] === null) delete object[key];
  }
  return object;
}
