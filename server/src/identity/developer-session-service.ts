// Developers' console sessions: a developer signs in with their own e-mail and password to approve a
// device sign-in. Kept in developer_sessions with no device (device_id null), so that offboarding, which
// revokes every session of the developer, signs them out of the console too. The cookie holds a ghds_
// token, stored only as its SHA-256; the CSRF token is an HMAC of the session id, as for admins.
// Failed sign-ins and wrong user codes share one allowance per address (`attempts`); sign-ins are also
// counted per (account, address) and per account there.
import { createHmac } from 'node:crypto';
import type { Store } from '../store/database.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { ApiError } from '../errors.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../crypto/password.ts';
import type { MasterKey } from '../crypto/master-key.ts';
import { SECRET_PREFIX, newId, newSecret, safeEqual, sha256Hex } from '../crypto/tokens.ts';
import type { Origin } from './admin-service.ts';
import { SESSION_TTL_MS } from './admin-service.ts';
import type { DeveloperService } from './developer-service.ts';
import type { Developer } from './developer-types.ts';
import { findDeveloper, findDeveloperByEmail } from './developer-store.ts';
import type { DeviceAuthorizationService } from './device-authorization-service.ts';
import { createFailureLimiter, type FailureLimiter, type Standing, type Subject } from './failure-limiter.ts';
import { plural } from '../../../shared/plural.ts';

export interface DeveloperSessionContext {
  developer: Developer;
  sessionId: string;
  csrfToken: string;
}

export interface DeveloperSignedIn {
  developer: Developer;
  session: string;
  csrfToken: string;
}

export interface DeveloperSessionService {
  signIn(email: string, password: string, origin: Origin): Promise<DeveloperSignedIn>;
  /** null when the cookie names no live session; 'expired' when it did but its time is up. */
  authenticate(token: string): Promise<DeveloperSessionContext | null | 'expired'>;
  signOut(ctx: DeveloperSessionContext, origin: Origin): Promise<void>;
  csrfMatches(ctx: DeveloperSessionContext, header: string | undefined): boolean;
  /**
   * Someone without an account signs a device in: a pending developer (or the same pending one again,
   * with the same password), signed in, and the device's code approved on their behalf. The device
   * waits for an admin to approve the account.
   */
  requestAccess(
    input: { email: string; name: string | null; password: string; userCode: string },
    origin: Origin,
  ): Promise<DeveloperSignedIn & { created: boolean }>;
}

export function createDeveloperSessionService(deps: {
  store: Store;
  audit: AuditLog;
  key: MasterKey;
  developers: DeveloperService;
  deviceAuthorizations: DeviceAuthorizationService;
  /** Failed attempts per address, shared with wrong user codes; sign-ins name their account. */
  attempts: FailureLimiter;
}): DeveloperSessionService {
  const { store, audit, attempts } = deps;
  const csrfKey = deps.key.derive('developer-csrf/v1');
  const csrfFor = (sessionId: string) => createHmac('sha256', csrfKey).update(sessionId).digest('base64url');
  // New accounts asked for from one address: ten an hour, then a doubling wait.
  const newAccounts = createFailureLimiter(store.db, {
    name: 'developer-access-request',
    windowMs: 60 * 60_000,
    perAddress: 10,
  });

  async function letIn(subject: Subject): Promise<Standing> {
    const standing = await attempts.check(subject);
    const wait = standing.wait;
    if (wait > 0) {
      throw new ApiError(
        'too_many_requests',
        `Too many failed attempts; try again in ${plural(wait, 'second')}.`,
        {
          'retry-after': String(wait),
        },
      );
    }
    return standing;
  }

  const base = (origin: Origin) => ({
    ip: origin.ip,
    userAgent: origin.userAgent,
    requestId: origin.requestId,
  });

  async function startSession(developer: Developer, origin: Origin): Promise<DeveloperSignedIn> {
    const session = newSecret(SECRET_PREFIX.developerSession);
    const id = newId('dss');
    const now = Date.now();
    await store.db
      .insertInto('developer_sessions')
      .values({
        id,
        developer_id: developer.id,
        device_id: null,
        token_hash: sha256Hex(session),
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
        last_used_at: now,
        revoked_at: null,
      })
      .execute();
    await audit.durable({
      ...base(origin),
      action: 'session.sign_in',
      actor: { type: 'developer', id: developer.id, name: developer.email },
      outcome: 'success',
      details: { console: 'developer' },
    });
    return { developer, session, csrfToken: csrfFor(id) };
  }

  /** The developer an e-mail and password name, or a refusal counted against account and address. */
  async function check(email: string, password: string, origin: Origin): Promise<Developer> {
    const subject = { account: email.toLowerCase(), address: origin.ip };
    const standing = await letIn(subject);
    const row = await store.db
      .selectFrom('developers')
      .select(['id', 'status', 'password_hash'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    const usable = row && (row.status === 'active' || row.status === 'pending') ? row.password_hash : null;
    const ok = await verifyPassword(password, usable ?? (await DUMMY_PASSWORD_HASH));
    if (usable && ok) {
      await attempts.succeed(subject, standing);
      return (await findDeveloper(store.db, row!.id))!;
    }
    await attempts.fail(subject);
    await audit.durable({
      ...base(origin),
      action: 'session.sign_in',
      actor: row
        ? { type: 'developer', id: row.id, name: email.toLowerCase() }
        : { type: 'anonymous', id: null, name: email.slice(0, 200) },
      outcome: 'failure',
      details: {
        console: 'developer',
        reason: !row ? 'unknown_email' : usable ? 'wrong_password' : row.status,
      },
    });
    if (row?.status === 'invited')
      throw new ApiError(
        'conflict',
        `${email.toLowerCase()} has been invited: open the invitation link in your e-mail to choose a password first.`,
      );
    throw new ApiError('invalid_credentials', 'The e-mail address or the password is wrong.');
  }

  return {
    async signIn(email, password, origin) {
      return startSession(await check(email, password, origin), origin);
    },

    async authenticate(token) {
      if (!token.startsWith(SECRET_PREFIX.developerSession) || token.length > 128) return null;
      const row = await store.db
        .selectFrom('developer_sessions')
        .select(['id', 'developer_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', sha256Hex(token))
        .where('device_id', 'is', null)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) return null;
      if (row.expires_at <= Date.now()) return 'expired';
      const developer = await findDeveloper(store.db, row.developer_id);
      if (!developer || (developer.status !== 'active' && developer.status !== 'pending')) return null;
      return { developer, sessionId: row.id, csrfToken: csrfFor(row.id) };
    },

    async signOut(ctx, origin) {
      const now = Date.now();
      await store.db
        .updateTable('developer_sessions')
        .set({ revoked_at: now })
        .where('id', '=', ctx.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      await audit.durable({
        ...base(origin),
        action: 'session.sign_out',
        actor: { type: 'developer', id: ctx.developer.id, name: ctx.developer.email },
        outcome: 'success',
        details: { console: 'developer' },
      });
    },

    csrfMatches(ctx, header) {
      return header !== undefined && safeEqual(header, ctx.csrfToken);
    },

    async requestAccess({ email, name, password, userCode }, origin) {
      const address = { address: origin.ip };
      await letIn({ account: email.toLowerCase(), address: origin.ip });
      // The code first: a wrong one counts against the address before any account is made.
      await deps.deviceAuthorizations.pendingByUserCode(userCode, origin);
      const existing = await findDeveloperByEmail(store.db, email.toLowerCase());
      let developer: Developer;
      if (existing?.status === 'pending') {
        // Asking again is signing in: only with the password chosen the first time.
        developer = await check(email, password, origin);
      } else {
        const { wait } = await newAccounts.check(address);
        if (wait > 0)
          throw new ApiError(
            'too_many_requests',
            `Too many access requests; try again in ${plural(wait, 'second')}.`,
            {
              'retry-after': String(wait),
            },
          );
        developer = await deps.developers.requestAccess({ email, name, password }, origin);
        await newAccounts.fail(address);
      }
      const signedIn = await startSession(developer, origin);
      await deps.deviceAuthorizations.decide(userCode, developer, 'approve', origin, 'access_request');
      return { ...signedIn, created: existing === undefined };
    },
  };
}
