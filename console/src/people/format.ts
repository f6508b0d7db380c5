// How the people and devices pages name statuses and roles, in words and colours.
import type { AdminRole, DeveloperStatus, DeviceStatus } from '../api/client';

export const DEVELOPER_STATUSES: readonly DeveloperStatus[] = ['invited', 'pending', 'active', 'offboarded'];

export const DEVELOPER_STATUS: Record<DeveloperStatus, { label: string; color: string }> = {
  invited: { label: 'Invited', color: 'blue' },
  pending: { label: 'Waiting for approval', color: 'orange' },
  active: { label: 'Active', color: 'green' },
  offboarded: { label: 'Offboarded', color: 'gray' },
};

export const DEVICE_STATUSES: readonly DeviceStatus[] = ['active', 'revoked'];

export const ROLES: readonly { value: AdminRole; label: string; description: string }[] = [
  { value: 'owner', label: 'Owner', description: 'Everything, including managing admins.' },
  { value: 'admin', label: 'Admin', description: 'Everything but managing admins.' },
  { value: 'viewer', label: 'Viewer', description: 'Reads every page; changes nothing.' },
];

/** "1 device", "2 sessions". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
