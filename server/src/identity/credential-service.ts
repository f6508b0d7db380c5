// API credentials: their lifecycle (create, reissue, revoke) and the checks on every use (client
// authentication at the token endpoint, access-token verification). Every credential is held in memory,
// loaded at start and kept true by change notifications, so that no check waits on the database; a
// change made here is in this process's cache before the call returns, and in other replicas' as soon
// as PostgreSQL delivers the notification.
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';

import { ApiError } from '../errors.ts';
import { SECRET_PREFIX, newId, newSecret, safeEqual, sha256Hex } from '../crypto/tokens.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims, type AccessTokenCodec } from './access-token.ts';
import type { Credential, ExpiryDays, Refusal } from './credential-types.ts';
import {
  findCredential,
  insertCredential,
  listCredentials,
  markRevoked,
  recordLastUsed,
  updateSecret,
} from './credential-store.ts';
import { ipAllowed, parseIpRule, type IpRule } from '../../../shared/ip-rules.ts';
import type { Scope } from './scopes.ts';
import { plural } from '../../../shared/plural.ts';
import type { ActionOf } from '../audit/audit-actions.ts';

const DAY_MS = 86_400_000;
const LAST_USED_FLUSH_MS = 10_000;
const MAX_IP_ENTRIES = 100;

export interface CreateCredentialInput {
  name: string;
  scopes: Scope[];
  expiresInDays: ExpiryDays;
  ipAllowlist: string[];
  ipDenylist: string[];
}

export type TokenCheck =
  { ok: true; credential: Credential; claims: AccessTokenClaims } | { ok: false; refusal: Refusal };

export interface CredentialService {
  load(): Promise<void>;
  create(
    input: CreateCredentialInput,
    origin: RequestOrigin,
  ): Promise<{ credential: Credential; clientSecret: string }>;
  list(): Promise<Credential[]>;
  get(id: string): Promise<Credential>;
  reissue(
    id: string,
    confirm: string,
    origin: RequestOrigin,
  ): Promise<{ credential: Credential; clientSecret: string }>;
  revoke(id: string, confirm: string, origin: RequestOrigin): Promise<Credential>;
  /** Client authentication at the token endpoint. */
  authenticateClient(
    clientId: string,
    clientSecret: string,
    ip: string,
  ): { ok: true; credential: Credential } | { ok: false; refusal: Refusal };
  issueToken(credential: Credential, scopes: Scope[]): { token: string; expiresIn: number };
  /** Access-token check on every use. */
  verifyToken(token: string, ip: string): TokenCheck;
  /** Notes a use; written to the store in the background. */
  touch(credential: Credential): void;
  /** Writes pending last-used times (graceful shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Parses allow/deny entries; an invalid entry is a 400 that names it. */
export function parseIpList(field: string, entries: string[]): IpRule[] {
  if (entries.length > MAX_IP_ENTRIES) {
    throw new ApiError(
      'invalid_request',
      `${field} has ${plural(entries.length, 'entry', 'entries')}; at most ${MAX_IP_ENTRIES} are allowed`,
    );
  }
  return entries.map((entry) => {
    const rule = parseIpRule(entry);
    if (!rule) {
      throw new ApiError(
        'invalid_request',
        `${field} entry "${entry.slice(0, 64)}" is not an IPv4 or IPv6 address or a CIDR range such as 10.0.0.0/8`,
      );
    }
    return rule;
  });
}

export function createCredentialService(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  tokens: AccessTokenCodec;
  log: Logger;
}): CredentialService {
  const { store, changes, audit, tokens, log } = deps;
  const byId = new Map<string, Credential>();
  const byClientId = new Map<string, Credential>();
  const lastUsed = new Map<string, number>();
  // Compared against when the client id is unknown, so that timing does not tell which ids exist.
  const dummyHash = sha256Hex(newSecret(SECRET_PREFIX.clientSecret));

  /** A row read from the store may be older than a use this process saw but has not flushed yet. */
  function withPendingUse(c: Credential): Credential {
    const pendingUse = lastUsed.get(c.id);
    if (pendingUse && (c.lastUsedAt ?? 0) < pendingUse) c.lastUsedAt = pendingUse;
    return c;
  }

  function put(c: Credential | undefined, id: string) {
    const old = byId.get(id);
    if (old) byClientId.delete(old.clientId);
    if (!c) {
      byId.delete(id);
      return;
    }
    withPendingUse(c);
    byId.set(id, c);
    byClientId.set(c.clientId, c);
  }

  changes.subscribe('credential', async (id) => put(await findCredential(store.db, id), id));
  changes.onResync(() => load());

  async function load() {
    const all = await listCredentials(store.db);
    byId.clear();
    byClientId.clear();
    for (const c of all) put(c, c.id);
  }

  const flushTimer = setInterval(
    () => void flush().catch((err) => log.error({ err }, 'last-used flush failed')),
    LAST_USED_FLUSH_MS,
  );
  flushTimer.unref();

  async function flush() {
    if (lastUsed.size === 0) return;
    const pending = [...lastUsed];
    lastUsed.clear();
    try {
      for (const [id, at] of pending) await recordLastUsed(store.db, id, at);
    } catch (err) {
      for (const [id, at] of pending) if ((lastUsed.get(id) ?? 0) < at) lastUsed.set(id, at);
      throw err;
    }
  }

  async function mustGet(id: string): Promise<Credential> {
    const c = await findCredential(store.db, id);
    if (!c) throw new ApiError('not_found', `No API credential has the id "${id.slice(0, 64)}".`);
    return withPendingUse(c);
  }

  function checkConfirm(c: Credential, confirm: string) {
    if (confirm !== c.name) {
      throw new ApiError(
        'confirmation_mismatch',
        `To confirm, send "confirm" with the credential's exact name, "${c.name}".`,
      );
    }
  }

  const event = (
    action: ActionOf<'credential'>,
    c: Credential,
    origin: RequestOrigin,
    details?: Record<string, unknown>,
  ) => changeEvent(action, { type: 'credential', id: c.id, name: c.name }, origin, details);

  /** Status, expiry and IP checks shared by client authentication and token verification. */
  function usable(c: Credential, ip: string, now: number): Refusal | null {
    if (c.status === 'revoked') {
      return {
        code: 'revoked',
        credential: c,
        message: 'This API credential has been revoked; create a new one.',
      };
    }
    if (c.expiresAt <= now) {
      return {
        code: 'expired',
        credential: c,
        message: `This API credential expired on ${new Date(c.expiresAt).toISOString()}; create a new one.`,
      };
    }
    if (!ipAllowed(ip, c.ipAllowlist, c.ipDenylist)) {
      return {
        code: 'ip_refused',
        credential: c,
        message: `This API credential's IP rules do not allow requests from ${ip}.`,
      };
    }
    return null;
  }

  return {
    load,
    async create(input, origin) {
      const now = Date.now();
      const clientSecret = newSecret(SECRET_PREFIX.clientSecret);
      const credential: Credential = {
        id: newId('cred'),
        name: input.name,
        scopes: [...new Set(input.scopes)],
        clientId: newId(SECRET_PREFIX.clientId.slice(0, -1)),
        secretHash: sha256Hex(clientSecret),
        generation: 1,
        status: 'active',
        createdAt: now,
        expiresAt: now + input.expiresInDays * DAY_MS,
        revokedAt: null,
        lastUsedAt: null,
        ipAllowlist: parseIpList('ip_allowlist', input.ipAllowlist),
        ipDenylist: parseIpList('ip_denylist', input.ipDenylist),
        createdBy: origin.actor.type === 'admin' ? origin.actor.id : null,
      };
      await store.db.transaction().execute(async (trx) => {
        await insertCredential(trx, credential);
        await audit.inTransaction(
          trx,
          event('credential.created', credential, origin, {
            scopes: credential.scopes,
            expires_at: new Date(credential.expiresAt).toISOString(),
            ip_allowlist: credential.ipAllowlist.map((r) => r.text),
            ip_denylist: credential.ipDenylist.map((r) => r.text),
          }),
        );
      });
      await changes.publish('credential', credential.id);
      return { credential, clientSecret };
    },
    list: async () => (await listCredentials(store.db)).map(withPendingUse),
    get: mustGet,
    async reissue(id, confirm, origin) {
      const c = await mustGet(id);
      checkConfirm(c, confirm);
      if (c.status === 'revoked')
        throw new ApiError('conflict', 'A revoked credential cannot be reissued; create a new one.');
      const clientSecret = newSecret(SECRET_PREFIX.clientSecret);
      const updated: Credential = { ...c, secretHash: sha256Hex(clientSecret), generation: c.generation + 1 };
      await store.db.transaction().execute(async (trx) => {
        await updateSecret(trx, id, updated.secretHash, updated.generation);
        await audit.inTransaction(
          trx,
          event('credential.secret_reissued', updated, origin, { generation: updated.generation }),
        );
      });
      await changes.publish('credential', id);
      return { credential: updated, clientSecret };
    },
    async revoke(id, confirm, origin) {
      const c = await mustGet(id);
      checkConfirm(c, confirm);
      if (c.status === 'revoked') return c;
      const now = Date.now();
      await store.db.transaction().execute(async (trx) => {
        await markRevoked(trx, id, now);
        await audit.inTransaction(trx, event('credential.revoked', c, origin));
      });
      await changes.publish('credential', id);
      return { ...c, status: 'revoked', revokedAt: now };
    },
    authenticateClient(clientId, clientSecret, ip) {
      const c = byClientId.get(clientId);
      const matches = safeEqual(sha256Hex(clientSecret), c?.secretHash ?? dummyHash);
      const failed = 'Client authentication failed: the client id or the client secret is wrong.';
      if (!c) return { ok: false, refusal: { code: 'unknown', message: failed } };
      if (!matches) return { ok: false, refusal: { code: 'wrong_secret', credential: c, message: failed } };
      const refusal = usable(c, ip, Date.now());
      return refusal ? { ok: false, refusal } : { ok: true, credential: c };
    },
    issueToken(credential, scopes) {
      const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
      const token = tokens.issue({
        credentialId: credential.id,
        generation: credential.generation,
        scopes,
        expiresAt,
      });
      return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },
    verifyToken(token, ip) {
      const claims = tokens.read(token);
      const unknown: Refusal = {
        code: 'unknown',
        message: 'The access token is not valid; request a new one at /api/oauth/token.',
      };
      if (!claims) return { ok: false, refusal: unknown };
      const c = byId.get(claims.credentialId);
      if (!c) return { ok: false, refusal: unknown };
      const now = Date.now();
      if (claims.expiresAt * 1000 <= now) {
        return {
          ok: false,
          refusal: {
            code: 'expired',
            credential: c,
            message: 'The access token has expired; request a new one.',
          },
        };
      }
      if (claims.generation !== c.generation && c.status === 'active') {
        return {
          ok: false,
          refusal: {
            code: 'reissued',
            credential: c,
            message:
              "The credential's secret was reissued; this token was issued to the old secret. Request a new one.",
          },
        };
      }
      const refusal = usable(c, ip, now);
      return refusal ? { ok: false, refusal } : { ok: true, credential: c, claims };
    },
    touch(c) {
      const now = Date.now();
      c.lastUsedAt = now;
      lastUsed.set(c.id, now);
    },
    flush,
    async close() {
      clearInterval(flushTimer);
      await flush();
    },
  };
}
