// Devices: a developer's machine signed in with the endpoint client (device sign-in comes in a later
// release; this one lists and revokes them). Revoked is final: the machine signs in again as a new device.
export const DEVICE_STATUSES = ['active', 'revoked'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export interface Device {
  id: string;
  developerId: string;
  developerEmail: string;
  name: string;
  platform: string | null;
  clientVersion: string | null;
  status: DeviceStatus;
  createdAt: number;
  lastSeenAt: number | null;
  revokedAt: number | null;
  /** revoked: an admin revoked it; offboarded: its developer was offboarded. */
  revokedReason: 'revoked' | 'offboarded' | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function deviceView(d: Device) {
  return {
    id: d.id,
    developer: { id: d.developerId, email: d.developerEmail },
    name: d.name,
    platform: d.platform,
    client_version: d.clientVersion,
    status: d.status,
    created_at: iso(d.createdAt)!,
    last_seen_at: iso(d.lastSeenAt),
    revoked_at: iso(d.revokedAt),
    revoked_reason: d.revokedReason,
  };
}
