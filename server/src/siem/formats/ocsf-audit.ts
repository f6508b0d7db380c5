// Audit events in OCSF: a sign-in, a token issued or refused and a device's sign-in are Authentication
// (3002); a credential, admin, developer or device created, approved, reissued, revoked or removed is
// Account Change (3001); everything else is API Activity (6003) with its CRUD verb read off the action.
import type { ExportRecord } from '../siem-contract.ts';
import {
  ACCOUNT_CHANGE,
  API_ACTIVITY,
  AUTHENTICATION,
  baseEvent,
  compact,
  FAILURE,
  ocsfUser,
  SUCCESS,
  type OcsfActivity,
  type OcsfClass,
} from './ocsf-common.ts';
import { ipAddress, str } from './text.ts';

const LOGON: OcsfActivity = { id: 1, name: 'Logon' };
const LOGOFF: OcsfActivity = { id: 2, name: 'Logoff' };
const CREATE: OcsfActivity = { id: 1, name: 'Create' };
const READ: OcsfActivity = { id: 2, name: 'Read' };
const UPDATE: OcsfActivity = { id: 3, name: 'Update' };
const DELETE: OcsfActivity = { id: 4, name: 'Delete' };

const AUTHENTICATIONS: Readonly<Record<string, OcsfActivity>> = {
  'session.sign_in': LOGON,
  'session.sign_out': LOGOFF,
  'device.signed_in': LOGON,
  'device.signed_out': LOGOFF,
  'device.refreshed': { id: 99, name: 'Token Refresh' },
  'device.refresh_reused': { id: 99, name: 'Token Refresh Reused' },
  'credential.token_issued': LOGON,
  'credential.token_refused': LOGON,
  // A device code or refresh token refused: a failed logon of the device, as a refused secret is.
  'device.token_refused': LOGON,
};

const ACCOUNT_ENTITIES = new Set(['credential', 'admin', 'developer', 'device']);
const ACCOUNT_CHANGES: Readonly<Record<string, OcsfActivity>> = {
  created: { id: 1, name: 'Create' },
  invited: { id: 1, name: 'Create' },
  approved: { id: 2, name: 'Enable' },
  secret_reissued: { id: 4, name: 'Password Reset' },
  revoked: { id: 6, name: 'Delete' },
  removed: { id: 6, name: 'Delete' },
  offboarded: { id: 6, name: 'Delete' },
  role_changed: { id: 99, name: 'Role Change' },
};

const API_VERBS: Readonly<Record<string, OcsfActivity>> = {
  created: CREATE,
  invited: CREATE,
  access_requested: CREATE,
  changed: UPDATE,
  updated: UPDATE,
  rotated: UPDATE,
  resolved: UPDATE,
  approved: UPDATE,
  deleted: DELETE,
  removed: DELETE,
  revoked: DELETE,
  purged: DELETE,
};

const HTTP_METHODS: Readonly<Record<string, OcsfActivity>> = {
  GET: READ,
  HEAD: READ,
  POST: CREATE,
  PUT: UPDATE,
  PATCH: UPDATE,
  DELETE: DELETE,
};

function apiActivity(action: string, method: string | undefined): OcsfActivity {
  if (action === 'api.request' && method)
    return HTTP_METHODS[method.toUpperCase()] ?? { id: 99, name: 'Other' };
  const verb = action.slice(action.indexOf('.') + 1);
  const known = API_VERBS[verb];
  if (known) return known;
  if (verb.endsWith('_changed') || verb.endsWith('_lowered')) return UPDATE;
  return { id: 99, name: 'Other' };
}

/** Which class and activity an audit action is. */
export function classifyAudit(action: string, method?: string): { cls: OcsfClass; activity: OcsfActivity } {
  const auth = AUTHENTICATIONS[action];
  if (auth) return { cls: AUTHENTICATION, activity: auth };
  const dot = action.indexOf('.');
  const change = ACCOUNT_CHANGES[action.slice(dot + 1)];
  if (change && ACCOUNT_ENTITIES.has(action.slice(0, dot))) return { cls: ACCOUNT_CHANGE, activity: change };
  return { cls: API_ACTIVITY, activity: apiActivity(action, method) };
}

export function auditToOcsf(record: Extract<ExportRecord, { stream: 'audit' }>): Record<string, unknown> {
  const e = record.doc;
  const action = str(e.action) ?? 'unknown';
  const details =
    e.details && typeof e.details === 'object'
      ? (e.details as Record<string, unknown>)
      : ({} as Record<string, unknown>);
  const method = str(details.method);
  const path = str(details.path);
  const { cls, activity } = classifyAudit(action, method);
  const status = e.outcome === 'failure' ? FAILURE : SUCCESS;
  const actorUser = ocsfUser(e.actor);
  const targetUser = ocsfUser(e.target);
  const event = baseEvent(record, cls, activity, {
    ...status,
    detail: str(details.reason) ?? str(details.refused),
  });
  const srcEndpoint = compact({ ip: ipAddress(e.ip) });
  const httpRequest = compact({
    user_agent: str(e.user_agent),
    http_method: method,
    url: path ? { path } : undefined,
    uid: str(e.request_id),
  });
  const common = {
    actor: actorUser ? { user: actorUser } : undefined,
    src_endpoint: srcEndpoint,
    http_request: httpRequest,
    unmapped: compact({
      action,
      request_id: str(e.request_id),
      target: e.target ?? undefined,
      details: e.details,
    }),
  };
  if (cls === AUTHENTICATION) {
    return compact({
      ...event,
      ...common,
      user: actorUser ?? { type: 'unknown', type_id: 0 },
      service: { name: 'Gatehouse' },
    });
  }
  if (cls === ACCOUNT_CHANGE) {
    return compact({ ...event, ...common, user: targetUser ?? actorUser ?? { type: 'unknown', type_id: 0 } });
  }
  return compact({
    ...event,
    ...common,
    api: compact({
      operation: action === 'api.request' && method && path ? `${method} ${path}` : action,
      service: { name: 'Gatehouse' },
      request: e.request_id ? { uid: str(e.request_id) } : undefined,
      response: typeof details.status === 'number' ? { code: details.status } : undefined,
    }),
    resources: targetUser
      ? [compact({ uid: targetUser.uid, name: targetUser.name, type: targetUser.type })]
      : undefined,
  });
}
