// Admins of the console and their roles: owner (everything), admin (everything but managing admins),
// viewer (read only). A route names the least role it needs.
export const ROLES = ['viewer', 'admin', 'owner'] as const;
export type AdminRole = (typeof ROLES)[number];

export interface Admin {
  id: string;
  email: string;
  role: AdminRole;
  createdAt: number;
}

export function roleAtLeast(role: AdminRole, needed: AdminRole): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

export function adminView(a: Admin) {
  return { id: a.id, email: a.email, role: a.role, created_at: new Date(a.createdAt).toISOString() };
}

/** An admin as the admins list shows it: with its status, and an invited admin's link expiry. */
export interface AdminRecord extends Admin {
  status: 'invited' | 'active';
  invitationExpiresAt: number | null;
}

export function adminRecordView(a: AdminRecord) {
  return {
    ...adminView(a),
    status: a.status,
    invitation_expires_at:
      a.invitationExpiresAt === null ? null : new Date(a.invitationExpiresAt).toISOString(),
  };
}
