// How the credentials table writes dates and states.
import type { Credential } from '../api/client';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

export function statusOf(c: Credential): { label: string; color: string } {
  if (c.status === 'revoked') return { label: 'Revoked', color: 'red' };
  if (c.expired) return { label: 'Expired', color: 'orange' };
  return { label: 'Active', color: 'green' };
}
