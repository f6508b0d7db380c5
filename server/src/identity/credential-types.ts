// API credentials: the record as the service holds it, and as the management API shows it (never with
// a secret or its hash).
import type { IpRule } from '../../../shared/ip-rules.ts';
import type { Scope } from './scopes.ts';

export const EXPIRY_DAYS = [30, 90, 180, 365] as const;
export type ExpiryDays = (typeof EXPIRY_DAYS)[number];
export const DEFAULT_EXPIRY_DAYS: ExpiryDays = 90;

export interface Credential {
  id: string;
  name: string;
  scopes: Scope[];
  clientId: string;
  secretHash: string;
  generation: number;
  status: 'active' | 'revoked';
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
  ipAllowlist: IpRule[];
  ipDenylist: IpRule[];
  createdBy: string | null;
}

export interface CredentialView {
  id: string;
  name: string;
  scopes: Scope[];
  client_id: string;
  status: 'active' | 'revoked';
  expired: boolean;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  ip_allowlist: string[];
  ip_denylist: string[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function credentialView(c: Credential, now = Date.now()): CredentialView {
  return {
    id: c.id,
    name: c.name,
    scopes: c.scopes,
    client_id: c.clientId,
    status: c.status,
    expired: c.expiresAt <= now,
    created_at: iso(c.createdAt)!,
    expires_at: iso(c.expiresAt)!,
    revoked_at: iso(c.revokedAt),
    last_used_at: iso(c.lastUsedAt),
    ip_allowlist: c.ipAllowlist.map((r) => r.text),
    ip_denylist: c.ipDenylist.map((r) => r.text),
  };
}

/** Why a credential or one of its tokens was refused; the message is safe to show the caller. */
export type Refusal =
  | { code: 'unknown'; message: string }
  | {
      code: 'wrong_secret' | 'revoked' | 'expired' | 'reissued' | 'ip_refused';
      message: string;
      credential: Credential;
    };
