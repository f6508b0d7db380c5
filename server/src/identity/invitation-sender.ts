// Delivers an invitation once it is committed: the link always comes back to the admin (to copy into a
// chat, or when no mail server is configured), and when one is, the same link goes out by e-mail. The
// token rides in the link's fragment, as the setup link's does: browsers never send a fragment to a
// server or put it in a Referer, so the token stays out of proxies' and servers' logs.
import type { AuditLog } from '../audit/audit-log.ts';
import type { RequestOrigin } from '../audit/audit-types.ts';
import type { Mailer, MailResult } from '../mail/mailer.ts';
import type { AdminRole } from './admin-types.ts';
import type { InvitationKind, IssuedInvitation } from './invitation-store.ts';

export interface InvitationSent {
  url: string;
  expiresAt: number;
  email: MailResult;
}

export interface Invitee {
  kind: InvitationKind;
  id: string;
  email: string;
  /** Admins only: the role they are invited to. */
  role?: AdminRole;
}

export type InvitationSender = (
  invitee: Invitee,
  issued: IssuedInvitation,
  origin: RequestOrigin,
) => Promise<InvitationSent>;

export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/console/accept#token=${token}`;
}

function message(invitee: Invitee, url: string, expiresAt: number, inviter: string | null) {
  const by = inviter ? `${inviter} has invited you` : 'You are invited';
  const what =
    invitee.kind === 'admin'
      ? `${by} to administer Gatehouse, your organisation's AI gateway, as ${invitee.role}.`
      : `${by} to use your organisation's AI tools through Gatehouse.`;
  const next =
    invitee.kind === 'admin'
      ? 'Open this link to choose your password and sign in to the console:'
      : 'Open this link to choose your password; then sign your computer in with the Gatehouse client:';
  return {
    to: invitee.email,
    subject: invitee.kind === 'admin' ? 'Your Gatehouse admin invitation' : 'Your Gatehouse invitation',
    text: [
      what,
      '',
      next,
      url,
      '',
      `The link works once, until ${new Date(expiresAt).toUTCString()}.`,
      'If you did not expect this e-mail, ignore it.',
      '',
    ].join('\n'),
  };
}

export function createInvitationSender(deps: {
  mailer: Mailer;
  audit: AuditLog;
  publicUrl: () => string;
}): InvitationSender {
  return async (invitee, issued, origin) => {
    const url = invitationUrl(deps.publicUrl(), issued.token);
    // A machine credential's name (hr-sync) means nothing to the invitee: only a person is named.
    const inviter = origin.actor.type === 'admin' ? origin.actor.name : null;
    const email = await deps.mailer.send(message(invitee, url, issued.expiresAt, inviter));
    if (email.status !== 'not_configured') {
      await deps.audit.durable({
        action: 'invitation.emailed',
        actor: origin.actor,
        target: { type: invitee.kind, id: invitee.id, name: invitee.email },
        ip: origin.ip,
        userAgent: origin.userAgent,
        requestId: origin.requestId,
        outcome: email.status === 'sent' ? 'success' : 'failure',
        details: email.error ? { error: email.error } : {},
      });
    }
    return { url, expiresAt: issued.expiresAt, email };
  };
}
