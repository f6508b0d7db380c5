// Admins, the first owner (from the environment or the one-time setup link), sign-in with slowed-down
// failures, and console sessions with their CSRF token.
import { createHmac } from 'node:crypto';
import type { Store } from '../store/database.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { ApiError } from '../errors.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../crypto/password.ts';
import type { MasterKey } from '../crypto/master-key.ts';
import { SECRET_PREFIX, newId, newSecret, safeEqual, sha256Hex } from '../crypto/tokens.ts';
import { createFailureLimiter } from './failure-limiter.ts';
import type { Admin, AdminRole } from './admin-types.ts';
import { plural } from '../../../shared/plural.ts';

/** A console session lasts 12 hours from sign-in, the working day of an admin, and no longer. */
export const SESSION_TTL_MS = 12 * 3600_000;
const SETUP_TTL_MS = 24 * 3600_000;
export const MIN_PASSWORD_LENGTH = 12;

/** The one rule for every password a person chooses (admins, developers). */
export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ApiError(
      'invalid_request',
      `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    );
  }
}

export interface SessionContext {
  admin: Admin;
  sessionId: string;
  csrfToken: string;
}

export interface Origin {
  ip: string;
  userAgent: string | null;
  requestId: string;
}

export interface AdminService {
  /** On a store with no admin: creates the owner from the environment, or returns a fresh setup token. */
  bootstrap(email: string | undefined, password: string | undefined): Promise<{ setupToken?: string }>;
  completeSetup(
    token: string,
    email: string,
    password: string,
    origin: Origin,
  ): Promise<{ admin: Admin; session: string; csrfToken: string }>;
  signIn(
    email: string,
    password: string,
    origin: Origin,
  ): Promise<{ admin: Admin; session: string; csrfToken: string }>;
  /** null when the cookie names no live session; 'expired' when it did but its time is up. */
  authenticate(sessionToken: string): Promise<SessionContext | null | 'expired'>;
  signOut(ctx: SessionContext, origin: Origin): Promise<void>;
  /** A new console session for an admin who has just proved who they are (an accepted invitation). */
  startSession(admin: Admin, origin: Origin): Promise<{ admin: Admin; session: string; csrfToken: string }>;
  csrfMatches(ctx: SessionContext, header: string | undefined): boolean;
}

export function createAdminService(deps: { store: Store; audit: AuditLog; key: MasterKey }): AdminService {
  const { store, audit } = deps;
  const csrfKey = deps.key.derive('csrf/v1');
  // Five free tries per (account, address) in 15 minutes, then a doubling lock; an address gets twenty
  // across accounts; past fifty on one account from anywhere, the addresses that failed on it wait too.
  const attempts = createFailureLimiter(store.db, {
    name: 'admin-sign-in',
    windowMs: 15 * 60_000,
    perAddress: 20,
    perPair: 5,
    perAccount: 50,
  });

  const csrfFor = (sessionId: string) => createHmac('sha256', csrfKey).update(sessionId).digest('base64url');

  async function createAdmin(email: string, password: string, role: AdminRole): Promise<Admin> {
    const now = Date.now();
    const admin: Admin = { id: newId('adm'), email: email.toLowerCase(), role, createdAt: now };
    await store.db
      .insertInto('admins')
      .values({
        id: admin.id,
        email: admin.email,
        password_hash: await hashPassword(password),
        role,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return admin;
  }

  async function startSession(admin: Admin, origin: Origin) {
    const session = newSecret(SECRET_PREFIX.session);
    const id = newId('ses');
    const now = Date.now();
    await store.db
      .insertInto('admin_sessions')
      .values({
        id,
        token_hash: sha256Hex(session),
        admin_id: admin.id,
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
        ip: origin.ip,
        user_agent: origin.userAgent?.slice(0, 512) ?? null,
      })
      .execute();
    // Sessions past their time are of no use to anyone: sweep them as new ones are made.
    await store.db.deleteFrom('admin_sessions').where('expires_at', '<', now).execute();
    return { admin, session, csrfToken: csrfFor(id) };
  }

  const adminCount = async () =>
    Number(
      (
        await store.db
          .selectFrom('admins')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  return {
    async bootstrap(email, password) {
      if ((await adminCount()) > 0) return {};
      if (email && password) {
        const admin = await createAdmin(email, password, 'owner');
        await audit.durable({
          action: 'admin.created',
          actor: { type: 'system', id: null, name: 'GATEHOUSE_ADMIN_EMAIL' },
          target: { type: 'admin', id: admin.id, name: admin.email },
          outcome: 'success',
          details: { role: 'owner', via: 'environment' },
        });
        return {};
      }
      // A new link at every start until setup is done; earlier links stop working.
      const token = newSecret(SECRET_PREFIX.setup);
      const now = Date.now();
      await store.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('setup_tokens').where('used_at', 'is', null).execute();
        await trx
          .insertInto('setup_tokens')
          .values({
            token_hash: sha256Hex(token),
            created_at: now,
            expires_at: now + SETUP_TTL_MS,
            used_at: null,
          })
          .execute();
      });
      return { setupToken: token };
    },

    async completeSetup(token, email, password, origin) {
      checkPassword(password);
      const now = Date.now();
      const admin = await store.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('setup_tokens')
          .selectAll()
          .where('token_hash', '=', sha256Hex(token))
          .executeTakeFirst();
        // Once an owner exists a restart prints no new link, so that advice would lead nowhere: the
        // owner signs in, and anyone else asks an admin for an invitation.
        const n = await trx
          .selectFrom('admins')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(n.n) > 0) {
          throw new ApiError(
            'gone',
            'Gatehouse is already set up, so this link no longer works. Sign in with the owner account it ' +
              'created, or ask an admin to invite you.',
          );
        }
        if (!row || row.used_at !== null || row.expires_at <= now) {
          throw new ApiError(
            'gone',
            'This setup link is not valid or has expired. Restart Gatehouse: while no admin exists, it prints ' +
              'a new one-time link when it starts.',
          );
        }
        await trx
          .updateTable('setup_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', row.token_hash)
          .execute();
        const a: Admin = { id: newId('adm'), email: email.toLowerCase(), role: 'owner', createdAt: now };
        await trx
          .insertInto('admins')
          .values({
            id: a.id,
            email: a.email,
            password_hash: await hashPassword(password),
            role: a.role,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await audit.inTransaction(trx, {
          action: 'admin.created',
          actor: { type: 'anonymous', id: null, name: 'setup link' },
          target: { type: 'admin', id: a.id, name: a.email },
          ip: origin.ip,
          userAgent: origin.userAgent,
          requestId: origin.requestId,
          outcome: 'success',
          details: { role: 'owner', via: 'setup_link' },
        });
        return a;
      });
      return startSession(admin, origin);
    },

    async signIn(email, password, origin) {
      const subject = { account: email.toLowerCase(), address: origin.ip };
      const standing = await attempts.check(subject);
      const wait = standing.wait;
      if (wait > 0) {
        throw new ApiError(
          'too_many_requests',
          `Too many failed sign-ins; try again in ${plural(wait, 'second')}.`,
          {
            'retry-after': String(wait),
          },
        );
      }
      // An invited admin has no password yet: to a sign-in it is an unknown address.
      const row = await store.db
        .selectFrom('admins')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .where('status', '=', 'active')
        .executeTakeFirst();
      const ok = await verifyPassword(password, row?.password_hash ?? (await DUMMY_PASSWORD_HASH));
      const base = { ip: origin.ip, userAgent: origin.userAgent, requestId: origin.requestId };
      if (!row || !ok) {
        await attempts.fail(subject);
        await audit.durable({
          ...base,
          action: 'session.sign_in',
          actor: row
            ? { type: 'admin', id: row.id, name: row.email }
            : { type: 'anonymous', id: null, name: email.slice(0, 200) },
          outcome: 'failure',
          details: { reason: row ? 'wrong_password' : 'unknown_email' },
        });
        throw new ApiError('invalid_credentials', 'The e-mail address or the password is wrong.');
      }
      await attempts.succeed(subject, standing);
      const admin: Admin = { id: row.id, email: row.email, role: row.role, createdAt: row.created_at };
      await audit.durable({
        ...base,
        action: 'session.sign_in',
        actor: { type: 'admin', id: admin.id, name: admin.email },
        outcome: 'success',
      });
      return startSession(admin, origin);
    },

    async authenticate(sessionToken) {
      if (!sessionToken.startsWith(SECRET_PREFIX.session) || sessionToken.length > 128) return null;
      const row = await store.db
        .selectFrom('admin_sessions')
        .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
        .select([
          'admin_sessions.id as sid',
          'admin_sessions.expires_at',
          'admin_sessions.token_hash',
          'admins.id',
          'admins.email',
          'admins.role',
          'admins.created_at',
        ])
        .where('admin_sessions.token_hash', '=', sha256Hex(sessionToken))
        .executeTakeFirst();
      if (!row) return null;
      if (row.expires_at <= Date.now()) return 'expired';
      return {
        admin: { id: row.id, email: row.email, role: row.role, createdAt: row.created_at },
        sessionId: row.sid,
        csrfToken: csrfFor(row.sid),
      };
    },

    async signOut(ctx, origin) {
      await store.db.deleteFrom('admin_sessions').where('id', '=', ctx.sessionId).execute();
      await audit.durable({
        action: 'session.sign_out',
        actor: { type: 'admin', id: ctx.admin.id, name: ctx.admin.email },
        ip: origin.ip,
        userAgent: origin.userAgent,
        requestId: origin.requestId,
        outcome: 'success',
      });
    },

    startSession,

    csrfMatches(ctx, header) {
      return header !== undefined && safeEqual(header, ctx.csrfToken);
    },
  };
}
