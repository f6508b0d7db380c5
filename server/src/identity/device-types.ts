// Devices: a developer's machine signed in with the endpoint client (RFC 8628 device sign-in,
// docs/decisions/device-sign-in.md). Revoked is final: the machine signs in again as a new device.
export const DEVICE_STATUSES = ['active', 'revoked'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** revoked: an admin revoked it; offboarded: its developer was offboarded; signed_out: the endpoint
 * client signed out; refresh_reused: a rotated refresh token was replayed (a stolen token, likely). */
export const DEVICE_REVOKED_REASONS = ['revoked', 'offboarded', 'signed_out', 'refresh_reused'] as const;
export type DeviceRevokedReason = (typeof DEVICE_REVOKED_REASONS)[number];

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
  revokedReason: DeviceRevokedReason | null;
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
