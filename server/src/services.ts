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

export interface Services {
  store: Store;
  key: MasterKey;
  changes: ChangeBus;
  audit: AuditLog;
  tokens: AccessTokenCodec;
  credentials: CredentialService;
  admins: AdminService;
}

export async function createServices(store: Store, key: MasterKey, log: Logger): Promise<Services> {
  const changes = createChangeBus(store, log);
  const audit = createAuditLog(store, log);
  const tokens = createAccessTokenCodec(key);
  const credentials = createCredentialService({ store, changes, audit, tokens, log });
  await credentials.load();
  const admins = createAdminService({ store, audit, key });
  return { store, key, changes, audit, tokens, credentials, admins };
}

/** Flushes everything pending and lets go of the database, in dependency order. */
export async function closeServices(s: Services): Promise<void> {
  await s.credentials.close();
  await s.audit.drain();
  await s.changes.close();
  await s.store.close();
}
