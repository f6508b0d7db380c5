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
}

export interface ServiceOptions {
  /** The console's address as people reach it, for invitation links; read when a link is made, so that
   * it can name the port the console listener was given after the services were made. */
  publicUrl: () => string;
  smtp: SmtpSettings | undefined;
  /** The Gateway's address handed to devices at sign-in, given the host the console was reached at. */
  gatewayUrl: (consoleHost: string) => string;
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
  };
}

/** Flushes everything pending and lets go of the database, in dependency order. */
export async function closeServices(s: Services): Promise<void> {
  await s.credentials.close();
  await s.deviceSessionCache.close();
  s.mailer.close();
  await s.activity.drain();
  await s.answerKeys.close();
  await s.risk.drain();
  await s.audit.drain();
  await s.changes.close();
  await s.store.close();
}
