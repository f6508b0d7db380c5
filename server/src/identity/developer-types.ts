// Developers: the people whose AI tools go through the Gateway. Their states (docs/decisions/people.md):
// invited → active (the invitation accepted); pending (asked for access at device sign-in) → active
// (an admin approved); any → offboarded (every device and session revoked, the record and its history
// kept). An offboarded developer can be invited again.
export const DEVELOPER_STATUSES = ['invited', 'pending', 'active', 'offboarded'] as const;
export type DeveloperStatus = (typeof DEVELOPER_STATUSES)[number];

export interface Developer {
  id: string;
  email: string;
  name: string | null;
  status: DeveloperStatus;
  createdAt: number;
  updatedAt: number;
  activatedAt: number | null;
  offboardedAt: number | null;
  /** An invited developer's link expiry; null otherwise. */
  invitationExpiresAt: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function developerView(d: Developer) {
  return {
    id: d.id,
    email: d.email,
    name: d.name,
    status: d.status,
    created_at: iso(d.createdAt)!,
    updated_at: iso(d.updatedAt)!,
    activated_at: iso(d.activatedAt),
    offboarded_at: iso(d.offboardedAt),
    invitation_expires_at: iso(d.invitationExpiresAt),
  };
}
