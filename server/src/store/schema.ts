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
  outcome: 'allowed' | 'redacted' | 'blocked' | 'upstream_error' | 'gateway_error';
  actor_id: string | null;
  /** The device of a request made with a device token (0006). */
  device_id: string | null;
  provider: string | null;
  model: string | null;
  tool: string;
  request_id: string;
  /** An MCP call's server alias and tool (0011). */
  mcp_server: string | null;
  mcp_tool: string | null;
  /** routed or local (0012). */
  mcp_source: string | null;
  /** The record's token counts, for the rollups (0014); null before them. */
  input_tokens: number | null;
  output_tokens: number | null;
  /** The whole record as served (JSON); the columns above are copies for filtering. */
  record: string;
}

/** Activity by hour and outcome, kept by the activity writer (0014). */
export interface ActivityHourlyTable {
  /** The hour's start, epoch ms. */
  hour: number;
  outcome: string;
  requests: number;
  tokens_in: number;
  tokens_out: number;
}

/** Requests (and blocked ones) per actor, tool, model and provider, per hour and per UTC day (0014). */
export interface ActivityBusiestTable {
  /** 3600000 or 86400000. */
  span: number;
  start: number;
  dim: 'actor' | 'tool' | 'model' | 'provider';
  key: string;
  requests: number;
  blocked: number;
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
  /** How many distinct requests raised or repeated it, kept in risk_finding_requests or not (0020). */
  requests_count: Generated<number>;
}

/** The requests that raised or repeated a finding: its first ones and its latest ones (0020). */
export interface RiskFindingRequestsTable {
  finding_id: string;
  /** The activity's request_id. */
  request_id: string;
  /** When the request first showed it (epoch ms). */
  time: number;
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

/** A registered remote MCP server (0010, mcp/mcp-server-service.ts). */
export interface McpServersTable {
  id: string;
  alias: string;
  url: string;
  description: string | null;
  /** The server's own headers ({name: value} JSON) sealed with a key derived from the master key, base64. */
  headers_sealed: string;
  /** {name: "••••last4"} (JSON): what the API shows of them. */
  headers_masked: string;
  /** 1 or 0. */
  enabled: number;
  /** When its tools were first listed; null before. */
  inventoried_at: number | null;
  created_at: number;
  updated_at: number;
  created_by: string | null;
}

/** A tool of a registered MCP server as Gatehouse has seen it (0010, mcp/tool-governor.ts). */
export interface McpToolsTable {
  server_id: string;
  name: string;
  title: string | null;
  description: string | null;
  /** The pinned definition (canonical JSON) and its SHA-256 hex; null while a new tool awaits approval. */
  definition: string | null;
  sha256: string | null;
  /** What the server shows now, when it differs from the pin. */
  pending_definition: string | null;
  pending_sha256: string | null;
  state: 'pinned' | 'changed' | 'blocked' | 'new';
  /** Tool-poisoning rule ids of the definition last seen (JSON array). */
  signals: Generated<string>;
  first_seen: number;
  last_seen: number;
  removed_at: number | null;
  calls: Generated<number>;
  errors: Generated<number>;
}

/** A local MCP server the endpoint client's shim reported (0012, mcp/local-server-service.ts). */
export interface McpLocalServersTable {
  id: string;
  /** device:<id>, developer:<id> or credential:<id>: whose machine runs it. */
  owner: string;
  developer_id: string | null;
  device_id: string | null;
  credential_id: string | null;
  name: string;
  command: string;
  args_sha256: string;
  /** serverInfo of its initialize answer (JSON). */
  server_info: string | null;
  protocol_version: string | null;
  inventoried_at: number | null;
  first_seen: number;
  last_seen: number;
}

/** What is kept of invented package names, counted per developer (keyed), model family and reason (0013). */
export interface SlopsquatSightingsTable {
  ecosystem: string;
  name: string;
  /** A keyed hash of the developer and the name together: counts people, names none, links nothing. */
  developer: string;
  /** '' when unknown. */
  model_family: string;
  reason: string;
  /** UTC days (epoch ms of the day's start). */
  first_seen: number;
  last_seen: number;
  count: number;
  blocked: number;
}

/** What was learnt about an invented name since (0013): registered meanwhile, private registry's answer. */
export interface SlopsquatNamesTable {
  ecosystem: string;
  name: string;
  registered_since: number | null;
  private_status: 'exists' | 'missing' | null;
  /** The private registry that answered. */
  private_registry: string | null;
  private_checked_at: number | null;
  /** When the public registry was last asked whether the name has been registered since (0016). */
  public_checked_at: number | null;
}

/** Names a subscribed observatory feed reports (0013). */
export interface SlopsquatFeedNamesTable {
  /** The subscription's address. */
  feed: string;
  ecosystem: string;
  name: string;
  learned_at: number;
}

/** How long each log is kept, in days (0015); the audit log's floor of 30 is a constraint. */
export interface RetentionSettingsTable {
  log: 'activity' | 'audit' | 'findings';
  days: number;
}

/** SQLite only (0015): the cutoff the retention job sets and clears in its own delete transaction. */
export interface RetentionCutoffsTable {
  log: 'activity' | 'audit';
  cutoff: number;
}

/** A SIEM push destination (0017); token and secret sealed, bound to the id. */
export interface SiemDestinationsTable {
  id: string;
  name: string;
  type: 'splunk_hec' | 'syslog' | 'webhook';
  url: string;
  format: 'json' | 'cef' | 'ocsf';
  /** JSON array of stream names. */
  streams: string;
  enabled: number;
  token_sealed: string | null;
  token_last4: string | null;
  secret_sealed: string | null;
  secret_last4: string | null;
  tls_ca: string | null;
  created_at: number;
  updated_at: number;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}

/** Per destination and stream, the last seq the receiver acknowledged (0017). */
export interface SiemCursorsTable {
  destination_id: string;
  stream: 'audit' | 'activity' | 'findings';
  seq: number;
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
  mcp_servers: McpServersTable;
  mcp_tools: McpToolsTable;
  /** The tools of local servers: the shape of mcp_tools (0012). */
  mcp_local_tools: McpToolsTable;
  mcp_local_servers: McpLocalServersTable;
  slopsquat_sightings: SlopsquatSightingsTable;
  slopsquat_names: SlopsquatNamesTable;
  slopsquat_feed_names: SlopsquatFeedNamesTable;
  activity_hourly: ActivityHourlyTable;
  activity_busiest: ActivityBusiestTable;
  retention_settings: RetentionSettingsTable;
  retention_cutoffs: RetentionCutoffsTable;
  risk_finding_requests: RiskFindingRequestsTable;
  siem_destinations: SiemDestinationsTable;
  siem_cursors: SiemCursorsTable;
}
