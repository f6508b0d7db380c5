// Developers' lifecycle: invite, ask for access (device sign-in without an invitation), approve,
// offboard. Every change is an audit event in the same transaction, then a
// `developer` change notification, so that the Gateway's caches (in this process before the call
// returns, in other replicas through PostgreSQL) drop an offboarded developer's devices at once.
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { LogPage } from '../store/event-log.ts';
import { onUniqueViolation } from '../store/constraints.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import { hashPassword } from '../crypto/password.ts';
import { newId } from '../crypto/tokens.ts';
import { checkPassword, type Origin } from './admin-service.ts';
import type { Developer } from './developer-types.ts';
import {
  findDeveloper,
  findDeveloperByEmail,
  insertDeveloper,
  moveDeveloper,
  queryDevelopers,
  type DeveloperQuery,
} from './developer-store.ts';
import { revokeDevices, revokeSessions } from './device-store.ts';
import { issueInvitation, withdrawInvitations } from './invitation-store.ts';
import type { InvitationSender, InvitationSent } from './invitation-sender.ts';
import type { ActionOf } from '../audit/audit-actions.ts';

export interface DeveloperInvited {
  developer: Developer;
  invitation: InvitationSent;
  /** false when the address was known (invited or offboarded before): the new link replaces any earlier one. */
  created: boolean;
}

export interface Offboarded {
  developer: Developer;
  devicesRevoked: number;
  sessionsRevoked: number;
}

export interface DeveloperService {
  list(q: DeveloperQuery): Promise<LogPage>;
  get(id: string): Promise<Developer>;
  invite(input: { email: string; name: string | null }, origin: RequestOrigin): Promise<DeveloperInvited>;
  /** Someone without an invitation signs a device in: a pending account, which an admin approves. */
  requestAccess(
    input: { email: string; name: string | null; password: string },
    origin: Origin,
  ): Promise<Developer>;
  approve(id: string, origin: RequestOrigin): Promise<Developer>;
  /** Revokes every device and session at once; the record and its history stay. */
  offboard(id: string, confirm: string, origin: RequestOrigin): Promise<Offboarded>;
}

export function createDeveloperService(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  sendInvitation: InvitationSender;
}): DeveloperService {
  const { store, changes, audit } = deps;

  const event = (
    action: ActionOf<'developer'>,
    d: Developer,
    origin: RequestOrigin,
    details?: Record<string, unknown>,
  ) => changeEvent(action, { type: 'developer', id: d.id, name: d.email }, origin, details);

  async function mustGet(id: string): Promise<Developer> {
    const d = await findDeveloper(store.db, id);
    if (!d) throw new ApiError('not_found', `No developer has the id "${id.slice(0, 64)}".`);
    return d;
  }

  /** Someone else changed the developer between our read and our write. */
  const changedMeanwhile = (d: Developer) =>
    new ApiError('conflict', `${d.email} was changed by someone else meanwhile; reload and try again.`);

  return {
    list: (q) => queryDevelopers(store.db, q),
    get: mustGet,

    async invite({ email, name }, origin) {
      const address = email.toLowerCase();
      const now = Date.now();
      const done = await store.db
        .transaction()
        .execute(async (trx) => {
          const existing = await findDeveloperByEmail(trx, address);
          if (existing?.status === 'active')
            throw new ApiError('conflict', `${address} has access already; nothing to invite.`);
          if (existing?.status === 'pending')
            throw new ApiError('conflict', `${address} has asked for access; approve the request instead.`);
          const id = existing?.id ?? newId('dev');
          if (!existing) {
            await insertDeveloper(
              trx,
              { id, email: address, name, status: 'invited', passwordHash: null },
              now,
            );
          } else {
            // Invited again (a lost or expired link), or back after offboarding: the same record, so that
            // their history stays one; the devices revoked at offboarding stay revoked.
            const moved = await moveDeveloper(trx, id, ['invited', 'offboarded'], {
              status: 'invited',
              name: name ?? existing.name,
              password_hash: null,
              activated_at: null,
              offboarded_at: null,
              updated_at: now,
            });
            if (!moved) throw changedMeanwhile(existing);
          }
          const issued = await issueInvitation(trx, { kind: 'developer', id, email: address }, now);
          const developer = (await findDeveloper(trx, id))!;
          await audit.inTransaction(
            trx,
            event('developer.invited', developer, origin, {
              expires_at: new Date(issued.expiresAt).toISOString(),
              ...(existing ? { previous_status: existing.status } : {}),
            }),
          );
          return { developer, issued, existing };
        })
        .catch(
          onUniqueViolation(
            () => new ApiError('conflict', `${address} was invited a moment ago; reload the developers.`),
          ),
        );
      await changes.publish('developer', done.developer.id);
      const invitation = await deps.sendInvitation(
        { kind: 'developer', id: done.developer.id, email: address },
        done.issued,
        origin,
      );
      return { developer: done.developer, invitation, created: !done.existing };
    },

    async requestAccess({ email, name, password }, origin) {
      checkPassword(password);
      const address = email.toLowerCase();
      const existing = await findDeveloperByEmail(store.db, address);
      if (existing?.status === 'pending') return existing;
      if (existing?.status === 'active')
        throw new ApiError('conflict', `${address} has access already; sign in.`);
      if (existing?.status === 'invited')
        throw new ApiError(
          'conflict',
          `${address} has been invited; open the invitation link in your e-mail first.`,
        );
      if (existing?.status === 'offboarded')
        throw new ApiError(
          'forbidden',
          `Access for ${address} was removed; ask an admin to invite you again.`,
        );
      const id = newId('dev');
      const passwordHash = await hashPassword(password);
      await store.db
        .transaction()
        .execute(async (trx) => {
          await insertDeveloper(
            trx,
            { id, email: address, name, status: 'pending', passwordHash },
            Date.now(),
          );
          await audit.inTransaction(trx, {
            action: 'developer.access_requested',
            actor: { type: 'developer', id, name: address },
            target: { type: 'developer', id, name: address },
            ip: origin.ip,
            userAgent: origin.userAgent,
            requestId: origin.requestId,
            outcome: 'success',
          });
        })
        .catch(onUniqueViolation(() => new ApiError('conflict', `${address} has asked for access already.`)));
      await changes.publish('developer', id);
      return mustGet(id);
    },

    async approve(id, origin) {
      const d = await mustGet(id);
      if (d.status !== 'pending') {
        throw new ApiError(
          'conflict',
          `${d.email} is ${d.status}; only a developer who asked for access (pending) can be approved.`,
        );
      }
      const now = Date.now();
      await store.db.transaction().execute(async (trx) => {
        const moved = await moveDeveloper(trx, id, ['pending'], {
          status: 'active',
          activated_at: now,
          updated_at: now,
        });
        if (!moved) throw changedMeanwhile(d);
        await audit.inTransaction(trx, event('developer.approved', d, origin));
      });
      await changes.publish('developer', id);
      return mustGet(id);
    },

    async offboard(id, confirm, origin) {
      const d = await mustGet(id);
      if (confirm.trim().toLowerCase() !== d.email) {
        throw new ApiError(
          'confirmation_mismatch',
          `To confirm, send "confirm" with the developer's e-mail address, "${d.email}".`,
        );
      }
      // Offboarding twice is offboarding once: a script that retries gets the same answer.
      if (d.status === 'offboarded') return { developer: d, devicesRevoked: 0, sessionsRevoked: 0 };
      const now = Date.now();
      const counts = await store.db.transaction().execute(async (trx) => {
        const moved = await moveDeveloper(trx, id, ['invited', 'pending', 'active'], {
          status: 'offboarded',
          offboarded_at: now,
          updated_at: now,
          password_hash: null,
        });
        if (!moved) throw changedMeanwhile(d);
        const devicesRevoked = await revokeDevices(trx, { developerId: id }, 'offboarded', now);
        const sessionsRevoked = await revokeSessions(trx, { developerId: id }, now);
        await withdrawInvitations(trx, id);
        await audit.inTransaction(
          trx,
          event('developer.offboarded', d, origin, {
            previous_status: d.status,
            devices_revoked: devicesRevoked,
            sessions_revoked: sessionsRevoked,
          }),
        );
        return { devicesRevoked, sessionsRevoked };
      });
      await changes.publish('developer', id);
      return { developer: await mustGet(id), ...counts };
    },
  };
}
