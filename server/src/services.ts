// The services of one Gatehouse process, built from the store and the master key. Plain factory
// functions wired by hand: no container.
import type { Logger } from 'pino';
import type { Store } from './store/database.ts';
import { createChangeBus, type ChangeBus } from './store/change-bus.ts';
import { createAuditLog, type AuditLog } from './audit/audit-log.ts';
import type { MasterKey } from './crypto/master-key.ts';
import { createAccessTokenCodec, type AccessTokenCodec } from './identity/access-token.ts';
import { createCredentialService, type CredentialService } from './identity/credential-service.ts';
import { createAdminService, type AdminService } from './identity/admin-service.ts';
import { createProviderKeyService, type ProviderKeyService } from './provider-keys/provider-key-service.ts';
import { createModelCatalog, type ModelCatalog } from './provider-keys/model-catalog.ts';
import { createActivityLog, type ActivityLog } from './activity/activity-log.ts';
import { createAnswerKeys, type AnswerKeys } from './gateway/answer-keys.ts';
import { createRiskService, type RiskService } from './risk/risk-service.ts';
import { createPolicyService, type PolicyService } from './policy/policy-service.ts';
import type { SmtpSettings } from './config.ts';
import { createMailer, NO_MAILER, type Mailer } from './mail/mailer.ts';
import { createInvitationSender } from './identity/invitation-sender.ts';
import { createAdminManagement, type AdminManagement } from './identity/admin-management.ts';
import { createDeveloperService, type DeveloperService } from './identity/developer-service.ts';
import { createDeviceService, type DeviceService } from './identity/device-service.ts';
import { createInvitationService, type InvitationService } from './identity/invitation-service.ts';
import { createDeviceTokenCodec, type DeviceTokenCodec } from './identity/device-token.ts';
import { createDeviceSessionCache, type DeviceSessionCache } from './identity/device-session-cache.ts';
import { createDeviceSettings, type DeviceSettings } from './identity/device-settings.ts';
import {
  createDeviceAuthorizationService,
  type DeviceAuthorizationService,
} from './identity/device-authorization-service.ts';
import { createDeviceSessions, type DeviceSessions } from './identity/device-sessions.ts';
import {
  createDeveloperSessionService,
  type DeveloperSessionService,
} from './identity/developer-session-service.ts';
import { createFailureLimiter } from './identity/failure-limiter.ts';
import { createMcpServerService, type McpServerService } from './mcp/mcp-server-service.ts';
import { createToolGovernor, LOCAL_PINS, type ToolGovernor } from './mcp/tool-governor.ts';
import { createLocalServerService, type LocalServerService } from './mcp/local-server-service.ts';
import { createLocalServerInventory, type LocalServerInventory } from './mcp/local-server-inventory.ts';
import { createSlopsquatServices, type SlopsquatServices } from './slopsquat/detection/slopsquat-services.ts';
import { createObservatory, type Observatory } from './slopsquat/observatory/observatory-service.ts';
import { createPackageLookup, type RegistryLookup } from './slopsquat/registry/lookup.ts';
import type { RegistryUrls } from './slopsquat/registry/registry-urls.ts';
import { createRetentionSettings, type RetentionSettings } from './retention/retention-settings.ts';
import { createRetentionJob, type RetentionJob } from './retention/retention-job.ts';
import { createUpstreamHealth, type UpstreamHealth } from './gateway/upstream-health.ts';
import { startTracing, type GatewayTracing } from './tracing/gateway-tracing.ts';
import type { TracingSettings } from './tracing/tracing-config.ts';
import {
  createSiemDestinationService,
  type SiemDestinationService,
} from './siem/siem-destination-service.ts';
import { createSiemExporter, type SiemExporter } from './siem/siem-exporter.ts';

export interface Services {
  store: Store;
  key: MasterKey;
  changes: ChangeBus;
  audit: AuditLog;
  tokens: AccessTokenCodec;
  credentials: CredentialService;
  admins: AdminService;
  providerKeys: ProviderKeyService;
  catalog: ModelCatalog;
  activity: ActivityLog;
  /** Which provider key served each response a caller may come back to by id. */
  answerKeys: AnswerKeys;
  risk: RiskService;
  policy: PolicyService;
  mailer: Mailer;
  adminManagement: AdminManagement;
  developers: DeveloperService;
  devices: DeviceService;
  invitations: InvitationService;
  deviceTokens: DeviceTokenCodec;
  /** The Gateway's in-memory view of live developer sessions, their devices and developers. */
  deviceSessionCache: DeviceSessionCache;
  deviceSettings: DeviceSettings;
  deviceAuthorizations: DeviceAuthorizationService;
  deviceSessions: DeviceSessions;
  developerSessions: DeveloperSessionService;
  /** The Gateway's address for devices (gateway_url), given the host the console was reached at. */
  gatewayUrl: (consoleHost: string) => string;
  /** The MCP inventory; also the proxy's McpInventoryView (routeByAlias). */
  mcpServers: McpServerService;
  /** MCP tools' pins, states and rules, judged from memory (mcp-contract.ts McpToolGovernor). */
  mcpTools: ToolGovernor;
  /** Local MCP servers the endpoint client's shim reports, per device (or credential), in memory. */
  mcpLocalServers: LocalServerService;
  /** Local servers' tools: pins, states and rules, by the same governor over its own tables. */
  mcpLocalTools: ToolGovernor;
  /** Local servers for the management API: listed from the store, their tools approved or blocked. */
  mcpLocalInventory: LocalServerInventory;
  /**
   * Asks the package registries about names models give (the Gateway's slopsquat detection): the
   * configured registries, with those an admin set in the observatory's settings in their place.
   */
  slopsquatLookup: RegistryLookup;
  /** The slopsquat observatory: the Gateway's ObservatoryRecorder, its public feed and its settings. */
  observatory: Observatory;
  /** The slopsquat detector's checks and reports over those lookups (slopsquat/detection/). */
  slopsquat: SlopsquatServices;
  /** How long each log is kept (GET/PUT /api/v1/settings/retention). */
  retentionSettings: RetentionSettings;
  /** Deletes what the logs keep no longer; its timer is started once the listeners are up. */
  retention: RetentionJob;
  /** The in-process Gateway's recent upstream outcomes: its GET /v1/status, and the console's overview. */
  upstreamHealth: UpstreamHealth;
  /** The Gateway's OpenTelemetry spans; null when tracing is not configured (then the SDK is not loaded). */
  tracing: GatewayTracing | null;
  /** SIEM destinations (/api/v1/siem/destinations). */
  siemDestinations: SiemDestinationService;
  /** The SIEM push export; its timer is started once the listeners are up. */
  siemExport: SiemExporter;
}

export interface ServiceOptions {
  /** The console's address as people reach it, for invitation links; read when a link is made, so that
   * it can name the port the console listener was given after the services were made. */
  publicUrl: () => string;
  smtp: SmtpSettings | undefined;
  /** The Gateway's address handed to devices at sign-in, given the host the console was reached at. */
  gatewayUrl: (consoleHost: string) => string;
  /** GATEHOUSE_SLOPSQUAT_REGISTRIES (config.slopsquatRegistries). */
  slopsquatRegistries: RegistryUrls;
  /** config.tracing: OpenTelemetry traces, or null when off. */
  tracing: TracingSettings | null;
}

export async function createServices(
  store: Store,
  key: MasterKey,
  log: Logger,
  options: ServiceOptions,
): Promise<Services> {
  const changes = createChangeBus(store, log);
  const audit = createAuditLog(store, log);
  const tokens = createAccessTokenCodec(key);
  const credentials = createCredentialService({ store, changes, audit, tokens, log });
  await credentials.load();
  const admins = createAdminService({ store, audit, key });
  const providerKeys = createProviderKeyService({
    store,
    changes,
    audit,
    sealingKey: key.derive('provider-keys'),
    log,
  });
  await providerKeys.load();
  const catalog = createModelCatalog({ store, changes, audit, providerKeys });
  await catalog.load();
  const activity = createActivityLog(store, log);
  const tracing = await startTracing(options.tracing, activity, log);
  const answerKeys = createAnswerKeys(store, log);
  const risk = createRiskService({ store, audit, fingerprintKey: key.derive('risk-fingerprint'), log });
  const policy = createPolicyService({ store, changes, audit, risk, log });
  await policy.load();
  const mailer = options.smtp ? createMailer(options.smtp, log) : NO_MAILER;
  const sendInvitation = createInvitationSender({ mailer, audit, publicUrl: options.publicUrl });
  const adminManagement = createAdminManagement({ store, audit, sendInvitation });
  const developers = createDeveloperService({ store, changes, audit, sendInvitation });
  const devices = createDeviceService({ store, changes, audit });
  const invitations = createInvitationService({ store, changes, audit, admins });
  const deviceTokens = createDeviceTokenCodec(key);
  const deviceSessionCache = createDeviceSessionCache({ store, changes, tokens: deviceTokens, log });
  await deviceSessionCache.load();
  const deviceSettings = createDeviceSettings({ store, changes, audit });
  await deviceSettings.load();
  // Developers' failed sign-ins and wrong user codes share one allowance per address: twenty in 15
  // minutes, then a doubling lock; sign-ins also five per (account, address) and fifty per account
  // before its failing addresses wait, as admins' sign-ins.
  const developerAttempts = createFailureLimiter(store.db, {
    name: 'developer',
    windowMs: 15 * 60_000,
    perAddress: 20,
    perPair: 5,
    perAccount: 50,
  });
  const deviceAuthorizations = createDeviceAuthorizationService({
    store,
    audit,
    publicUrl: options.publicUrl,
    attempts: developerAttempts,
  });
  const deviceSessions = createDeviceSessions({
    store,
    changes,
    audit,
    deviceTokens,
    settings: deviceSettings,
  });
  const developerSessions = createDeveloperSessionService({
    store,
    audit,
    key,
    developers,
    deviceAuthorizations,
    attempts: developerAttempts,
  });
  const mcpServers = createMcpServerService({
    store,
    changes,
    audit,
    risk,
    sealingKey: key.derive('mcp-servers'),
    log,
  });
  await mcpServers.load();
  const mcpTools = createToolGovernor({ store, changes, policy, risk, log });
  await mcpTools.load();
  const mcpLocalServers = createLocalServerService({ store, log });
  await mcpLocalServers.load();
  const mcpLocalTools = createToolGovernor({ store, changes, policy, risk, log, tables: LOCAL_PINS });
  await mcpLocalTools.load();
  const slopsquatLookup = createPackageLookup({ registries: options.slopsquatRegistries, log });
  const observatory = createObservatory({
    store,
    changes,
    audit,
    log,
    developerKey: key.derive('slopsquat-developer'),
    registries: { lookup: slopsquatLookup, configured: options.slopsquatRegistries },
  });
  await observatory.load();
  const siemKey = key.derive('siem-destinations');
  const siemExport = createSiemExporter({ store, sealingKey: siemKey, log });
  return {
    store,
    key,
    changes,
    audit,
    tokens,
    credentials,
    admins,
    providerKeys,
    catalog,
    activity,
    answerKeys,
    risk,
    policy,
    mailer,
    adminManagement,
    developers,
    devices,
    invitations,
    deviceTokens,
    deviceSessionCache,
    deviceSettings,
    deviceAuthorizations,
    deviceSessions,
    developerSessions,
    gatewayUrl: options.gatewayUrl,
    mcpServers,
    mcpTools,
    mcpLocalServers,
    mcpLocalTools,
    mcpLocalInventory: createLocalServerInventory({ store, changes, audit, risk }),
    slopsquatLookup,
    observatory,
    slopsquat: createSlopsquatServices({ lookup: slopsquatLookup, risk, observatory, key, log }),
    retentionSettings: createRetentionSettings({ store, audit }),
    retention: createRetentionJob({ store, audit, log }, { siem: siemExport.hold }),
    upstreamHealth: createUpstreamHealth(),
    tracing,
    siemDestinations: createSiemDestinationService({ store, audit, sealingKey: siemKey }),
    siemExport,
  };
}

/** Flushes everything pending and lets go of the database, in dependency order. */
export async function closeServices(s: Services): Promise<void> {
  // First: a run in progress stops at its next batch, and its audit event goes out with the rest.
  await s.retention.stop();
  await s.siemExport.stop();
  await s.credentials.close();
  await s.deviceSessionCache.close();
  s.mailer.close();
  // Before the activity: an answer's record waits for its package checks.
  await s.slopsquat.drain();
  await s.activity.drain();
  // After the activity: the last records end the last spans, which are then exported.
  await s.tracing?.shutdown();
  await s.answerKeys.close();
  // Before the findings: a tools/list's findings are reported as its writes are queued.
  await s.mcpTools.drain();
  await s.mcpLocalServers.drain();
  await s.mcpLocalTools.drain();
  await s.risk.drain();
  await s.observatory.close();
  await s.slopsquatLookup.close();
  await s.audit.drain();
  await s.changes.close();
  await s.store.close();
}
