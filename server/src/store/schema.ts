// Table types for Kysely. Times are epoch milliseconds in a bigint column on both engines, so that one
// code path reads and compares them; the API renders them as RFC 3339. JSON-valued columns are text.
import type { Generated } from 'kysely';
import type { ProviderFamily } from '../provider-keys/families.ts';

export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface AdminsTable {
  id: string;
  email: string;
  password_hash: string;
  role: 'owner' | 'admin' | 'viewer';
  /** invited: the invitation is not accepted yet, and password_hash is empty. */
  status: Generated<'invited' | 'active'>;
  created_at: number;
  updated_at: number;
}

export interface AdminSessionsTable {
  id: string;
  token_hash: string;
  admin_id: string;
  created_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

export interface SetupTokensTable {
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ApiCredentialsTable {
  id: string;
  name: string;
  /** JSON array of scope names. */
  scopes: string;
  client_id: string;
  /** SHA-256 of the client secret, hex. */
  secret_hash: string;
  /** Bumped by every reissue; access tokens carry it, so an old secret's tokens are refused. */
  secret_generation: number;
  status: 'active' | 'revoked';
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
  /** JSON arrays of normalised entries. */
  ip_allowlist: string;
  ip_denylist: string;
  created_by: string | null;
}

export interface AuditEventsTable {
  /** Commit-ordered position: the SIEM cursor. */
  seq: Generated<number>;
  id: string;
  time: number;
  action: string;
  actor_id: string | null;
  target_id: string | null;
  outcome: 'success' | 'failure';
  /** The whole event as served (JSON); the columns above are copies for filtering. */
  event: string;
}

export interface ProviderKeysTable {
  id: string;
  name: string;
  provider: ProviderFamily;
  /** The secret sealed with a key derived from the master key (AES-256-GCM), base64. */
  secret_sealed: string;
  secret_last4: string;
  base_url: string | null;
  /** JSON object: the family's own settings of the key (provider-keys/families.ts options). */
  options: string;
  /** JSON array of model names and `*` patterns. */
  enabled_models: string;
  created_at: number;
  updated_at: number;
  rotated_at: number | null;
  created_by: string | null;
}

export interface ActivityTable {
  /** Commit-ordered position: the activity cursor. */
  seq: Generated<number>;
  id: string;
  time: number;
  outcome: 'allowed' | 'blocked' | 'upstream_error' | 'gateway_error';
  actor_id: string | null;
  /** The device of a request made with a device token (0006). */
  device_id: string | null;
  provider: string | null;
  model: string | null;
  tool: string;
  request_id: string;
  /** The whole record as served (JSON); the columns above are copies for filtering. */
  record: string;
}

/** Which provider key served an answer a caller may come back to by id (0009, gateway/answer-keys.ts). */
export interface AnswerKeysTable {
  answer_id: string;
  family: string;
  provider_key_id: string;
  /** The credential, or the developer of a device token, that was answered. */
  actor_id: string;
  model: string | null;
  created_at: number;
}

export interface PolicyVersionsTable {
  version: number;
  /** The policy document (JSON). */
  document: string;
  created_at: number;
  /** Who made it: {type, id, name} (JSON). */
  created_by: string;
  summary: string;
  /** The difference from the previous version: [{op, path, before?, after?}] (JSON). */
  changes: string;
}

export interface RiskFindingsTable {
  /** Order of first sighting: the findings cursor. */
  seq: Generated<number>;
  id: string;
  /** HMAC of rule, actor and matched value: what makes repeats one finding. */
  fingerprint: string;
  kind: string;
  severity: string;
  rule: string;
  detector: string | null;
  actor_type: string;
  actor_id: string;
  actor_name: string | null;
  provider: string | null;
  model: string | null;
  tool: string | null;
  first_seen: number;
  last_seen: number;
  count: number;
  status: 'open' | 'resolved';
  resolved_at: number | null;
  /** {type, id, name} (JSON). */
  resolved_by: string | null;
  resolution_note: string | null;
  /** The last sighting's evidence (JSON); never the matched value. */
  evidence: string;
}

export interface DevelopersTable {
  /** Order of creation: the developers list's cursor. */
  seq: Generated<number>;
  id: string;
  email: string;
  name: string | null;
  status: 'invited' | 'pending' | 'active' | 'offboarded';
  /** scrypt; null until the developer sets one (accepting the invitation, asking for access). */
  password_hash: string | null;
  created_at: number;
  updated_at: number;
  activated_at: number | null;
  offboarded_at: number | null;
}

export interface InvitationsTable {
  id: string;
  /** SHA-256 of the invitation token, hex. */
  token_hash: string;
  kind: 'admin' | 'developer';
  /** The invited admin's or developer's id. */
  subject_id: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface DevicesTable {
  /** Order of sign-in: the devices list's cursor. */
  seq: Generated<number>;
  id: string;
  developer_id: string;
  /** What the endpoint client calls the machine (its host name). */
  name: string;
  platform: string | null;
  client_version: string | null;
  status: 'active' | 'revoked';
  created_at: number;
  last_seen_at: number | null;
  revoked_at: number | null;
  /** revoked: an admin revoked this device; offboarded: its developer was offboarded; signed_out: the
   * endpoint client signed out; refresh_reused: a rotated refresh token was replayed. */
  revoked_reason: 'revoked' | 'offboarded' | 'signed_out' | 'refresh_reused' | null;
}

export interface DeveloperSessionsTable {
  id: string;
  developer_id: string;
  device_id: string | null;
  /** SHA-256 of the session's refresh token, hex. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface DeviceAuthorizationsTable {
  id: string;
  /** SHA-256 of the ghdc_ device code, hex. */
  device_code_hash: string;
  /** SHA-256 of the normalised user code (8 letters, no dash), hex. */
  user_code_hash: string;
  client_id: string;
  scope: string;
  device_name: string | null;
  platform: string | null;
  client_version: string | null;
  /** Where the device asked from, shown on the approval page. */
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  expires_at: number;
  interval_seconds: number;
  last_polled_at: number | null;
  /** exchanged: the device code was swapped for tokens (once). */
  status: 'pending' | 'approved' | 'denied' | 'exchanged';
  /** The developer who approved or denied it. */
  developer_id: string | null;
  decided_at: number | null;
  /** The device the exchange created. */
  device_id: string | null;
}

export interface RetiredRefreshTokensTable {
  /** SHA-256 of a refresh token the session has rotated away from, hex. */
  token_hash: string;
  session_id: string;
  retired_at: number;
}

/** Failed attempts per subject (identity/failure-limiter.ts). */
export interface FailureLimitsTable {
  key: string;
  failures: number;
  allowance: number;
  window_ms: number;
  first_at: number;
  last_at: number;
}

export interface Database {
  server_settings: ServerSettingsTable;
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  setup_tokens: SetupTokensTable;
  api_credentials: ApiCredentialsTable;
  audit_events: AuditEventsTable;
  provider_keys: ProviderKeysTable;
  activity: ActivityTable;
  policy_versions: PolicyVersionsTable;
  risk_findings: RiskFindingsTable;
  developers: DevelopersTable;
  invitations: InvitationsTable;
  devices: DevicesTable;
  developer_sessions: DeveloperSessionsTable;
  device_authorizations: DeviceAuthorizationsTable;
  retired_refresh_tokens: RetiredRefreshTokensTable;
  failure_limits: FailureLimitsTable;
  answer_keys: AnswerKeysTable;
}
