// The invitee's side of an invitation, on public routes: see what it is for, and accept it by choosing
// a password. A refused token (unknown, used, expired) counts against the caller's address as a failed
// sign-in does, so that guessing is slowed down the same way. Accepting marks the invitation used and
// activates the person in one transaction: of two accepts at once, one wins.
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { ApiError } from '../errors.ts';
import { hashPassword } from '../crypto/password.ts';
import { checkPassword, type AdminService, type Origin } from './admin-service.ts';
import type { Admin, AdminRole } from './admin-types.ts';
import type { Developer } from './developer-types.ts';
import { activateAdmin, findAdmin } from './admin-store.ts';
import { findDeveloper, moveDeveloper } from './developer-store.ts';
import { createFailureLimiter } from './failure-limiter.ts';
import {
  findInvitation,
  markUsed,
  refusalOf,
  type InvitationKind,
  type InvitationRefusal,
  type InvitationRow,
} from './invitation-store.ts';
import { plural } from '../../../shared/plural.ts';

export interface InvitationDetails {
  kind: InvitationKind;
  email: string;
  /** The role an admin is invited to; null for a developer. */
  role: AdminRole | null;
  expiresAt: number;
}

export type Accepted =
  | { kind: 'admin'; admin: Admin; session: string; csrfToken: string }
  | { kind: 'developer'; developer: Developer };

export interface InvitationService {
  inspect(token: string, origin: Origin): Promise<InvitationDetails>;
  accept(input: { token: string; password: string; name: string | null }, origin: Origin): Promise<Accepted>;
}

function refusedMessage(refusal: InvitationRefusal, row: InvitationRow | undefined): string {
  switch (refusal) {
    case 'used':
      return 'This invitation has been used already: sign in, or ask your Gatehouse admin for a new invitation.';
    case 'expired':
      return `This invitation expired on ${new Date(row!.expires_at).toISOString()}; ask your Gatehouse admin to invite you again.`;
    default:
      return 'This invitation link is not valid (a newer invitation may have replaced it); use the latest link you were sent, or ask your Gatehouse admin for a new one.';
  }
}

export function createInvitationService(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  admins: AdminService;
}): InvitationService {
  const { store, changes, audit, admins } = deps;
  // The same allowance per address as sign-in: twenty refused links in 15 minutes, then a doubling lock.
  const perAddress = createFailureLimiter(store.db, {
    name: 'invitation',
    windowMs: 15 * 60_000,
    perAddress: 20,
  });

  /** The live invitation a token names, or a 410 saying why not (after the caller's address is let in). */
  async function live(token: string, origin: Origin): Promise<InvitationRow> {
    const address = { address: origin.ip };
    const { wait } = await perAddress.check(address);
    if (wait > 0) {
      throw new ApiError(
        'too_many_requests',
        `Too many invalid invitation links; try again in ${plural(wait, 'second')}.`,
        { 'retry-after': String(wait) },
      );
    }
    const row = await findInvitation(store.db, token);
    const refusal = refusalOf(row, Date.now());
    if (!refusal) return row!;
    await perAddress.fail(address);
    await audit.durable({
      action: 'invitation.refused',
      actor: { type: 'anonymous', id: null, name: null },
      ...(row ? { target: { type: row.kind, id: row.subject_id, name: row.email } } : {}),
      ip: origin.ip,
      userAgent: origin.userAgent,
      requestId: origin.requestId,
      outcome: 'failure',
      details: { reason: refusal },
    });
    throw new ApiError('gone', refusedMessage(refusal, row));
  }

  return {
    async inspect(token, origin) {
      const row = await live(token, origin);
      const role = row.kind === 'admin' ? ((await findAdmin(store.db, row.subject_id))?.role ?? null) : null;
      return { kind: row.kind, email: row.email, role, expiresAt: row.expires_at };
    },

    async accept({ token, password, name }, origin) {
      const row = await live(token, origin);
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      const now = Date.now();
      await store.db.transaction().execute(async (trx) => {
        // False when a racing accept used it a moment ago, or the person was removed or offboarded since.
        const activated =
          (await markUsed(trx, row.id, now)) &&
          (row.kind === 'admin'
            ? await activateAdmin(trx, row.subject_id, passwordHash, now)
            : await moveDeveloper(trx, row.subject_id, ['invited'], {
                status: 'active',
                password_hash: passwordHash,
                activated_at: now,
                updated_at: now,
                ...(name ? { name } : {}),
              }));
        if (!activated) throw new ApiError('gone', refusedMessage('used', row));
        const person = { type: row.kind, id: row.subject_id, name: row.email };
        await audit.inTransaction(trx, {
          action: `${row.kind}.invitation_accepted`,
          actor: person,
          target: person,
          ip: origin.ip,
          userAgent: origin.userAgent,
          requestId: origin.requestId,
          outcome: 'success',
        });
      });
      if (row.kind === 'admin') {
        const admin = (await findAdmin(store.db, row.subject_id))!;
        return { kind: 'admin', ...(await admins.startSession(admin, origin)) };
      }
      await changes.publish('developer', row.subject_id);
      return { kind: 'developer', developer: (await findDeveloper(store.db, row.subject_id))! };
    },
  };
}
