// The audit log keeps its filters in the URL (?action=credential.created&actor=cred_…&since=…), so that
// a filtered view can be linked, reloaded and left with Back, and an id pasted into the address filters.
// A value the API would refuse (an oversized action, a mangled time) is read as no filter.
import type { AuditFilters } from './audit-feed';

const PARAM: Record<keyof AuditFilters, string> = {
  action: 'action',
  actorId: 'actor',
  since: 'since',
  until: 'until',
};

/** The API's bounds: 64 characters for an action or an actor id. */
const text = (params: URLSearchParams, key: keyof AuditFilters) =>
  params.get(PARAM[key])?.trim().slice(0, 64) ?? '';
const time = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? v : '');

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  return {
    action: text(params, 'action'),
    actorId: text(params, 'actorId'),
    since: time(params.get('since') ?? ''),
    until: time(params.get('until') ?? ''),
  };
}

export function writeAuditFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(PARAM)) {
    const value = filters[key as keyof AuditFilters];
    if (value) params.set(name, value);
  }
  return params;
}
