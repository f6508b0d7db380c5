// Managing admins, an owner's work: list, invite with a role, change a role, remove. Gatehouse never
// lets the last active owner go (demoted or removed), so that someone can always manage admins. Role
// changes and removals take effect on the admin's very next request: sessions are checked against the
// admins table on every call, and a removed admin's sessions are deleted with them.
import type { Transaction } from 'kysely';
import type { Store } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';
import { onUniqueViolation } from '../store/constraints.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../crypto/tokens.ts';
import type { AdminRecord, AdminRole } from './admin-types.ts';
import {
  deleteAdmin,
  findAdmin,
  findAdminByEmail,
  insertInvitedAdmin,
  listAdmins,
  lockOwners,
  otherActiveOwners,
  setAdminRole,
} from './admin-store.ts';
import { issueInvitation, withdrawInvitations } from './invitation-store.ts';
import type { InvitationSender, InvitationSent } from './invitation-sender.ts';
import type { ActionOf } from '../audit/audit-actions.ts';

export interface AdminInvited {
  admin: AdminRecord;
  invitation: InvitationSent;
  /** false when the address was invited already: the new link replaces the earlier one. */
  created: boolean;
}

export interface AdminManagement {
  list(): Promise<AdminRecord[]>;
  invite(input: { email: string; role: AdminRole }, origin: RequestOrigin): Promise<AdminInvited>;
  changeRole(id: string, role: AdminRole, origin: RequestOrigin): Promise<AdminRecord>;
  remove(id: string, origin: RequestOrigin): Promise<void>;
}

export function createAdminManagement(deps: {
  store: Store;
  audit: AuditLog;
  sendInvitation: InvitationSender;
}): AdminManagement {
  const { store, audit } = deps;

  const event = (
    action: ActionOf<'admin'>,
    a: AdminRecord,
    origin: RequestOrigin,
    details?: Record<string, unknown>,
  ) => changeEvent(action, { type: 'admin', id: a.id, name: a.email }, origin, details);

  /** Runs `fn` on the admin, read under the owners' lock so that it sees every owner change before it. */
  function withOwnersLocked<T>(id: string, fn: (trx: Transaction<Database>, a: AdminRecord) => Promise<T>) {
    return store.db.transaction().execute(async (trx) => {
      await lockOwners(trx, store.dialect);
      const a = await findAdmin(trx, id);
      if (!a) throw new ApiError('not_found', `No admin has the id "${id.slice(0, 64)}".`);
      return fn(trx, a);
    });
  }

  async function keepAnOwner(trx: Transaction<Database>, a: AdminRecord, doing: string) {
    if (a.role !== 'owner' || a.status !== 'active' || (await otherActiveOwners(trx, a.id)) > 0) return;
    throw new ApiError(
      'conflict',
      `${a.email} is the last owner, so ${doing}; make another active admin an owner first.`,
    );
  }

  return {
    list: () => listAdmins(store.db),

    async invite({ email, role }, origin) {
      const address = email.toLowerCase();
      const now = Date.now();
      const done = await store.db
        .transaction()
        .execute(async (trx) => {
          const existing = await findAdminByEmail(trx, address);
          if (existing?.status === 'active') {
            throw new ApiError(
              'conflict',
              `${address} is an admin already (${existing.role}); change their role instead.`,
            );
          }
          const id = existing?.id ?? newId('adm');
          if (existing) await setAdminRole(trx, id, role, now);
          else await insertInvitedAdmin(trx, { id, email: address, role }, now);
          const issued = await issueInvitation(trx, { kind: 'admin', id, email: address }, now);
          const admin = (await findAdmin(trx, id))!;
          await audit.inTransaction(
            trx,
            event('admin.invited', admin, origin, {
              role,
              expires_at: new Date(issued.expiresAt).toISOString(),
              ...(existing ? { replaced_invitation: true } : {}),
            }),
          );
          return { admin, issued, created: !existing };
        })
        .catch(
          onUniqueViolation(
            () => new ApiError('conflict', `${address} was invited a moment ago; reload the admins.`),
          ),
        );
      const invitation = await deps.sendInvitation(
        { kind: 'admin', id: done.admin.id, email: address, role },
        done.issued,
        origin,
      );
      return { admin: done.admin, invitation, created: done.created };
    },

    changeRole: (id, role, origin) =>
      withOwnersLocked(id, async (trx, a) => {
        if (a.role === role) return a;
        await keepAnOwner(trx, a, `their role cannot become ${role}`);
        await setAdminRole(trx, id, role, Date.now());
        const changed = { ...a, role };
        await audit.inTransaction(
          trx,
          event('admin.role_changed', changed, origin, { from: a.role, to: role }),
        );
        return changed;
      }),

    remove: (id, origin) =>
      withOwnersLocked(id, async (trx, a) => {
        await keepAnOwner(trx, a, 'they cannot be removed');
        await withdrawInvitations(trx, id);
        await deleteAdmin(trx, id);
        await audit.inTransaction(trx, event('admin.removed', a, origin, { role: a.role, status: a.status }));
      }),
  };
}
